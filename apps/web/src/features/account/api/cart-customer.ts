// The member as the account screens read it: GET carts/mine's customer (SPEC.md §2 Personal details:
// "taken from the cart's customer"; DATA-35), with addresses and the two defaults.
import type { AddressWire } from '@quokka/contract/api/address';
import type { CartCustomer } from '@quokka/contract/api/cart';
import { useQuery } from '@tanstack/react-query';
import { cartQueryOptions } from '../../cart/public';

export function useCartCustomer() {
  return useQuery({ ...cartQueryOptions(), select: (quote) => quote.customer });
}

/** The member's address with this id (ids come as strings in the defaults, numbers in the list). */
export function addressById(
  customer: CartCustomer,
  id: number | string | null | undefined,
): AddressWire | undefined {
  if (id === null || id === undefined || id === '') return undefined;
  return customer.addresses.find((address) => String(address.id) === String(id));
}

export function defaultBilling(customer: CartCustomer): AddressWire | undefined {
  return addressById(customer, customer.default_billing);
}

export function defaultShipping(customer: CartCustomer): AddressWire | undefined {
  return addressById(customer, customer.default_shipping);
}
