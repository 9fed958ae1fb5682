// The sign-in popups' content: the mobile code popup [SHELL-17] and the info popup about the secure
// mobile service [SHELL-19]. Loaded when a popup first opens, so the mobile number rules (and their
// phone number metadata) stay out of the first page load.
import { MSG } from '@quokka/contract/messages';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PhoneIcon, ShieldIcon } from '../../../components/ui/icons';
import { Popup } from '../../../components/ui/popup';
import { closePopup } from '../../../lib/app-state';
import { forgetSignInIntent } from '../../../lib/sign-in-intent';
import {
  clearInfoReturn,
  clearMobilePopupRequest,
  type MobilePopupRequest,
  openInfoPopup,
  openMobilePopup,
  peekInfoReturn,
  peekMobilePopupRequest,
} from '../mobile-popup-store';
import { MobileCodeFlow, type MobileFlowStep } from './mobile-code-flow';
import './auth.css';

/** The shopper chose not to sign in: what they were about to do is forgotten with the popup. */
function closeSignIn(): void {
  forgetSignInIntent();
  closePopup();
}

export function MobilePopup({
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
      onClose={step === 'success' ? undefined : closeSignIn}
    >
      <MobileCodeFlow
        request={request}
        onConfirmed={(jwt) => onConfirmed(jwt, request)}
        onStepChange={setStep}
        focusMobile
        onWhyMobile={(mobile) => openInfoPopup({ ...request, mobile, sendOnOpen: false })}
      />
    </Popup>
  );
}

/** [SHELL-19] What the secure mobile service is, in plain words. */
function InfoPopupContent() {
  return (
    <>
      <p>{MSG.infoPopupCode}</p>
      <p>{MSG.infoPopupNoPasswords}</p>
      <p>{MSG.infoPopupUse}</p>
    </>
  );
}

export function InfoPopup() {
  const [returnTo] = useState<MobilePopupRequest | null>(peekInfoReturn);
  useEffect(() => clearInfoReturn, []);
  return (
    <Popup
      title={MSG.infoPopupTitle}
      icon={<ShieldIcon />}
      onClose={returnTo ? closeSignIn : closePopup}
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
