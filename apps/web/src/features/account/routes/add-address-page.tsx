// /account/addaddress [ROUTE-22, ACCT-09..12]: a new address, or with `?id=` the address an 'Edit'
// button named, filled in [ACCT-03]. Saved through PUT customers/me with the rest of the address book;
// the cart is then fetched again and the user is back on the address page.

import { addressInputFromWire, toAddressWire } from '@quokka/contract/address-form';
import type { AddressWire } from '@quokka/contract/api/address';
import type { CartCustomer } from '@quokka/contract/api/cart';
import { COUNTRY_ID } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { joinFullName } from '@quokka/contract/names';
import type { AddressInput } from '@quokka/contract/validate-address';
import { type FieldErrors, fromInputValidation } from '@quokka/contract/wire';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AddressForm } from '../../../components/address/address-form';
import { ButtonLink } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { ApiError } from '../../../lib/api-client';
import { showMessage, withLoader } from '../../../lib/app-state';
import { CART_QUERY_PREFIX } from '../../cart/public';
import { ADDRESS_INFORMATION_PATH } from '../account-paths';
import { addressById, useCartCustomer } from '../api/cart-customer';
import { saveAddresses, withAddress } from '../api/save-addresses';
import { QueryStatus } from '../components/query-status';
import '../components/account.css';

/** The form's values for a stored address. */
export function formValuesOf(address: AddressWire): AddressInput {
  const values = addressInputFromWire(address);
  if (values.state === '' && (address.region || address.region_id !== undefined)) {
    // [ERR-14] A region the table does not know is only logged; the state field starts empty.
    console.warn('Region not found while mapping a state', address.region ?? address.region_id);
  }
  return values;
}

/** A new address starts with the member's own name and mobile. */
function newAddressValues(customer: CartCustomer): AddressInput {
  return {
    fullname: customer.fullname ?? joinFullName(customer.firstname, customer.lastname),
    // The form shows it the Australian way.
    mobile: customer.mobile ?? '',
    street_address: '',
    suburb: '',
    state: '',
    country: COUNTRY_ID,
    postcode: '',
  };
}

function parseId(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  return Number(value);
}

export function AddAddressPage() {
  const [params] = useSearchParams();
  const editId = parseId(params.get('id'));
  const editing = params.has('id');
  const customer = useCartCustomer();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const member = customer.data;
  const address = member && editId !== null ? addressById(member, editId) : undefined;
  const title = editing ? MSG.editAddress : MSG.addNewAddress;
  const initial = useMemo(
    () => (member ? (address ? formValuesOf(address) : newAddressValues(member)) : null),
    [member, address],
  );

  async function save(form: AddressInput): Promise<FieldErrors | null> {
    if (!member) return null;
    const wire: AddressWire = {
      ...toAddressWire(form),
      ...(address?.id !== undefined ? { id: address.id } : {}),
    };
    setBusy(true);
    try {
      await withLoader(MSG.savingAddress, () => saveAddresses(member, withAddress(member, wire)));
      await withLoader(MSG.fetchingCart, () =>
        queryClient.invalidateQueries({ queryKey: CART_QUERY_PREFIX }),
      );
      navigate(ADDRESS_INFORMATION_PATH, { replace: true });
      return null;
    } catch (error) {
      if (error instanceof ApiError) {
        // [VAL-20..30] The server's messages beside the fields.
        if (error.inputValidation) return fromInputValidation(error.inputValidation);
        if (error.code === 'NOT_FOUND') {
          showMessage(MSG.addressNotFound);
          void queryClient.invalidateQueries({ queryKey: CART_QUERY_PREFIX });
        }
      }
      // Offline and server faults are shown by the shell; the form keeps what was typed.
      return null;
    } finally {
      setBusy(false);
    }
  }

  if (!member || !initial) {
    return (
      <Page title={title}>
        <QueryStatus failed={customer.isError} onRetry={() => void customer.refetch()} />
      </Page>
    );
  }

  if (editing && !address) {
    return (
      <Page title={title}>
        <p className="acct-empty">{MSG.addressNotFound}</p>
        <ButtonLink variant="secondary" to={ADDRESS_INFORMATION_PATH}>
          {MSG.backToAddresses}
        </ButtonLink>
      </Page>
    );
  }

  return (
    <Page title={title}>
      <div className="acct-card">
        {/* A new form for another address (the key), never the values of the one edited before. */}
        <AddressForm
          key={address?.id ?? 'new'}
          initial={initial}
          showManualFields={address !== undefined}
          busy={busy}
          onSave={save}
        />
      </div>
    </Page>
  );
}
