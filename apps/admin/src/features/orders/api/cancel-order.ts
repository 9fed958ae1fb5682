// POST /admin/api/orders/:id/cancel: cancel an order (what was captured refunded, restocked when asked).
import {
  type AdminOrder,
  adminOrderReplySchema,
  type cancelOrderBodySchema,
} from '@quokka/contract/api/admin';
import type { input } from 'zod';
import type { ApiClient } from '../../../lib/api-client';

export type CancelOrderBody = input<typeof cancelOrderBodySchema>;

export function cancelOrder(api: ApiClient, orderId: number, body: CancelOrderBody): Promise<AdminOrder> {
  return api(`/orders/${orderId}/cancel`, { method: 'POST', body, schema: adminOrderReplySchema });
}
