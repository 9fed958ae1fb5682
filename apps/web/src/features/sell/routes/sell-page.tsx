// [I32] /sell, "Sell with us" (docs/sellers.md "Applying to sell"): a business applies to sell. Every
// rule and message is the contract's (validateSellerApplication), so the server refuses exactly what this
// form would, and the server's input_validation is shown under the same fields. The mobile is proven with
// the one-time code here ("Send code", then "Code" and "Confirm"); the application goes with the code's
// token. Nothing typed is lost on an error, and the terms open in a new tab so the form stays as it is.
import {
  SELLER_APPLICATION_LIMITS,
  SELLER_APPLICATION_TEXTS,
  type SellerApplicationField,
  VENDOR_TERMS_HREF,
} from '@quokka/contract/api/seller-applications';
import { validateSellerApplication } from '@quokka/contract/api/seller-applications-requests';
import { MSG } from '@quokka/contract/messages';
import { formatMobileNational, isAuMobile } from '@quokka/contract/mobile';
import { type FieldErrors, fromInputValidation, hasErrors } from '@quokka/contract/wire';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '../../../components/forms/field-error';
import { TextField } from '../../../components/forms/text-field';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { ApiError, NoResponseError } from '../../../lib/api-client';
import { confirmSellerCode, sendSellerApplication, sendSellerCode } from '../api/seller-applications';
import '../sell.css';

const T = SELLER_APPLICATION_TEXTS;
const L = SELLER_APPLICATION_LIMITS;

interface Values {
  business_name: string;
  abn: string;
  contact_name: string;
  mobile: string;
  email: string;
  sells: string;
  website: string;
  terms_accepted: boolean;
}

type Field = SellerApplicationField;

const INITIAL: Values = {
  business_name: '',
  abn: '',
  contact_name: '',
  mobile: '',
  email: '',
  sells: '',
  website: '',
  terms_accepted: false,
};

/** Fields in form order, for focusing the first one with a message. */
const FIELD_ORDER: readonly Field[] = [
  'business_name',
  'abn',
  'contact_name',
  'mobile',
  'code',
  'email',
  'sells',
  'website',
  'terms_accepted',
];

export const SELL_PAGE_TEXT = {
  failed: 'That did not work. Please try again.',
  offline: 'We couldn’t reach the shop. Check your connection, then try again.',
  sending: 'Sending…',
  otherNumber: 'Use another number',
} as const;

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message || SELL_PAGE_TEXT.failed;
  if (error instanceof NoResponseError) return SELL_PAGE_TEXT.offline;
  return SELL_PAGE_TEXT.failed;
}

/** The mobile's proof: nothing yet, a code sent to a number, or the token of a confirmed one. */
type Proof =
  | { kind: 'none' }
  | { kind: 'code'; mobile: string }
  | { kind: 'confirmed'; mobile: string; jwt: string };

export function SellPage() {
  const id = useId();
  const fieldId = (field: Field) => `${id}-${field}`;
  const [values, setValues] = useState<Values>(INITIAL);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [proof, setProof] = useState<Proof>({ kind: 'none' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<null | 'code' | 'confirm' | 'apply'>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const refs = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const codeRef = useRef<HTMLInputElement | null>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (proof.kind === 'code') codeRef.current?.focus();
  }, [proof.kind]);
  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);

  const ref = (field: Field) => (element: HTMLElement | null) => {
    refs.current[field] = element;
  };

  function change<K extends keyof Values>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    // Another number needs its own code.
    if (field === 'mobile' && proof.kind !== 'none' && value !== proof.mobile) setProof({ kind: 'none' });
  }

  /** Shows the messages (all of them after a submit; beside the others after a code's step) and focuses the first. */
  function showErrors(found: FieldErrors<Field>, keepOthers = false) {
    setErrors((current) => (keepOthers ? { ...current, ...found } : found));
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) (first === 'code' ? codeRef.current : refs.current[first])?.focus();
  }

  async function onSendCode() {
    setFormError(null);
    if (!isAuMobile(values.mobile)) return showErrors({ mobile: MSG.validMobile }, true);
    setErrors((current) => ({ ...current, mobile: undefined, code: undefined }));
    setBusy('code');
    try {
      await sendSellerCode(values.mobile);
      setCode('');
      setProof({ kind: 'code', mobile: values.mobile });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400)
        showErrors({ mobile: caught.message || MSG.validMobile }, true);
      else setFormError(messageOf(caught));
    } finally {
      setBusy(null);
    }
  }

  async function onConfirm() {
    if (proof.kind !== 'code') return;
    setFormError(null);
    if (code.replace(/\s+/g, '') === '') return showErrors({ code: MSG.validCode }, true);
    setBusy('confirm');
    try {
      const jwt = await confirmSellerCode(proof.mobile, code);
      setErrors((current) => ({ ...current, mobile: undefined, code: undefined }));
      setProof({ kind: 'confirmed', mobile: proof.mobile, jwt });
    } catch (caught) {
      // A wrong code belongs under the code field.
      if (caught instanceof ApiError && caught.status === 400)
        showErrors({ code: caught.message || MSG.validCode }, true);
      else setFormError(messageOf(caught));
    } finally {
      setBusy(null);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found: FieldErrors<Field> = validateSellerApplication(values);
    if (!found.mobile && proof.kind !== 'confirmed') found.mobile = T.confirmMobile;
    if (hasErrors(found)) return showErrors(found);
    if (proof.kind !== 'confirmed') return;
    setBusy('apply');
    try {
      const reply = await sendSellerApplication({ ...values, terms_accepted: true, jwt: proof.jwt });
      setSentTo(reply.mobile);
    } catch (caught) {
      const fields = caught instanceof ApiError ? fromInputValidation(caught.inputValidation) : {};
      if (hasErrors(fields)) {
        // A proof the server did not take (expired, another number) needs a new code.
        if (fields.mobile) setProof({ kind: 'none' });
        showErrors(fields as FieldErrors<Field>);
      } else setFormError(messageOf(caught));
    } finally {
      setBusy(null);
    }
  }

  if (sentTo) {
    return (
      <Page title={T.heading}>
        <div className="card sell__sent" role="status">
          <h2 className="sell__sent-heading" tabIndex={-1} ref={sentRef}>
            {T.sentHeading}
          </h2>
          <p>{T.sentBody(sentTo)}</p>
        </div>
      </Page>
    );
  }

  const text = (field: Exclude<Field, 'terms_accepted' | 'code' | 'mobile' | 'sells'>) => ({
    id: fieldId(field),
    name: field,
    label: T.labels[field],
    value: values[field],
    error: errors[field],
    inputRef: ref(field),
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
  });

  const confirmed = proof.kind === 'confirmed';
  const mobileErrorId = `${fieldId('mobile')}-error`;
  const mobileStatusId = `${fieldId('mobile')}-status`;

  return (
    <Page title={T.heading}>
      <p className="page__lead">{T.lead}</p>
      <form className="card sell" onSubmit={onSubmit} noValidate aria-busy={busy !== null}>
        <TextField {...text('business_name')} autoComplete="organization" maxLength={L.businessName} />
        <TextField {...text('abn')} inputMode="numeric" autoComplete="off" maxLength={L.abn} />
        <TextField {...text('contact_name')} autoComplete="name" maxLength={L.contactName} />

        <div className="field">
          <label className="field__label" htmlFor={fieldId('mobile')}>
            {T.labels.mobile}
          </label>
          <div className="sell__row">
            <input
              ref={ref('mobile')}
              id={fieldId('mobile')}
              className="field__input"
              name="mobile"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={MSG.mobilePlaceholder}
              maxLength={L.mobile}
              value={values.mobile}
              aria-invalid={errors.mobile ? true : undefined}
              aria-describedby={
                [errors.mobile ? mobileErrorId : null, proof.kind !== 'none' ? mobileStatusId : null]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              onChange={(event) => change('mobile', event.target.value)}
            />
            {confirmed ? null : (
              <Button
                variant="secondary"
                className="sell__inline-button"
                disabled={busy !== null}
                onClick={onSendCode}
              >
                {busy === 'code' ? MSG.sendingCode : T.sendCode}
              </Button>
            )}
          </div>
          <FieldError id={mobileErrorId} message={errors.mobile} />
          {proof.kind === 'code' ? (
            <p className="field__hint" id={mobileStatusId}>
              {T.codeSent(formatMobileNational(proof.mobile))}
            </p>
          ) : null}
          {confirmed ? (
            <p className="sell__confirmed" id={mobileStatusId} role="status">
              {T.mobileConfirmed}
            </p>
          ) : null}
        </div>

        {proof.kind === 'code' ? (
          <div className="field">
            <label className="field__label" htmlFor={fieldId('code')}>
              {T.labels.code}
            </label>
            <div className="sell__row">
              <input
                ref={codeRef}
                id={fieldId('code')}
                className="field__input"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={12}
                value={code}
                aria-invalid={errors.code ? true : undefined}
                aria-describedby={errors.code ? `${fieldId('code')}-error` : undefined}
                onChange={(event) => {
                  setCode(event.target.value);
                  setErrors((current) => ({ ...current, code: undefined }));
                }}
              />
              <Button className="sell__inline-button" disabled={busy !== null} onClick={onConfirm}>
                {T.confirm}
              </Button>
            </div>
            <FieldError id={`${fieldId('code')}-error`} message={errors.code} />
          </div>
        ) : null}

        <TextField
          {...text('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={L.email}
        />

        <div className="field">
          <label className="field__label" htmlFor={fieldId('sells')}>
            {T.labels.sells}
          </label>
          <textarea
            ref={ref('sells')}
            id={fieldId('sells')}
            className="field__input sell__textarea"
            name="sells"
            rows={4}
            maxLength={L.sells}
            value={values.sells}
            aria-invalid={errors.sells ? true : undefined}
            aria-describedby={errors.sells ? `${fieldId('sells')}-error` : undefined}
            onChange={(event) => change('sells', event.target.value)}
          />
          <FieldError id={`${fieldId('sells')}-error`} message={errors.sells} />
        </div>

        <TextField
          {...text('website')}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="instagram.com/yourshop"
          maxLength={L.website}
        />

        <div className="field">
          <div className="sell__terms">
            <input
              ref={ref('terms_accepted')}
              id={fieldId('terms_accepted')}
              name="terms_accepted"
              type="checkbox"
              checked={values.terms_accepted}
              onChange={(event) => change('terms_accepted', event.target.checked)}
              aria-invalid={errors.terms_accepted ? true : undefined}
              aria-describedby={errors.terms_accepted ? `${fieldId('terms_accepted')}-error` : undefined}
            />
            {/* The terms open in a new tab: what is typed here stays as it is. */}
            <label htmlFor={fieldId('terms_accepted')}>
              {T.labels.terms_accepted.replace(/vendor terms$/, '')}
              <a href={VENDOR_TERMS_HREF} target="_blank" rel="noopener">
                vendor terms
              </a>
            </label>
          </div>
          <FieldError id={`${fieldId('terms_accepted')}-error`} message={errors.terms_accepted} />
        </div>

        {formError ? (
          <p className="field__error sell__form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <Button type="submit" block disabled={busy !== null}>
          {busy === 'apply' ? SELL_PAGE_TEXT.sending : T.submit}
        </Button>
      </form>
    </Page>
  );
}
