// [ROUTE-12, ROUTE-13, REG-01..16] /register: a new shopper registers once. The page needs the token
// that proved the mobile (from a sign-in link or the mobile popup); without it, it explains and offers
// the popup. Signed-in members have nothing to register and go to /browse [ROLE-09].
import { MSG } from '@quokka/contract/messages';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { InfoIcon, PhoneIcon } from '../../../components/ui/icons';
import { useDocumentTitle } from '../../../components/ui/page';
import { getAppState } from '../../../lib/app-state';
import { getItem, STORAGE_KEYS } from '../../../lib/storage';
import { useLinkSellerName } from '../api/link-seller';
import { RegistrationForm } from '../components/registration-form';
import { WelcomeOverlay } from '../components/welcome-overlay';
import { openMobilePopup } from '../mobile-popup-store';
import { readRegistrationDraft } from '../registration-draft';
import '../components/auth.css';

function NeedsMobile() {
  return (
    <div className="auth-card register__needs-mobile">
      <span className="auth-screen__badge">
        <PhoneIcon />
      </span>
      <h2 className="auth-screen__title">{MSG.registrationNeedsMobileTitle}</h2>
      <p className="auth-screen__text">{MSG.registrationNeedsMobileText}</p>
      <Button block onClick={() => openMobilePopup()}>
        {MSG.verifyMyMobile}
      </Button>
    </div>
  );
}

export function RegisterPage() {
  useDocumentTitle(MSG.registrationHeading);
  // Read once: only a member arriving here is sent away, not one this page just signed in.
  const [signedInOnArrival] = useState(() => getAppState().auth.isSignedIn);
  // Storage is read on every navigation: the popup may store a proven mobile and come back here.
  useLocation();
  const jwt = getItem(STORAGE_KEYS.jwt);
  const mobile = getItem(STORAGE_KEYS.mobile);
  const ready = jwt !== null && jwt !== '' && mobile !== null && mobile !== '';
  // [REG-12] Shown on arrival; not again on coming back to a form already begun (from the Terms).
  const [welcomeOpen, setWelcomeOpen] = useState(() => !mobile || readRegistrationDraft(mobile) === null);
  const sellerName = useLinkSellerName();

  if (signedInOnArrival) return <Navigate to="/browse" replace />;

  return (
    <section className="register" aria-labelledby="page-title">
      <div className="register__head">
        <h1 className="register__title" id="page-title">
          {MSG.registrationHeading}
        </h1>
        {ready ? (
          <button
            type="button"
            className="register__about"
            aria-haspopup="dialog"
            onClick={() => setWelcomeOpen(true)}
          >
            <InfoIcon />
            {MSG.welcomeReopen}
          </button>
        ) : null}
      </div>
      {ready ? (
        <>
          <p className="register__lead">{MSG.registrationLead}</p>
          <RegistrationForm mobile={mobile} jwt={jwt} />
          {welcomeOpen ? (
            <WelcomeOverlay sellerName={sellerName} onClose={() => setWelcomeOpen(false)} />
          ) : null}
        </>
      ) : (
        <NeedsMobile />
      )}
    </section>
  );
}
