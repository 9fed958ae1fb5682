// /account/addressinformation [ROUTE-21, ACCT-02..08]: 'Add New Address', the billing and default
// shipping addresses each with 'Edit', every shipping address, and the set-default popups. After a
// default is set the cart is fetched again and the page shows the new default.

import type { AddressWire } from '@quokka/contract/api/address';
import { MSG } from '@quokka/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { hasErrorCode } from '../../../lib/api-client';
import { showMessage, withLoader } from '../../../lib/app-state';
import { CART_QUERY_PREFIX } from '../../cart/public';
import { ADD_ADDRESS_PATH, ADDRESS_INFORMATION_PATH, editAddressPath } from '../account-paths';
import { defaultBilling, defaultShipping, useCartCustomer } from '../api/cart-customer';
import { type DefaultKind, setDefaultAddress } from '../api/set-default-address';
import { AccountSection } from '../components/account-section';
import { AddressLines } from '../components/address-lines';
import { QueryStatus } from '../components/query-status';
import { SetDefaultPopup } from '../components/set-default-popup';
import '../components/account.css';

function DefaultAddressCard({
  address,
  setLabel,
  onSet,
}: {
  address: AddressWire | undefined;
  setLabel: string;
  onSet: () => void;
}) {
  return (
    <div className="acct-card">
      {address ? <AddressLines address={address} /> : <p className="acct-empty">{MSG.noAddressSet}</p>}
      <div className="acct-card__actions">
        {address?.id !== undefined ? (
          <ButtonLink variant="secondary" to={editAddressPath(address.id)}>
            {MSG.edit}
          </ButtonLink>
        ) : null}
        <Button variant="ghost" onClick={onSet} aria-haspopup="dialog">
          {setLabel}
        </Button>
      </div>
    </div>
  );
}

export function AddressInformationPage() {
  const customer = useCartCustomer();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [popup, setPopup] = useState<DefaultKind | null>(null);
  const [busy, setBusy] = useState(false);
  const member = customer.data;

  async function setDefault(kind: DefaultKind, addressId: number) {
    setBusy(true);
    try {
      await withLoader(MSG.settingDefault, () => setDefaultAddress(kind, addressId));
      // [ACCT-07] The cart carries the defaults (and checkout preselects from it): fetch it again.
      await withLoader(MSG.fetchingCart, () =>
        queryClient.invalidateQueries({ queryKey: CART_QUERY_PREFIX }),
      );
      setPopup(null);
      // [ACCT-08] Back to the address page, showing the new default.
      navigate(ADDRESS_INFORMATION_PATH, { replace: true });
    } catch (error) {
      // Gone meanwhile (removed in another tab): say so and show the book as it is now.
      if (hasErrorCode(error, 'NOT_FOUND')) {
        setPopup(null);
        showMessage(MSG.addressNotFound);
        void queryClient.invalidateQueries({ queryKey: CART_QUERY_PREFIX });
      }
      // Offline and server faults are shown by the shell; the popup stays for another try.
    } finally {
      setBusy(false);
    }
  }

  if (!member) {
    return (
      <Page title={MSG.addressInformation}>
        <QueryStatus failed={customer.isError} onRetry={() => void customer.refetch()} />
      </Page>
    );
  }

  const billing = defaultBilling(member);
  const shipping = defaultShipping(member);
  return (
    <Page title={MSG.addressInformation}>
      <ButtonLink block to={ADD_ADDRESS_PATH} className="acct-add">
        {MSG.addNewAddress}
      </ButtonLink>
      <AccountSection id="acct-billing" title={MSG.billingAddress}>
        <DefaultAddressCard
          address={billing}
          setLabel={MSG.setDefaultBilling}
          onSet={() => setPopup('billing')}
        />
      </AccountSection>
      <AccountSection id="acct-shipping" title={MSG.defaultShippingAddress}>
        <DefaultAddressCard
          address={shipping}
          setLabel={MSG.setDefaultShipping}
          onSet={() => setPopup('shipping')}
        />
      </AccountSection>
      <AccountSection id="acct-addresses" title={MSG.shippingAddresses}>
        {member.addresses.length > 0 ? (
          <ul className="acct-list">
            {member.addresses.map((address) => (
              <li key={address.id} className="acct-card">
                <AddressLines address={address} />
                {address.id === billing?.id || address.id === shipping?.id ? (
                  <p className="acct-badges">
                    {address.id === billing?.id ? (
                      <span className="acct-badge">{MSG.billingAddress}</span>
                    ) : null}
                    {address.id === shipping?.id ? (
                      <span className="acct-badge">{MSG.defaultShippingAddress}</span>
                    ) : null}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="acct-empty">{MSG.noAddresses}</p>
        )}
      </AccountSection>
      {popup ? (
        <SetDefaultPopup
          kind={popup}
          addresses={member.addresses}
          currentId={(popup === 'billing' ? billing : shipping)?.id}
          busy={busy}
          onSet={(addressId) => void setDefault(popup, addressId)}
          onClose={() => setPopup(null)}
        />
      ) : null}
    </Page>
  );
}
