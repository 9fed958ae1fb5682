// [SHELL-16, AUTH-16, AUTH-17] Sign-in by mobile: the mobile, then the code texted to it, then a
// success message for 2 seconds. Used inside the mobile popup and inline on /signin; what happens
// with the verified token is the caller's business (onConfirmed).
import { MOBILE_POPUP_SUCCESS_MS } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { formatMobileNational } from '@quokka/contract/mobile';
import { validateConfirmCode, validateSendCode } from '@quokka/contract/validate-mobile-popup';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '../../../components/forms/field-error';
import { Button } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { confirmMobileCode } from '../api/confirm-mobile-code';
import { sendMobileCode } from '../api/send-mobile-code';
import type { MobilePopupRequest } from '../mobile-popup-store';

/** The server allows one send per number every 30 s (DECISIONS.md OTP_SEND_INTERVAL_S). */
export const RESEND_WAIT_S = 30;

export type MobileFlowStep = 'mobile' | 'code' | 'success';

interface Errors {
  mobile?: string;
  code?: string;
  /** A message about the whole step (too many attempts, a refusal without a field). */
  form?: string;
}

export interface MobileCodeFlowProps {
  request: MobilePopupRequest;
  /** Called MOBILE_POPUP_SUCCESS_MS after the code was accepted, with the verified-mobile token. */
  onConfirmed: (jwt: string) => void;
  /** Told about every step change, so a popup can hide its close button while success shows. */
  onStepChange?: (step: MobileFlowStep) => void;
  /** 'Why a mobile?' [SHELL-19], with the number typed so far. */
  onWhyMobile?: (mobile: string) => void;
  /** The line above the mobile field; a page that explains itself leaves it out. */
  intro?: boolean;
  /**
   * Focus the mobile field as the flow opens, so the phone's keyboard comes up (the popup). A page
   * leaves its first focus to its heading; the code step always takes focus.
   */
  focusMobile?: boolean;
}

/** The message for a refused send or confirm; offline and 5xx are shown by the API client. */
function refusal(error: unknown, field: 'mobile' | 'code'): Errors | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  // The server's own words say how long to wait.
  if (error.code === 'TOO_MANY_REQUESTS') return { form: error.message || MSG.tooManyAttempts };
  const messages = error.inputValidation;
  const own = messages?.[field]?.[0];
  if (own) return { [field]: own };
  const other = Object.values(messages ?? {})[0]?.[0];
  return { form: other ?? error.message };
}

export function MobileCodeFlow({
  request,
  onConfirmed,
  onStepChange,
  onWhyMobile,
  intro = true,
  focusMobile = false,
}: MobileCodeFlowProps) {
  const startAtCode =
    request.sendOnOpen === true && typeof request.mobile === 'string' && request.mobile !== '';
  const [step, setStep] = useState<MobileFlowStep>(startAtCode ? 'code' : 'mobile');
  const [mobile, setMobile] = useState(request.mobile ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const codeRef = useRef<HTMLInputElement>(null);
  const mobileRef = useRef<HTMLInputElement>(null);
  const sentOnOpen = useRef(false);
  // Set again by 'Change mobile', whose shopper is about to type.
  const mobileTakesFocus = useRef(focusMobile);
  const ids = { mobile: useId(), code: useId(), form: useId() };
  const expiredJwt = request.expiredJwt ?? null;

  const onConfirmedRef = useRef(onConfirmed);
  onConfirmedRef.current = onConfirmed;
  const onStepChangeRef = useRef(onStepChange);
  onStepChangeRef.current = onStepChange;

  useEffect(() => {
    onStepChangeRef.current?.(step);
    // The step's field takes focus so the phone's keyboard (and at the code step its one-time-code
    // suggestion) is ready; deferred, because a popup focuses itself after its content mounts.
    const field =
      step === 'code' ? codeRef : step === 'mobile' && mobileTakesFocus.current ? mobileRef : null;
    if (field === null) return;
    const timer = window.setTimeout(() => field.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [step]);

  // The resend countdown ticks only while it runs.
  const counting = step === 'code' && now < resendAt;
  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [counting]);

  async function send(target: string, resend: boolean): Promise<boolean> {
    setBusy(true);
    setErrors({});
    setNotice(null);
    try {
      await sendMobileCode(target);
      const sentAt = Date.now();
      setNow(sentAt);
      setResendAt(sentAt + RESEND_WAIT_S * 1_000);
      if (resend) setNotice(MSG.codeResent);
      return true;
    } catch (error) {
      const message = refusal(error, 'mobile');
      if (message) setErrors(message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  // [AUTH-19] Reconfirming an expired link sends the code as the popup opens, once for the request
  // the popup opened with.
  // biome-ignore lint/correctness/useExhaustiveDependencies: send is recreated every render
  useEffect(() => {
    if (!startAtCode || sentOnOpen.current || !request.mobile) return;
    sentOnOpen.current = true;
    void send(request.mobile, false);
  }, [startAtCode, request.mobile]);

  // [AUTH-17, CONST-03] Success shows for 2 seconds before the caller carries on.
  const [jwt, setJwt] = useState<string | null>(null);
  useEffect(() => {
    if (step !== 'success' || jwt === null) return;
    const timer = window.setTimeout(() => onConfirmedRef.current(jwt), MOBILE_POPUP_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [step, jwt]);

  async function onSubmitMobile(event: FormEvent) {
    event.preventDefault();
    const invalid = validateSendCode({ mobile }); // [VAL-01]
    if (invalid.mobile) {
      setErrors({ mobile: invalid.mobile });
      mobileRef.current?.focus();
      return;
    }
    if (await send(mobile, false)) {
      setCode('');
      setStep('code');
    }
  }

  async function onSubmitCode(event: FormEvent) {
    event.preventDefault();
    const invalid = validateConfirmCode({ mobile, code }); // [VAL-02]
    if (invalid.code || invalid.mobile) {
      setErrors({ code: invalid.code ?? invalid.mobile });
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    setNotice(null);
    try {
      const result = await confirmMobileCode({ mobile, code, expiredJwt });
      if (result.ok) {
        setJwt(result.jwt);
        setStep('success');
        return;
      }
      const message =
        result.fieldErrors.code?.[0] ??
        result.fieldErrors.mobile?.[0] ??
        Object.values(result.fieldErrors)[0]?.[0];
      setErrors({ code: message ?? MSG.validCode });
      codeRef.current?.focus();
    } catch (error) {
      const message = refusal(error, 'code');
      if (message) setErrors(message);
    } finally {
      setBusy(false);
    }
  }

  if (step === 'success') {
    return (
      <div className="mobile-flow mobile-flow--success" role="status">
        <span className="mobile-flow__success-icon">
          <CheckIcon />
        </span>
        <p className="mobile-flow__success-title">{MSG.mobileVerifiedTitle}</p>
        <p className="mobile-flow__muted">{MSG.mobileVerifiedText}</p>
      </div>
    );
  }

  const formError = errors.form ? (
    <p className="auth-alert" role="alert" id={ids.form}>
      {errors.form}
    </p>
  ) : null;

  if (step === 'code') {
    const waitS = Math.max(0, Math.ceil((resendAt - now) / 1_000));
    return (
      <form className="mobile-flow" onSubmit={onSubmitCode} noValidate aria-busy={busy}>
        <p className="mobile-flow__lead">
          {MSG.codeSentTo} <strong className="mobile-flow__number">{formatMobileNational(mobile)}</strong>.
        </p>
        <div className="field">
          <label className="field__label" htmlFor={ids.code}>
            {MSG.codeLabel}
          </label>
          <input
            ref={codeRef}
            id={ids.code}
            className="field__input field__input--code"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={errors.code ? `${ids.code}-error` : undefined}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
          <FieldError id={`${ids.code}-error`} message={errors.code} />
        </div>
        {formError}
        {notice ? (
          <p className="auth-notice" role="status">
            {notice}
          </p>
        ) : null}
        <Button type="submit" block disabled={busy}>
          {busy ? <Spinner size={18} /> : null}
          {busy ? MSG.checkingCode : MSG.confirmCode}
        </Button>
        <div className="mobile-flow__row">
          <Button
            variant="ghost"
            disabled={busy || waitS > 0}
            onClick={() => {
              setCode('');
              void send(mobile, true);
            }}
          >
            {waitS > 0 ? `${MSG.resendCodeIn} ${waitS}s` : MSG.resendCode}
          </Button>
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => {
              setErrors({});
              setNotice(null);
              mobileTakesFocus.current = true;
              setStep('mobile');
            }}
          >
            {MSG.changeMobile}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form className="mobile-flow" onSubmit={onSubmitMobile} noValidate aria-busy={busy}>
      {intro ? (
        <p className="mobile-flow__lead">{expiredJwt ? MSG.reconfirmIntro : MSG.mobileIntro}</p>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor={ids.mobile}>
          {MSG.mobileLabel}
        </label>
        <input
          ref={mobileRef}
          id={ids.mobile}
          className="field__input"
          name="mobile"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={MSG.mobilePlaceholder}
          value={mobile}
          aria-invalid={errors.mobile ? true : undefined}
          aria-describedby={errors.mobile ? `${ids.mobile}-error` : undefined}
          onChange={(event) => setMobile(event.target.value)}
        />
        <FieldError id={`${ids.mobile}-error`} message={errors.mobile} />
      </div>
      {formError}
      <Button type="submit" block disabled={busy}>
        {busy ? <Spinner size={18} /> : null}
        {busy ? MSG.sendingCode : MSG.sendCode}
      </Button>
      {onWhyMobile ? (
        <button type="button" className="link-button mobile-flow__why" onClick={() => onWhyMobile(mobile)}>
          {MSG.whyMobile}
        </button>
      ) : null}
    </form>
  );
}
