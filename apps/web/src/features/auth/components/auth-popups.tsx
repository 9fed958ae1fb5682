// The host of the sign-in popups, mounted once in the shell. The popups themselves load on first use
// (auth-popup-content.tsx). They step aside while the shell shows something more serious (offline, an
// unexpected error, a message), as the shell's own popups show one at a time.
import { MSG } from '@quokka/contract/messages';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { closePopup, showMessage, useAppState, withLoader } from '../../../lib/app-state';
import { verifySignInToken } from '../api/verify-sign-in-token';
import { applyAuthReply, outcomePath } from '../auth-session';
import type { MobilePopupRequest } from '../mobile-popup-store';
import { type CheckoutItemLoader, ResumeAfterSignIn } from './resume-after-sign-in';

const MobilePopup = lazy(() => import('./auth-popup-content').then((m) => ({ default: m.MobilePopup })));
const InfoPopup = lazy(() => import('./auth-popup-content').then((m) => ({ default: m.InfoPopup })));

/**
 * [AUTH-18] After the popup closes, the verified-mobile token is checked with `auth`, and the reply is
 * followed as a link's would be: register, signed in (a product opened, else /browse) [ROUTE-06].
 */
export function useVerifyMobileToken(): (jwt: string) => Promise<void> {
  const navigate = useNavigate();
  return async (jwt: string) => {
    try {
      const reply = await withLoader(MSG.signingIn, () => verifySignInToken(jwt, false));
      const path = outcomePath(applyAuthReply(reply, jwt));
      // Back to the page the shopper asked from is no new step in their history.
      const here = `${window.location.pathname}${window.location.search}`;
      if (path) navigate(path, { replace: path === here });
      else showMessage(MSG.signInFailed);
    } catch {
      // No response or a server error: the shell already shows it.
    }
  };
}

export function AuthPopups({ checkoutItem }: { checkoutItem?: CheckoutItemLoader }) {
  const popup = useAppState((state) => state.popup);
  const offline = useAppState((state) => state.offline);
  const unexpectedError = useAppState((state) => state.unexpectedError);
  const message = useAppState((state) => state.message);
  const blocked = offline || unexpectedError || message !== null;
  // The host outlives the popup, so what follows the popup runs here.
  const navigate = useNavigate();
  const verify = useVerifyMobileToken();

  function onConfirmed(jwt: string, request: MobilePopupRequest) {
    closePopup(); // [AUTH-17]
    // [AUTH-14] A renewed link signs in through /autologin with the new token.
    if (request.expiredJwt) navigate(`/autologin/${encodeURIComponent(jwt)}`);
    else void verify(jwt); // [AUTH-18]
  }

  return (
    <>
      <ResumeAfterSignIn {...(checkoutItem ? { checkoutItem } : {})} />
      {popup === 'mobile' ? (
        <Suspense fallback={null}>
          <MobilePopup hidden={blocked} onConfirmed={onConfirmed} />
        </Suspense>
      ) : null}
      {popup === 'info' && !blocked ? (
        <Suspense fallback={null}>
          <InfoPopup />
        </Suspense>
      ) : null}
    </>
  );
}
