// One source of truth [I11-2]: the browser's lines are what the shopper chose; the server cart only
// mirrors them. The server keeps one line per product and an add merges into it, so a line the browser
// does not show (left over from before a sign-out, or put there by another device) would silently
// inflate the next add. Before every add, the server cart is brought back to the browser's lines: a
// server line the browser does not hold is removed, a quantity that differs is set to the browser's.
// A browser line the server lacks is left alone: checkout rebuilds the server cart from the browser's
// lines anyway [CART-05, CART-06].
import { ApiError, hasErrorCode } from '../../lib/api-client';
import { getAppState } from '../../lib/app-state';
import { getCartItems } from './api/get-cart-items';
import { removeCartItem } from './api/remove-cart-item';
import { surfaceFailure } from './api/surface-failure';
import { updateCartItemQty } from './api/update-cart-item';
import { cartQty } from './cart-lines';

/** A refusal of this one line (gone, out of stock): the add goes on; anything else stops it. */
function isLineRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
}

export async function mirrorBrowserCart(): Promise<void> {
  const browser = new Map(getAppState().cartItems.map((line) => [String(line.item_id), line]));
  const server = await getCartItems();
  for (const line of server) {
    const shown = browser.get(String(line.item_id));
    const wanted = shown ? cartQty(Number(shown.qty)) : 0;
    if (wanted === line.qty) continue;
    try {
      if (wanted === 0) await removeCartItem(line.item_id, { silent: true });
      else await updateCartItemQty(line.item_id, wanted, { silent: true });
    } catch (error) {
      if (hasErrorCode(error, 'NOT_FOUND', 'CART_NOT_FOUND') || isLineRefusal(error)) continue;
      surfaceFailure(error); // silent calls: the shell still hears of offline, 401 and 5xx
      throw error;
    }
  }
}
