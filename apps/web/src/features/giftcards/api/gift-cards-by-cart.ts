// GET {ns}/getgiftcarddetailsbycart?cart_id [API-42]: status and data, the cart's cards.
import { apiFetch, nsPath } from '../../../lib/api-client';
import type { GiftCardDetails } from './gift-card-wire';

export interface GiftCardsByCartReply {
  status: boolean;
  data: GiftCardDetails[];
}

export async function getGiftCardsByCart(
  cartId: number,
  options: { signal?: AbortSignal; silent?: boolean } = {},
): Promise<GiftCardDetails[]> {
  const reply = await apiFetch<GiftCardsByCartReply>(nsPath('getgiftcarddetailsbycart'), {
    auth: true,
    query: { cart_id: cartId },
    signal: options.signal,
    silent: options.silent,
  });
  return Array.isArray(reply?.data) ? reply.data : [];
}
