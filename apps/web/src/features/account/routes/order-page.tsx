// /account/order/:id 'View Order' [ROUTE-26, ACCT-19..21]: the items (name, price, qty, total), the
// shipping amount and total, and the shipping and billing addresses; [I11-11] its status and payment. Another member's order is
// 'not found', like one that does not exist.

import type { Order } from '@quokka/contract/api/customer';
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
