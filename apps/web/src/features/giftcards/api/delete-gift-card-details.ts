// POST {ns}/deletegiftcarddetailsbycartitemid {cart_id, cart_item_id} [API-39]. With
// gift_card_details_id only that card of the line goes (one surplus card of a line of several).
import { type deleteByCartItemBody, deleteGiftCardsReplySchema } from '@quokka/contract/api/giftcards';
import type { z } from 'zod';
import { apiFetch, nsPath } from '../../../lib/api-client';

export type DeleteGiftCardRequest = z.input<typeof deleteByCartItemBody>;

export async function deleteGiftCardDetails(request: DeleteGiftCardRequest): Promise<void> {
  await apiFetch(nsPath('deletegiftcarddetailsbycartitemid'), {
    schema: deleteGiftCardsReplySchema,
    method: 'POST',
    auth: true,
    body: request,
    silent: true,
  });
}
