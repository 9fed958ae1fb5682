// POST carts/mine: the member's active cart id, created when there is none [API-21].
import { apiFetch } from '../../../lib/api-client';
import { CARTS_MINE } from './cart-paths';

export async function createCart(): Promise<number> {
  const id = await apiFetch(CARTS_MINE, {
    schema: () => import('@quokka/contract/api/cart').then((m) => m.cartIdReplySchema),
    method: 'POST',
    auth: true,
  });
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error('POST carts/mine answered no cart id');
  return id;
}
