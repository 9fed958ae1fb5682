// DELETE carts/mine/items/{itemId}: a line removed [CART-08]. Magento answers `true`.
import { apiFetch } from '../../../lib/api-client';
import { cartItemPath } from './cart-paths';

export async function removeCartItem(itemId: number | string, options: { silent?: boolean } = {}) {
  await apiFetch(cartItemPath(itemId), {
    schema: () => import('@quokka/contract/api/common').then((m) => m.trueReplySchema),
    method: 'DELETE',
    auth: true,
    silent: options.silent,
  });
}
