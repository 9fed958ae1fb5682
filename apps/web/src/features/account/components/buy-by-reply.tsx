// [I30] My Account › Text offers › "Buy by reply" (DECISIONS.md "Reply to buy"): what it does, in the
// exact words the server keeps as evidence, BEFORE the switch; the address it ships to; the saved card it
// charges (chosen from the member's saved cards); the switch. The switch shows its new state at once and
// PUTs it; the reply is then what shows, and a refusal (no saved card, no default address) puts it back
// and is said the way the page says it. A new card chosen while it is on is PUT at once; while off it is
// the card the switch turns it on with.
import { REPLY_TO_BUY_MSG, type ReplyToBuyReply } from '@quokka/contract/api/reply-to-buy';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { showMessage } from '../../../lib/app-state';
import { REPLY_TO_BUY_QUERY_KEY, setReplyToBuy, useReplyToBuy } from '../api/reply-to-buy';
import { AccountSection } from './account-section';
import { QueryStatus } from './query-status';
import './buy-by-reply.css';

const IDS = {
  section: 'buy-by-reply',
  words: 'buy-by-reply-words',
  label: 'buy-by-reply-label',
  card: 'buy-by-reply-card',
} as const;

export function BuyByReplySection() {
  const query = useReplyToBuy();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  /** The card picked in the list while off (undefined: the one the setting names, else the newest). */
  const [picked, setPicked] = useState<string | undefined>(undefined);

  const data = query.data;
  if (!data) {
    return (
      <AccountSection id={IDS.section} title={REPLY_TO_BUY_MSG.heading}>
        <QueryStatus failed={query.isError} onRetry={() => void query.refetch()} />
      </AccountSection>
    );
  }
  const cardId = picked ?? data.card?.id ?? data.cards[0]?.id;

  async function put(wanted: { enabled: boolean; payment_method?: string | undefined }) {
    if (busy || !data) return;
    setBusy(true);
    const before = data;
    await queryClient.cancelQueries({ queryKey: REPLY_TO_BUY_QUERY_KEY });
    queryClient.setQueryData<ReplyToBuyReply>(REPLY_TO_BUY_QUERY_KEY, {
      ...before,
      enabled: wanted.enabled,
      card: before.cards.find((card) => card.id === wanted.payment_method) ?? before.card,
    });
    try {
      const reply = await setReplyToBuy(wanted);
      queryClient.setQueryData(REPLY_TO_BUY_QUERY_KEY, reply);
      setPicked(undefined);
    } catch (error) {
      queryClient.setQueryData(REPLY_TO_BUY_QUERY_KEY, before);
      // Offline, server faults and an ended session are the shell's to say (api-client.ts); a refusal
      // is said here, in the server's words.
      if (error instanceof ApiError && error.status < 500 && error.status !== 401) {
        showMessage(error.message || REPLY_TO_BUY_MSG.notChanged);
      }
    } finally {
      setBusy(false);
    }
  }

  function toggle() {
    if (!data) return;
    void put(data.enabled ? { enabled: false } : { enabled: true, payment_method: cardId });
  }

  function chooseCard(id: string) {
    if (data?.enabled) void put({ enabled: true, payment_method: id });
    else setPicked(id);
  }

  return (
    <AccountSection id={IDS.section} title={REPLY_TO_BUY_MSG.heading}>
      <div className="acct-card buy-by-reply">
        {/* What it does comes first: the words turning it on records. */}
        <p className="buy-by-reply__words" id={IDS.words}>
          {data.words}
        </p>
        {!data.enabled && data.turned_off_via === 'stop' ? (
          <p className="text-offers__stopped" role="note">
            {REPLY_TO_BUY_MSG.offByStop}
          </p>
        ) : null}
        <dl className="acct-details buy-by-reply__facts">
          <div>
            <dt>{REPLY_TO_BUY_MSG.addressLabel}</dt>
            <dd>
              {data.address ? `${data.address.street}, ${data.address.suburb}` : REPLY_TO_BUY_MSG.noAddress}
            </dd>
          </div>
        </dl>
        {data.cards.length > 0 ? (
          <div className="buy-by-reply__card">
            <label htmlFor={IDS.card}>{REPLY_TO_BUY_MSG.cardLabel}</label>
            <select
              id={IDS.card}
              value={cardId ?? ''}
              aria-disabled={busy}
              onChange={(event) => {
                if (!busy) chooseCard(event.target.value);
              }}
            >
              {data.cards.map((card) => (
                <option key={card.id} value={card.id}>
                  {card.label}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="buy-by-reply__no-card">{REPLY_TO_BUY_MSG.noCards}</p>
        )}
        <div className="text-offer__row">
          <span className="text-offer__words" id={IDS.label}>
            {REPLY_TO_BUY_MSG.switchLabel}
          </span>
          {/* Not `disabled` while its PUT runs: a disabled button drops the focus to <body>. */}
          <button
            type="button"
            role="switch"
            className="text-offer__switch"
            aria-checked={data.enabled}
            aria-labelledby={IDS.label}
            aria-describedby={IDS.words}
            aria-disabled={busy}
            onClick={() => {
              if (!busy) toggle();
            }}
          >
            <span className="text-offer__track" aria-hidden="true">
              <span className="text-offer__thumb" />
            </span>
            <span className="text-offer__state" aria-hidden="true">
              {data.enabled ? REPLY_TO_BUY_MSG.on : REPLY_TO_BUY_MSG.off}
            </span>
          </button>
        </div>
      </div>
    </AccountSection>
  );
}
