// [I11-2] Just before the order is placed: the server cart must hold exactly the lines the shopper sees,
// because payment charges the server cart. Another device of the same member may have changed it since
// checkout rebuilt it [CART-06] (added a line, changed a quantity, or, mirroring its own browser, removed
// this browser's lines). Extra lines and other quantities are put back to the browser's; a line of the
// browser's that is gone from the server cannot come back under the same item (its gift card details
// hang on it), so the purchase stops and the shopper is told to reopen checkout, which rebuilds it.
import type { CartItem } from '@quokka/contract/api/cart';
import { showMessage } from '../../lib/app-state';
import type { StoredCartItem } from '../../lib/storage';
import { getCartItems } from './api/get-cart-items';
import { cartQty } from './cart-lines';
import { CART_TEXT } from './cart-texts';
import { mirrorBrowserCart } from './mirror-server-cart';

/** The lines as sorted "sku×qty" entries, so two carts compare whatever their order. */
function contents(lines: readonly { sku?: string; qty: number }[]): string {
  return lines
    .map((line) => `${line.sku ?? ''}×${cartQty(Number(line.qty))}`)
    .sort()
    .join(',');
}

function sameLines(server: readonly CartItem[], browser: readonly StoredCartItem[]): boolean {
  return contents(server) === contents(browser);
}

/** True when the server cart holds what the browser shows (after putting extras back); else says why. */
export async function serverCartMatchesBrowser(browser: readonly StoredCartItem[]): Promise<boolean> {
  try {
    if (sameLines(await getCartItems(), browser)) return true;
    await mirrorBrowserCart();
    if (sameLines(await getCartItems(), browser)) return true;
  } catch {
    // Offline, signed out or a server fault: the shell already shows it; nothing is charged.
    return false;
  }
  showMessage(CART_TEXT.changedElsewhere, CART_TEXT.changedElsewhereTitle);
  return false;
}
