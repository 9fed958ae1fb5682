// Removing a line and clearing the cart from the cart popup. The browser's cart changes at once; the
// server follows (its 404 only means the line or cart is already gone [ERR-07]).
import { MSG } from '@quokka/contract/messages';
import { hasErrorCode } from '../../lib/api-client';
import { getAppState, setCartItems, withLoader } from '../../lib/app-state';
import { clearServerCart } from './api/clear-cart';
import { removeCartItem } from './api/remove-cart-item';
import { surfaceFailure } from './api/surface-failure';
import { findLine, withoutLine } from './cart-lines';
import { cancelPendingQtyUpdates, cancelQtyUpdate } from './qty-updates';

/** Removes a line; resolves to the number of lines left. */
export async function removeLine(key: string): Promise<number> {
  const line = findLine(getAppState().cartItems, key);
  cancelQtyUpdate(key);
  setCartItems(withoutLine(getAppState().cartItems, key));
  const left = getAppState().cartItems.length;
  if (!line || line.item_id === undefined || line.item_id === null) return left;
  try {
    await withLoader(MSG.updatingCart, () =>
      removeCartItem(line.item_id as number | string, { silent: true }),
    );
  } catch (error) {
    if (!hasErrorCode(error, 'NOT_FOUND', 'CART_NOT_FOUND')) surfaceFailure(error);
  }
  return left;
}

/** 'Clear Cart': both carts emptied. */
export async function clearCart(): Promise<void> {
  cancelPendingQtyUpdates();
  setCartItems([]);
  try {
    await withLoader(MSG.clearingCart, clearServerCart);
  } catch {
    // clearServerCart has already shown what went wrong; the browser's cart is empty either way.
  }
}
