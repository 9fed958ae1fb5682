// POST carts/mine/items {cartItem} [API-22]: the line as the server made it (price from the catalogue).
import { apiFetch } from '../../../lib/api-client';
import { CART_ITEMS } from './cart-paths';
import type { CartItemRequest, CartItemWire } from './cart-wire';

export function addCartItem(
  cartItem: CartItemRequest,
  options: { silent?: boolean } = {},
): Promise<CartItemWire> {
  return apiFetch<CartItemWire>(CART_ITEMS, {
    method: 'POST',
    auth: true,
    body: { cartItem },
    silent: options.silent,
  });
}
