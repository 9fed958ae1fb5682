// The sign-in popups: the mobile code popup [SHELL-17] and the info popup about the secure mobile
// service [SHELL-19]. Mounted once in the shell. They step aside while the shell shows something more
// serious (offline, an unexpected error, a message), as the shell's own popups show one at a time.
import { MSG } from '@quokka/contract/messages';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Popup } from '../../../components/ui/popup';
import { closePopup, showMessage, useAppState, withLoader } from '../../../lib/app-state';
import { verifySignInToken } from '../api/verify-sign-in-token';
import { applyAuthReply, outcomePath } from '../auth-session';
import {
  clearInfoReturn,
  clearMobilePopupRequest,
  type MobilePopupRequest,
  openInfoPopup,
  openMobilePopup,
  peekInfoReturn,
  peekMobilePopupRequest,
} from '../mobile-popup-store';
import { PhoneIcon, ShieldIcon } from './auth-icons';
import { MobileCodeFlow, type MobileFlowStep } from './mobile-code-flow';
import './auth.css';

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
      if (path) navigate(path);
      else showMessage(MSG.signInFailed);
    } catch {
      // No response or a server error: the shell already shows it.
    }
  };
}

function MobilePopup({
  hidden,
  onConfirmed,
}: {
  hidden: boolean;
  onConfirmed: (jwt: string, request: MobilePopupRequest) => void;
}) {
  const [request] = useState<MobilePopupRequest>(peekMobilePopupRequest);
  const [step, setStep] = useState<MobileFlowStep>('mobile');
  useEffect(() => clearMobilePopupRequest, []);

  if (hidden) return null;
  return (
    <Popup
      title={request.expiredJwt ? MSG.reconfirmIdentity : MSG.mobilePopupTitle}
      icon={<PhoneIcon />}
      // The code is spent once accepted: the 2-second success must run to its end.
      onClose={step === 'success' ? undefined : closePopup}
    >
      <MobileCodeFlow
        request={request}
        onConfirmed={(jwt) => onConfirmed(jwt, request)}
        onStepChange={setStep}
        onWhyMobile={(mobile) => openInfoPopup({ ...request, mobile, sendOnOpen: false })}
      />
    </Popup>
  );
}

/** [SHELL-19] What the secure mobile service is, in plain words. */
export function InfoPopupContent() {
  return (
    <>
      <p>{MSG.infoPopupCode}</p>
      <p>{MSG.infoPopupNoPasswords}</p>
      <p>{MSG.infoPopupUse}</p>
    </>
  );
}

function InfoPopup() {
  const [returnTo] = useState<MobilePopupRequest | null>(peekInfoReturn);
  useEffect(() => clearInfoReturn, []);
  return (
    <Popup
      title={MSG.infoPopupTitle}
      icon={<ShieldIcon />}
      onClose={closePopup}
      actions={
        returnTo ? (
          <Button block onClick={() => openMobilePopup(returnTo)}>
            {MSG.infoPopupBack}
          </Button>
        ) : (
          <Button block onClick={closePopup}>
            {MSG.gotIt}
          </Button>
        )
      }
    >
      <InfoPopupContent />
    </Popup>
  );
}

export function AuthPopups() {
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

  if (popup === 'mobile') return <MobilePopup hidden={blocked} onConfirmed={onConfirmed} />;
  if (popup === 'info' && !blocked) return <InfoPopup />;
  return null;
}
