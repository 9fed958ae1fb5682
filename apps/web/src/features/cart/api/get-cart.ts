// GET carts/mine: the server cart with the member and their addresses [API-20, DATA-35]; the account
// screens read the member from it (SPEC.md §2 Personal details: "taken from the cart's customer").
import type { Quote } from '@quokka/contract/api/cart';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { CARTS_MINE } from './cart-paths';

export function getCart(signal?: AbortSignal): Promise<Quote> {
  return apiFetch(CARTS_MINE, {
    schema: () => import('@quokka/contract/api/cart').then((m) => m.quoteSchema),
    auth: true,
    signal,
  });
}

/**
 * Every cart query starts with 'cart': invalidating this prefix after a change of the address book or a
 * default refetches the cart and whatever was worked out from it (delivery estimates) [ACCT-07].
 */
export const CART_QUERY_PREFIX = ['cart'] as const;

export function cartQueryOptions() {
  return queryOptions({
    queryKey: [...CART_QUERY_PREFIX, 'mine'] as const,
    queryFn: ({ signal }) => getCart(signal),
    // The account screens show the addresses as they are now, also after a checkout in another tab.
    staleTime: 0,
  });
}
