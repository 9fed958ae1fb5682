// [I34-bulk] POST /admin/api/orders/bulk-approve: several orders awaiting review approved at once, each as
// the one-order approve does; the reply says per order what happened or why not.
import {
  type BulkApproveBody,
  type BulkOrdersReply,
  bulkOrdersReplySchema,
} from '@quokka/contract/api/orders-bulk';
import type { ApiClient } from '../../../lib/api-client';

export function bulkApproveOrders(api: ApiClient, body: BulkApproveBody): Promise<BulkOrdersReply> {
  return api('/orders/bulk-approve', { method: 'POST', body, schema: bulkOrdersReplySchema });
}
