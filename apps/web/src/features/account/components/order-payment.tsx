// [I11-11] How an order was paid and where it stands, as the order page and /success show them:
// 'Visa •••• 4242' beside the card's logo, and 'Paid'.
import type { Order, OrderPayment } from '@quokka/contract/api/customer';
import { MSG } from '@quokka/contract/messages';
import { brandName, CardBrandLogo } from './card-brand-logo';
import './order-payment.css';

/** 'Visa •••• 4242'; 'Card' when the provider gave no brand. */
export function cardText(payment: OrderPayment): string {
  const brand = payment.brand ? brandName(payment.brand) : 'Card';
  return payment.last4 ? `${brand} •••• ${payment.last4}` : brand;
}

const STATUS_TEXT: Readonly<Record<string, string>> = {
  paid: MSG.orderStatusPaid,
  approved: MSG.orderStatusPaid,
  pending_review: MSG.orderStatusPaid,
  refunded: MSG.orderStatusRefunded,
};

/** The order's status in words: 'Paid', 'Refunded', or the server's own word, capitalised. */
export function orderStatusText(status: string): string {
  return STATUS_TEXT[status] ?? status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ');
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
export function OrderStatusFacts({ order }: { order: Pick<Order, 'status' | 'payment'> }) {
  return (
    <dl className="acct-card order-facts">
      <div>
        <dt>{MSG.orderStatus}</dt>
        <dd>
          <span className={`order-status order-status--${order.status}`}>
            {orderStatusText(order.status)}
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
