// POST carts/mine/items {cartItem} [API-22]: the line as the server made it (price from the catalogue).
import type { AddItemRequest } from '@quokka/contract/api/cart';
import { apiFetch } from '../../../lib/api-client';
import { CART_ITEMS } from './cart-paths';

/** What the call sends [API-22]. The price is never sent: it comes from the catalogue. */
export type CartItemRequest = AddItemRequest['cartItem'];
export type ProductOptionRequest = NonNullable<CartItemRequest['product_option']>;

export function addCartItem(cartItem: CartItemRequest, options: { silent?: boolean } = {}) {
  const body: AddItemRequest = { cartItem };
  return apiFetch(CART_ITEMS, {
    schema: () => import('@quokka/contract/api/cart').then((m) => m.cartItemSchema),
    method: 'POST',
    auth: true,
    body,
    silent: options.silent,
  });
}
