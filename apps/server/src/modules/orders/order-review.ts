import { formatCents } from '@quokka/contract/money';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { OrderStatus, PaymentState } from '../../db/schema.ts';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import type { PaymentsProvider } from '../../providers/payments/payments-provider.ts';
import type { Inventory } from '../catalog/catalog-service.ts';
import { postCapture } from '../ledger/ledger-postings.ts';
import { enqueueMessage, type OutboxSender } from '../messages/outbox.ts';
import { recordStaffAction } from '../staff/staff-audit.ts';
import { attachEventMessage, recordOrderEvent } from './order-events.ts';
import type { OrderRefunds } from './order-refunds.ts';
import type { VendorOrderTexts } from './vendor-order-texts.ts';

// [I15-review] Approving or refusing an order (DECISIONS.md "After checkout"; docs/order-review.md).
// Checkout only authorises the card; an order waits in 'pending_review' until:
// - approve: the authorised amount is captured and the order goes to its sellers ('approved');
// - refuse: the authorisation is released, every line's stock goes back as checkout took it, the order
//   is 'refused' and the shopper is texted why.
// Each is ONE transaction that starts by locking the order row (SELECT … FOR UPDATE): two clicks, two
// members of staff, or the deadline job and a member of staff at once are served one after the other,
// and the second finds the order already decided (a repeated approve answers the approved order without a
// second capture; a repeated refuse changes nothing and texts nobody). The provider's call is made inside
// that transaction, so a failure rolls the order back to 'pending_review' with nothing lost; its own
// idempotency (the capture of a captured payment is a no-op) makes a retry after a lost commit safe.
// The shopper's text goes after the commit: a failed send never undoes a refusal.

/** The card network lets an authorisation lapse after 7 days; we decide before 6 have passed. */
export const REVIEW_WINDOW_DAYS = 6;
export const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * 24 * 60 * 60_000;
export const NOT_REVIEWED_IN_TIME = 'Not reviewed in time';

export const ORDER_REVIEW_TEXT = {
  orderNotFound: 'The order does not exist.',
  notAwaitingReview: (incrementId: string, status: OrderStatus) =>
    `Order ${incrementId} is ${status.replace('_', ' ')}: only an order awaiting review can be approved or refused.`,
  noPayment: (incrementId: string) => `Order ${incrementId} has no payment to capture or release.`,
  /** DESIGN15 "Messages to the shopper": the refusal text. */
  refusedSms: (store: string, incrementId: string, reason: string, giftCardCents = 0) =>
    `${store}: sorry, we could not accept order ${incrementId}. Your card was not charged; the hold on it is released.${giftCardCents > 0 ? ` ${formatCents(giftCardCents)} is back on your gift card.` : ''} Reason: ${reason}`,
} as const;

/** Who decides: a member of staff (audited), or the shop itself (auto approval, the deadline job). */
export type ReviewActor = { staffId: number } | 'system';

export interface ReviewOutcome {
  orderId: number;
  status: OrderStatus;
  /** False when the order was already decided this way (a repeated click): nothing was done. */
  changed: boolean;
}

export interface ReviewLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The order row as the review reads it (locked). */
export interface ReviewOrderRecord {
  id: number;
  increment_id: string;
  status: OrderStatus;
  payment_state: PaymentState;
  payment_id: string | null;
  authorised_cents: number;
  captured_cents: number;
  customer_mobile: string | null;
}

/** The orders' rows belong to checkout (checkout-repository.ts); the review reads and writes them here. */
export interface OrderRecords {
  lock(trx: Db, orderId: number): Promise<ReviewOrderRecord | undefined>;
  decide(
    trx: Db,
    orderId: number,
    decision:
      | { status: 'approved'; capturedCents: number; at: Date; staffId: number | null }
      | { status: 'refused'; reason: string; at: Date; staffId: number | null },
  ): Promise<void>;
  stockLines(trx: Db, orderId: number): Promise<{ productId: number; qty: number }[]>;
  pendingDueBy(db: Db, at: Date, limit: number): Promise<number[]>;
}

/** [I15] Fulfilment status and refund totals (checkout-repository.ts), written under the order row lock. */
export interface OrderChangeRecords {
  status(
    trx: Db,
    orderId: number,
    change: { status: OrderStatus; cancelledAt?: Date; paymentState?: PaymentState },
  ): Promise<void>;
  lineRefund(trx: Db, itemId: number, refund: { qty: number; cents: number }): Promise<void>;
  refund(
    trx: Db,
    orderId: number,
    refund: { cents: number; shippingCents: number; paymentState?: PaymentState },
  ): Promise<void>;
}

export interface OrderReviewDeps {
  db: Db;
  orders: OrderRecords;
  /** The catalogue's stock: what checkout took, a refusal gives back. */
  inventory: Pick<Inventory, 'giveBack' | 'changed'>;
  clock: Clock;
  payments: PaymentsProvider;
  /** The outbox's sender: texts queued in a decision's transaction go after its commit. */
  outbox: Pick<OutboxSender, 'sendNow'>;
  storeName: string;
  log: ReviewLog;
  /** [I16-vendor-sms] Texts the sellers' staff about a new approved order (vendor-order-texts.ts). */
  vendorTexts?: Pick<VendorOrderTexts, 'queue'>;
  /**
   * [I15-review] The order's gift card picture messages waiting for the approval, made due in its
   * transaction (modules/giftcards, handed in): answers the rows to send after the commit.
   */
  giftCardMessages?: { wakeApproved(trx: Db, orderId: number, now: Date): Promise<number[]> };
  /**
   * [I15-refund] The one refund path (order-refunds.ts): a refusal releases the authorisation and gives
   * an order's gift card part back through it.
   */
  refunds: OrderRefunds;
}

export interface OrderReview {
  /** Captures the authorised amount; 409 unless the order awaits review (or was approved already). */
  approve(orderId: number, actor: ReviewActor, note?: string): Promise<ReviewOutcome>;
  /** Releases the authorisation, restocks, texts the shopper; 409 unless the order awaits review. */
  refuse(orderId: number, reason: string, actor: ReviewActor): Promise<ReviewOutcome>;
  /**
   * [I15-auto] Right after checkout commits (ORDER_REVIEW=auto): approves; a failure is logged, never
   * thrown. The sellers' texts go after the shopper's reply, not before it (settle() waits for them).
   */
  approveAfterCheckout(orderId: number): Promise<void>;
  /** Resolves when the texts started by approveAfterCheckout so far have gone (before the app closes). */
  settle(): Promise<void>;
  /** [I15-deadline] One 'review_flagged' event per order pending longer than `flagHours`; answers how many new. */
  flagWaiting(flagHours: number): Promise<number>;
  /** [I15-deadline] Refuses and releases every order whose capture_by has come; answers how many. */
  refuseExpired(): Promise<number>;
}

const DECIDED_APPROVED: readonly OrderStatus[] = ['approved', 'partially_shipped', 'shipped'];

const actorOf = (actor: ReviewActor) => (actor === 'system' ? 'system' : `staff:${actor.staffId}`);
const staffIdOf = (actor: ReviewActor) => (actor === 'system' ? null : actor.staffId);

type LockedOrder = ReviewOrderRecord;

export function createOrderReview(deps: OrderReviewDeps): OrderReview {
  const { db, clock, payments, orders, log } = deps;

  /** The order row, locked until the transaction ends; 404 when there is none. */
  async function lockOrder(trx: Db, orderId: number): Promise<LockedOrder> {
    const order = await orders.lock(trx, orderId);
    if (!order) throw new NotFoundError(ORDER_REVIEW_TEXT.orderNotFound);
    return order;
  }

  /** Texts still being sent for orders approved at checkout (approveAfterCheckout). */
  const sending = new Set<Promise<void>>();

  async function approve(orderId: number, actor: ReviewActor, note?: string): Promise<ReviewOutcome> {
    const { texts, ...outcome } = await capture(orderId, actor, note);
    // [I16-vendor-sms] After the commit: the sellers' staff texts queued with it go (never throws).
    await deps.outbox.sendNow(texts);
    return outcome;
  }

  /** The approval itself, in one transaction: capture, ledger, timeline, audit and the sellers' texts queued. */
  function capture(
    orderId: number,
    actor: ReviewActor,
    note?: string,
  ): Promise<ReviewOutcome & { texts: number[] }> {
    return db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, orderId);
      // A repeated approve (a double click, two members of staff): the order as it is, no second capture.
      if (DECIDED_APPROVED.includes(order.status))
        return { orderId, status: order.status, changed: false, texts: [] };
      if (order.status !== 'pending_review')
        throw new ConflictError(ORDER_REVIEW_TEXT.notAwaitingReview(order.increment_id, order.status));
      // [I16-checkout-giftcard] An order a gift card paid in full has nothing authorised: nothing to capture.
      if (!order.payment_id && order.authorised_cents > 0)
        throw new ConflictError(ORDER_REVIEW_TEXT.noPayment(order.increment_id));

      if (order.payment_id && order.authorised_cents > 0)
        await payments.capture(trx, order.payment_id, order.authorised_cents);
      const now = clock.now();
      const staffId = staffIdOf(actor);
      await orders.decide(trx, orderId, {
        status: 'approved',
        capturedCents: order.authorised_cents,
        at: now,
        staffId,
      });
      // [I16-ledger] The capture's sales, fees and gift card part, in the capture's transaction.
      await postCapture(trx, orderId, now);
      await recordOrderEvent(trx, {
        orderId,
        type: 'approved',
        actor: actorOf(actor),
        staffId,
        summary: actor === 'system' ? 'Approved automatically' : 'Approved',
        data: note ? { note } : {},
      });
      await recordOrderEvent(trx, {
        orderId,
        type: 'payment_captured',
        actor: actorOf(actor),
        staffId,
        summary: `Captured ${formatCents(order.authorised_cents)}`,
        data: { amount_cents: order.authorised_cents, payment_id: order.payment_id },
      });
      if (staffId !== null) {
        await recordStaffAction(trx, {
          actor: { staffId },
          action: 'order.approved',
          subject: `order:${orderId}`,
          before: { status: order.status, payment_state: order.payment_state, captured_cents: 0 },
          after: {
            status: 'approved',
            payment_state: 'captured',
            captured_cents: order.authorised_cents,
            ...(note ? { note } : {}),
          },
          at: now,
        });
      }
      const texts = [
        ...((await deps.vendorTexts?.queue(trx, orderId)) ?? []),
        ...((await deps.giftCardMessages?.wakeApproved(trx, orderId, now)) ?? []),
      ];
      return { orderId, status: 'approved' as const, changed: true, texts };
    });
  }

  async function refuse(orderId: number, reason: string, actor: ReviewActor): Promise<ReviewOutcome> {
    const decided = await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, orderId);
      // Refused already (the deadline job and a member of staff at once): nothing more, no second text.
      if (order.status === 'refused') return undefined;
      if (order.status !== 'pending_review')
        throw new ConflictError(ORDER_REVIEW_TEXT.notAwaitingReview(order.increment_id, order.status));
      if (!order.payment_id && order.authorised_cents > 0)
        throw new ConflictError(ORDER_REVIEW_TEXT.noPayment(order.increment_id));

      // [I15-refund] Through the one refund path: nothing was captured, so the authorisation is released
      // and the gift card's part goes back onto the card (unless it was voided since).
      const given = await deps.refunds.giveBack(trx, {
        orderId,
        what: { kind: 'everything' },
        source: 'cancellation',
        key: 'refuse',
        restock: false,
        reason,
        staffId: staffIdOf(actor),
        at: clock.now(),
      });
      const giftCardNet = given.giftCardCents;
      // Every line's stock back exactly as checkout took it (inventory.take: each line's qty of its product).
      const lines = await orders.stockLines(trx, orderId);
      await deps.inventory.giveBack(trx, lines);
      const now = clock.now();
      const staffId = staffIdOf(actor);
      await orders.decide(trx, orderId, { status: 'refused', reason, at: now, staffId });
      const eventId = await recordOrderEvent(trx, {
        orderId,
        type: 'refused',
        actor: actorOf(actor),
        staffId,
        summary: `Refused: ${reason}`,
        data: { reason, restocked: lines.map((line) => ({ product_id: line.productId, qty: line.qty })) },
      });
      await recordOrderEvent(trx, {
        orderId,
        type: 'payment_released',
        actor: actorOf(actor),
        staffId,
        summary: `Released the hold of ${formatCents(order.authorised_cents)}`,
        data: { amount_cents: order.authorised_cents, payment_id: order.payment_id },
      });
      if (staffId !== null) {
        await recordStaffAction(trx, {
          actor: { staffId },
          action: 'order.refused',
          subject: `order:${orderId}`,
          before: { status: order.status, payment_state: order.payment_state },
          after: { status: 'refused', payment_state: 'released', refusal_reason: reason },
          at: now,
        });
      }
      const texts = await queueRefusalText(trx, order, reason, eventId, giftCardNet);
      return { texts };
    });
    if (!decided) return { orderId, status: 'refused', changed: false };

    deps.inventory.changed();
    await deps.outbox.sendNow(decided.texts);
    return { orderId, status: 'refused', changed: true };
  }

  /** In the refusal's transaction: the shopper's text queued, on the 'refused' event. */
  async function queueRefusalText(
    trx: Db,
    order: LockedOrder,
    reason: string,
    eventId: string,
    giftCardCents = 0,
  ): Promise<number[]> {
    if (!order.customer_mobile) {
      log.warn({ order_id: order.id }, 'order refused: no mobile on the order to text');
      return [];
    }
    const id = await enqueueMessage(
      trx,
      {
        to: order.customer_mobile,
        kind: 'sms',
        body: ORDER_REVIEW_TEXT.refusedSms(deps.storeName, order.increment_id, reason, giftCardCents),
        purpose: 'order_refused',
        orderId: order.id,
        key: `order_refused:${order.id}`,
      },
      clock.now(),
    );
    await attachEventMessage(trx, eventId, id);
    return [id];
  }

  return {
    approve,
    refuse,

    async approveAfterCheckout(orderId) {
      try {
        const { texts: queued } = await capture(orderId, 'system');
        // The shopper's checkout does not wait for the sellers' texts (a slow SMS provider would hold their
        // success screen); they go now, and never throw.
        const texts = queued.length > 0 ? deps.outbox.sendNow(queued) : undefined;
        if (texts) {
          sending.add(texts);
          void texts.finally(() => sending.delete(texts));
        }
      } catch (error) {
        // Nothing is lost: the order stays pending_review with its authorisation, for an operator (or the
        // deadline job) to decide.
        log.error(
          { order_id: orderId, err: String(error) },
          'automatic approval failed: the order waits for review',
        );
      }
    },

    async settle() {
      while (sending.size > 0) await Promise.all(sending);
    },

    async flagWaiting(flagHours) {
      // Placed = capture_by − 6 days (both on the app's clock): flagged once placed + flagHours has passed.
      const flagBefore = new Date(clock.now().getTime() + REVIEW_WINDOW_MS - flagHours * 3_600_000);
      const waiting = await orders.pendingDueBy(db, flagBefore, 1000);
      const flagged: number[] = [];
      for (const orderId of waiting) {
        // The unique index order_events_review_flagged_once makes this once per order, whoever runs it.
        const row = await db
          .insertInto('order_events')
          .values({
            order_id: orderId,
            type: 'review_flagged',
            actor: 'system',
            summary: `Waiting for review for more than ${flagHours} hours`,
            data: JSON.stringify({ flag_hours: flagHours }),
          })
          .onConflict((oc) => oc.column('order_id').where('type', '=', 'review_flagged').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (row) flagged.push(orderId);
      }
      if (flagged.length > 0) log.info({ orders: flagged }, 'review: orders flagged');
      return flagged.length;
    },

    async refuseExpired() {
      const due = await orders.pendingDueBy(db, clock.now(), 100);
      let refused = 0;
      for (const id of due) {
        try {
          if ((await refuse(id, NOT_REVIEWED_IN_TIME, 'system')).changed) refused += 1;
        } catch (error) {
          // Approved by someone meanwhile: nothing to do.
          if (error instanceof ConflictError) continue;
          log.error({ order_id: id, err: String(error) }, 'review deadline: could not refuse the order');
        }
      }
      if (refused > 0) log.info({ refused }, 'review deadline: orders refused, not reviewed in time');
      return refused;
    },
  };
}
