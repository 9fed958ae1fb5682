// [I34] A seller's home screen, its staff's start screen (docs/back-office.md "A seller's home"): this
// week's takings (Monday 00:00 Sydney to now: captured sales of its lines less their refunds), the orders
// with its items still to ship (oldest first, each to its order page) and its lines refunded or cancelled
// in the last 14 days. Everything is the seller's own: other sellers' lines and the order's shipping are
// not in it.
import type { SellerHomeOrder, SellerHomeRefund, SellerHomeReply } from '@quokka/contract/api/seller-home';
import { dayDate } from '@quokka/contract/calendar-dates';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorText } from '../../lib/error-text';
import { money, plural, shopTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { sellerHomeQueryOptions } from './api/get-seller-home';
import './home.css';

export function SellerHomePage() {
  const { api } = useSession();
  const query = useQuery(sellerHomeQueryOptions(api));
  return (
    <section className="seller-home">
      <h1>Home</h1>
      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {query.isPending && <p className="muted">Loading…</p>}
      {query.data && <HomeView home={query.data} />}
    </section>
  );
}

function HomeView({ home }: { home: SellerHomeReply }) {
  const { takings, to_ship: toShip, refunds } = home;
  return (
    <>
      <p className="muted">{home.seller.name}</p>
      <section className="panel home-takings" aria-labelledby="home-takings">
        <h2 id="home-takings">This week’s takings</h2>
        <p className="home-figure">{money(takings.takings_cents)}</p>
        <p className="muted">
          Since {dayDate(takings.from_date)}: sales {money(takings.sales_cents)}, less refunds{' '}
          {money(takings.refunds_cents)}. Shipping and fees are on your statement.
        </p>
      </section>

      <section className="panel" aria-labelledby="home-to-ship">
        <h2 id="home-to-ship">To ship</h2>
        {toShip.total === 0 ? (
          <p className="muted">Nothing to ship. Orders show here once approved.</p>
        ) : (
          <>
            <p>
              {plural(toShip.total, 'order')} with your items to send, oldest first.
              {toShip.total > toShip.items.length && ` The oldest ${toShip.items.length} are shown.`}
            </p>
            <ul className="home-list">
              {toShip.items.map((order) => (
                <ToShipItem key={order.id} order={order} />
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="panel" aria-labelledby="home-refunds">
        <h2 id="home-refunds">Refunded lately</h2>
        {refunds.total === 0 ? (
          <p className="muted">Nothing of yours was refunded or cancelled in the last {refunds.days} days.</p>
        ) : (
          <>
            <p>
              Your items refunded or cancelled in the last {refunds.days} days, newest first.
              {refunds.total > refunds.items.length && ` The latest ${refunds.items.length} are shown.`}
            </p>
            <ul className="home-list">
              {refunds.items.map((refund) => (
                <RefundItem key={`${refund.order_item_id}-${refund.at}-${refund.kind}`} refund={refund} />
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}

function ToShipItem({ order }: { order: SellerHomeOrder }) {
  return (
    <li aria-label={`Order #${order.increment_id}`}>
      <Link to={`/orders/${order.id}`} className="strong-link">
        Order #{order.increment_id}
      </Link>
      <p className="muted small">
        Placed {shopTime(order.created_at)} · {order.customer_name}
      </p>
      <ul className="home-lines">
        {order.lines.map((line) => (
          <li key={line.order_item_id}>
            {line.qty} × {line.name} <span className="muted">({line.sku})</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

function RefundItem({ refund }: { refund: SellerHomeRefund }) {
  const what = refund.kind === 'cancelled' ? 'Cancelled' : 'Refunded';
  return (
    <li>
      <p className="home-refund-head">
        <span>
          {refund.qty} × {refund.name}
        </span>{' '}
        <strong>
          {what} {money(refund.amount_cents)}
        </strong>
      </p>
      <p className="muted small">
        <Link to={`/orders/${refund.order_id}`}>Order #{refund.increment_id}</Link> · {shopTime(refund.at)}
      </p>
    </li>
  );
}
