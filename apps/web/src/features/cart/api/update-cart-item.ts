// PUT carts/mine/items/{itemId} {cartItem:{qty}}: a line's quantity changed in place [CART-02, CART-07].
import type { UpdateItemRequest } from '@quokka/contract/api/cart';
import { apiFetch } from '../../../lib/api-client';
import { cartItemPath } from './cart-paths';

export function updateCartItemQty(itemId: number | string, qty: number, options: { silent?: boolean } = {}) {
  // item_id beside qty, as Magento clients send it; the server reads the path's.
  const body: UpdateItemRequest & { cartItem: { item_id: number } } = {
    cartItem: { item_id: Number(itemId), qty },
  };
  return apiFetch(cartItemPath(itemId), {
    schema: () => import('@quokka/contract/api/cart').then((m) => m.cartItemSchema),
    method: 'PUT',
    auth: true,
    body,
    silent: options.silent,
  });
}
