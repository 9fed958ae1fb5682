// GET {ns}/orders [API-34]: the member's orders (DATA-41), newest first.
import { type Order, ordersReplySchema } from '@quokka/contract/api/customer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';

export async function getOrders(signal?: AbortSignal): Promise<Order[]> {
  const reply = await apiFetch(nsPath('orders'), { schema: ordersReplySchema, auth: true, signal });
  return reply.data;
}

export function ordersQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'orders'],
    queryFn: ({ signal }) => getOrders(signal),
    staleTime: 0,
  });
}

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
