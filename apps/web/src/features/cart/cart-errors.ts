// SPEC.md §8 for calls that put a product in the cart: the two refusals the server gives have their own
// popups, told apart by the reply's code; no response, 401 and 5xx were already dealt with by api-client.
import { ApiError, hasErrorCode } from '../../lib/api-client';
import { openPopup, showMessage } from '../../lib/app-state';

export function isQtyNotAvailable(error: unknown): boolean {
  return hasErrorCode(error, 'QTY_NOT_AVAILABLE');
}

/** Shows what a failed add or update means to the shopper. */
export function showAddFailure(error: unknown): void {
  if (!(error instanceof ApiError) || error.status === 401 || error.status >= 500) return;
  if (isQtyNotAvailable(error)) {
    openPopup('qty', error.message); // [ERR-06] 'Qty not Available' with the server's message
    return;
  }
  if (error.code === 'PRODUCT_NOT_AVAILABLE') {
    openPopup('out-of-stock'); // [ERR-05, CART-03]
    return;
  }
  showMessage(error.message); // e.g. CONFLICT: the cart was just ordered elsewhere
}
