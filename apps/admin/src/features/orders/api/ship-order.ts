// POST /admin/api/orders/:id/shipments: one seller's items marked shipped with the carrier and tracking
// number; the shopper is texted.
import { type AdminOrder, adminOrderReplySchema, type ShipOrderBody } from '@quokka/contract/api/admin';
import type { ApiClient } from '../../../lib/api-client';

export function shipOrder(api: ApiClient, orderId: number, body: ShipOrderBody): Promise<AdminOrder> {
  return api(`/orders/${orderId}/shipments`, { method: 'POST', body, schema: adminOrderReplySchema });
}
