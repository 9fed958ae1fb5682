// POST /admin/api/orders/:id/approve: approve an order under review (the authorised payment is captured).
import {
  type AdminOrder,
  adminOrderReplySchema,
  type approveOrderBodySchema,
} from '@quokka/contract/api/admin';
import type { input } from 'zod';
import type { ApiClient } from '../../../lib/api-client';

export type ApproveOrderBody = input<typeof approveOrderBodySchema>;

export function approveOrder(api: ApiClient, orderId: number, body: ApproveOrderBody): Promise<AdminOrder> {
  return api(`/orders/${orderId}/approve`, { method: 'POST', body, schema: adminOrderReplySchema });
}
