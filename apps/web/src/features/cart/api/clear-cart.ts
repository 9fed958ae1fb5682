// POST {ns}/clearcart [API-23, CART-05]. A 404 means there was no cart: the same as an empty one [ERR-07].
import { ApiError, apiFetch, nsPath } from '../../../lib/api-client';
import { surfaceFailure } from './surface-failure';

export async function clearServerCart(): Promise<void> {
  try {
    // Silent, so the expected 404 neither clears the loader nor raises a popup.
    await apiFetch<unknown>(nsPath('clearcart'), { method: 'POST', auth: true, silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return; // [ERR-07]
    surfaceFailure(error);
    throw error;
  }
}
