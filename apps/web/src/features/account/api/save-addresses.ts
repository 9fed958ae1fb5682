// PUT customers/me [API-31]: the member's whole address book, as Magento takes it. Addresses that stay
// go back with their id, a new one goes without, and the reply is the customer after the change.
import { apiFetch } from '../../../lib/api-client';
import type { AddressWire, CartCustomerWire } from '../../cart/api/cart-wire';

export const CUSTOMERS_ME = '/rest/default/V1/customers/me';

/** The address book with `address` added (no id) or put in place of the address with its id. */
export function withAddress(customer: CartCustomerWire, address: AddressWire): AddressWire[] {
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

export function saveAddresses(
  customer: CartCustomerWire,
  addresses: AddressWire[],
): Promise<CartCustomerWire> {
  return apiFetch<CartCustomerWire>(CUSTOMERS_ME, {
    method: 'PUT',
    auth: true,
    body: {
      customer: {
        email: customer.email,
        firstname: customer.firstname,
        lastname: customer.lastname,
        addresses,
      },
    },
  });
}
