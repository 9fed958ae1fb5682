// GET carts/mine/items: the server cart's products, as checkout shows and charges them.
import type { CartItem } from '@quokka/contract/api/cart';
import { apiFetch } from '../../../lib/api-client';
import { CART_ITEMS } from './cart-paths';

export async function getCartItems(signal?: AbortSignal): Promise<CartItem[]> {
  const reply = await apiFetch(CART_ITEMS, {
    schema: () => import('@quokka/contract/api/cart').then((m) => m.cartItemsReplySchema),
    auth: true,
    signal,
  });
  return Array.isArray(reply) ? reply : [];
}
