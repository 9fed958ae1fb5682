import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { GiftCardDeliveryTable, GiftCardDetailsTable } from '../db/schema.ts';

// The delivery queue's SQL (docs/gift-cards.md). Every statement runs on its own and commits at once:
// the claim, each intent and each result are on disk before the next step starts. Every write after the
// claim is conditional on the claim's owner token, so a worker that lost its lease (it was presumed dead)
// can never overwrite what the worker that took over recorded.

export type DeliveryRow = Selectable<GiftCardDeliveryTable>;
export type DeliveryCard = Selectable<GiftCardDetailsTable>;
export type MessageKind = 'mms' | 'receipt';

/**
 * Claims the next due send: one that is queued and due, or one whose worker's lease ran out while it was
 * sending (that worker died), of a card whose order is approved. `FOR UPDATE SKIP LOCKED` lets any number of workers claim at once without
 * ever taking the same row; the claim itself is the committed intent 'sending'.
 */
export function claimNext(
  db: Db,
  claim: { owner: string; now: Date; leaseUntil: Date },
): Promise<DeliveryRow | undefined> {
  return db
    .updateTable('gift_card_deliveries')
    .set({
      status: 'sending',
      lease_owner: claim.owner,
      lease_until: claim.leaseUntil,
      attempts: sql<number>`attempts + 1`,
      updated_at: claim.now,
    })
    .where('card_id', '=', (eb) =>
      eb
        .selectFrom('gift_card_deliveries')
        .select('card_id')
        .where((w) =>
          w.or([
            w.and([w('status', '=', 'queued'), w('next_attempt_at', '<=', claim.now)]),
            w.and([w('status', '=', 'sending'), w('lease_until', '<=', claim.now)]),
          ]),
        )
        // [I15-review] A card goes only once its order is approved (not while it waits for review, never
        // for a refused or cancelled order). A card not linked to an order keeps today's behaviour.
        .where((w) =>
          w.exists(
            w
              .selectFrom('gift_card_details as c')
              .leftJoin('orders as o', 'o.id', 'c.order_id')
              .select('c.id')
              .whereRef('c.id', '=', 'gift_card_deliveries.card_id')
              .where((x) =>
                x.or([
                  x('c.order_id', 'is', null),
                  x('o.status', 'in', ['approved', 'partially_shipped', 'shipped']),
                ]),
              ),
          ),
        )
        .orderBy('next_attempt_at')
        .orderBy('card_id')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .executeTakeFirst();
}

export function deliveryCard(db: Db, cardId: number): Promise<DeliveryCard | undefined> {
  return db.selectFrom('gift_card_details').selectAll().where('id', '=', cardId).executeTakeFirst();
}

/**
 * [I11-13] Who sent the card (the purchaser's name) and the seller it spends with: the gift card
 * product's seller, or, when the catalogue no longer has the product, the seller its order line kept.
 */
export async function giftCardOrigin(
  db: Db,
  card: Pick<DeliveryCard, 'customer_id' | 'product_id' | 'order_id'>,
): Promise<{ senderName: string; seller: { name: string; url: string } | null }> {
  const purchaser = await db
    .selectFrom('customers')
    .select(['firstname', 'lastname'])
    .where('id', '=', card.customer_id)
    .executeTakeFirst();
  const fromCatalogue = await db
    .selectFrom('products as p')
    .innerJoin('sellers as s', 's.id', 'p.seller_id')
    .select(['s.name', 's.seller_url as url'])
    .where('p.id', '=', card.product_id)
    .executeTakeFirst();
  const fromOrder =
    fromCatalogue || card.order_id === null
      ? undefined
      : await db
          .selectFrom('order_items as i')
          .innerJoin('sellers as s', 's.id', 'i.seller_id')
          .select(['s.name', 's.seller_url as url'])
          .where('i.order_id', '=', card.order_id)
          .where((w) =>
            w.or([w('i.parent_product_id', '=', card.product_id), w('i.product_id', '=', card.product_id)]),
          )
          .executeTakeFirst();
  return {
    senderName: purchaser ? `${purchaser.firstname} ${purchaser.lastname}`.trim() : 'Someone',
    seller: fromCatalogue ?? fromOrder ?? null,
  };
}

function owned(db: Db, cardId: number, owner: string) {
  return db
    .updateTable('gift_card_deliveries')
    .where('card_id', '=', cardId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'sending');
}

/**
 * Records that a message is about to be sent, committed before the provider is called. The picture
 * message also fixes the card's `valid_until` ([GIFT-03]: moved when the send is later than planned).
 * False when the claim was lost.
 */
export async function recordIntent(
  db: Db,
  intent: { cardId: number; owner: string; kind: MessageKind; now: Date; validUntil?: Date },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await owned(trx, intent.cardId, intent.owner)
      .set(
        intent.kind === 'mms'
          ? { mms_intent_at: intent.now, updated_at: intent.now }
          : { receipt_intent_at: intent.now, updated_at: intent.now },
      )
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    if (intent.validUntil) {
      await trx
        .updateTable('gift_card_details')
        .set({ valid_until: intent.validUntil, updated_at: intent.now })
        .where('id', '=', intent.cardId)
        .execute();
    }
    return true;
  });
}

/** Records the provider's message id; the picture message's also marks the card sent. */
export async function recordMessage(
  db: Db,
  message: { cardId: number; owner: string; kind: MessageKind; messageId: string; now: Date },
): Promise<boolean> {
  const result = await owned(db, message.cardId, message.owner)
    .set(
      message.kind === 'mms'
        ? { mms_message_id: message.messageId, sent_at: message.now, updated_at: message.now }
        : { receipt_message_id: message.messageId, updated_at: message.now },
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Done: both messages recorded (or the receipt given up on, with the reason kept). */
export async function finishDelivery(
  db: Db,
  done: { cardId: number; owner: string; now: Date; note?: string },
): Promise<boolean> {
  const result = await owned(db, done.cardId, done.owner)
    .set({
      status: 'sent',
      lease_owner: null,
      lease_until: null,
      last_error: done.note ?? null,
      updated_at: done.now,
    })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Back into the queue until `nextAttemptAt`: after a provider failure (the attempt counts), or because
 * the claim fell in quiet hours (`uncount`: it was no attempt).
 */
export async function requeueDelivery(
  db: Db,
  retry: { cardId: number; owner: string; now: Date; nextAttemptAt: Date; error?: string; uncount?: boolean },
): Promise<boolean> {
  const result = await owned(db, retry.cardId, retry.owner)
    .set({
      status: 'queued',
      next_attempt_at: retry.nextAttemptAt,
      lease_owner: null,
      lease_until: null,
      ...(retry.error !== undefined ? { last_error: retry.error } : {}),
      ...(retry.uncount ? { attempts: sql<number>`attempts - 1` } : {}),
      updated_at: retry.now,
    })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Given up after the last attempt: 'failed', with the reason, for an operator to see. */
export async function failDelivery(
  db: Db,
  failure: { cardId: number; owner: string; now: Date; error: string },
): Promise<boolean> {
  const result = await owned(db, failure.cardId, failure.owner)
    .set({
      status: 'failed',
      lease_owner: null,
      lease_until: null,
      last_error: failure.error,
      failed_at: failure.now,
      updated_at: failure.now,
    })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function deliveryOf(db: Db, cardId: number): Promise<DeliveryRow | undefined> {
  return db.selectFrom('gift_card_deliveries').selectAll().where('card_id', '=', cardId).executeTakeFirst();
}
