// POST /admin/api/orders/:id/notes: a staff-only note on the order's timeline.
import { type AdminOrder, adminOrderReplySchema, type orderNoteBodySchema } from '@quokka/contract/api/admin';
import type { input } from 'zod';
import type { ApiClient } from '../../../lib/api-client';

export type OrderNoteBody = input<typeof orderNoteBodySchema>;

export function addOrderNote(api: ApiClient, orderId: number, body: OrderNoteBody): Promise<AdminOrder> {
  return api(`/orders/${orderId}/notes`, { method: 'POST', body, schema: adminOrderReplySchema });
}
