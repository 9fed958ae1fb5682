// The shell around every screen: skip link, header, side menu, main, footer, loader and popups.
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { Spinner } from '../../components/ui/spinner';
import { AuthPopups } from '../../features/auth/components/auth-popups';
import { CartPopupHost } from '../../features/cart/components/cart-popup-host';
import { AppPopups } from './app-popups';
import { Footer, showsFooter } from './footer';
import { Header } from './header';
import { LoaderOverlay } from './loader-overlay';
import { RouteAnnouncer } from './route-announcer';
import { ScrollReset } from './scroll-reset';
import { SideMenu } from './side-menu';
import './root-layout.css';

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
          <ErrorBoundary fallback={null}>
            <SideMenu open={menuOpen} onClose={() => setMenuOpenAt(null)} />
          </ErrorBoundary>
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
        <AuthPopups />
        <CartPopupHost />
      </ErrorBoundary>
    </>
  );
}

/** Shown while the first screen's code loads. */
export function HydrateFallback() {
  return <PageFallback />;
}
