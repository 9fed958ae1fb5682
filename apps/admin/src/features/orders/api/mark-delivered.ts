// [I31] POST /admin/api/orders/:id/shipments/:shipment_id/delivered: a seller's shipment marked delivered
// (once; the thank-you text counts from here). Answers the order as it now is.
import { type AdminOrder, adminOrderReplySchema } from '@quokka/contract/api/admin';
import type { ApiClient } from '../../../lib/api-client';

export function markDelivered(api: ApiClient, orderId: number, shipmentId: number): Promise<AdminOrder> {
  return api(`/orders/${orderId}/shipments/${shipmentId}/delivered`, {
    method: 'POST',
    body: {},
    schema: adminOrderReplySchema,
  });
}
