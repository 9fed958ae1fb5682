import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { OrderReceiptTable } from '../db/schema.ts';

// The order receipts' queue (checkout writes a row with each paid order; migration 0008). The same rules
// as the gift card queue (delivery-repository.ts): every statement commits on its own, and every write
// after the claim is conditional on the claim's owner token, so a worker that lost its lease can never
// overwrite what the worker that took over recorded.

export type ReceiptRow = Selectable<OrderReceiptTable>;

/** What the receipt says: the order, its total and who sold it. */
export interface ReceiptOrder {
  id: number;
  increment_id: string;
  grand_total_cents: number;
  /** [I16-checkout-giftcard] What a gift card paid (0 when none). */
  gift_card_cents?: number;
  /** The order's sellers, in the order of its items. */
  seller_names: string[];
}

/** Claims the next due receipt, or one whose worker's lease ran out; never the same row twice. */
export function claimNextReceipt(
  db: Db,
  claim: { owner: string; now: Date; leaseUntil: Date },
): Promise<ReceiptRow | undefined> {
  return db
    .updateTable('order_receipts')
    .set({
      status: 'sending',
      lease_owner: claim.owner,
      lease_until: claim.leaseUntil,
      attempts: sql<number>`attempts + 1`,
      updated_at: claim.now,
    })
    .where('order_id', '=', (eb) =>
      eb
        .selectFrom('order_receipts')
        .select('order_id')
        .where((w) =>
          w.or([
            w.and([w('status', '=', 'queued'), w('next_attempt_at', '<=', claim.now)]),
            w.and([w('status', '=', 'sending'), w('lease_until', '<=', claim.now)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .orderBy('order_id')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function receiptOrder(db: Db, orderId: number): Promise<ReceiptOrder | undefined> {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'increment_id', 'grand_total_cents', 'gift_card_cents'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const sellers = await db
    .selectFrom('order_items as i')
    .innerJoin('sellers as s', 's.id', 'i.seller_id')
    .select(['s.name'])
    .where('i.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
  return { ...order, seller_names: [...new Set(sellers.map((seller) => seller.name))] };
}

function owned(db: Db, orderId: number, owner: string) {
  return db
    .updateTable('order_receipts')
    .where('order_id', '=', orderId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'sending');
}

const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;

/** The intent, committed before the provider is called; false when the claim was lost. */
export async function recordReceiptIntent(db: Db, at: { orderId: number; owner: string; now: Date }) {
  return changed(
    await owned(db, at.orderId, at.owner).set({ intent_at: at.now, updated_at: at.now }).executeTakeFirst(),
  );
}

/** Sent: the provider's id, and the claim released. */
export async function finishReceipt(
  db: Db,
  done: { orderId: number; owner: string; messageId: string; now: Date },
) {
  return changed(
    await owned(db, done.orderId, done.owner)
      .set({
        status: 'sent',
        message_id: done.messageId,
        sent_at: done.now,
        lease_owner: null,
        lease_until: null,
        updated_at: done.now,
      })
      .executeTakeFirst(),
  );
}

/** Back into the queue after a provider failure, until `nextAttemptAt`. */
export async function requeueReceipt(
  db: Db,
  retry: { orderId: number; owner: string; now: Date; nextAttemptAt: Date; error: string },
) {
  return changed(
    await owned(db, retry.orderId, retry.owner)
      .set({
        status: 'queued',
        next_attempt_at: retry.nextAttemptAt,
        lease_owner: null,
        lease_until: null,
        last_error: retry.error,
        updated_at: retry.now,
      })
      .executeTakeFirst(),
  );
}

/** Given up after the last attempt, with the reason, for an operator to see. */
export async function failReceipt(
  db: Db,
  failure: { orderId: number; owner: string; now: Date; error: string },
) {
  return changed(
    await owned(db, failure.orderId, failure.owner)
      .set({
        status: 'failed',
        lease_owner: null,
        lease_until: null,
        last_error: failure.error,
        failed_at: failure.now,
        updated_at: failure.now,
      })
      .executeTakeFirst(),
  );
}

export function receiptOf(db: Db, orderId: number): Promise<ReceiptRow | undefined> {
  return db.selectFrom('order_receipts').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}
