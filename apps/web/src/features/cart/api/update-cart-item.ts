// PUT carts/mine/items/{itemId} {cartItem:{qty}}: a line's quantity changed in place [CART-02, CART-07].
import { apiFetch } from '../../../lib/api-client';
import { cartItemPath } from './cart-paths';
import type { CartItemWire } from './cart-wire';

export function updateCartItemQty(
  itemId: number | string,
  qty: number,
  options: { silent?: boolean } = {},
): Promise<CartItemWire> {
  return apiFetch<CartItemWire>(cartItemPath(itemId), {
    method: 'PUT',
    auth: true,
    body: { cartItem: { item_id: Number(itemId), qty } },
    silent: options.silent,
  });
}
