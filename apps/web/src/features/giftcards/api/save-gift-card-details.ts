// POST {ns}/savegiftcarddetails {data} [API-37]: a new card for the gift card just added to the cart.
import { apiFetch, nsPath } from '../../../lib/api-client';
import type { GiftCardDetails, GiftCardReply, RecipientValues } from './gift-card-wire';

export interface NewGiftCard extends RecipientValues {
  cart_id: number;
  cart_item_id: number;
  product_id: number;
  configurable_product_sku: string;
}

export async function saveGiftCardDetails(data: NewGiftCard): Promise<GiftCardDetails> {
  const reply = await apiFetch<GiftCardReply>(nsPath('savegiftcarddetails'), {
    method: 'POST',
    auth: true,
    body: { data },
  });
  return reply.data;
}
