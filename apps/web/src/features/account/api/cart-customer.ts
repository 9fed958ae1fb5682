// The member as the account screens read it: GET carts/mine's customer (SPEC.md §2 Personal details:
// "taken from the cart's customer"; DATA-35), with addresses and the two defaults.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressWire, CartCustomerWire, QuoteWire } from '../../cart/api/cart-wire';
import { getCart } from '../../cart/api/get-cart';

/**
 * Every cart query starts with 'cart': invalidating this prefix after a change of the address book or a
 * default refetches the cart and whatever was worked out from it (delivery estimates) [ACCT-07].
 */
export const CART_QUERY_PREFIX = ['cart'] as const;

export function cartQueryOptions() {
  return queryOptions({
    queryKey: [...CART_QUERY_PREFIX, 'mine'] as const,
    queryFn: ({ signal }): Promise<QuoteWire> => getCart(signal),
    // The account screens show the addresses as they are now, also after a checkout in another tab.
    staleTime: 0,
  });
}

export function useCartCustomer() {
  return useQuery({ ...cartQueryOptions(), select: (quote) => quote.customer });
}

/** The member's address with this id (ids come as strings in the defaults, numbers in the list). */
export function addressById(
  customer: CartCustomerWire,
  id: number | string | null | undefined,
): AddressWire | undefined {
  if (id === null || id === undefined || id === '') return undefined;
  return customer.addresses.find((address) => String(address.id) === String(id));
}

export function defaultBilling(customer: CartCustomerWire): AddressWire | undefined {
  return addressById(customer, customer.default_billing);
}

export function defaultShipping(customer: CartCustomerWire): AddressWire | undefined {
  return addressById(customer, customer.default_shipping);
}
