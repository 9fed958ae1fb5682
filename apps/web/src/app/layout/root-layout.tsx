// The shell around every screen: skip link, header, side menu, main, footer, loader and popups.
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { Spinner } from '../../components/ui/spinner';
import { useAppState } from '../../lib/app-state';
import { hasSignInIntent } from '../../lib/sign-in-intent';
import { lazyPart } from '../lazy-part';
import { AppPopups } from './app-popups';
import { Footer, showsFooter } from './footer';
import { Header } from './header';
import { LoaderOverlay } from './loader-overlay';
import { RouteAnnouncer } from './route-announcer';
import { ScrollReset } from './scroll-reset';
import './root-layout.css';

// [I13-js] The sign-in popups (and the sign-in flow and schemas behind them) load when first needed: a
// popup of theirs opens, or a signed-in shopper has an interrupted action to finish. Once loaded they
// stay, since what follows a popup (checking the code, going back) runs in their host.
const AuthPopups = lazyPart(() =>
  import('../../features/auth/components/auth-popups').then((m) => m.AuthPopups),
);

// [I30] A reply-to-buy text's checkout link: its item as the product page would add it (loaded when used).
const checkoutItem = (productId: number, itemId: number) =>
  import('../../features/catalog/public').then((m) => m.checkoutItemRequest(productId, itemId));

// The side menu (its drawer, category tree and account panel) loads when it is first opened; closed,
// it is not in the page at all.
const SideMenu = lazyPart(() => import('./side-menu').then((m) => m.SideMenu));

// The cart popup (and the cart's line editing behind it) loads when the cart is first opened.
const CartPopupHost = lazyPart(() =>
  import('../../features/cart/components/cart-popup-host').then((m) => m.CartPopupHost),
);

function useCartPopupNeeded(): boolean {
  const popup = useAppState((state) => state.popup);
  const [loaded, setLoaded] = useState(false);
  if (popup === 'cart' && !loaded) setLoaded(true);
  return popup === 'cart' || loaded;
}

function useAuthPopupsNeeded(): boolean {
  const popup = useAppState((state) => state.popup);
  const signedIn = useAppState((state) => state.auth.isSignedIn);
  const [loaded, setLoaded] = useState(false);
  const needed = popup === 'mobile' || popup === 'info' || (signedIn && hasSignInIntent());
  if (needed && !loaded) setLoaded(true);
  return needed || loaded;
}

function PageFallback() {
  return (
    <div className="page-fallback" role="status" aria-label="Loading">
      <Spinner size={32} />
    </div>
  );
}

export function RootLayout() {
  const location = useLocation();
  // The menu belongs to the location it was opened at, so any navigation closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.key;
  const isHome = location.pathname === '/';
  const authPopups = useAuthPopupsNeeded();
  const cartPopup = useCartPopupNeeded();

  return (
    <>
      <ScrollReset />
      <RouteAnnouncer />
      {isHome ? null : (
        <>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <Header menuOpen={menuOpen} onToggleMenu={() => setMenuOpenAt(menuOpen ? null : location.key)} />
          {menuOpen ? (
            <ErrorBoundary fallback={null}>
              <SideMenu open onClose={() => setMenuOpenAt(null)} />
            </ErrorBoundary>
          ) : null}
        </>
      )}
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {showsFooter(location.pathname) ? <Footer /> : null}
      <LoaderOverlay />
      <ErrorBoundary fallback={null}>
        <AppPopups />
        {authPopups ? <AuthPopups checkoutItem={checkoutItem} /> : null}
        {cartPopup ? <CartPopupHost /> : null}
      </ErrorBoundary>
    </>
  );
}
