import { type KNOWN_CARRIERS, OTHER_CARRIER, SHIP_TEXT } from '@quokka/contract/api/admin';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { ConflictError, ForbiddenError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import type { GiftCardBalances } from '../../domain/gift-card-balances.ts';
import type { MessagingProvider } from '../../providers/messaging/messaging-provider.ts';
import type { PaymentsProvider } from '../../providers/payments/payments-provider.ts';
import type { Inventory } from '../catalog/catalog-service.ts';
import { postRefund } from '../ledger/ledger-postings.ts';
import { enqueueMessage, type OutboxMessage, type OutboxSender } from '../messages/outbox.ts';
import { recordStaffAction } from '../staff/staff-audit.ts';
import { attachEventMessage, recordOrderEvent } from './order-events.ts';
import type { OrderChangeRecords } from './order-review.ts';
import { dollars, ORDER_NOT_FOUND, type OrderViewer, viewerSeesOrder } from './orders-read.ts';

// [I15-ship, I15-refund, I15-cancel] What staff do to an order after it was approved: mark a seller's
// items shipped, refund lines and shipping, cancel before anything shipped, and write notes. Each action
// runs in one transaction with the order row locked (FOR UPDATE), so racing clicks wait for each other
// and see what the first one did; it writes the order, an order event and an audit line together. The
// shopper's text goes after the commit and is attached to the event; a failed send never undoes the
// action (it shows on the timeline as a failed message). docs/back-office-orders.md.

export const FULFILMENT_TEXT = {
  notShippable: 'Only an approved order that has not been fully shipped can be marked as shipped.',
  sellerHasNoItems: 'This seller has no items to ship in the order.',
  alreadyShipped: "This seller's items are already marked as shipped.",
  vendorOwnSeller: "You can only ship your own seller's items.",
  notCaptured: 'Only an order whose payment was captured can be refunded.',
  emptyRefund: 'Choose at least one line or some shipping to refund.',
  duplicateLine: 'Each line may appear only once in a refund.',
  unknownLine: 'That line is not part of this order.',
  tooManyUnits: 'That is more than is left to refund on the line.',
  tooMuchShipping: 'That is more shipping than is left to refund.',
  tooMuchMoney: 'That is more than is left of the captured payment.',
  keyReused: 'This refund key was already used for a different refund.',
  notCancellable: 'Only an order that has not shipped can be cancelled.',
} as const;

/**
 * [I27-carrier] The public tracking page of each known carrier (the contract's KNOWN_CARRIERS), or null
 * where we know of no page that takes the number in its address. The shopper's text carries this link
 * only: never one a seller typed ('Other' carriers get the number alone).
 */
const TRACKING: Record<KnownCarrier, ((n: string) => string) | null> = {
  'Australia Post': (n) => `https://auspost.com.au/mypost/track/details/${n}`,
  StarTrack: (n) => `https://startrack.com.au/track/details/${n}`,
  Sendle: (n) => `https://track.sendle.com/tracking?ref=${n}`,
  CouriersPlease: (n) => `https://www.couriersplease.com.au/tools-track/no/${n}`,
  Aramex: (n) => `https://www.aramex.com.au/tools/track?l=${n}`,
  DHL: (n) => `https://www.dhl.com/au-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  TNT: (n) => `https://www.tnt.com/express/en_au/site/shipping-tools/tracking.html?searchType=con&cons=${n}`,
  Toll: null,
  'Team Global Express': null,
};

/** The carrier's tracking page for this number, or null (a carrier without one, or 'Other'). */
export function trackingUrl(carrier: ShipOrderCarrier, trackingNumber: string): string | null {
  if (carrier === OTHER_CARRIER) return null;
  const url = TRACKING[carrier];
  return url ? url(encodeURIComponent(trackingNumber.replace(/\s+/g, ''))) : null;
}

export interface FulfilmentDeps {
  db: Db;
  /** The order's rows belong to checkout: status and refund totals are written through its records. */
  records: OrderChangeRecords;
  clock: Clock;
  payments: PaymentsProvider;
  messaging: MessagingProvider;
  /** The outbox's sender: the shopper's text, queued in the change's transaction, goes before the reply. */
  outbox: Pick<OutboxSender, 'sendNow'>;
  /** The catalogue's stock: a restock gives back what checkout took. */
  inventory: Pick<Inventory, 'giveBack' | 'changed'>;
  storeName: string;
  log?: { warn(message: string): void };
  /**
   * [I16-checkout-giftcard] A gift card's part of an order: a refund goes to the payment card first (up to
   * what it has left) and the rest back onto the gift card; a cancellation gives the card part back.
   */
  giftCardBalances?: GiftCardBalances;
}

type KnownCarrier = (typeof KNOWN_CARRIERS)[number];
type ShipOrderCarrier = KnownCarrier | typeof OTHER_CARRIER;

export interface ShipInput {
  seller_id: number;
  /** [I27-carrier] A known carrier, or 'Other' with `carrier_name` (checked by the contract). */
  carrier: ShipOrderCarrier;
  carrier_name?: string | undefined;
  tracking_number: string;
}
export interface RefundInput {
  lines: { order_item_id: number; qty: number }[];
  shipping_cents: number;
  restock: boolean;
  reason?: string | undefined;
  idempotency_key: string;
}
export interface CancelInput {
  reason: string;
  restock: boolean;
}

type Trx = Db;

async function lockOrder(trx: Trx, orderId: number) {
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  return order;
}

/** The units to give back to stock (gift cards and deleted products have none), as checkout took them. */
function stockLines(units: { productId: number | null; qty: number; giftcard: boolean }[]) {
  return units.flatMap((unit) =>
    unit.productId !== null && unit.qty > 0 && !unit.giftcard
      ? [{ productId: unit.productId, qty: unit.qty }]
      : [],
  );
}

const sameRefund = (
  stored: { lines: { order_item_id: number; qty: number }[]; shipping_cents: number; restocked: boolean },
  input: RefundInput,
) => {
  const norm = (lines: { order_item_id: number; qty: number }[]) =>
    JSON.stringify(
      lines.map((line) => [line.order_item_id, line.qty]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
    );
  return (
    norm(stored.lines) === norm(input.lines) &&
    stored.shipping_cents === input.shipping_cents &&
    stored.restocked === input.restock
  );
};

export function createOrderFulfilment(deps: FulfilmentDeps) {
  const { db, clock, payments, storeName } = deps;
  const actorOf = (viewer: OrderViewer) => `staff:${viewer.staffId}`;

  /**
   * Queues the shopper's text in the change's own transaction (modules/messages/outbox.ts), on the event's
   * timeline entry; none without a mobile. Answers the rows to send after the commit.
   */
  async function queueText(
    trx: Trx,
    eventId: string,
    message: Omit<OutboxMessage, 'kind'>,
  ): Promise<number[]> {
    if (!message.to) return [];
    const id = await enqueueMessage(trx, { kind: 'sms', ...message }, clock.now());
    await attachEventMessage(trx, eventId, id);
    return [id];
  }

  return {
    /** [I15-ship] One seller's items of an order go out with a carrier and tracking number. */
    async ship(viewer: OrderViewer, orderId: number, input: ShipInput): Promise<void> {
      if (!(await viewerSeesOrder(db, orderId, viewer))) throw new NotFoundError(ORDER_NOT_FOUND);
      if (viewer.role !== 'operator' && input.seller_id !== viewer.sellerId)
        throw new ForbiddenError(FULFILMENT_TEXT.vendorOwnSeller);
      const carrier = input.carrier === OTHER_CARRIER ? (input.carrier_name ?? '').trim() : input.carrier;
      if (!carrier) throw new InvalidDataError(SHIP_TEXT.carrierNameMissing);
      const number = input.tracking_number.trim();
      const url = trackingUrl(input.carrier, number);
      const done = await db.transaction().execute(async (trx) => {
        const order = await lockOrder(trx, orderId);
        if (order.status !== 'approved' && order.status !== 'partially_shipped')
          throw new ConflictError(FULFILMENT_TEXT.notShippable);
        const items = await trx
          .selectFrom('order_items')
          .select(['seller_id', 'is_giftcard'])
          .where('order_id', '=', orderId)
          .execute();
        const toShip = new Set(items.filter((item) => !item.is_giftcard).map((item) => item.seller_id));
        if (!toShip.has(input.seller_id)) throw new InvalidDataError(FULFILMENT_TEXT.sellerHasNoItems);
        const earlier = await trx
          .selectFrom('order_shipments')
          .select('seller_id')
          .where('order_id', '=', orderId)
          .execute();
        if (earlier.some((row) => row.seller_id === input.seller_id))
          throw new ConflictError(FULFILMENT_TEXT.alreadyShipped);
        const now = clock.now();
        const shipment = await trx
          .insertInto('order_shipments')
          .values({
            order_id: orderId,
            seller_id: input.seller_id,
            carrier,
            tracking_number: number,
            tracking_url: url,
            staff_id: viewer.staffId,
            shipped_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const shippedSellers = new Set([...earlier.map((row) => row.seller_id), input.seller_id]);
        const status = [...toShip].every((seller) => shippedSellers.has(seller))
          ? 'shipped'
          : 'partially_shipped';
        await deps.records.status(trx, orderId, { status });
        const seller = await trx
          .selectFrom('sellers')
          .select('name')
          .where('id', '=', input.seller_id)
          .executeTakeFirstOrThrow();
        const eventId = await recordOrderEvent(trx, {
          orderId,
          type: 'shipped',
          actor: actorOf(viewer),
          staffId: viewer.staffId,
          sellerId: input.seller_id,
          summary: `${seller.name}'s items shipped with ${carrier}, tracking ${number}`,
          data: { shipment_id: shipment.id, carrier, tracking_number: number, tracking_url: url, status },
        });
        await recordStaffAction(trx, {
          actor: { staffId: viewer.staffId },
          action: 'order.shipped',
          subject: `order:${orderId}`,
          before: { status: order.status },
          after: { status, seller_id: input.seller_id, carrier, tracking_number: number, tracking_url: url },
          at: now,
        });
        const texts = await queueText(trx, eventId, {
          to: order.customer_mobile ?? '',
          purpose: 'order_shipped',
          orderId,
          key: `order_shipped:${shipment.id}`,
          // [I27-carrier] The only link is the one we built for a known carrier; otherwise the number alone.
          body: `${storeName}: your order ${order.increment_id} from ${seller.name} is on its way with ${carrier}. ${url ? `Track it: ${url}` : `Tracking number: ${number}`}`,
        });
        return { texts };
      });
      // After the commit: the text goes before the reply; what fails, the worker retries (never thrown).
      await deps.outbox.sendNow(done.texts);
    },

    /**
     * [I15-refund] Refunds lines (some or all of their units) and shipping through the payments provider.
     * The same idempotency key answers the refund it made and refunds nothing more.
     */
    async refund(
      viewer: OrderViewer,
      orderId: number,
      input: RefundInput,
    ): Promise<{ refundId: number; replayed: boolean }> {
      const ids = input.lines.map((line) => line.order_item_id);
      if (new Set(ids).size !== ids.length) throw new InvalidDataError(FULFILMENT_TEXT.duplicateLine);
      const done = await db.transaction().execute(async (trx) => {
        const order = await lockOrder(trx, orderId);
        const earlier = await trx
          .selectFrom('order_refunds')
          .selectAll()
          .where('order_id', '=', orderId)
          .where('idempotency_key', '=', input.idempotency_key)
          .executeTakeFirst();
        if (earlier) {
          if (!sameRefund(earlier, input)) throw new ConflictError(FULFILMENT_TEXT.keyReused);
          return { refundId: earlier.id, replayed: true as const };
        }
        if (input.lines.length === 0 && input.shipping_cents === 0)
          throw new InvalidDataError(FULFILMENT_TEXT.emptyRefund);
        // [I16-checkout-giftcard] What the gift card paid and has not had back.
        const giftCardLeft = deps.giftCardBalances
          ? await deps.giftCardBalances.orderNetCents(trx, orderId)
          : 0;
        if (
          (order.payment_state !== 'captured' && order.payment_state !== 'partially_refunded') ||
          (!order.payment_id && giftCardLeft <= 0)
        )
          throw new ConflictError(FULFILMENT_TEXT.notCaptured);
        const items = await trx
          .selectFrom('order_items')
          .selectAll()
          .where('order_id', '=', orderId)
          .orderBy('id')
          .forUpdate()
          .execute();
        const lines = input.lines.map((line) => {
          const item = items.find((row) => row.id === line.order_item_id);
          if (!item) throw new InvalidDataError(FULFILMENT_TEXT.unknownLine);
          const leftQty = item.qty - item.refunded_qty;
          const leftCents = item.row_total_cents - item.refunded_cents;
          if (line.qty > leftQty) throw new ConflictError(FULFILMENT_TEXT.tooManyUnits);
          // The line's last units take exactly what is left of it: rounding never leaves a cent behind.
          const amount = line.qty === leftQty ? leftCents : Math.min(leftCents, line.qty * item.price_cents);
          return { item, qty: line.qty, amount };
        });
        if (input.shipping_cents > order.shipping_cents - order.shipping_refunded_cents)
          throw new ConflictError(FULFILMENT_TEXT.tooMuchShipping);
        const amount = lines.reduce((sum, line) => sum + line.amount, 0) + input.shipping_cents;
        if (amount <= 0) throw new InvalidDataError(FULFILMENT_TEXT.emptyRefund);
        const cardLeft = order.captured_cents - order.refunded_cents;
        if (amount > cardLeft + giftCardLeft) throw new ConflictError(FULFILMENT_TEXT.tooMuchMoney);
        // [I16-checkout-giftcard] The payment card first, up to what it has left; the rest onto the gift card.
        const cardPart = Math.min(amount, cardLeft);
        const giftCardPart = amount - cardPart;

        const providerRefund =
          cardPart > 0 && order.payment_id
            ? await payments.refundAmount(trx, order.payment_id, {
                amountCents: cardPart,
                idempotencyKey: `quokka-refund-${orderId}-${input.idempotency_key}`,
              })
            : { id: null };
        const now = clock.now();
        const storedLines = lines.map((line) => ({
          order_item_id: line.item.id,
          qty: line.qty,
          amount_cents: line.amount,
        }));
        const refund = await trx
          .insertInto('order_refunds')
          .values({
            order_id: orderId,
            amount_cents: amount,
            shipping_cents: input.shipping_cents,
            lines: JSON.stringify(storedLines),
            restocked: input.restock,
            reason: input.reason?.trim() || null,
            source: 'staff',
            idempotency_key: input.idempotency_key,
            provider_refund_id: providerRefund.id,
            staff_id: viewer.staffId,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (giftCardPart > 0 && deps.giftCardBalances)
          await deps.giftCardBalances.giveBack(trx, {
            orderId,
            amountCents: giftCardPart,
            key: `refund:${refund.id}`,
            at: now,
          });
        for (const line of lines) {
          await deps.records.lineRefund(trx, line.item.id, { qty: line.qty, cents: line.amount });
        }
        // orders.refunded_cents counts the payment card's refunds only (its CHECK ≤ captured).
        const refunded = order.refunded_cents + cardPart;
        const paymentState =
          refunded >= order.captured_cents && giftCardLeft - giftCardPart <= 0
            ? 'refunded'
            : 'partially_refunded';
        await deps.records.refund(trx, orderId, {
          cents: cardPart,
          shippingCents: input.shipping_cents,
          paymentState,
        });
        const restocked = input.restock
          ? stockLines(
              lines.map((line) => ({
                productId: line.item.product_id,
                qty: line.qty,
                giftcard: line.item.is_giftcard,
              })),
            )
          : [];
        await deps.inventory.giveBack(trx, restocked);
        const described = lines.map((line) => `${line.qty} × ${line.item.name}`).join(', ');
        const summary = `Refunded $${dollars(amount)} (${described ? `${described}, ` : ''}shipping $${dollars(input.shipping_cents)})${input.restock ? ', restocked' : ''}`;
        const eventId = await recordOrderEvent(trx, {
          orderId,
          type: 'refunded',
          actor: actorOf(viewer),
          staffId: viewer.staffId,
          summary,
          data: {
            refund_id: refund.id,
            amount_cents: amount,
            shipping_cents: input.shipping_cents,
            lines: storedLines,
            restocked: input.restock,
            reason: input.reason ?? null,
            provider_refund_id: providerRefund.id,
            card_cents: cardPart,
            gift_card_cents: giftCardPart,
          },
        });
        await recordStaffAction(trx, {
          actor: { staffId: viewer.staffId },
          action: 'order.refunded',
          subject: `order:${orderId}`,
          before: { refunded_cents: order.refunded_cents, payment_state: order.payment_state },
          after: {
            refunded_cents: refunded,
            payment_state: paymentState,
            refund_id: refund.id,
            amount_cents: amount,
            lines: storedLines,
            shipping_cents: input.shipping_cents,
            restocked: input.restock,
          },
          at: now,
        });
        // [I16-ledger] Posted last, after any part given back onto a gift card under key 'refund:<id>'.
        await postRefund(trx, refund.id, now);
        const texts = await queueText(trx, eventId, {
          to: order.customer_mobile ?? '',
          purpose: 'order_refunded',
          orderId,
          key: `order_refunded:${refund.id}`,
          body:
            giftCardPart > 0
              ? `${storeName}: we have refunded $${dollars(amount)} on order ${order.increment_id}: $${dollars(giftCardPart)} back onto your gift card${cardPart > 0 ? ` and $${dollars(cardPart)} to your card (5–10 business days)` : ''}.`
              : `${storeName}: we have refunded $${dollars(amount)} on order ${order.increment_id}. It reaches your card in 5–10 business days.`,
        });
        return {
          texts,
          refundId: refund.id,
          replayed: false as const,
          eventId,
          order,
          amount,
          cardPart,
          giftCardPart,
          restocked,
        };
      });
      if (done.replayed) return { refundId: done.refundId, replayed: true };
      if (done.restocked.length > 0) deps.inventory.changed();
      await deps.outbox.sendNow(done.texts);
      return { refundId: done.refundId, replayed: false };
    },

    /** [I15-cancel] Before anything shipped: release the authorisation or refund what was captured; restock. */
    async cancel(viewer: OrderViewer, orderId: number, input: CancelInput): Promise<void> {
      const done = await db.transaction().execute(async (trx) => {
        const order = await lockOrder(trx, orderId);
        const shipments = await trx
          .selectFrom('order_shipments')
          .select('id')
          .where('order_id', '=', orderId)
          .execute();
        if ((order.status !== 'pending_review' && order.status !== 'approved') || shipments.length > 0)
          throw new ConflictError(FULFILMENT_TEXT.notCancellable);
        const items = await trx
          .selectFrom('order_items')
          .selectAll()
          .where('order_id', '=', orderId)
          .orderBy('id')
          .forUpdate()
          .execute();
        const now = clock.now();
        let refundedNow = 0;
        let paymentState = order.payment_state;
        let refundId: number | null = null;
        // [I16-checkout-giftcard] What a gift card paid and has not had back goes back onto it.
        const giftCardLeft = deps.giftCardBalances
          ? await deps.giftCardBalances.orderNetCents(trx, orderId)
          : 0;
        let giftCardBack = 0;
        if (order.payment_state === 'authorised') {
          if (order.payment_id) await payments.release(trx, order.payment_id);
          if (giftCardLeft > 0 && deps.giftCardBalances) {
            await deps.giftCardBalances.giveBack(trx, {
              orderId,
              amountCents: giftCardLeft,
              key: `cancel:${orderId}`,
              at: now,
            });
            giftCardBack = giftCardLeft;
          }
          paymentState = 'released';
        } else if (order.payment_state === 'captured' || order.payment_state === 'partially_refunded') {
          const cardNow = order.captured_cents - order.refunded_cents;
          refundedNow = cardNow + giftCardLeft;
          if (refundedNow > 0 && (order.payment_id || giftCardLeft > 0)) {
            const providerRefund =
              cardNow > 0 && order.payment_id
                ? await payments.refundAmount(trx, order.payment_id, {
                    amountCents: cardNow,
                    idempotencyKey: `quokka-refund-${orderId}-cancel`,
                  })
                : { id: null };
            const lines = items
              .filter((item) => item.qty > item.refunded_qty)
              .map((item) => ({
                order_item_id: item.id,
                qty: item.qty - item.refunded_qty,
                amount_cents: item.row_total_cents - item.refunded_cents,
              }));
            const shippingLeft = order.shipping_cents - order.shipping_refunded_cents;
            refundId = (
              await trx
                .insertInto('order_refunds')
                .values({
                  order_id: orderId,
                  amount_cents: refundedNow,
                  shipping_cents: Math.min(shippingLeft, refundedNow),
                  lines: JSON.stringify(lines),
                  restocked: input.restock,
                  reason: input.reason,
                  source: 'cancellation',
                  idempotency_key: 'cancel',
                  provider_refund_id: providerRefund.id,
                  staff_id: viewer.staffId,
                  created_at: now,
                })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id;
            if (giftCardLeft > 0 && deps.giftCardBalances) {
              await deps.giftCardBalances.giveBack(trx, {
                orderId,
                amountCents: giftCardLeft,
                key: `refund:${refundId}`,
                at: now,
              });
              giftCardBack = giftCardLeft;
            }
            for (const item of items) {
              await deps.records.lineRefund(trx, item.id, {
                qty: item.qty - item.refunded_qty,
                cents: item.row_total_cents - item.refunded_cents,
              });
            }
            await deps.records.refund(trx, orderId, {
              cents: cardNow,
              shippingCents: Math.min(shippingLeft, refundedNow),
              paymentState: 'refunded',
            });
          }
          paymentState = 'refunded';
        }
        // Units already refunded with a restock went back then; the rest go back now.
        const restocked = input.restock
          ? stockLines(
              items.map((item) => ({
                productId: item.product_id,
                qty: item.qty - item.refunded_qty,
                giftcard: item.is_giftcard,
              })),
            )
          : [];
        await deps.inventory.giveBack(trx, restocked);
        await deps.records.status(trx, orderId, { status: 'cancelled', cancelledAt: now, paymentState });
        const money =
          paymentState === 'released'
            ? 'payment released'
            : refundedNow > 0
              ? `refunded $${dollars(refundedNow)}`
              : 'nothing left to refund';
        const eventId = await recordOrderEvent(trx, {
          orderId,
          type: 'cancelled',
          actor: actorOf(viewer),
          staffId: viewer.staffId,
          summary: `Cancelled: ${input.reason} (${money}${input.restock ? ', restocked' : ''})`,
          data: {
            reason: input.reason,
            restocked: input.restock,
            refund_id: refundId,
            refunded_cents: refundedNow,
            payment_state: paymentState,
            gift_card_cents: giftCardBack,
          },
        });
        await recordStaffAction(trx, {
          actor: { staffId: viewer.staffId },
          action: 'order.cancelled',
          subject: `order:${orderId}`,
          before: {
            status: order.status,
            payment_state: order.payment_state,
            refunded_cents: order.refunded_cents,
          },
          after: {
            status: 'cancelled',
            payment_state: paymentState,
            refunded_cents: order.refunded_cents + refundedNow,
            reason: input.reason,
            restocked: input.restock,
          },
          at: now,
        });
        // [I16-ledger] Posted last, after any part given back onto a gift card under key 'refund:<id>'.
        if (refundId !== null) await postRefund(trx, refundId, now);
        const giftCardNote = giftCardBack > 0 ? ` $${dollars(giftCardBack)} is back on your gift card.` : '';
        const told =
          (refundedNow > 0
            ? `We have refunded $${dollars(refundedNow)}.`
            : paymentState === 'released'
              ? 'Your card was not charged.'
              : 'Your payment was already refunded.') + giftCardNote;
        const texts = await queueText(trx, eventId, {
          to: order.customer_mobile ?? '',
          purpose: 'order_cancelled',
          orderId,
          key: `order_cancelled:${orderId}`,
          body: `${storeName}: order ${order.increment_id} was cancelled. ${told}`,
        });
        return { restocked, texts };
      });
      if (done.restocked.length > 0) deps.inventory.changed();
      await deps.outbox.sendNow(done.texts);
    },

    /** A note on the timeline (operators). */
    async note(viewer: OrderViewer, orderId: number, note: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await lockOrder(trx, orderId);
        const text = note.trim();
        await recordOrderEvent(trx, {
          orderId,
          type: 'note',
          actor: actorOf(viewer),
          staffId: viewer.staffId,
          summary: text,
          data: { note: text },
        });
        await recordStaffAction(trx, {
          actor: { staffId: viewer.staffId },
          action: 'order.note_added',
          subject: `order:${orderId}`,
          after: { note: text },
          at: clock.now(),
        });
      });
    },
  };
}

export type OrderFulfilment = ReturnType<typeof createOrderFulfilment>;
