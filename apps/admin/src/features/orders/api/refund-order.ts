// POST /admin/api/orders/:id/refunds: lines and shipping given back, once per request key (restocked when
// asked); may ask for the passkey first.
import { type AdminOrder, adminOrderReplySchema, type RefundOrderBody } from '@quokka/contract/api/admin';
import type { ApiClient } from '../../../lib/api-client';

export function refundOrder(api: ApiClient, orderId: number, body: RefundOrderBody): Promise<AdminOrder> {
  return api(`/orders/${orderId}/refunds`, { method: 'POST', body, schema: adminOrderReplySchema });
}
