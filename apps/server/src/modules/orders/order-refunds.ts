import type { Db } from '../../db/database.ts';
import { postRefund } from '../ledger/ledger-postings.ts';

// [I15] order_refunds: every refund of an order, whatever made it (staff, a cancellation, the provider's
// dashboard, a gift card void). Written in the transaction that refunded, under the order row lock.

export interface OrderRefundInput {
  orderId: number;
  amountCents: number;
  shippingCents: number;
  lines: { order_item_id: number; qty: number; amount_cents: number }[];
  restocked: boolean;
  reason: string | null;
  source: 'staff' | 'cancellation' | 'provider' | 'gift_card_void';
  idempotencyKey: string;
  providerRefundId: string | null;
  staffId: number | null;
  /** When it was made (the app's clock); the database's now() when left out. */
  createdAt?: Date;
}

/** Records one refund and posts it to the ledger; returns its id. */
export async function recordRefundRow(trx: Db, refund: OrderRefundInput): Promise<number> {
  const row = await trx
    .insertInto('order_refunds')
    .values({
      order_id: refund.orderId,
      amount_cents: refund.amountCents,
      shipping_cents: refund.shippingCents,
      lines: JSON.stringify(refund.lines),
      restocked: refund.restocked,
      reason: refund.reason,
      source: refund.source,
      idempotency_key: refund.idempotencyKey,
      provider_refund_id: refund.providerRefundId,
      staff_id: refund.staffId,
      ...(refund.createdAt ? { created_at: refund.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // [I16-ledger] The refund's ledger entries, in the same transaction (dated when the refund was made).
  await postRefund(trx, row.id);
  return row.id;
}
