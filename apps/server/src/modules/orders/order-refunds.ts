import type { Db } from '../../db/database.ts';

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
}

/** Records one refund; returns its id. */
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
