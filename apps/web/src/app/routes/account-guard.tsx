// [ROUTE-36, ROUTE-37, AUTH-24] Account pages need a live sign-in. Signed out: back to /browse.
// Signed in but the token has expired (or an account call answered 401): signed out and sent to
// /signin with a full page load, so no state of the old session survives.
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { expireSession, isTokenExpired, useAppState } from '../../lib/app-state';

export function AccountGuard() {
  const signedIn = useAppState((state) => state.auth.isSignedIn);
  const sessionExpired = useAppState((state) => state.sessionExpired);
  // Subscribing to the location re-checks the expiry on every move between account pages.
  useLocation();
  // Once expiry is seen, stay on it: signing out below must not turn this into the /browse redirect
  // while the browser is loading /signin.
  const expiredRef = useRef(false);
  if (sessionExpired || (signedIn && isTokenExpired())) expiredRef.current = true;
  const expired = expiredRef.current;

  useEffect(() => {
    if (!expired) return;
    window.location.assign('/signin');
    expireSession();
  }, [expired]);

  if (expired) return null;
  if (!signedIn) return <Navigate to="/browse" replace />;
  return <Outlet />;
}
