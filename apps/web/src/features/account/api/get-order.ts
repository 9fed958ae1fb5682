// GET {ns}/order?order_id [API-35]: one of the member's orders (DATA-41). Another member's order answers
// NOT_FOUND, the same as one that does not exist.
import { type Order, orderReplySchema } from '@quokka/contract/api/customer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, hasErrorCode, nsPath } from '../../../lib/api-client';

/** The order, or null when the member has no order with this id. */
export async function getOrder(orderId: number, signal?: AbortSignal): Promise<Order | null> {
  try {
    const reply = await apiFetch(nsPath('order'), {
      schema: orderReplySchema,
      auth: true,
      query: { order_id: orderId },
      signal,
    });
    return reply.data;
  } catch (error) {
    if (hasErrorCode(error, 'NOT_FOUND')) return null;
    throw error;
  }
}

export function orderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: ['account', 'order', orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });
}

export function useOrder(orderId: number | null) {
  return useQuery({ ...orderQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
