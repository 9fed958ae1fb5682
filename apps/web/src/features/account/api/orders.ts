// GET {ns}/orders [API-34] and GET {ns}/order?order_id [API-35]: the member's orders (DATA-41), newest
// first. Another member's order answers NOT_FOUND, the same as one that does not exist.
import { type Order, orderReplySchema, ordersReplySchema } from '@quokka/contract/api/customer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, hasErrorCode, nsPath } from '../../../lib/api-client';

export async function getOrders(signal?: AbortSignal): Promise<Order[]> {
  const reply = await apiFetch(nsPath('orders'), { schema: ordersReplySchema, auth: true, signal });
  return reply.data;
}

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

export function ordersQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'orders'],
    queryFn: ({ signal }) => getOrders(signal),
    staleTime: 0,
  });
}

export function orderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: ['account', 'order', orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });
}

export function useOrders() {
  return useQuery(ordersQueryOptions());
}

export function useOrder(orderId: number | null) {
  return useQuery({ ...orderQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
