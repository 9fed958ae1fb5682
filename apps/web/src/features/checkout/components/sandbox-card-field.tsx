// [CHK-15] The sandbox card field (no publishable key): number, expiry and CVC, turned into the card
// provider's test payment method id in the browser; no card number ever leaves it (DECISIONS.md
// "Sandbox mode"). Errors show on the field [VAL-33].
import { MSG } from '@quokka/contract/messages';
import { type RefObject, useId, useImperativeHandle, useState } from 'react';
import {
  type SandboxCardField as Field,
  formatCardNumber,
  formatExpiry,
  isCardEmpty,
  sandboxPaymentMethod,
} from '../sandbox-cards';
import type { CardFieldHandle } from './card-field';

export interface SandboxCardFieldProps {
  handleRef: RefObject<CardFieldHandle | null>;
  /** An error to show on the field (a refused payment, or a missing card). */
  error: string | null;
  errorDetail?: string | null;
  onInput: () => void;
}

export function SandboxCardField({ handleRef, error, errorDetail, onInput }: SandboxCardFieldProps) {
  const id = useId();
  const [values, setValues] = useState({ number: '', expiry: '', cvc: '' });
  const [invalid, setInvalid] = useState<Field | null>(null);

  useImperativeHandle(
    handleRef,
    () => ({
      isEmpty: () => isCardEmpty(values),
      createPaymentMethod: async () => {
        const result = sandboxPaymentMethod(values);
        if (result.ok) {
          setInvalid(null);
          return { ok: true, id: result.paymentMethodId };
        }
        setInvalid(result.field);
        return { ok: false, message: result.message };
      },
    }),
    [values],
  );

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setInvalid(null);
    onInput();
  }

  const errorId = `${id}-error`;
  const describedBy = error ? errorId : undefined;

  return (
    <div className={error ? 'card-field card-field--error' : 'card-field'}>
      <div className="card-field__box">
        <label className="card-field__label" htmlFor={`${id}-number`}>
          {MSG.cardNumberLabel}
        </label>
        <input
          id={`${id}-number`}
          className="card-field__input card-field__input--number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          aria-invalid={invalid === 'number' || (error !== null && invalid === null)}
          aria-describedby={describedBy}
          value={values.number}
          onChange={(event) => change('number', formatCardNumber(event.target.value))}
        />
        <div className="card-field__row">
          <div>
            <label className="card-field__label" htmlFor={`${id}-expiry`}>
              {MSG.cardExpiryLabel}
            </label>
            <input
              id={`${id}-expiry`}
              className="card-field__input"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              aria-invalid={invalid === 'expiry'}
              aria-describedby={describedBy}
              value={values.expiry}
              onChange={(event) => change('expiry', formatExpiry(event.target.value))}
            />
          </div>
          <div>
            <label className="card-field__label" htmlFor={`${id}-cvc`}>
              {MSG.cardCvcLabel}
            </label>
            <input
              id={`${id}-cvc`}
              className="card-field__input"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              aria-invalid={invalid === 'cvc'}
              aria-describedby={describedBy}
              value={values.cvc}
              onChange={(event) => change('cvc', event.target.value.replace(/\D/g, '').slice(0, 4))}
            />
          </div>
        </div>
      </div>
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
          {errorDetail ? <span className="field-error__detail">{errorDetail}</span> : null}
        </p>
      ) : null}
      <p className="card-field__note">{MSG.sandboxCardNote}</p>
    </div>
  );
}
