// GET /admin/api/orders/:id: the order with its money, items per seller, shipments, refunds, the actions
// this member may take now and the timeline. Every order action answers with the order and puts it here.
import { adminOrderSchema } from '@quokka/contract/api/admin';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const orderQueryKey = (orderId: number) => ['order', orderId] as const;

export function getOrder(api: ApiClient, orderId: number) {
  return api(`/orders/${orderId}`, { schema: adminOrderSchema });
}

export function orderQueryOptions(api: ApiClient, orderId: number) {
  return queryOptions({ queryKey: orderQueryKey(orderId), queryFn: () => getOrder(api, orderId) });
}
