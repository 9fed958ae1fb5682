// GET {ns}/shippingmethods?addressId [API-24]: the methods the active cart qualifies for, id-based; the
// cart popup shows the cheapest as its 'Delivery' [SHIP-01].
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';
import { CART_QUERY_PREFIX } from './get-cart';

export async function getShippingMethods(addressId?: number | null, signal?: AbortSignal) {
  // Silent: the popup says 'Calculated at checkout' when the methods cannot be had.
  const reply = await apiFetch(nsPath('shippingmethods'), {
    schema: () => import('@quokka/contract/api/checkout').then((m) => m.shippingMethodsReplySchema),
    auth: true,
    query: { addressId: addressId ?? undefined },
    signal,
    silent: true,
  });
  return reply.data;
}

/** [SHIP-01, DATA-39] The cheapest method by amount, or null for none. */
export function cheapestMethod<M extends { amount: number; available?: boolean }>(
  methods: readonly M[],
): M | null {
  let best: M | null = null;
  for (const method of methods) {
    if (method.available === false || !Number.isFinite(method.amount)) continue;
    if (best === null || method.amount < best.amount) best = method;
  }
  return best;
}

export function cartDeliveryQueryOptions(cartSignature: string) {
  return queryOptions({
    queryKey: [...CART_QUERY_PREFIX, 'delivery', cartSignature],
    queryFn: async ({ signal }) => cheapestMethod(await getShippingMethods(null, signal)),
    staleTime: 30_000,
    retry: false,
  });
}

/** The cheapest delivery for the cart as it is now; null while unknown. */
export function useCartDelivery(cartSignature: string, enabled: boolean) {
  return useQuery({ ...cartDeliveryQueryOptions(cartSignature), enabled });
}
