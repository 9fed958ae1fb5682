// [I16-checkout-giftcard] 'Apply gift card' on /checkout: the 16-digit number, Apply, then the card's line
// ('Gift card •••• 1234 −$19.95') with Remove. The server says what the card pays (its seller's items, up
// to its balance) or why it cannot; its message shows under the field. The totals and the pay bar show
// what is left to pay (checkout-summary.tsx, pay-bar.tsx).
import { type Cents, formatCents } from '@quokka/contract/money';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { checkGiftCard, type GiftCardQuote } from '../api/check-gift-card';

export const GIFT_CARD_APPLY_TEXT = {
  title: 'Apply gift card',
  label: 'Gift card number',
  apply: 'Apply',
  applying: 'Checking…',
  remove: 'Remove',
  line: (last4: string) => `Gift card •••• ${last4}`,
  pays: (cents: Cents, seller: string) => `Pays ${formatCents(cents)} of ${seller}'s items.`,
  enterNumber: 'Enter the 16-digit gift card number.',
  failed: 'We could not check this gift card. Please try again.',
} as const;

export interface AppliedGiftCard {
  /** As typed (digits only), sent again with the order. */
  number: string;
  quote: GiftCardQuote;
}

export interface GiftCardApplyProps {
  applied: AppliedGiftCard | null;
  onApplied: (card: AppliedGiftCard | null) => void;
}

export function GiftCardApply({ applied, onApplied }: GiftCardApplyProps) {
  const fieldId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply() {
    const digits = value.replace(/[\s-]/g, '');
    if (!/^\d{16}$/.test(digits)) {
      setError(GIFT_CARD_APPLY_TEXT.enterNumber);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const quote = await checkGiftCard(digits);
      onApplied({ number: digits, quote });
      setValue('');
    } catch (caught) {
      setError(caught instanceof ApiError && caught.message ? caught.message : GIFT_CARD_APPLY_TEXT.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="checkout-card gift-card-apply" aria-labelledby={`${fieldId}-title`}>
      <h2 className="checkout-card__title" id={`${fieldId}-title`}>
        {GIFT_CARD_APPLY_TEXT.title}
      </h2>
      {applied ? (
        <div className="gift-card-apply__applied">
          <p className="gift-card-apply__line">
            <span>{GIFT_CARD_APPLY_TEXT.line(applied.quote.last4)}</span>{' '}
            <strong>−{formatCents(applied.quote.applies_cents)}</strong>
          </p>
          <p className="gift-card-apply__note">
            {GIFT_CARD_APPLY_TEXT.pays(applied.quote.applies_cents, applied.quote.seller_name)}
          </p>
          <Button variant="secondary" onClick={() => onApplied(null)}>
            {GIFT_CARD_APPLY_TEXT.remove}
          </Button>
        </div>
      ) : (
        <form
          className="gift-card-apply__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void apply();
          }}
        >
          <label className="gift-card-apply__label" htmlFor={fieldId}>
            {GIFT_CARD_APPLY_TEXT.label}
          </label>
          <div className="gift-card-apply__row">
            <input
              id={fieldId}
              className="gift-card-apply__input"
              inputMode="numeric"
              autoComplete="off"
              maxLength={23}
              placeholder="1234 5678 9012 3456"
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setValue(event.target.value);
                if (error) setError(null);
              }}
            />
            <Button type="submit" aria-disabled={busy}>
              {busy ? GIFT_CARD_APPLY_TEXT.applying : GIFT_CARD_APPLY_TEXT.apply}
            </Button>
          </div>
          {error ? (
            <p className="gift-card-apply__error" id={errorId} role="alert">
              {error}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
