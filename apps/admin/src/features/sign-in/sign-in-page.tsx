// Sign-in (docs/back-office.md): a mobile and a one-time code, which always leads to adding a passkey on
// a member's first sign-in (and after a lost phone); afterwards a passkey signs in on its own.
import type { StaffMe } from '@quokka/contract/api/admin';
import { formatMobileNational } from '@quokka/contract/mobile';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorText } from '../../lib/error-text';
import { shopTime } from '../../lib/format';
import { pagePasskeyProblem } from '../../lib/passkey-origin';
import { passkeyError, useSession } from '../../lib/session';
import { addPasskey as addPasskeyCall } from './api/add-passkey';
import { confirmSignInCode } from './api/confirm-sign-in-code';
import { passkeyRegistrationOptions } from './api/passkey-registration-options';
import { passkeySignInOptions } from './api/passkey-sign-in-options';
import { sendSignInCode } from './api/send-sign-in-code';
import { signInWithPasskey } from './api/sign-in-with-passkey';
import './sign-in.css';

type Step = { kind: 'mobile' } | { kind: 'code'; mobile: string };

export function SignInPage() {
  const { me, config, signedOutReason } = useSession();
  // [I34] Opened at an address that cannot hold passkeys (an IP address, plain http): said before trying.
  const [addressProblem] = useState(() => pagePasskeyProblem());
  return (
    <main className="sign-in">
      <div className="sign-in-card">
        <header className="sign-in-brand">
          <img src="/admin/favicon.svg" alt="" width="40" height="40" />
          <div>
            <p className="sign-in-store">{config.storeName}</p>
            <p className="muted">Back office</p>
          </div>
        </header>
        {addressProblem && (
          <p className="notice" data-testid="passkey-address">
            {addressProblem}
          </p>
        )}
        {me && me.stage === 'needs_passkey' ? (
          <AddPasskey me={me} />
        ) : (
          <SignInSteps notice={signedOutReason} />
        )}
      </div>
      {config.sandbox && (
        <p className="sign-in-foot muted">Sandbox: codes are written to the server's log and outbox.</p>
      )}
    </main>
  );
}

function SignInSteps({ notice }: { notice: string | null }) {
  const { api, setMe, webauthn } = useSession();
  const [step, setStep] = useState<Step>({ kind: 'mobile' });
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'code' | 'confirm' | 'passkey' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step.kind === 'code') codeInput.current?.focus();
  }, [step]);

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    setError(null);
    setBusy('code');
    try {
      await sendSignInCode(api, { mobile });
      setCode('');
      setStep({ kind: 'code', mobile });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(null);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (step.kind !== 'code') return;
    setError(null);
    setBusy('confirm');
    try {
      const next = await confirmSignInCode(api, { mobile: step.mobile, code: code.trim() });
      setMe(next);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(null);
    }
  }

  async function passkeySignIn() {
    setError(null);
    setBusy('passkey');
    try {
      const options = await passkeySignInOptions(api);
      let response: Awaited<ReturnType<typeof webauthn.startAuthentication>>;
      try {
        response = await webauthn.startAuthentication({
          optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
        });
      } catch (failure) {
        throw passkeyError(failure, options);
      }
      const next = await signInWithPasskey(api, { response });
      setMe(next);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <h1>Sign in</h1>
      {notice && !error && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {step.kind === 'mobile' ? (
        <form onSubmit={sendCode} noValidate>
          <div className="field">
            <label htmlFor="mobile">Mobile number</label>
            <input
              id="mobile"
              name="mobile"
              type="tel"
              inputMode="tel"
              autoComplete="username"
              placeholder="0412 345 678"
              value={mobile}
              onChange={(event) => setMobile(event.target.value)}
              required
            />
          </div>
          <button type="submit" className="button primary wide" disabled={busy !== null}>
            {busy === 'code' ? 'Sending…' : 'Text me a code'}
          </button>
        </form>
      ) : (
        <form onSubmit={confirm} noValidate>
          <p>
            We texted a 6-digit code to <strong>{formatMobileNational(step.mobile)}</strong>. It works for 10
            minutes.
          </p>
          <div className="field">
            <label htmlFor="code">Code</label>
            <input
              ref={codeInput}
              id="code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              required
            />
          </div>
          <button type="submit" className="button primary wide" disabled={busy !== null}>
            {busy === 'confirm' ? 'Checking…' : 'Continue'}
          </button>
          <div className="row-links">
            <button type="button" className="button link" onClick={() => sendCode()} disabled={busy !== null}>
              Send a new code
            </button>
            <button
              type="button"
              className="button link"
              onClick={() => {
                setError(null);
                setStep({ kind: 'mobile' });
              }}
            >
              Use another number
            </button>
          </div>
        </form>
      )}
      <div className="divider" aria-hidden="true">
        <span>or</span>
      </div>
      <button
        type="button"
        className="button secondary wide"
        onClick={passkeySignIn}
        disabled={busy !== null}
      >
        {busy === 'passkey' ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
      <p className="muted small">
        Staff accounts are made by the shop's operator. Lost your phone? Sign in with a code and add a new
        passkey.
      </p>
    </>
  );
}

function AddPasskey({ me }: { me: StaffMe }) {
  const { api, setMe, webauthn, signOut } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // [I27-recovery] A passkey added after a code sign-in by a member who had one waits: said before going on.
  const [pending, setPending] = useState<StaffMe | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  async function addPasskey() {
    setError(null);
    setBusy(true);
    try {
      const options = await passkeyRegistrationOptions(api);
      let response: Awaited<ReturnType<typeof webauthn.startRegistration>>;
      try {
        response = await webauthn.startRegistration({
          optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
        });
      } catch (failure) {
        throw passkeyError(failure, options);
      }
      const next = await addPasskeyCall(api, { response });
      if (next.passkey_pending_until) setPending(next);
      else setMe(next);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  if (pending) return <PasskeyPending me={pending} onContinue={() => setMe(pending)} />;

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Add a passkey
      </h1>
      <p>
        Hello {me.staff.name}. The back office is signed into with a passkey: your phone's or computer's
        fingerprint, face or screen lock. Add one now; next time it signs you in without a code, and it is
        asked again before refunds and cancellations.
      </p>
      <p className="muted small">
        Already have a passkey on another device? A new one added after a text code counts for refunds and
        other money actions after 24 hours, or sooner when another operator approves it. The shop's operators
        are texted when a passkey is added.
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button primary wide" onClick={addPasskey} disabled={busy}>
        {busy ? 'Waiting for your device…' : 'Add a passkey'}
      </button>
      <button type="button" className="button link wide" onClick={() => signOut()}>
        Sign out
      </button>
    </>
  );
}

function PasskeyPending({ me, onContinue }: { me: StaffMe; onContinue(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Passkey added, waiting
      </h1>
      <p>
        Your new passkey signs you in now. Because it was added after a text code and your account already had
        a passkey, it counts for refunds, cancellations, payouts and other money actions from{' '}
        <strong>{shopTime(me.passkey_pending_until)}</strong>, or sooner when another operator approves it
        under Passkeys.
      </p>
      <p className="muted small">
        The shop's operators and your mobile have been texted. If you still have your old passkey, it works
        for everything as before.
      </p>
      <button type="button" className="button primary wide" onClick={onContinue}>
        Continue
      </button>
    </>
  );
}
