// One order (GET /admin/api/orders/:id): its state, money, customer, items per seller, shipments and
// refunds, the actions this member may take now (from `actions`), and its timeline, newest first (the
// latest thing that happened is what staff look for; the order's story reads downwards into the past).
import type { AdminOrder, TimelineEvent } from '@quokka/contract/api/admin';
import { formatMobileNational } from '@quokka/contract/mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { FlaggedBadge, MessageStatusBadge, OrderStatusBadge, PaymentBadge } from '../../components/badges';
import { errorText } from '../../lib/error-text';
import { money, shopTime } from '../../lib/format';
import { useMe, useSession } from '../../lib/session';
import { orderQueryOptions } from './api/get-order';
import { BoughtByReplyBadge } from './bought-by-reply-badge';
import {
  ApproveButton,
  CancelDialog,
  DeliveredButton,
  NoteForm,
  RefundDialog,
  RefuseDialog,
  ShipDialog,
} from './order-actions';
import { SellerStateBadge } from './seller-state-badge';
import './orders.css';
import './order-seller.css';

type Open =
  | { kind: 'refuse' }
  | { kind: 'refund' }
  | { kind: 'cancel' }
  | { kind: 'ship'; sellerId: number }
  | null;

export function OrderPage() {
  const { api } = useSession();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...orderQueryOptions(api, id), enabled: valid });
  if (!valid) return <p className="panel">There is no such order.</p>;
  if (query.isError) {
    return (
      <section>
        <BackLink />
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      </section>
    );
  }
  if (!query.data) return <p className="muted">Loading the order…</p>;
  return <OrderView order={query.data} />;
}

function BackLink() {
  return (
    <Link to="/orders" className="back-link">
      ← Orders
    </Link>
  );
}

function OrderView({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const sellers = groupBySeller(order);
  const { actions } = order;
  const operator = useMe().staff.role === 'operator';
  const anyAction =
    actions.approve || actions.refuse || actions.refund || actions.cancel || actions.ship_sellers.length > 0;

  return (
    <article className="order">
      <BackLink />
      <header className="order-head">
        <h1>Order #{order.increment_id}</h1>
        <p className="badges">
          {/* [I34] A seller's staff see their own part's state, not the whole order's ("Partly shipped"
              because another seller shipped is not theirs), and no review flag. */}
          {!operator && order.seller_state ? (
            <SellerStateBadge state={order.seller_state} />
          ) : (
            <OrderStatusBadge status={order.status} />
          )}
          <PaymentBadge state={order.payment_state} />
          {operator && order.flagged && <FlaggedBadge />}
          {order.bought_by_reply && <BoughtByReplyBadge />}
        </p>
        <p className="muted">
          Placed {shopTime(order.created_at)}
          {operator && order.capture_by && order.status === 'pending_review' && (
            <> · decide by {shopTime(order.capture_by)}</>
          )}
        </p>
        {order.refusal_reason && <p className="notice">Refused: {order.refusal_reason}</p>}
      </header>

      {anyAction && (
        <section className="actions" aria-label="Actions">
          {actions.approve && <ApproveButton order={order} />}
          {actions.refuse && (
            <button
              type="button"
              className="button danger-outline"
              onClick={() => setOpen({ kind: 'refuse' })}
            >
              Refuse
            </button>
          )}
          {actions.ship_sellers.map((sellerId) => (
            <button
              key={sellerId}
              type="button"
              className="button secondary"
              onClick={() => setOpen({ kind: 'ship', sellerId })}
            >
              Mark as shipped{sellers.length > 1 ? `: ${sellerName(order, sellerId)}` : ''}
            </button>
          ))}
          {actions.refund && (
            <button type="button" className="button secondary" onClick={() => setOpen({ kind: 'refund' })}>
              Refund
            </button>
          )}
          {actions.cancel && (
            <button
              type="button"
              className="button danger-outline"
              onClick={() => setOpen({ kind: 'cancel' })}
            >
              Cancel order
            </button>
          )}
        </section>
      )}

      <div className="order-grid">
        {!operator && (
          // [I16-vendor] A seller's staff see their own lines' money; their pay is on their statement.
          <section className="panel" aria-labelledby="money-h">
            <h2 id="money-h">Your items</h2>
            <dl className="figures">
              <dt>Total (GST included)</dt>
              <dd>{money(order.subtotal_cents)}</dd>
              {order.refunded_cents > 0 && (
                <>
                  <dt>Refunded</dt>
                  <dd>{money(order.refunded_cents)}</dd>
                </>
              )}
            </dl>
            <p className="muted small">
              What you are paid for this order is on your weekly statement.{' '}
              <Link to="/statements">Statements</Link>
            </p>
          </section>
        )}
        {operator && (
          <section className="panel" aria-labelledby="money-h">
            <h2 id="money-h">Money</h2>
            <dl className="figures">
              <dt>Total</dt>
              <dd>{money(order.grand_total_cents)}</dd>
              <dt>Items</dt>
              <dd>{money(order.subtotal_cents)}</dd>
              <dt>Shipping ({order.shipping_title})</dt>
              <dd>{money(order.shipping_cents)}</dd>
              <dt>Authorised</dt>
              <dd>{money(order.authorised_cents)}</dd>
              {order.gift_card_cents ? (
                <>
                  <dt>Paid by gift card</dt>
                  <dd>{money(order.gift_card_cents)}</dd>
                </>
              ) : null}
              <dt>Captured</dt>
              <dd>{money(order.captured_cents)}</dd>
              <dt>Refunded</dt>
              <dd>{money(order.refunded_cents)}</dd>
              <dt>Refundable</dt>
              <dd>
                <strong>{money(actions.refundable_cents)}</strong>
              </dd>
            </dl>
            <p className="muted small">
              {order.card_brand ? `${order.card_brand} ` : ''}
              {order.card_last4 ? `•••• ${order.card_last4} · ` : ''}
              {order.payment_provider}
              {order.payment_id ? ` ${order.payment_id}` : ''}
            </p>
          </section>
        )}

        <section className="panel" aria-labelledby="customer-h">
          <h2 id="customer-h">Customer</h2>
          <p>
            {/* [I34] Operators open the customer's record (their orders, gift cards, texts, consent). */}
            {operator ? (
              <Link to={`/customers/${order.customer_id}`} className="customer-link">
                <strong>{order.customer_name}</strong>
              </Link>
            ) : (
              <strong>{order.customer_name}</strong>
            )}
          </p>
          <p>
            <a href={`tel:${order.customer_mobile}`}>{formatMobileNational(order.customer_mobile)}</a>
          </p>
          {order.customer_email && <p className="break">{order.customer_email}</p>}
          <h3>Ship to</h3>
          <address>
            {addressLines(order.shipping_address).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </section>
      </div>

      <section className="panel" aria-labelledby="items-h">
        <h2 id="items-h">Items</h2>
        {sellers.map(({ sellerId, name, items }) => (
          <div key={sellerId} className="seller-block">
            <h3>{name}</h3>
            <ul className="items">
              {items.map((item) => (
                <li key={item.id}>
                  <span>
                    {item.qty} × {item.name}
                    {item.is_giftcard && <span className="badge badge-info">Gift card</span>}
                    <span className="sub">SKU {item.sku}</span>
                  </span>
                  <span className="num">
                    {money(item.row_total_cents)}
                    {item.refunded_qty > 0 && (
                      <span className="sub">
                        {item.refunded_qty} refunded ({money(item.refunded_cents)})
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
            {order.shipments
              .filter((shipment) => shipment.seller_id === sellerId)
              .map((shipment) => (
                <p key={shipment.id} className="shipment">
                  Shipped {shopTime(shipment.shipped_at)} with {shipment.carrier}:{' '}
                  {shipment.tracking_url ? (
                    <a href={shipment.tracking_url} target="_blank" rel="noreferrer">
                      {shipment.tracking_number}
                    </a>
                  ) : (
                    shipment.tracking_number
                  )}{' '}
                  <DeliveredButton order={order} shipment={shipment} />
                </p>
              ))}
          </div>
        ))}
      </section>

      {order.refunds.length > 0 && (
        <section className="panel" aria-labelledby="refunds-h">
          <h2 id="refunds-h">{operator ? 'Refunds' : 'Refunds of your items'}</h2>
          <ul className="plain-list">
            {order.refunds.map((refund) => (
              <li key={refund.id}>
                <strong>{money(refund.amount_cents)}</strong> on {shopTime(refund.created_at)}
                {refund.shipping_cents > 0 && ` (shipping ${money(refund.shipping_cents)})`}
                {refund.restocked && ', restocked'}
                {refund.source !== 'staff' && ` · ${REFUND_SOURCES[refund.source] ?? refund.source}`}
                {/* [I34] A seller's staff see which of their lines went back. */}
                {!operator && refundedLines(order, refund) && (
                  <span className="sub">{refundedLines(order, refund)}</span>
                )}
                {refund.reason && <span className="sub">{refund.reason}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="panel" aria-labelledby="timeline-h">
        <h2 id="timeline-h">Timeline</h2>
        <p className="muted small">Newest first. Times in Sydney.</p>
        {operator && <NoteForm order={order} />}
        <ol className="timeline">
          {[...order.timeline].reverse().map((event) => (
            <TimelineItem key={event.id} event={event} />
          ))}
        </ol>
      </section>

      {open?.kind === 'refuse' && <RefuseDialog order={order} onClose={close} />}
      {open?.kind === 'refund' && <RefundDialog order={order} onClose={close} />}
      {open?.kind === 'cancel' && <CancelDialog order={order} onClose={close} />}
      {open?.kind === 'ship' && <ShipDialog order={order} sellerId={open.sellerId} onClose={close} />}
    </article>
  );
}

function TimelineItem({ event }: { event: TimelineEvent }) {
  return (
    <li className={`timeline-item type-${event.type}`}>
      <p className="timeline-meta">
        <time dateTime={event.at}>{shopTime(event.at)}</time> · {event.actor}
      </p>
      <p>{event.summary}</p>
      {event.message && (
        <p className="timeline-message">
          {event.message.kind.toUpperCase()} to {formatMobileNational(event.message.to)}{' '}
          <MessageStatusBadge status={event.message.status} errorCode={event.message.error_code} />
        </p>
      )}
    </li>
  );
}

/** Where a refund came from, in words (an operator's own refund says nothing more). */
const REFUND_SOURCES: Record<string, string> = {
  cancellation: 'order cancelled',
  provider: 'made at the payment provider',
  gift_card_void: 'gift card voided',
};

/** A refund's lines in words ("1 × Beach Run Tote"), from the order's items. */
function refundedLines(order: AdminOrder, refund: AdminOrder['refunds'][number]): string {
  return refund.lines
    .map((line) => {
      const item = order.items.find((one) => one.id === line.order_item_id);
      return item ? `${line.qty} × ${item.name}` : '';
    })
    .filter(Boolean)
    .join(', ');
}

function sellerName(order: AdminOrder, sellerId: number): string {
  return order.items.find((item) => item.seller_id === sellerId)?.seller_name ?? `Seller #${sellerId}`;
}

function groupBySeller(order: AdminOrder) {
  const groups = new Map<number, { sellerId: number; name: string; items: AdminOrder['items'] }>();
  for (const item of order.items) {
    const group = groups.get(item.seller_id) ?? {
      sellerId: item.seller_id,
      name: item.seller_name,
      items: [],
    };
    group.items.push(item);
    groups.set(item.seller_id, group);
  }
  return [...groups.values()];
}

/** The shipping address as lines, whatever shape the checkout stored (Magento's names first). */
export function addressLines(address: Record<string, unknown>): string[] {
  const text = (key: string) => {
    const value = address[key];
    if (Array.isArray(value)) return value.filter((part) => typeof part === 'string').join(', ');
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  const region = typeof address.region === 'object' && address.region !== null ? address.region : null;
  const regionText =
    region && 'region' in region && typeof region.region === 'string'
      ? region.region
      : text('region') || text('region_code');
  const lines = [
    [text('firstname'), text('lastname')].filter(Boolean).join(' '),
    text('company'),
    text('street'),
    [text('city'), regionText, text('postcode')].filter(Boolean).join(' '),
    text('telephone') ? formatMobileNational(text('telephone')) : '',
  ].filter(Boolean);
  return lines.length > 0 ? lines : ['—'];
}
