// Mounted once in the shell: shows the cart popup while it is the open popup and nothing more serious
// (offline, an unexpected error, a message) is showing, and turns its buttons into navigation.
import { useNavigate } from 'react-router';
import { closePopup, getAppState, useAppState } from '../../../lib/app-state';
import { changeLineQty } from '../qty-updates';
import { clearCart, removeLine } from '../remove-line';
import { CartPopup } from './cart-popup';

export function CartPopupHost() {
  const navigate = useNavigate();
  const popup = useAppState((state) => state.popup);
  const blocked = useAppState((state) => state.offline || state.unexpectedError || state.message !== null);
  if (popup !== 'cart' || blocked) return null;

  return (
    <CartPopup
      onCheckout={() => {
        closePopup();
        navigate('/checkout');
      }}
      onKeepShopping={() => {
        closePopup();
        navigate('/browse');
      }}
      onClose={closePopup}
      onClear={() => {
        closePopup();
        navigate('/browse'); // [CART-04, ROUTE-07]
        void clearCart();
      }}
      onQty={changeLineQty}
      onRemove={(key) => {
        void removeLine(key); // the browser's cart changes before the server is asked
        if (getAppState().cartItems.length > 0) return;
        // [CART-04, ROUTE-07] The cart became empty.
        closePopup();
        navigate('/browse');
      }}
    />
  );
}
