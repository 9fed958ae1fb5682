// /account/order/:id 'View Order' [ROUTE-26, ACCT-19..21]: the items (name, price, qty, total), the
// shipping amount and total, and the shipping and billing addresses; [I11-11] its status and payment. Another member's order is
// 'not found', like one that does not exist.

import type { Order, OrderShipment } from '@quokka/contract/api/customer';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { formatPrice } from '@quokka/contract/money';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { useOrder } from '../api/get-order';
import { AccountSection } from '../components/account-section';
import { AddressLines } from '../components/address-lines';
import { OrderStatusFacts } from '../components/order-payment';
import { orderDate } from '../components/order-summary-card';
import { QueryStatus } from '../components/query-status';
import '../components/account.css';

function parseOrderId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

// [I15-shopper-status] Each seller's shipment: who sent it, with which carrier, and its tracking link.
export const SHIPMENT_TEXT = {
  heading: 'Tracking',
  sentWith: 'sent with',
  track: 'Track parcel',
  trackingNumber: 'Tracking number',
} as const;

const SHIPPED_DATE = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: DEFAULT_TIMEZONE,
});

function shippedOn(shipment: OrderShipment): string {
  const date = new Date(shipment.shipped_at);
  return Number.isNaN(date.getTime()) ? '' : SHIPPED_DATE.format(date);
}

function OrderShipments({ shipments }: { shipments: readonly OrderShipment[] }) {
  return (
    <AccountSection id="order-tracking" title={SHIPMENT_TEXT.heading}>
      <ul className="acct-card order-shipments">
        {shipments.map((shipment) => (
          <li key={`${shipment.seller_name}-${shipment.tracking_number}`} className="order-shipment">
            <span className="order-shipment__what">
              {shipment.seller_name} {SHIPMENT_TEXT.sentWith} {shipment.carrier}
              {shippedOn(shipment) ? `, ${shippedOn(shipment)}` : ''}
            </span>
            {shipment.tracking_url ? (
              <a
                className="order-shipment__track"
                href={shipment.tracking_url}
                target="_blank"
                rel="noopener noreferrer"
              >
                {SHIPMENT_TEXT.track} {shipment.tracking_number}
              </a>
            ) : (
              <span className="order-shipment__track">
                {SHIPMENT_TEXT.trackingNumber} {shipment.tracking_number}
              </span>
            )}
          </li>
        ))}
      </ul>
    </AccountSection>
  );
}

function OrderDetail({ order }: { order: Order }) {
  const date = orderDate(order);
  return (
    <>
      <p className="acct-order__meta">
        <span className="acct-order__number">#{order.increment_id}</span>
        {date ? (
          <span className="acct-order__date">
            {MSG.orderPlacedOn} {date}
          </span>
        ) : null}
      </p>
      <OrderStatusFacts order={order} />
      {order.shipments && order.shipments.length > 0 ? <OrderShipments shipments={order.shipments} /> : null}
      <AccountSection id="order-items" title={MSG.items}>
        <table className="acct-card acct-items">
          <thead>
            <tr>
              <th scope="col">{MSG.productHeading}</th>
              <th scope="col">{MSG.price}</th>
              <th scope="col">{MSG.qty}</th>
              <th scope="col">{MSG.total}</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.item_id}>
                <th scope="row">{item.name}</th>
                <td data-label={MSG.price}>{formatPrice(item.price)}</td>
                <td data-label={MSG.qty}>{item.qty}</td>
                <td data-label={MSG.total}>{formatPrice(item.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="acct-card acct-totals">
          <div>
            <dt>{MSG.shippingAmount}</dt>
            <dd>{formatPrice(order.shipping_amount)}</dd>
          </div>
          <div className="acct-totals__grand">
            <dt>{MSG.total}</dt>
            <dd>{formatPrice(order.grand_total)}</dd>
          </div>
          {/* [I16-checkout-giftcard] The gift card's part and what the payment card was charged. */}
          {order.gift_card_amount ? (
            <>
              <div>
                <dt>Paid by gift card</dt>
                <dd>−{formatPrice(order.gift_card_amount)}</dd>
              </div>
              <div>
                <dt>{MSG.totalCharged}</dt>
                <dd>{formatPrice(order.card_amount ?? 0)}</dd>
              </div>
            </>
          ) : null}
        </dl>
      </AccountSection>
      <AccountSection id="order-shipping" title={MSG.shippingAddress}>
        <div className="acct-card">
          {order.shipping_address ? <AddressLines address={order.shipping_address} /> : null}
        </div>
      </AccountSection>
      <AccountSection id="order-billing" title={MSG.billingAddress}>
        <div className="acct-card">
          {order.billing_address ? <AddressLines address={order.billing_address} /> : null}
        </div>
      </AccountSection>
    </>
  );
}

export function OrderPage() {
  const orderId = parseOrderId(useParams().id);
  const order = useOrder(orderId);
  const notFound = orderId === null || order.data === null;
  return (
    <Page title={MSG.viewOrder}>
      {notFound ? (
        <p className="acct-empty">{MSG.orderNotFound}</p>
      ) : order.data ? (
        <OrderDetail order={order.data} />
      ) : (
        <QueryStatus failed={order.isError} onRetry={() => void order.refetch()} />
      )}
      <ButtonLink variant="ghost" to="/account/orders" className="acct-back">
        {MSG.backToOrders}
      </ButtonLink>
    </Page>
  );
}
