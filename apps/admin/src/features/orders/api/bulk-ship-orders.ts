// [I34-bulk] POST /admin/api/orders/bulk-ship: one carrier, a tracking number per order, each shipped as
// the one-order ship does (the shopper is texted); the reply says per order what happened or why not.
import {
  type BulkOrdersReply,
  type BulkShipBody,
  bulkOrdersReplySchema,
} from '@quokka/contract/api/orders-bulk';
import type { ApiClient } from '../../../lib/api-client';

export function bulkShipOrders(api: ApiClient, body: BulkShipBody): Promise<BulkOrdersReply> {
  return api('/orders/bulk-ship', { method: 'POST', body, schema: bulkOrdersReplySchema });
}
