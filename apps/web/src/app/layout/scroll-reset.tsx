// [ROUTE-38] Every route change starts at the top of the page.
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

export function ScrollReset() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    // The path is what changed; reading it keeps the effect tied to it.
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
