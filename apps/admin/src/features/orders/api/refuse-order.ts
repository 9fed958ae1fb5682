// POST /admin/api/orders/:id/refuse: refuse an order under review (its payment released, its stock back).
import {
  type AdminOrder,
  adminOrderReplySchema,
  type refuseOrderBodySchema,
} from '@quokka/contract/api/admin';
import type { input } from 'zod';
import type { ApiClient } from '../../../lib/api-client';

export type RefuseOrderBody = input<typeof refuseOrderBodySchema>;

export function refuseOrder(api: ApiClient, orderId: number, body: RefuseOrderBody): Promise<AdminOrder> {
  return api(`/orders/${orderId}/refuse`, { method: 'POST', body, schema: adminOrderReplySchema });
}
