// [I34] A customer's page for operators (docs/back-office.md "A customer's page"), reached from an order's
// customer and from Members: who they are and whether they are suspended; their orders (each to its page);
// the gift cards they bought or hold, masked as the gift card console shows them; the texts sent to their
// mobile — what each was, when and how it went, never its words (they may hold a sign-in code or a private
// link); and their yes or no to each seller's text offers, with how and when, and a STOP over all of them.
import type {
  AdminCustomerReply,
  CustomerConsent,
  CustomerGiftCard,
  CustomerText,
} from '@quokka/contract/api/customer-admin';
import { messagePurposeLabel } from '@quokka/contract/api/customer-admin';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { formatMobileNational } from '@quokka/contract/mobile';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Badge, MessageStatusBadge, OrderStatusBadge, PaymentBadge } from '../../components/badges';
import { errorText } from '../../lib/error-text';
import { money, shopTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { customerQueryOptions } from './api/get-customer';
import './customers.css';

const day = new Intl.DateTimeFormat('en-AU', {
  timeZone: DEFAULT_TIMEZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
/** '1 Nov 2026': the shop's (Sydney) day of an instant. */
const shopDay = (iso: string) => day.format(new Date(iso));

const SOURCE_WORDS: Record<CustomerConsent['source'], string> = {
  checkout: 'at checkout',
  account: 'in My Account',
  keyword: 'by texting JOIN',
  import: 'in the seller’s import',
};
const VIA_WORDS: Record<string, string> = {
  account: 'in My Account',
  link: 'with the opt-out link',
  keyword: 'by texting STOP',
};

export function CustomerPage() {
  const { api } = useSession();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...customerQueryOptions(api, id), enabled: valid });
  return (
    <section className="customer-page">
      <Link to="/members" className="back-link">
        ← Members
      </Link>
      {!valid && <p className="panel">There is no such member.</p>}
      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {valid && query.isPending && <p className="muted">Loading the customer…</p>}
      {query.data && <CustomerView record={query.data} />}
    </section>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function CustomerView({ record }: { record: AdminCustomerReply }) {
  const { customer, orders, gift_cards: cards, texts, consent } = record;
  const name = `${customer.firstname} ${customer.lastname}`.trim() || 'Member';
  return (
    <>
      <h1>{name}</h1>
      <dl className="customer-facts panel">
        <dt>Mobile</dt>
        <dd>{formatMobileNational(customer.mobile)}</dd>
        <dt>Email</dt>
        <dd>{customer.email}</dd>
        <dt>Member since</dt>
        <dd>{shopDay(customer.created_at)}</dd>
        <dt>Status</dt>
        <dd className={customer.suspended_at ? 'customer-suspended' : undefined}>
          {customer.suspended_at
            ? `Suspended since ${shopTime(customer.suspended_at)}: ${customer.suspended_reason ?? ''}`
            : 'Active'}
        </dd>
      </dl>

      <Part id="customer-orders" title={`Orders (${orders.total})`}>
        {orders.total === 0 ? (
          <p className="muted">No orders yet.</p>
        ) : (
          <ul className="customer-list">
            {orders.items.map((order) => (
              <li key={order.id}>
                <p className="customer-row">
                  <Link to={`/orders/${order.id}`} className="strong-link">
                    Order #{order.increment_id}
                  </Link>
                  <strong>{money(order.grand_total_cents)}</strong>
                </p>
                <p className="muted small">{shopTime(order.created_at)}</p>
                <p className="badges">
                  <OrderStatusBadge status={order.status} /> <PaymentBadge state={order.payment_state} />
                </p>
              </li>
            ))}
          </ul>
        )}
        <Shown total={orders.total} shown={orders.items.length} what="orders" />
      </Part>

      <Part id="customer-cards" title={`Gift cards (${cards.total})`}>
        {cards.total === 0 ? (
          <p className="muted">No gift cards bought or received.</p>
        ) : (
          <ul className="customer-list">
            {cards.items.map((card) => (
              <GiftCardItem key={card.id} card={card} />
            ))}
          </ul>
        )}
        <Shown total={cards.total} shown={cards.items.length} what="gift cards" />
      </Part>

      <Part id="customer-texts" title={`Texts (${texts.total})`}>
        <p className="muted small">
          What each text to {formatMobileNational(customer.mobile)} was and how it went. The words are not
          shown: they may hold a sign-in code or a private link.
        </p>
        {texts.total === 0 ? (
          <p className="muted">No texts sent to this mobile.</p>
        ) : (
          <ul className="customer-list">
            {texts.items.map((text) => (
              <TextItem key={text.id} text={text} />
            ))}
          </ul>
        )}
        <Shown total={texts.total} shown={texts.items.length} what="texts" />
      </Part>

      <Part id="customer-consent" title="Text offers">
        {consent.stopped_all && (
          <p className="notice">
            Texted STOP on {shopTime(consent.stopped_all.at)}: no seller’s offers go to this mobile until they
            text START.
          </p>
        )}
        {consent.sellers.length === 0 ? (
          <p className="muted">Never asked for any seller’s text offers.</p>
        ) : (
          <ul className="customer-list">
            {consent.sellers.map((item) => (
              <li key={item.seller_id}>
                <p className="customer-row">
                  <strong>{item.seller_name}</strong>
                  <ConsentBadge consent={item} />
                </p>
                <p className="muted small">{consentWords(item)}</p>
              </li>
            ))}
          </ul>
        )}
      </Part>
    </>
  );
}

function Shown({ total, shown, what }: { total: number; shown: number; what: string }) {
  return total > shown ? (
    <p className="muted small">
      The latest {shown} of {total} {what}.
    </p>
  ) : null;
}

function GiftCardItem({ card }: { card: CustomerGiftCard }) {
  const role =
    card.role === 'both'
      ? 'Bought for themselves'
      : card.role === 'bought'
        ? `Bought for ${card.recipient_name || 'someone'}`
        : 'Sent to them';
  return (
    <li>
      <p className="customer-row">
        <span className="customer-card-no">{card.gift_card_no}</span>
        <strong>{money(card.amount_cents)}</strong>
      </p>
      <p className="small">
        {role} · {card.product_name}
      </p>
      <p className="muted small">
        {card.voided_at ? `Voided ${shopTime(card.voided_at)}` : `${money(card.balance_cents)} left to spend`}{' '}
        · <Link to={`/orders/${card.order_id}`}>Order #{card.order_increment_id}</Link>
      </p>
    </li>
  );
}

function TextItem({ text }: { text: CustomerText }) {
  return (
    <li>
      <p className="customer-row">
        <span>
          {messagePurposeLabel(text.purpose)}
          {text.channel === 'mms' ? ' (picture message)' : ''}
        </span>
        {text.send_state === 'cancelled' ? (
          <Badge tone="plain">Withdrawn</Badge>
        ) : (
          <MessageStatusBadge status={text.status} errorCode={text.error_code} />
        )}
      </p>
      <p className="muted small">
        {shopTime(text.sent_at ?? text.created_at)}
        {text.order_id !== null && (
          <>
            {' · '}
            <Link to={`/orders/${text.order_id}`}>Its order</Link>
          </>
        )}
      </p>
    </li>
  );
}

function ConsentBadge({ consent }: { consent: CustomerConsent }) {
  if (consent.state === 'subscribed') return <Badge tone="ok">Yes</Badge>;
  if (consent.state === 'pending') return <Badge tone="warn">Waiting for YES</Badge>;
  return <Badge tone="plain">No</Badge>;
}

function consentWords(consent: CustomerConsent): string {
  const how = SOURCE_WORDS[consent.source];
  const given = consent.subscribed_at
    ? `Said yes ${how} on ${shopTime(consent.subscribed_at)}`
    : `Asked ${how} on ${shopTime(consent.requested_at)}`;
  if (consent.state !== 'unsubscribed' || !consent.unsubscribed_at) return `${given}.`;
  const via = consent.unsubscribed_via
    ? (VIA_WORDS[consent.unsubscribed_via] ?? consent.unsubscribed_via)
    : '';
  return `${given}; withdrew it${via ? ` ${via}` : ''} on ${shopTime(consent.unsubscribed_at)}.`;
}
