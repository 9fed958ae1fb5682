// Gift cards (GET /admin/api/gift-cards): find a card by number, a recipient's or purchaser's mobile, or
// the order; its state, balance and every message sent for it; Resend (to the same or a corrected number,
// once per click; a corrected number asks for the passkey), Reschedule (a card not yet sent) and Void
// (refunds the purchaser what is left on it; asks for the passkey). [I27-mask] Numbers are listed masked
// to their last 4 digits; "Show number" gives one card's whole number after a passkey check.
import { type AdminGiftCard, giftCardStateSchema } from '@quokka/contract/api/admin';
import { shortDateTime } from '@quokka/contract/calendar-dates';
import { formatMobileNational, parseAuMobile } from '@quokka/contract/mobile';
import { AUSTRALIAN_TIME_ZONES, DEFAULT_ZONE, utcToZonedWallTime } from '@quokka/contract/timezones';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { GIFT_CARD_STATE_LABELS, GiftCardStateBadge, MessageStatusBadge } from '../../components/badges';
import { Dialog } from '../../components/dialog';
import { Pager } from '../../components/pager';
import { type ApiClient, queryString, requestKey } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { groupedCardNumber, money, plural, shopTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { DASHBOARD_QUERY_KEY } from '../dashboard/public';
import { GIFT_CARDS_QUERY_KEY, giftCardsQueryOptions } from './api/get-gift-cards';
import { rescheduleGiftCard } from './api/reschedule-gift-card';
import { resendGiftCard } from './api/resend-gift-card';
import { showGiftCardNumber } from './api/show-gift-card-number';
import { voidGiftCard } from './api/void-gift-card';
import './gift-cards.css';

type Open = { kind: 'resend' | 'reschedule' | 'void'; card: AdminGiftCard } | null;

export function GiftCardsPage() {
  const { api } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q') ?? '';
  const stateParam = params.get('state') ?? '';
  const state = giftCardStateSchema.safeParse(stateParam).success ? stateParam : '';
  const pageNumber = Math.max(1, Math.trunc(Number(params.get('page')) || 1));
  const [draftQ, setDraftQ] = useState(q);
  const [draftState, setDraftState] = useState(state);
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    setDraftQ(q);
    setDraftState(state);
  }, [q, state]);

  const query = useQuery({
    ...giftCardsQueryOptions(api, { q, state, page: pageNumber }),
    placeholderData: keepPreviousData,
  });

  const go = (nextQ: string, nextState: string, page = 1) =>
    navigate({
      pathname: '/gift-cards',
      search: queryString({ q: nextQ.trim(), state: nextState, page: page > 1 ? page : '' }),
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    go(draftQ, draftState);
  }

  const data = query.data;
  return (
    <section>
      <div className="page-head">
        <h1>Gift cards</h1>
        {/* [I16-redeem] In-store redemption, for the operator too. */}
        <Link className="button secondary" to="/gift-cards/redeem">
          Redeem a gift card
        </Link>
        {data && (
          <p className="outstanding">
            Outstanding: <strong>{money(data.outstanding_cents)}</strong>
            <span className="sub">left on live cards: unexpired, not voided</span>
          </p>
        )}
      </div>
      <form className="filters" onSubmit={submit} aria-label="Find gift cards">
        <div className="field grow">
          <label htmlFor="gc-q">Search</label>
          <input
            id="gc-q"
            type="search"
            placeholder="Card number, mobile or order number"
            value={draftQ}
            onChange={(event) => setDraftQ(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="gc-state">State</label>
          <select id="gc-state" value={draftState} onChange={(event) => setDraftState(event.target.value)}>
            <option value="">Any state</option>
            {Object.entries(GIFT_CARD_STATE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="filter-buttons">
          <button type="submit" className="button primary">
            Search
          </button>
        </div>
      </form>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {!data && query.isPending && <p className="muted">Loading gift cards…</p>}
      {data && (
        <>
          <p className="muted" aria-live="polite">
            {plural(data.total, 'card')}
          </p>
          {data.items.length === 0 && <p className="panel">No gift cards match.</p>}
          <ul className="cards">
            {data.items.map((card) => (
              <GiftCardItem key={card.id} card={card} onAction={(kind) => setOpen({ kind, card })} />
            ))}
          </ul>
          <Pager
            page={data.page}
            pageSize={data.page_size}
            total={data.total}
            onPage={(next) => go(q, state, next)}
          />
        </>
      )}
      {open?.kind === 'resend' && (
        <ResendDialog card={open.card} onClose={() => setOpen(null)} onDone={setDone} />
      )}
      {open?.kind === 'reschedule' && (
        <RescheduleDialog card={open.card} onClose={() => setOpen(null)} onDone={setDone} />
      )}
      {open?.kind === 'void' && (
        <VoidDialog card={open.card} onClose={() => setOpen(null)} onDone={setDone} />
      )}
    </section>
  );
}

function GiftCardItem({
  card,
  onAction,
}: {
  card: AdminGiftCard;
  onAction(kind: 'resend' | 'reschedule' | 'void'): void;
}) {
  const { api } = useSession();
  const [whole, setWhole] = useState<string | null>(null);
  // [I27-mask] One card's whole number, on request: the server asks for the passkey and audits it.
  const show = useMutation({
    mutationFn: () => showGiftCardNumber(api, card.id),
    onSuccess: (reply) => setWhole(groupedCardNumber(reply.gift_card_no)),
  });
  return (
    <li className="panel gift-card" aria-label={`Gift card ${cardName(card)}`}>
      <div className="gift-card-head">
        <p className="card-number">{whole ?? card.gift_card_no}</p>
        <button
          type="button"
          className="button link"
          aria-label={
            whole
              ? `Hide the number of gift card ${cardName(card)}`
              : `Show the number of gift card ${cardName(card)}`
          }
          disabled={show.isPending}
          onClick={() => (whole ? setWhole(null) : show.mutate())}
        >
          {whole ? 'Hide number' : show.isPending ? 'Checking…' : 'Show number'}
        </button>
        <GiftCardStateBadge state={card.state} />
        <p className="gift-card-amount">
          {money(card.amount_cents)}
          {card.balance_cents !== card.amount_cents && (
            <span className="sub">{money(card.balance_cents)} left</span>
          )}
        </p>
      </div>
      {show.isError && (
        <p className="error" role="alert">
          {errorText(show.error)}
        </p>
      )}
      <dl className="facts">
        <dt>Product</dt>
        <dd>{card.product_name}</dd>
        <dt>Recipient</dt>
        <dd>
          {card.recipient_name} · {formatMobileNational(card.recipient_mobile)}
        </dd>
        <dt>Purchaser</dt>
        <dd>{formatMobileNational(card.purchaser_mobile)}</dd>
        <dt>Order</dt>
        <dd>
          {card.order_id ? (
            <Link to={`/orders/${card.order_id}`}>#{card.order_increment_id ?? card.order_id}</Link>
          ) : (
            '—'
          )}
        </dd>
        <dt>Delivery</dt>
        <dd>
          {card.sent_at
            ? `Sent ${shopTime(card.sent_at)}`
            : card.scheduled_at
              ? `Scheduled ${wallTimeIn(card.scheduled_at, card.delivery_timezone)}`
              : 'Sends when the order is approved'}
        </dd>
        {card.valid_until && (
          <>
            <dt>Valid until</dt>
            <dd>{shopTime(card.valid_until)}</dd>
          </>
        )}
        {card.voided_at && (
          <>
            <dt>Voided</dt>
            <dd>
              {shopTime(card.voided_at)}
              {card.void_note && <span className="sub">{card.void_note}</span>}
            </dd>
          </>
        )}
      </dl>
      {card.messages.length > 0 && (
        <div>
          <h3 className="small-head">Messages</h3>
          <ul className="plain-list messages">
            {card.messages.map((message) => (
              <li key={message.id}>
                {shopTime(message.created_at)} · {message.kind.toUpperCase()} {purposeText(message.purpose)}{' '}
                to {formatMobileNational(message.to)}{' '}
                <MessageStatusBadge status={message.status} errorCode={message.error_code} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {(card.actions.resend || card.actions.reschedule || card.actions.void) && (
        <div className="actions">
          {card.actions.resend && (
            <button type="button" className="button secondary" onClick={() => onAction('resend')}>
              Resend
            </button>
          )}
          {card.actions.reschedule && (
            <button type="button" className="button secondary" onClick={() => onAction('reschedule')}>
              Reschedule
            </button>
          )}
          {card.actions.void && (
            <button type="button" className="button danger-outline" onClick={() => onAction('void')}>
              Void
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** 'ending 3456': how a card is named on screen and to screen readers (its number is masked). */
function cardName(card: AdminGiftCard): string {
  return `ending ${card.gift_card_no.replace(/\D/g, '').slice(-4)}`;
}

function purposeText(purpose: string): string {
  if (purpose === 'gift_card') return 'card';
  if (purpose === 'gift_card_receipt') return 'receipt';
  return purpose.replace(/_/g, ' ');
}

function wallTimeIn(iso: string, zone: string | null): string {
  const timeZone = zone ?? DEFAULT_ZONE;
  try {
    // [I34] The one date style: '24 Nov 2026, 12:00 pm (Sydney)'.
    return shortDateTime(utcToZonedWallTime(new Date(iso), timeZone), timeZone);
  } catch {
    return shopTime(iso);
  }
}

/** Runs one of the card's actions (api/) and refetches the list and the dashboard. */
function useGiftCardAction() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: (api: ApiClient) => Promise<AdminGiftCard>) => call(api),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: GIFT_CARDS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY });
    },
  });
}

interface ActionDialogProps {
  card: AdminGiftCard;
  onClose(): void;
  onDone(message: string): void;
}

function Failure({ error, problem }: { error: unknown; problem?: string | null }) {
  const text = problem ?? (error ? errorText(error) : null);
  return text ? (
    <p className="error" role="alert">
      {text}
    </p>
  ) : null;
}

function ResendDialog({ card, onClose, onDone }: ActionDialogProps) {
  const action = useGiftCardAction();
  // One key per click on 'Resend': sending this form twice (a retry, a double tap) sends one message.
  const [key] = useState(() => requestKey('resend'));
  const [mobile, setMobile] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const corrected = mobile.trim();
    if (corrected && !parseAuMobile(corrected))
      return setProblem('Enter an Australian mobile, like 0412 345 678.');
    setProblem(null);
    const to = corrected ? formatMobileNational(corrected) : formatMobileNational(card.recipient_mobile);
    action.mutate(
      (api) => resendGiftCard(api, card.id, { mobile: corrected || undefined, request_key: key }),
      {
        onSuccess: () => {
          onDone(`Gift card ${cardName(card)} sent again to ${to}.`);
          onClose();
        },
      },
    );
  }
  return (
    <Dialog title="Resend the gift card" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>
          The picture message goes again to {card.recipient_name},{' '}
          {formatMobileNational(card.recipient_mobile)}, unless you give a corrected number. A corrected
          number asks for your passkey: the message carries the whole card number.
        </p>
        <div className="field">
          <label htmlFor="resend-mobile">Corrected mobile (optional)</label>
          <input
            id="resend-mobile"
            type="tel"
            inputMode="tel"
            value={mobile}
            onChange={(event) => setMobile(event.target.value)}
          />
        </div>
        <Failure error={action.error} problem={problem} />
        <div className="dialog-buttons">
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={action.isPending}>
            {action.isPending ? 'Sending…' : 'Send again'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function RescheduleDialog({ card, onClose, onDone }: ActionDialogProps) {
  const action = useGiftCardAction();
  const zone0 = card.delivery_timezone ?? DEFAULT_ZONE;
  const current = card.scheduled_at ? safeWall(card.scheduled_at, zone0) : '';
  const [date, setDate] = useState(current.slice(0, 10));
  const [time, setTime] = useState(current.slice(11, 16) || '09:00');
  const [zone, setZone] = useState(zone0);
  const [problem, setProblem] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) {
      return setProblem('Choose a day and a time.');
    }
    setProblem(null);
    action.mutate(
      (api) =>
        rescheduleGiftCard(api, card.id, {
          scheduled_delivery: `${date} ${time}:00`,
          delivery_timezone: zone,
        }),
      {
        onSuccess: () => {
          onDone(`Gift card ${cardName(card)} now sends ${date} ${time}.`);
          onClose();
        },
      },
    );
  }
  return (
    <Dialog title="Reschedule the gift card" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="field-row">
          <div className="field">
            <label htmlFor="rs-date">Day</label>
            <input id="rs-date" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="rs-time">Time</label>
            <input id="rs-time" type="time" value={time} onChange={(event) => setTime(event.target.value)} />
          </div>
        </div>
        <div className="field">
          <label htmlFor="rs-zone">Time zone (the recipient's clock)</label>
          <select id="rs-zone" value={zone} onChange={(event) => setZone(event.target.value)}>
            {AUSTRALIAN_TIME_ZONES.map((option) => (
              <option key={option.zone} value={option.zone}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <Failure error={action.error} problem={problem} />
        <div className="dialog-buttons">
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={action.isPending}>
            {action.isPending ? 'Saving…' : 'Reschedule'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function safeWall(iso: string, zone: string): string {
  try {
    return utcToZonedWallTime(new Date(iso), zone);
  } catch {
    return '';
  }
}

function VoidDialog({ card, onClose, onDone }: ActionDialogProps) {
  const action = useGiftCardAction();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setProblem('Give a reason.');
    setProblem(null);
    action.mutate((api) => voidGiftCard(api, card.id, { reason: reason.trim() }), {
      onSuccess: (voided) => {
        onDone(`Gift card ${cardName(card)} is void. ${voided.void_note ?? ''}`.trim());
        onClose();
      },
    });
  }
  return (
    <Dialog title="Void the gift card" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>
          {card.balance_cents > 0
            ? `The card stops working and the purchaser gets what is left on it, ${money(card.balance_cents)} of ${money(card.amount_cents)}, back on their card.`
            : `The card stops working. All ${money(card.amount_cents)} of it was spent, so nothing is refunded.`}{' '}
          You may be asked for your passkey.
        </p>
        <div className="field">
          <label htmlFor="void-reason">Reason</label>
          <textarea
            id="void-reason"
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <Failure error={action.error} problem={problem} />
        <div className="dialog-buttons">
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button danger" disabled={action.isPending}>
            {action.isPending ? 'Voiding…' : 'Void card'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
