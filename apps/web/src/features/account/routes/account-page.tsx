// /account 'My Account' [ROUTE-20, ACCT-01]: the billing address, the default shipping address, all
// shipping addresses and the orders list, with the way to each account page.
import { MSG } from '@quokka/contract/messages';
import { Page } from '../../../components/ui/page';
import { SIGN_OUT_EVERYWHERE_TEXT, SignOutEverywhere } from '../../auth/public';
import { defaultBilling, defaultShipping, useCartCustomer } from '../api/cart-customer';
import { useOrders } from '../api/get-orders';
import { AccountNav } from '../components/account-nav';
import { AccountSection } from '../components/account-section';
import { AddressLines } from '../components/address-lines';
import { OrderSummaryCard } from '../components/order-summary-card';
import { QueryStatus } from '../components/query-status';
import '../components/account.css';

export function AccountPage() {
  const customer = useCartCustomer();
  const orders = useOrders();
  const member = customer.data;
  const billing = member ? defaultBilling(member) : undefined;
  const shipping = member ? defaultShipping(member) : undefined;

  return (
    <Page title={MSG.myAccount}>
      <AccountNav />
      {member ? (
        <>
          <AccountSection id="acct-billing" title={MSG.billingAddress}>
            <div className="acct-card">
              {billing ? (
                <AddressLines address={billing} />
              ) : (
                <p className="acct-empty">{MSG.noAddressSet}</p>
              )}
            </div>
          </AccountSection>
          <AccountSection id="acct-shipping" title={MSG.defaultShippingAddress}>
            <div className="acct-card">
              {shipping ? (
                <AddressLines address={shipping} />
              ) : (
                <p className="acct-empty">{MSG.noAddressSet}</p>
              )}
            </div>
          </AccountSection>
          <AccountSection id="acct-addresses" title={MSG.shippingAddresses}>
            {member.addresses.length > 0 ? (
              <ul className="acct-list">
                {member.addresses.map((address) => (
                  <li key={address.id} className="acct-card">
                    <AddressLines address={address} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="acct-empty">{MSG.noAddresses}</p>
            )}
          </AccountSection>
        </>
      ) : (
        <QueryStatus failed={customer.isError} onRetry={() => void customer.refetch()} />
      )}
      <AccountSection id="acct-orders" title={MSG.orders}>
        {orders.data ? (
          orders.data.length > 0 ? (
            <ul className="acct-list">
              {orders.data.map((order) => (
                <li key={order.id}>
                  <OrderSummaryCard order={order} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="acct-empty">{MSG.noOrders}</p>
          )
        ) : (
          <QueryStatus failed={orders.isError} onRetry={() => void orders.refetch()} />
        )}
      </AccountSection>
      <AccountSection id="acct-sessions" title={SIGN_OUT_EVERYWHERE_TEXT.heading}>
        <SignOutEverywhere />
      </AccountSection>
    </Page>
  );
}
