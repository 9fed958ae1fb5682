// POST {ns}/deletegiftcarddetailsbycartitemid {cart_id, cart_item_id} [API-39]. With
// gift_card_details_id only that card of the line goes (one surplus card of a line of several).
import { apiFetch, nsPath } from '../../../lib/api-client';

export interface DeleteGiftCardRequest {
  cart_id: number;
  cart_item_id: number;
  gift_card_details_id?: number;
}

export async function deleteGiftCardDetails(request: DeleteGiftCardRequest): Promise<void> {
  await apiFetch<unknown>(nsPath('deletegiftcarddetailsbycartitemid'), {
    method: 'POST',
    auth: true,
    body: request,
    silent: true,
  });
}
