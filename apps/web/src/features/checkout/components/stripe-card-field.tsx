// [CHK-15, API-05] The card provider's own card field (Stripe Elements), when the page has a publishable
// key: the card goes from this field to Stripe, and only the payment method id comes back to us. Loaded
// on demand, so pages that never show it never download it.

import { MSG } from '@quokka/contract/messages';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type RefObject, useImperativeHandle, useState } from 'react';
import type { CardFieldHandle } from './card-field';

const stripes = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

export interface StripeCardFieldProps {
  publishableKey: string;
  handleRef: RefObject<CardFieldHandle | null>;
  error: string | null;
  errorDetail?: string | null;
  onInput: () => void;
}

function CardInput({ handleRef, error, errorDetail, onInput }: Omit<StripeCardFieldProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [empty, setEmpty] = useState(true);
  const [fieldError, setFieldError] = useState<string | null>(null);

  useImperativeHandle(
    handleRef,
    () => ({
      isEmpty: () => empty,
      createPaymentMethod: async () => {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return { ok: false, message: MSG.paymentError };
        const { paymentMethod, error: stripeError } = await stripe.createPaymentMethod({
          type: 'card',
          card,
        });
        if (stripeError || !paymentMethod)
          return { ok: false, message: stripeError?.message ?? MSG.paymentError };
        return { ok: true, id: paymentMethod.id };
      },
    }),
    [stripe, elements, empty],
  );

  const shown = fieldError ?? error;
  return (
    <div className={shown ? 'card-field card-field--error' : 'card-field'}>
      <div className="card-field__box card-field__box--stripe">
        <CardElement
          options={{ hidePostalCode: true, style: { base: { fontSize: '16px', color: '#1f2937' } } }}
          onChange={(event) => {
            setEmpty(event.empty);
            setFieldError(event.error?.message ?? null);
            onInput();
          }}
        />
      </div>
      {shown ? (
        <p className="field-error" role="alert">
          {shown}
          {!fieldError && errorDetail ? <span className="field-error__detail">{errorDetail}</span> : null}
        </p>
      ) : null}
    </div>
  );
}

export function StripeCardField({ publishableKey, ...props }: StripeCardFieldProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardInput {...props} />
    </Elements>
  );
}
