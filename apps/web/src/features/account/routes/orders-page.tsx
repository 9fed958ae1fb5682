// /account/orders [ROUTE-25, ACCT-17, ACCT-18]: every order of the member, newest first.
import { MSG } from '@quokka/contract/messages';
import { Page } from '../../../components/ui/page';
import { useOrders } from '../api/get-orders';
import { OrderSummaryCard } from '../components/order-summary-card';
import { QueryStatus } from '../components/query-status';
import '../components/account.css';

export function OrdersPage() {
  const orders = useOrders();
  return (
    <Page title={MSG.myOrders}>
      {orders.data ? (
        orders.data.length > 0 ? (
          <ul className="acct-list">
            {orders.data.map((order) => (
              <li key={order.id}>
                <OrderSummaryCard order={order} headingLevel={2} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="acct-empty">{MSG.noOrders}</p>
        )
      ) : (
        <QueryStatus failed={orders.isError} onRetry={() => void orders.refetch()} />
      )}
    </Page>
  );
}
