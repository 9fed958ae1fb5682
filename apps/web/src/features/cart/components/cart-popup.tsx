// [SHELL-12..15] The cart popup: 'Your Cart', one line per item, 'Delivery' (the cheapest method the
// cart qualifies for [SHIP-01], or 'Calculated at checkout'), 'Total' [CONST-13], and the buttons
// Checkout, Keep Shopping, Close Window and Clear Cart. An empty cart says 'Cart is empty'.
// [I11-15] On a phone it is a bottom sheet: the lines scroll, and Delivery, Total and a full-width
// Checkout stay in the footer. [I11-4] 'Clear Cart' asks first, in the footer, before anything goes.
import { MSG } from '@quokka/contract/messages';
import { dollarsToCents, formatCents } from '@quokka/contract/money';
import { useEffect, useRef, useState } from 'react';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Popup } from '../../../components/ui/popup';
import { cartQuantity, useAppState } from '../../../lib/app-state';
import { useCartDelivery } from '../api/shipping-methods';
import { cartSignature, cartTotalCents } from '../cart-lines';
import { clearLineNotices } from '../line-notices';
import { restoreServerCart, serverCartRestoreAsked, takeServerCartRestore } from '../restore-server-cart';
import { CartLineItem } from './cart-line-item';
import { ClearCartConfirm } from './clear-cart-confirm';
import './cart.css';

export interface CartPopupProps {
  onCheckout: () => void;
  onKeepShopping: () => void;
  onClose: () => void;
  /** Called once the shopper has confirmed 'Clear Cart'. */
  onClear: () => void;
  onQty: (key: string, qty: number) => void;
  onRemove: (key: string) => void;
}

export function CartPopup({ onCheckout, onKeepShopping, onClose, onClear, onQty, onRemove }: CartPopupProps) {
  const items = useAppState((state) => state.cartItems);
  const signedIn = useAppState((state) => state.auth.isSignedIn);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const clearRef = useRef<HTMLButtonElement>(null);
  const empty = items.length === 0;
  const delivery = useCartDelivery(cartSignature(items), signedIn && !empty);
  const method = delivery.data ?? null;
  const shippingCents = method ? dollarsToCents(method.amount) : 0;
  const total = cartTotalCents(items, shippingCents);
  // What the lines said about refused quantities ends with the popup.
  useEffect(() => clearLineNotices, []);
  // [I31] Opened by a cart reminder's link: an empty browser cart shows the server cart's lines
  // (restore-server-cart.ts); a browser holding lines keeps them as they are. The ask is used in the
  // effect (once, whatever a strict-mode second mount does); the first render only looks at it.
  const [restoring, setRestoring] = useState(() => signedIn && serverCartRestoreAsked());
  useEffect(() => {
    if (!signedIn || !takeServerCartRestore()) return;
    setRestoring(true);
    restoreServerCart()
      .catch(() => 0) // the shell hears of offline, 401 and 5xx; the popup shows the browser's cart
      .finally(() => setRestoring(false));
  }, [signedIn]);

  function cancelClear() {
    setConfirmingClear(false);
    // Back to the button that asked, after it is shown again.
    requestAnimationFrame(() => clearRef.current?.focus());
  }

  const footer = empty ? (
    <>
      <Button block variant="secondary" onClick={onKeepShopping}>
        {MSG.keepShopping}
      </Button>
      <Button block variant="ghost" onClick={onClose}>
        {MSG.closeWindow}
      </Button>
    </>
  ) : confirmingClear ? (
    <ClearCartConfirm quantity={cartQuantity(items)} onConfirm={onClear} onCancel={cancelClear} />
  ) : (
    <>
      <dl className="cart-totals">
        <div className="cart-totals__row">
          <dt>{MSG.delivery}</dt>
          <dd>
            {method
              ? method.amount === 0
                ? MSG.freeDelivery
                : formatCents(shippingCents)
              : MSG.calculatedAtCheckout}
          </dd>
        </div>
        <div className="cart-totals__row cart-totals__row--total">
          <dt>{MSG.total}</dt>
          <dd>{formatCents(total)}</dd>
        </div>
      </dl>
      <Button block onClick={onCheckout}>
        {MSG.checkout}
      </Button>
    </>
  );

  return (
    <Popup title={MSG.cartTitle} onClose={onClose} actions={footer}>
      {empty && restoring ? (
        <p className="cart-popup__empty" aria-busy="true">
          {MSG.loadingAccount}
        </p>
      ) : empty ? (
        <p className="cart-popup__empty">{MSG.cartEmpty}</p>
      ) : (
        <div className="cart-sheet">
          <ul className="cart-popup__lines">
            {items.map((item) => (
              <CartLineItem
                key={String(item.item_id ?? `${item.id}-${item.sku}`)}
                item={item}
                onQty={onQty}
                onRemove={onRemove}
                onEdit={onClose}
              />
            ))}
          </ul>
          {/* The lesser actions end the list; the footer keeps to what leads to the purchase. */}
          <div className="cart-popup__more">
            <Button block variant="secondary" onClick={onKeepShopping}>
              {MSG.keepShopping}
            </Button>
            <Button block variant="ghost" onClick={onClose}>
              {MSG.closeWindow}
            </Button>
            {confirmingClear ? null : (
              <button
                type="button"
                className={buttonClassName({ variant: 'ghost', block: true }, 'cart-popup__clear')}
                ref={clearRef}
                onClick={() => setConfirmingClear(true)}
              >
                {MSG.clearCart}
              </button>
            )}
          </div>
        </div>
      )}
    </Popup>
  );
}
