// PUT customers/me [API-31]: the member's whole address book, as Magento takes it. Addresses that stay
// go back with their id, a new one goes without, and the reply is the customer after the change. The one
// call that sends it: checkout's 'Save Address' [CHK-12] goes through here too (features/account/public.ts).
import type { AddressWire } from '@quokka/contract/api/address';
import type { CartCustomer } from '@quokka/contract/api/cart';
import { type Customer, customerSchema, type PutCustomerRequest } from '@quokka/contract/api/customer';
import { apiFetch } from '../../../lib/api-client';

export const CUSTOMERS_ME = '/rest/default/V1/customers/me';

/** The address book with `address` added (no id) or put in place of the address with its id. */
export function withAddress(customer: CartCustomer, address: AddressWire): AddressWire[] {
  if (address.id === undefined) {
    // The first address of a member becomes both defaults, as at registration.
    const first = customer.addresses.length === 0;
    return [
      ...customer.addresses,
      first ? { ...address, default_billing: true, default_shipping: true } : address,
    ];
  }
  return customer.addresses.map((entry) => (entry.id === address.id ? { ...entry, ...address } : entry));
}

export interface SaveAddressesOptions {
  /**
   * A failure leaves the shared offline/error state alone: checkout's 'Save Address' [CHK-12] falls back
   * to the address as typed, so the shopper is not told anything went wrong.
   */
  silent?: boolean;
}

export function saveAddresses(
  customer: CartCustomer,
  addresses: AddressWire[],
  options: SaveAddressesOptions = {},
): Promise<Customer> {
  const body: PutCustomerRequest = {
    customer: {
      email: customer.email,
      firstname: customer.firstname,
      lastname: customer.lastname,
      addresses,
    },
  };
  return apiFetch(CUSTOMERS_ME, {
    schema: customerSchema,
    method: 'PUT',
    auth: true,
    silent: options.silent ?? false,
    body,
  });
}
