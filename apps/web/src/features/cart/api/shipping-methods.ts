// GET {ns}/shippingmethods?addressId [API-24]: the methods the active cart qualifies for, id-based; the
// cart popup shows the cheapest as its 'Delivery' [SHIP-01].
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';
import type { ShippingMethodWire } from './cart-wire';

export async function getShippingMethods(
  addressId?: number | null,
  signal?: AbortSignal,
): Promise<ShippingMethodWire[]> {
  // Silent: the popup says 'Calculated at checkout' when the methods cannot be had.
  const reply = await apiFetch<{ data?: unknown } | null>(nsPath('shippingmethods'), {
    auth: true,
    query: { addressId: addressId ?? undefined },
    signal,
    silent: true,
  });
  return Array.isArray(reply?.data) ? (reply.data as ShippingMethodWire[]) : [];
}

/** [SHIP-01, DATA-39] The cheapest method by amount, or null for none. */
export function cheapestMethod(methods: readonly ShippingMethodWire[]): ShippingMethodWire | null {
  let best: ShippingMethodWire | null = null;
  for (const method of methods) {
    if (method.available === false || !Number.isFinite(method.amount)) continue;
    if (best === null || method.amount < best.amount) best = method;
  }
  return best;
}

export function cartDeliveryQueryOptions(cartSignature: string) {
  return queryOptions({
    queryKey: ['cart', 'delivery', cartSignature],
    queryFn: async ({ signal }) => cheapestMethod(await getShippingMethods(null, signal)),
    staleTime: 30_000,
    retry: false,
  });
}

/** The cheapest delivery for the cart as it is now; null while unknown. */
export function useCartDelivery(cartSignature: string, enabled: boolean) {
  return useQuery({ ...cartDeliveryQueryOptions(cartSignature), enabled });
}
