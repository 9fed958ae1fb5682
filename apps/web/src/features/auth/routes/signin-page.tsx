// [ROUTE-14] /signin: the sign-in entry. The mobile code flow sits in the page itself; a signed-in
// visitor has nothing to do here and goes on to /browse.
import { MSG } from '@quokka/contract/messages';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { ClockIcon, PhoneIcon, ShieldIcon } from '../../../components/ui/icons';
import { useDocumentTitle } from '../../../components/ui/page';
import { getAppState } from '../../../lib/app-state';
import { forgetSignInIntent } from '../../../lib/sign-in-intent';
import { useVerifyMobileToken } from '../components/auth-popups';
import { MobileCodeFlow } from '../components/mobile-code-flow';
import { openInfoPopup } from '../mobile-popup-store';
import '../components/auth.css';

export function SignInPage() {
  useDocumentTitle(MSG.signIn);
  // Read once: signing in on this page must not race the sign-in's own navigation with a redirect.
  const [signedInOnArrival] = useState(() => getAppState().auth.isSignedIn);
  // [ROUTE-06] Signing in here is a plain sign-in: it lands on /browse, whatever was asked before.
  useEffect(forgetSignInIntent, []);
  const verify = useVerifyMobileToken();
  if (signedInOnArrival) return <Navigate to="/browse" replace />;

  return (
    <section className="auth-screen" aria-labelledby="page-title">
      <span className="auth-screen__badge">
        <PhoneIcon />
      </span>
      <h1 className="auth-screen__title" id="page-title">
        {MSG.signIn}
      </h1>
      <p className="auth-screen__text">{MSG.signInLead}</p>
      <div className="auth-card">
        <MobileCodeFlow
          request={{}}
          intro={false}
          onConfirmed={(jwt) => void verify(jwt)}
          onWhyMobile={() => openInfoPopup()}
        />
      </div>
      <ul className="auth-points">
        <li>
          <ShieldIcon />
          <span>
            <strong>{MSG.welcomeNoPasswords}</strong>
            {MSG.infoPopupNoPasswords}
          </span>
        </li>
        <li>
          <ClockIcon />
          <span>
            <strong>{MSG.welcomeOneTime}</strong>
            {MSG.welcomeOneTimeText}
          </span>
        </li>
      </ul>
    </section>
  );
}
