// POST {ns}/clearcart [API-23, CART-05]. CART_NOT_FOUND means there was no cart: the same as an empty one
// [ERR-07].
import { apiFetch, hasErrorCode, nsPath } from '../../../lib/api-client';
import { surfaceFailure } from './surface-failure';

export async function clearServerCart(): Promise<void> {
  try {
    // Silent, so the expected CART_NOT_FOUND neither clears the loader nor raises a popup.
    await apiFetch(nsPath('clearcart'), {
      schema: () => import('@quokka/contract/api/common').then((m) => m.statusReplySchema),
      method: 'POST',
      auth: true,
      silent: true,
    });
  } catch (error) {
    if (hasErrorCode(error, 'CART_NOT_FOUND')) return; // [ERR-07]
    surfaceFailure(error);
    throw error;
  }
}
