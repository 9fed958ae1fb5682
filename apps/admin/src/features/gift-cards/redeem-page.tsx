// [I16-redeem] Redeem a gift card in store (POST /admin/api/gift-cards/lookup and /redeem; docs/
// gift-card-redemption.md). Vendors see it at /gift-cards, operators at /gift-cards/redeem. Type the card's
// 16 digits (grouped 4-4-4-4 as typed), see its value, balance and expiry, redeem all of it or a part in
// dollars and cents (read exactly as integer cents, never through a float), and see the new balance.
// Redeeming asks for the passkey when the last check is older than 5 minutes (the API client does it).
// One request key per redemption meant: a retry after a lost answer cannot spend twice.
import type { RedeemableGiftCard, RedeemGiftCardReply } from '@quokka/contract/api/gift-card-redemption';
import { longDate } from '@quokka/contract/calendar-dates';
import { readAmount } from '@quokka/contract/money';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, requestKey } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { money, shopTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { lookUpGiftCard } from './api/look-up-gift-card';
import { redeemGiftCard } from './api/redeem-gift-card';
import './gift-cards.css';

const digitsOf = (value: string) => value.replace(/\D/g, '').slice(0, 16);
const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

const KIND_LABELS: Record<string, string> = {
  in_store: 'Redeemed in store',
  order: 'Spent online',
  order_give_back: 'Given back',
};

/** What the amount field says: cents to redeem, or why not. */
export function amountToRedeem(
  mode: 'all' | 'part',
  typed: string,
  balance: number,
): { cents: number } | { error: string } {
  if (mode === 'all') return { cents: balance };
  if (typed.trim() === '') return { error: 'Enter the amount to redeem.' };
  // [I27-amounts] The contract's reader: '12,50' is refused with its message, never read as 1250 dollars.
  const read = readAmount(typed);
  if ('error' in read) return read;
  const { cents } = read;
  if (cents <= 0) return { error: 'Enter an amount of at least $0.01.' };
  if (cents > balance)
    return { error: `The card's balance is ${money(balance)}: enter ${money(balance)} or less.` };
  return { cents };
}

export function RedeemPage() {
  const { api } = useSession();
  const [digits, setDigits] = useState('');
  const [card, setCard] = useState<RedeemableGiftCard | null>(null);
  const [mode, setMode] = useState<'all' | 'part'>('all');
  const [typed, setTyped] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<RedeemGiftCardReply | null>(null);
  // The key of the redemption being made: kept while the same amount is retried, new after a change.
  const [intent, setIntent] = useState<{ key: string; cents: number; number: string } | null>(null);

  const lookup = useMutation({
    mutationFn: (number: string) => lookUpGiftCard(api, { gift_card_no: number }),
    onSuccess: (found) => {
      setCard(found);
      setMode('all');
      setTyped('');
      setIntent(null);
      setFormError(null);
    },
    onError: () => setCard(null),
  });

  const redeem = useMutation({
    mutationFn: (input: { key: string; cents: number; number: string }) =>
      redeemGiftCard(api, {
        gift_card_no: input.number,
        amount_cents: input.cents,
        idempotency_key: input.key,
      }),
    onSuccess: (reply) => {
      setDone(reply);
      setCard(reply.card);
      setIntent(null);
    },
    // Refused (another counter spent it first, it was voided…): show the card as it is now. A lost answer
    // (offline, 5xx) keeps the card and the key, so pressing Redeem again cannot spend twice.
    onError: (error, input) => {
      if (error instanceof ApiError && error.status === 409) {
        lookUpGiftCard(api, { gift_card_no: input.number })
          .then((found) => {
            setCard(found);
            setIntent(null);
          })
          .catch(() => undefined);
      }
    },
  });

  function find(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    redeem.reset();
    if (digits.length !== 16) {
      setFormError('A gift card number is 16 digits.');
      return;
    }
    setFormError(null);
    lookup.mutate(digits);
  }

  function submitRedeem(event: FormEvent) {
    event.preventDefault();
    if (!card) return;
    const amount = amountToRedeem(mode, typed, card.balance_cents);
    if ('error' in amount) {
      setFormError(amount.error);
      return;
    }
    setFormError(null);
    const number = digitsOf(card.gift_card_no);
    const next =
      intent && intent.cents === amount.cents && intent.number === number
        ? intent
        : { key: requestKey('redeem'), cents: amount.cents, number };
    setIntent(next);
    redeem.mutate(next);
  }

  function another() {
    setDigits('');
    setCard(null);
    setDone(null);
    setIntent(null);
    setTyped('');
    setFormError(null);
    lookup.reset();
    redeem.reset();
  }

  const spendable = card?.status === 'spendable';
  return (
    <section className="redeem">
      <div className="page-head">
        <h1>Redeem a gift card</h1>
      </div>

      <form className="panel redeem-find" onSubmit={find} aria-label="Find a gift card">
        <div className="field">
          <label htmlFor="redeem-number">Gift card number</label>
          <input
            id="redeem-number"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            placeholder="1234 5678 9012 3456"
            value={grouped(digits)}
            onChange={(event) => setDigits(digitsOf(event.target.value))}
          />
        </div>
        <button type="submit" className="button primary" disabled={lookup.isPending}>
          {lookup.isPending ? 'Looking up…' : 'Look up'}
        </button>
      </form>

      {lookup.isError && (
        <p className="error" role="alert">
          {errorText(lookup.error)}
        </p>
      )}

      {done && (
        <div className="panel redeem-done" role="status">
          <h2>{done.replayed ? 'Already redeemed' : 'Redeemed'}</h2>
          <p>
            Redeemed <strong>{money(done.redemption.amount_cents)}</strong> from card {done.card.gift_card_no}
            .
          </p>
          <p>
            New balance: <strong>{money(done.card.balance_cents)}</strong>
          </p>
          <button type="button" className="button secondary" onClick={another}>
            Redeem another card
          </button>
        </div>
      )}

      {card && (
        <article className="panel redeem-card" aria-label={`Gift card ${card.gift_card_no}`}>
          <h2>{card.gift_card_no}</h2>
          <dl className="redeem-facts">
            <div>
              <dt>Seller</dt>
              <dd>{card.seller_name}</dd>
            </div>
            <div>
              <dt>Value</dt>
              <dd>{money(card.amount_cents)}</dd>
            </div>
            <div>
              <dt>Balance</dt>
              <dd>
                <strong>{money(card.balance_cents)}</strong>
              </dd>
            </div>
            <div>
              <dt>Expires</dt>
              <dd>{card.valid_until_date ? longDate(card.valid_until_date) : '—'}</dd>
            </div>
          </dl>
          <p className={spendable ? 'redeem-status ok' : 'redeem-status warn'}>{card.status_text}</p>

          {spendable && !done && (
            <form onSubmit={submitRedeem} aria-label="Redeem">
              <fieldset className="redeem-mode">
                <legend>How much</legend>
                <label>
                  <input type="radio" name="mode" checked={mode === 'all'} onChange={() => setMode('all')} />{' '}
                  All of it ({money(card.balance_cents)})
                </label>
                <label>
                  <input
                    type="radio"
                    name="mode"
                    checked={mode === 'part'}
                    onChange={() => setMode('part')}
                  />{' '}
                  Part
                </label>
              </fieldset>
              {mode === 'part' && (
                <div className="field">
                  <label htmlFor="redeem-amount">Amount ($)</label>
                  <input
                    id="redeem-amount"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0.00"
                    value={typed}
                    onChange={(event) => setTyped(event.target.value)}
                  />
                </div>
              )}
              <button type="submit" className="button primary" disabled={redeem.isPending}>
                {redeem.isPending ? 'Redeeming…' : 'Redeem'}
              </button>
            </form>
          )}

          {card.redemptions.length > 0 && (
            <>
              <h3>Recent</h3>
              <ul className="redeem-history">
                {card.redemptions.map((row) => (
                  <li key={row.id}>
                    <span>{shopTime(row.created_at)}</span>
                    <span>{KIND_LABELS[row.kind] ?? row.kind}</span>
                    <span>{money(Math.abs(row.amount_cents))}</span>
                    <span className="sub">
                      left {money(row.balance_after_cents)}
                      {row.staff_name ? ` · ${row.staff_name}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </article>
      )}

      {formError && (
        <p className="error" role="alert">
          {formError}
        </p>
      )}
      {redeem.isError && (
        <p className="error" role="alert">
          {errorText(redeem.error)}
        </p>
      )}
    </section>
  );
}
