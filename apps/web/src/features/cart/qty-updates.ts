// [CART-02, CONST-02] A quantity change shows at once (stored line, header count, totals) and reaches
// the server 1 second after the last tap, so stepping 1 → 5 sends one PUT, not four. The timers live
// here, not in the popup, so closing the popup does not lose a change. A refusal is said inside its line
// while the cart popup is open [I11-3], so the cart stays in front of the shopper.
import { QTY_DEBOUNCE_MS } from '@quokka/contract/constants';
import { ApiError, hasErrorCode } from '../../lib/api-client';
import { getAppState, setCartItems } from '../../lib/app-state';
import { updateCartItemQty } from './api/update-cart-item';
import { showAddFailure } from './cart-errors';
import { cartQty, findLine, lineKey, withQty } from './cart-lines';
import { clearLineNotice, setLineNotice } from './line-notices';

const timers = new Map<string, ReturnType<typeof setTimeout>>();
/** The quantity the server last agreed to, per line, while a change is pending. */
const confirmed = new Map<string, number>();

/** [CONST-11] Sets a line's quantity (at least 1) now, and on the server after the debounce. */
export function changeLineQty(key: string, qty: number): void {
  const line = findLine(getAppState().cartItems, key);
  if (!line) return;
  const next = cartQty(qty);
  if (next === line.qty) return;
  clearLineNotice(key);
  if (!confirmed.has(key)) confirmed.set(key, line.qty);
  setCartItems(withQty(getAppState().cartItems, key, next));
  const pending = timers.get(key);
  if (pending !== undefined) clearTimeout(pending);
  timers.set(
    key,
    setTimeout(() => void sendQty(key), QTY_DEBOUNCE_MS),
  );
}

async function sendQty(key: string): Promise<void> {
  timers.delete(key);
  const line = findLine(getAppState().cartItems, key);
  const before = confirmed.get(key);
  confirmed.delete(key);
  if (!line || line.item_id === undefined || line.item_id === null) return;
  try {
    const reply = await updateCartItemQty(line.item_id, line.qty);
    const current = findLine(getAppState().cartItems, key);
    if (current && Number.isFinite(reply.price)) {
      setCartItems(
        getAppState().cartItems.map((item) =>
          lineKey(item) === key ? { ...item, price: reply.price } : item,
        ),
      );
    }
  } catch (error) {
    // The server cart lost the line (ordered elsewhere): checkout rebuilds it from the browser.
    if (hasErrorCode(error, 'NOT_FOUND', 'CART_NOT_FOUND')) return;
    // Refused (not enough stock): back to what the server holds, and say why [ERR-05, ERR-06].
    if (before !== undefined && !timers.has(key)) setCartItems(withQty(getAppState().cartItems, key, before));
    if (isLineRefusal(error) && getAppState().popup === 'cart') setLineNotice(key, error.message);
    else showAddFailure(error);
  }
}

/** The server's no to this line's quantity (stock), which the line itself can say. */
function isLineRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && hasErrorCode(error, 'QTY_NOT_AVAILABLE', 'PRODUCT_NOT_AVAILABLE');
}

/** Drops a line's change not yet sent (the line is being removed). */
export function cancelQtyUpdate(key: string): void {
  const timer = timers.get(key);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(key);
  confirmed.delete(key);
  clearLineNotice(key);
}

/** Drops changes not yet sent (the server cart is about to be rebuilt from the browser's lines). */
export function cancelPendingQtyUpdates(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  confirmed.clear();
}
