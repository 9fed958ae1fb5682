// POST {ns}/savegiftcarddetails {data} [API-37]: a new card for the gift card just added to the cart.
import {
  type GiftCardDetails,
  giftCardReplySchema,
  type SaveDetailsRequest,
} from '@quokka/contract/api/giftcards';
import { apiFetch, nsPath } from '../../../lib/api-client';
import type { RecipientValues } from './edit-gift-card-details';

export interface NewGiftCard extends RecipientValues {
  cart_id: number;
  cart_item_id: number;
  product_id: number;
  configurable_product_sku: string;
}

export async function saveGiftCardDetails(data: NewGiftCard): Promise<GiftCardDetails> {
  const body: SaveDetailsRequest = { data };
  const reply = await apiFetch(nsPath('savegiftcarddetails'), {
    schema: giftCardReplySchema,
    method: 'POST',
    auth: true,
    body,
  });
  return reply.data;
}
