// POST carts/mine/items {cartItem} [API-22]: the line as the server made it (price from the catalogue).
import { type addItemBody, cartItemSchema } from '@quokka/contract/api/cart';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { CART_ITEMS } from './cart-paths';

/** What the call sends [API-22]. The price is never sent: it comes from the catalogue. */
export type CartItemRequest = z.input<typeof addItemBody>['cartItem'];
export type ProductOptionRequest = NonNullable<CartItemRequest['product_option']>;

export function addCartItem(cartItem: CartItemRequest, options: { silent?: boolean } = {}) {
  const body: z.input<typeof addItemBody> = { cartItem };
  return apiFetch(CART_ITEMS, {
    schema: cartItemSchema,
    method: 'POST',
    auth: true,
    body,
    silent: options.silent,
  });
}
