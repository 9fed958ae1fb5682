// [I12-6] 'Sign out everywhere': one button in My Account, a confirm, then every session of the member
// ends on the server and this one here too.
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Popup } from '../../../components/ui/popup';
import { signOutOnEveryDevice } from '../api/sign-out';
import { SIGN_OUT_EVERYWHERE_TEXT as TEXT } from './sign-out-everywhere-texts';

export function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await signOutOnEveryDevice();
    } catch {
      // The shell showed what went wrong (offline, server fault); the member is still signed in.
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <p className="acct-empty">{TEXT.explain}</p>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {TEXT.button}
      </Button>
      {confirming ? (
        <Popup
          title={TEXT.confirmTitle}
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button block disabled={busy} onClick={() => void confirm()}>
                {TEXT.button}
              </Button>
              <Button block variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
                {TEXT.cancel}
              </Button>
            </>
          }
        >
          <p>{TEXT.confirmText}</p>
        </Popup>
      ) : null}
    </>
  );
}
