import type { AdminOrder } from '@quokka/contract/api/admin';
import type { Db } from '../../db/database.ts';
import type { StaffSession } from '../staff/staff-sessions.ts';

// PLACEHOLDER on the i15-review branch only: the order detail reader is H2's (branch i15-orders), which
// replaces this file. The review routes (order-review-routes.ts) answer with it.

/** The member of staff looking: what they may see and do depends on the role and seller. */
export type OrderViewer = StaffSession['staff'];

export async function loadAdminOrder(_db: Db, _orderId: number, _viewer: OrderViewer): Promise<AdminOrder> {
  throw new Error('replaced by H2');
}
