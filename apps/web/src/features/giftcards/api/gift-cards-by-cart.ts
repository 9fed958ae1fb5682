// GET {ns}/getgiftcarddetailsbycart?cart_id [API-42]: status and data, the cart's cards.
import { type GiftCardDetails, giftCardListReplySchema } from '@quokka/contract/api/giftcards';
import { apiFetch, nsPath } from '../../../lib/api-client';

export async function getGiftCardsByCart(
  cartId: number,
  options: { signal?: AbortSignal; silent?: boolean } = {},
): Promise<GiftCardDetails[]> {
  const reply = await apiFetch(nsPath('getgiftcarddetailsbycart'), {
    schema: giftCardListReplySchema,
    auth: true,
    query: { cart_id: cartId },
    signal: options.signal,
    silent: options.silent,
  });
  return reply.data;
}
