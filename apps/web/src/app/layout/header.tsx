// [SHELL-01..03] The sticky header: menu toggle, brand (the fixed store name, linking to /browse)
// and the cart icon with the total quantity. [PDP-01] A screen may set a title (the product page's
// seller name) that replaces the store name while it is shown. [I33] The search field (or on a phone its
// icon) sits before the cart.
import { CartIcon, MenuIcon, QuokkaMark } from '../../components/ui/icons';
import { cartQuantity, openPopup, useAppState } from '../../lib/app-state';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { askToSignIn } from '../../lib/sign-in-intent';
import './header.css';
import { Link } from '../../components/ui/link';
import { HeaderSearch } from '../../features/search/public';
import { useNotReady } from '../../lib/hydrated';

export const SIDE_MENU_ID = 'side-menu';

function cartLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

export function Header({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { storeName } = getRuntimeConfig();
  const cartItems = useAppState((state) => state.cartItems);
  const signedIn = useAppState((state) => state.auth.isSignedIn);
  const headerTitle = useAppState((state) => state.headerTitle);
  const count = cartQuantity(cartItems);
  const notReady = useNotReady();

  return (
    <header className="app-header">
      <button
        type="button"
        className="app-header__button"
        aria-label="Menu"
        aria-expanded={menuOpen}
        aria-controls={SIDE_MENU_ID}
        aria-disabled={notReady}
        onClick={onToggleMenu}
      >
        <MenuIcon />
      </button>
      <Link to="/browse" className="app-header__brand">
        <QuokkaMark />
        <span>{headerTitle ?? storeName}</span>
      </Link>
      <HeaderSearch />
      <button
        type="button"
        className="app-header__button app-header__cart"
        aria-label={cartLabel(count)}
        aria-haspopup="dialog"
        aria-disabled={notReady}
        // [SHELL-25] Signed out, the cart icon asks for the mobile first, then opens the cart.
        onClick={() => (signedIn ? openPopup('cart') : askToSignIn({ kind: 'open-cart' }))}
      >
        <CartIcon />
        {count > 0 ? (
          <span className="app-header__badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
    </header>
  );
}
