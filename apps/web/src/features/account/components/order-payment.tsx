// [I11-11] How an order was paid and where it stands, as the order page and /success show them:
// 'Visa •••• 4242' beside the card's logo, and 'Paid'.
import { ORDER_STATUS_LABELS, type Order, type OrderPayment } from '@quokka/contract/api/customer';
import { MSG } from '@quokka/contract/messages';
import { brandName, CardBrandLogo } from './card-brand-logo';
import './order-payment.css';

/** 'Visa •••• 4242'; 'Card' when the provider gave no brand. */
export function cardText(payment: OrderPayment): string {
  const brand = payment.brand ? brandName(payment.brand) : 'Card';
  return payment.last4 ? `${brand} •••• ${payment.last4}` : brand;
}

// [I15-shopper-status] The back office's statuses in the shopper's words (the contract's
// ORDER_STATUS_LABELS: 'Being reviewed', 'Confirmed', 'Partly shipped', 'Shipped', 'Not accepted',
// 'Cancelled'); older servers' 'paid' and 'refunded' keep theirs.
const STATUS_TEXT: Readonly<Record<string, string>> = {
  paid: MSG.orderStatusPaid,
  refunded: MSG.orderStatusRefunded,
  ...ORDER_STATUS_LABELS,
};

/** The order's status in words: the server's label, ours, or the server's own word, capitalised. */
export function orderStatusText(status: string, label?: string): string {
  return (
    label || (STATUS_TEXT[status] ?? status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' '))
  );
}

export function OrderPaymentLine({ payment }: { payment: OrderPayment }) {
  return (
    <span className="order-payment">
      {payment.brand ? <CardBrandLogo brand={payment.brand} /> : null}
      <span className="order-payment__card">{cardText(payment)}</span>
    </span>
  );
}

/** Status and payment as a definition list, for the order page. */
export function OrderStatusFacts({ order }: { order: Pick<Order, 'status' | 'payment' | 'status_label'> }) {
  return (
    <dl className="acct-card order-facts">
      <div>
        <dt>{MSG.orderStatus}</dt>
        <dd>
          <span className={`order-status order-status--${order.status}`}>
            {orderStatusText(order.status, order.status_label)}
          </span>
        </dd>
      </div>
      {order.payment ? (
        <div>
          <dt>{MSG.payment}</dt>
          <dd>
            <OrderPaymentLine payment={order.payment} />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
