// [SHELL-12..15] The cart popup: 'Your Cart', one line per item, 'Delivery' (the cheapest method the
// cart qualifies for [SHIP-01], or 'Calculated at checkout'), 'Total' [CONST-13], and the buttons
// Checkout, Keep Shopping, Close Window and Clear Cart. An empty cart says 'Cart is empty'.
import { MSG } from '@quokka/contract/messages';
import { dollarsToCents, formatCents } from '@quokka/contract/money';
import { Button } from '../../../components/ui/button';
import { Popup } from '../../../components/ui/popup';
import { useAppState } from '../../../lib/app-state';
import { useCartDelivery } from '../api/shipping-methods';
import { cartSignature, cartTotalCents } from '../cart-lines';
import { CartLineItem } from './cart-line-item';
import './cart.css';

export interface CartPopupProps {
  onCheckout: () => void;
  onKeepShopping: () => void;
  onClose: () => void;
  onClear: () => void;
  onQty: (key: string, qty: number) => void;
  onRemove: (key: string) => void;
}

export function CartPopup({ onCheckout, onKeepShopping, onClose, onClear, onQty, onRemove }: CartPopupProps) {
  const items = useAppState((state) => state.cartItems);
  const signedIn = useAppState((state) => state.auth.isSignedIn);
  const empty = items.length === 0;
  const delivery = useCartDelivery(cartSignature(items), signedIn && !empty);
  const method = delivery.data ?? null;
  const shippingCents = method ? dollarsToCents(method.amount) : 0;
  const total = cartTotalCents(items, shippingCents);

  return (
    <Popup
      title={MSG.cartTitle}
      onClose={onClose}
      actions={
        <>
          {empty ? null : (
            <Button block onClick={onCheckout}>
              {MSG.checkout}
            </Button>
          )}
          <Button block variant="secondary" onClick={onKeepShopping}>
            {MSG.keepShopping}
          </Button>
          <Button block variant="ghost" onClick={onClose}>
            {MSG.closeWindow}
          </Button>
          {empty ? null : (
            <Button block variant="ghost" className="cart-popup__clear" onClick={onClear}>
              {MSG.clearCart}
            </Button>
          )}
        </>
      }
    >
      {empty ? (
        <p className="cart-popup__empty">{MSG.cartEmpty}</p>
      ) : (
        <>
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
        </>
      )}
    </Popup>
  );
}
