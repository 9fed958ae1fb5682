// [CHK-13..15] 'Payment Information': saved cards as radio options with last4 and MM/YY [CHK-14], and
// 'Add New Card' with the card field [CHK-15]: Stripe's when the page has a publishable key [API-05],
// the sandbox's otherwise; a tickbox saves the card (cc_save). Errors show on the card field [VAL-33].
import { MSG } from '@quokka/contract/messages';
import { lazy, type RefObject, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { cardExpiry, type SavedCard, savedCardNumber } from '../api/saved-cards';
import type { CardFieldHandle } from './card-field';
import { SandboxCardField } from './sandbox-card-field';

const StripeCardField = lazy(() =>
  import('./stripe-card-field').then((m) => ({ default: m.StripeCardField })),
);

export const NEW_CARD = 'new';

export interface PaymentSectionProps {
  savedCards: readonly SavedCard[];
  selected: string | null;
  onSelect: (id: string) => void;
  saveCard: boolean;
  onSaveCard: (save: boolean) => void;
  publishableKey: string | null;
  handleRef: RefObject<CardFieldHandle | null>;
  /** 'Please enter a Card for Payment' or a payment error, shown on the card field. */
  error: string | null;
  errorDetail: string | null;
  onCardInput: () => void;
}

function LockIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

function brandName(brand: string): string {
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    jcb: 'JCB',
    unionpay: 'UnionPay',
  };
  return names[brand.toLowerCase()] ?? brand;
}

export function PaymentSection({
  savedCards,
  selected,
  onSelect,
  saveCard,
  onSaveCard,
  publishableKey,
  handleRef,
  error,
  errorDetail,
  onCardInput,
}: PaymentSectionProps) {
  const newCard = selected === NEW_CARD;
  const fieldProps = { handleRef, error: newCard ? error : null, errorDetail, onInput: onCardInput };
  return (
    <section className="checkout-card" aria-labelledby="checkout-payment-title">
      <div className="checkout-card__head">
        <h2 className="checkout-card__title" id="checkout-payment-title">
          {MSG.paymentInformation}
        </h2>
        <span className="secure-badge">
          <LockIcon />
          {MSG.secure}
        </span>
      </div>
      <fieldset className="choice-list">
        <legend className="visually-hidden">{MSG.paymentInformation}</legend>
        {savedCards.map((card) => (
          <label key={card.id} className={selected === card.id ? 'choice choice--selected' : 'choice'}>
            <input
              type="radio"
              name="payment-card"
              value={card.id}
              checked={selected === card.id}
              onChange={() => onSelect(card.id)}
            />
            <span className="choice__body choice__body--card">
              <span className={`card-brand card-brand--${card.brand.toLowerCase()}`}>
                {brandName(card.brand)}
              </span>{' '}
              {/* Seen as '**4242' as in the account [ACCT-15]; heard as 'ending in 4242'. The spaces
                  between the parts keep the radio's name 'Visa ending in 4242 Expires 12/28'. */}
              <span className="choice__title">
                <span className="card-number" aria-hidden="true">
                  {savedCardNumber(card)}
                </span>
                <span className="visually-hidden">{`${MSG.cardEndingIn} ${card.last4}`}</span>
              </span>{' '}
              <span className="choice__line choice__line--muted">
                {MSG.cardExpires} {cardExpiry(card)}
              </span>
            </span>
          </label>
        ))}
        <label className={newCard ? 'choice choice--selected' : 'choice'}>
          <input
            type="radio"
            name="payment-card"
            value={NEW_CARD}
            checked={newCard}
            onChange={() => onSelect(NEW_CARD)}
          />
          <span className="choice__body">
            <span className="choice__title">{MSG.addNewCard}</span>
          </span>
        </label>
      </fieldset>
      {newCard ? (
        <div className="new-card">
          {publishableKey ? (
            <Suspense fallback={<Spinner size={24} />}>
              <StripeCardField publishableKey={publishableKey} {...fieldProps} />
            </Suspense>
          ) : (
            <SandboxCardField {...fieldProps} />
          )}
          <label className="tickbox">
            <input
              type="checkbox"
              checked={saveCard}
              onChange={(event) => onSaveCard(event.target.checked)}
            />
            <span>{MSG.saveCard}</span>
          </label>
        </div>
      ) : error ? (
        <p className="field-error" role="alert">
          {error}
          {errorDetail ? <span className="field-error__detail">{errorDetail}</span> : null}
        </p>
      ) : null}
      <p className="secure-note">
        <LockIcon />
        <span>{MSG.securePayment}</span>
      </p>
    </section>
  );
}
