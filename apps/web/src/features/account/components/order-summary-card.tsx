// [ACCT-17, ACCT-18] One order in a list: increment id, customer name, shipping address and total, and
// 'View Order' leading to /account/order/{id}.

import type { Order } from '@quokka/contract/api/customer';
import { MSG } from '@quokka/contract/messages';
import { formatPrice } from '@quokka/contract/money';
import { ButtonLink } from '../../../components/ui/button';
import { orderPath } from '../account-paths';
import { addressSummary } from './address-lines';

const DATE = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });

export function orderDate(order: Pick<Order, 'created_at'>): string {
  if (!order.created_at) return '';
  const date = new Date(order.created_at);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}

export interface OrderSummaryCardProps {
  order: Order;
  /** The card's heading sits one level below the section it is in: h2 on /account/orders, h3 on /account. */
  headingLevel?: 2 | 3;
}

export function OrderSummaryCard({ order, headingLevel = 3 }: OrderSummaryCardProps) {
  const headingId = `order-${order.id}-title`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const date = orderDate(order);
  return (
    <article className="acct-card acct-order" aria-labelledby={headingId}>
      <div className="acct-order__head">
        <Heading className="acct-order__number" id={headingId}>
          #{order.increment_id}
        </Heading>
        {date ? (
          <span className="acct-order__date">
            {MSG.orderPlacedOn} {date}
          </span>
        ) : null}
      </div>
      <dl className="acct-order__facts">
        <div>
          <dt>{MSG.nameLabel}</dt>
          <dd>{order.customer_name}</dd>
        </div>
        {order.shipping_address ? (
          <div>
            <dt>{MSG.shippingAddress}</dt>
            <dd>{addressSummary(order.shipping_address)}</dd>
          </div>
        ) : null}
        <div className="acct-order__total">
          <dt>{MSG.total}</dt>
          <dd>{formatPrice(order.grand_total)}</dd>
        </div>
      </dl>
      <ButtonLink
        variant="secondary"
        block
        to={orderPath(order.id)}
        aria-label={`${MSG.viewOrder} #${order.increment_id}`}
      >
        {MSG.viewOrder}
      </ButtonLink>
    </article>
  );
}
