// [ROUTE-36, ROUTE-37, AUTH-24] Account pages need a live sign-in. Signed out: back to /browse, with
// the sign-in popup open and the page remembered, so a receipt's 'View order' link opened on a phone
// that is signed out ends on that order after the code, not on the shop's front page.
// Signed in but the token has expired (or an account call answered 401): signed out and sent to
// /signin with a full page load, so no state of the old session survives.
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { expireSession, isTokenExpired, useAppState } from '../../lib/app-state';
import { askToSignIn } from '../../lib/sign-in-intent';

function SignInFirst({ returnTo }: { returnTo: string }) {
  useEffect(() => askToSignIn({ kind: 'stay' }, Date.now(), returnTo), [returnTo]);
  return <Navigate to="/browse" replace />;
}

export function AccountGuard() {
  const signedIn = useAppState((state) => state.auth.isSignedIn);
  const sessionExpired = useAppState((state) => state.sessionExpired);
  // Subscribing to the location re-checks the expiry on every move between account pages.
  const { pathname, search } = useLocation();
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
  if (!signedIn) return <SignInFirst returnTo={`${pathname}${search}`} />;
  return <Outlet />;
}
