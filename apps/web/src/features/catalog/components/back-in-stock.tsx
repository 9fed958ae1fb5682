// [I31] "Text me when it's back" on a sold-out product page (docs/automations.md "Back in stock"). Shown
// only when the product's seller offers it, with the words of the consent beside the button (this one
// text only). A signed-in member taps once, and may then say "Don't text me"; a visitor gives a mobile and
// proves it with the one-time code in a small form here, and the ask carries the code's token. Loaded on
// demand (product-details.tsx) when the page has a sold-out item: never on a product page's first load.
import { STOCK_ALERT_TEXTS } from '@quokka/contract/api/automations';
import { MSG } from '@quokka/contract/messages';
import { formatMobileNational, isAuMobile } from '@quokka/contract/mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '../../../components/forms/field-error';
import { Button } from '../../../components/ui/button';
import { ApiError, NoResponseError } from '../../../lib/api-client';
import { useAppState } from '../../../lib/app-state';
import {
  askStockAlert,
  cancelStockAlert,
  confirmStockAlertCode,
  getStockAlertStatus,
  sendStockAlertCode,
  stockAlertQueryKey,
} from '../api/stock-alerts';
import type { SoldOutItem } from './sold-out-items';
import './back-in-stock.css';

export interface BackInStockProps {
  /** The product of the page (the parent of a configurable product). */
  productId: number;
  /**
   * The sold-out items the shopper may ask for (sold-out-items.ts); never empty. The page keys the box by
   * their ids, so another choice on the page starts the box again.
   */
  items: SoldOutItem[];
}

export const BACK_IN_STOCK_TEXT = {
  heading: 'Sold out',
  which: 'Which one?',
  sentTo: (mobile: string) => `We’ll text ${mobile} once when it’s back.`,
  codeSentTo: (mobile: string) => `We sent a code to ${mobile}.`,
  otherNumber: 'Use another number',
  failed: 'That did not work. Please try again.',
  offline: 'We couldn’t reach the shop. Check your connection, then try again.',
} as const;

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message || BACK_IN_STOCK_TEXT.failed;
  if (error instanceof NoResponseError) return BACK_IN_STOCK_TEXT.offline;
  return BACK_IN_STOCK_TEXT.failed;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'mobile' }
  | { kind: 'code'; mobile: string }
  | { kind: 'done'; mobile: string };

export default function BackInStock({ productId, items }: BackInStockProps) {
  const signedIn = useAppState((state) => state.auth.isSignedIn);
  const queryClient = useQueryClient();
  const key = stockAlertQueryKey(productId, signedIn);
  const status = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getStockAlertStatus(productId, signedIn, signal),
    staleTime: 60_000,
  });
  const ids = useId();
  const [chosenId, setChosenId] = useState<number>(items[0]!.id);
  const chosen = items.find((item) => item.id === chosenId) ?? items[0]!;
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<{ mobile?: string; code?: string }>({});
  const mobileRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (step.kind === 'mobile') mobileRef.current?.focus();
    if (step.kind === 'code') codeRef.current?.focus();
    if (step.kind === 'done') doneRef.current?.focus();
  }, [step.kind]);

  if (!status.data?.offered) return null;
  const waiting = status.data.waiting.includes(chosen.id);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  function onAsk() {
    if (signedIn) {
      void run(async () => {
        await askStockAlert(chosen.id, 'member');
        await refresh();
      });
      return;
    }
    setStep({ kind: 'mobile' });
  }

  function onCancel() {
    void run(async () => {
      await cancelStockAlert(chosen.id);
      await refresh();
    });
  }

  function onSendCode(event: FormEvent) {
    event.preventDefault();
    if (!isAuMobile(mobile)) {
      setFieldError({ mobile: MSG.validMobile });
      mobileRef.current?.focus();
      return;
    }
    setFieldError({});
    void run(async () => {
      await sendStockAlertCode(mobile);
      setCode('');
      setStep({ kind: 'code', mobile });
    });
  }

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (step.kind !== 'code') return;
    if (code.replace(/\s+/g, '') === '') {
      setFieldError({ code: MSG.validCode });
      codeRef.current?.focus();
      return;
    }
    setFieldError({});
    void run(async () => {
      let jwt: string;
      try {
        jwt = await confirmStockAlertCode(step.mobile, code);
      } catch (caught) {
        // A wrong code belongs under the code field.
        if (caught instanceof ApiError && caught.status === 400) {
          setFieldError({ code: caught.message || MSG.validCode });
          codeRef.current?.focus();
          return;
        }
        throw caught;
      }
      const reply = await askStockAlert(chosen.id, { jwt });
      setStep({ kind: 'done', mobile: reply.mobile });
    });
  }

  const wordsId = `${ids}-words`;
  const formError = error ? (
    <p className="back-in-stock__error field__error" role="alert">
      {error}
    </p>
  ) : null;

  return (
    <section className="back-in-stock" aria-labelledby={`${ids}-heading`}>
      <h2 className="back-in-stock__heading" id={`${ids}-heading`}>
        {BACK_IN_STOCK_TEXT.heading}
        {items.length === 1 && chosen.label ? `: ${chosen.label}` : ''}
      </h2>
      {items.length > 1 ? (
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-which`}>
            {BACK_IN_STOCK_TEXT.which}
          </label>
          <select
            id={`${ids}-which`}
            className="field__select"
            value={chosen.id}
            onChange={(event) => {
              setChosenId(Number(event.target.value));
              setError(undefined);
            }}
          >
            {items.map((item) => (
              <option key={item.id} value={item.id}>
                {item.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {step.kind === 'done' ? (
        <p className="back-in-stock__done" role="status" tabIndex={-1} ref={doneRef}>
          {BACK_IN_STOCK_TEXT.sentTo(step.mobile)}
        </p>
      ) : waiting ? (
        <div className="back-in-stock__row">
          <p className="back-in-stock__done" role="status">
            {STOCK_ALERT_TEXTS.waiting}
          </p>
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            {STOCK_ALERT_TEXTS.cancel}
          </Button>
        </div>
      ) : step.kind === 'idle' ? (
        <Button block disabled={busy} aria-describedby={wordsId} onClick={onAsk}>
          {STOCK_ALERT_TEXTS.button}
        </Button>
      ) : step.kind === 'mobile' ? (
        <form className="back-in-stock__form" onSubmit={onSendCode} noValidate aria-busy={busy}>
          <p className="back-in-stock__lead">{STOCK_ALERT_TEXTS.visitorIntro}</p>
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-mobile`}>
              {MSG.mobileLabel}
            </label>
            <input
              ref={mobileRef}
              id={`${ids}-mobile`}
              className="field__input"
              name="mobile"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={MSG.mobilePlaceholder}
              value={mobile}
              aria-invalid={fieldError.mobile ? true : undefined}
              aria-describedby={fieldError.mobile ? `${ids}-mobile-error` : wordsId}
              onChange={(event) => setMobile(event.target.value)}
            />
            <FieldError id={`${ids}-mobile-error`} message={fieldError.mobile} />
          </div>
          {formError}
          <Button type="submit" block disabled={busy}>
            {busy ? MSG.sendingCode : MSG.sendCode}
          </Button>
        </form>
      ) : (
        <form className="back-in-stock__form" onSubmit={onConfirm} noValidate aria-busy={busy}>
          <p className="back-in-stock__lead">
            {BACK_IN_STOCK_TEXT.codeSentTo(formatMobileNational(step.mobile))}
          </p>
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-code`}>
              {MSG.codeLabel}
            </label>
            <input
              ref={codeRef}
              id={`${ids}-code`}
              className="field__input"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              aria-invalid={fieldError.code ? true : undefined}
              aria-describedby={fieldError.code ? `${ids}-code-error` : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            <FieldError id={`${ids}-code-error`} message={fieldError.code} />
          </div>
          {formError}
          <Button type="submit" block disabled={busy}>
            {MSG.confirmCode}
          </Button>
          <button type="button" className="link-button" onClick={() => setStep({ kind: 'mobile' })}>
            {BACK_IN_STOCK_TEXT.otherNumber}
          </button>
        </form>
      )}
      {step.kind === 'idle' || step.kind === 'mobile' ? (
        <p className="back-in-stock__words" id={wordsId}>
          {status.data.words}
        </p>
      ) : null}
      {step.kind === 'idle' ? formError : null}
    </section>
  );
}
