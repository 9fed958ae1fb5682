import { type KNOWN_CARRIERS, OTHER_CARRIER, SHIP_TEXT } from '@quokka/contract/api/admin';
import { formatCents } from '@quokka/contract/money';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { ConflictError, ForbiddenError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import type { Inventory } from '../catalog/catalog-service.ts';
import { enqueueMessage, type OutboxMessage, type OutboxSender } from '../messages/outbox.ts';
import { recordStaffAction } from '../staff/staff-audit.ts';
import { ORDER_NOT_FOUND, type OrderViewer, viewerSeesOrder } from './order-access.ts';
import { attachEventMessage, recordOrderEvent } from './order-events.ts';
import { type OrderRefunds, REFUND_TEXT } from './order-refunds.ts';
import type { OrderChangeRecords } from './order-review.ts';
import { unitsLeftToShip } from './seller-order-state.ts';
import { queueVendorMoneyBackTexts, type TouchedLine } from './vendor-order-texts.ts';

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
  notCaptured: REFUND_TEXT.notCaptured,
  emptyRefund: REFUND_TEXT.emptyRefund,
  duplicateLine: REFUND_TEXT.duplicateLine,
  unknownLine: REFUND_TEXT.unknownLine,
  tooManyUnits: REFUND_TEXT.tooManyUnits,
  tooMuchShipping: REFUND_TEXT.tooMuchShipping,
  tooMuchMoney: REFUND_TEXT.tooMuchMoney,
  keyReused: REFUND_TEXT.keyReused,
  notCancellable: 'Only an order that has not shipped can be cancelled.',
  /** [I34] Every unit of the seller's items in the order was refunded: nothing is left to send. */
  nothingLeftToShip:
    "Every one of this seller's items in the order was refunded: there is nothing left to ship.",
  /** [I31] No such shipment on the order (or not one of a vendor's own seller). */
  shipmentNotFound: 'The shipment does not exist.',
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
  /** The one refund path (order-refunds.ts): refunds and cancellations give money back through it. */
  refunds: OrderRefunds;
  /** The outbox's sender: the shopper's text, queued in the change's transaction, goes before the reply. */
  outbox: Pick<OutboxSender, 'sendNow'>;
  /** The catalogue's stock: the catalogue is told once a restock has committed. */
  inventory: Pick<Inventory, 'changed'>;
  storeName: string;
  /** [I34] The storefront's address (PUBLIC_URL): the sellers' refund and cancellation texts link to the order. */
  publicUrl: string;
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

/** [I34] The sellers with units of non-gift-card lines left to send (ordered − refunded > 0). */
function sellersLeftToShip(
  items: readonly { seller_id: number; is_giftcard: boolean; qty: number; refunded_qty: number }[],
): Set<number> {
  const sellers = new Set(items.map((item) => item.seller_id));
  return new Set(
    [...sellers].filter(
      (seller) =>
        unitsLeftToShip(
          items.filter((item) => item.seller_id === seller),
          false,
        ) > 0,
    ),
  );
}

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

export function createOrderFulfilment(deps: FulfilmentDeps) {
  const { db, clock, storeName } = deps;
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

  /**
   * [I34] After a refund: a partly shipped order whose every seller with units left has shipped (the last
   * one's items were all refunded) is shipped. Answers the order's status as it now is.
   */
  async function shippedOnceNothingLeft(trx: Trx, orderId: number, status: string): Promise<string> {
    if (status !== 'partially_shipped') return status;
    const items = await trx
      .selectFrom('order_items')
      .select(['seller_id', 'is_giftcard', 'qty', 'refunded_qty'])
      .where('order_id', '=', orderId)
      .execute();
    const shipped = new Set(
      (
        await trx.selectFrom('order_shipments').select('seller_id').where('order_id', '=', orderId).execute()
      ).map((row) => row.seller_id),
    );
    if (![...sellersLeftToShip(items)].every((seller) => shipped.has(seller))) return status;
    await deps.records.status(trx, orderId, { status: 'shipped' });
    return 'shipped';
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
          .select(['seller_id', 'is_giftcard', 'qty', 'refunded_qty'])
          .where('order_id', '=', orderId)
          .execute();
        if (!items.some((item) => !item.is_giftcard && item.seller_id === input.seller_id))
          throw new InvalidDataError(FULFILMENT_TEXT.sellerHasNoItems);
        // [I34] The sellers with units left to send: one whose items were all refunded has nothing to ship.
        const toShip = sellersLeftToShip(items);
        if (!toShip.has(input.seller_id)) throw new ConflictError(FULFILMENT_TEXT.nothingLeftToShip);
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
        // Sellers whose items were all refunded have nothing to send: they do not hold the order back.
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
     * [I31] A seller's shipment marked delivered (the thank-you text's clock starts here): a seller's staff
     * mark only their own seller's shipments (any other: 404, as if it did not exist), operators any. It is
     * set once: marking it again answers as it is (idempotent) and changes nothing, so a double click
     * writes one event and keeps the first time.
     */
    async delivered(viewer: OrderViewer, orderId: number, shipmentId: number): Promise<void> {
      if (!(await viewerSeesOrder(db, orderId, viewer))) throw new NotFoundError(ORDER_NOT_FOUND);
      await db.transaction().execute(async (trx) => {
        await lockOrder(trx, orderId);
        const shipment = await trx
          .selectFrom('order_shipments')
          .innerJoin('sellers', 'sellers.id', 'order_shipments.seller_id')
          .select([
            'order_shipments.id',
            'order_shipments.seller_id',
            'order_shipments.delivered_at',
            'order_shipments.carrier',
            'sellers.name as seller_name',
          ])
          .where('order_shipments.id', '=', shipmentId)
          .where('order_shipments.order_id', '=', orderId)
          .executeTakeFirst();
        if (!shipment || (viewer.role !== 'operator' && shipment.seller_id !== viewer.sellerId))
          throw new NotFoundError(FULFILMENT_TEXT.shipmentNotFound);
        if (shipment.delivered_at !== null) return;
        const now = clock.now();
        await trx
          .updateTable('order_shipments')
          .set({ delivered_at: now, delivered_by: viewer.staffId })
          .where('id', '=', shipmentId)
          .where('delivered_at', 'is', null)
          .execute();
        await recordOrderEvent(trx, {
          orderId,
          type: 'shipment_delivered',
          actor: actorOf(viewer),
          staffId: viewer.staffId,
          sellerId: shipment.seller_id,
          summary: `${shipment.seller_name}'s items marked delivered`,
          data: { shipment_id: shipmentId, delivered_at: now.toISOString() },
        });
        await recordStaffAction(trx, {
          actor: { staffId: viewer.staffId },
          action: 'order.shipment_delivered',
          subject: `order:${orderId}`,
          before: { shipment_id: shipmentId, delivered_at: null },
          after: { shipment_id: shipmentId, delivered_at: now.toISOString(), seller_id: shipment.seller_id },
          at: now,
        });
      });
    },

    /**
     * [I15-refund] Refunds lines (some or all of their units) and shipping, through the one refund path
     * (order-refunds.ts). The same idempotency key answers the refund it made and refunds nothing more.
     */
    async refund(
      viewer: OrderViewer,
      orderId: number,
      input: RefundInput,
    ): Promise<{ refundId: number; replayed: boolean }> {
      const done = await db.transaction().execute(async (trx) => {
        const order = await lockOrder(trx, orderId);
        const now = clock.now();
        const given = await deps.refunds.giveBack(trx, {
          orderId,
          what: { kind: 'lines', lines: input.lines, shippingCents: input.shipping_cents },
          source: 'staff',
          key: input.idempotency_key,
          restock: input.restock,
          reason: input.reason?.trim() || null,
          staffId: viewer.staffId,
          at: now,
          text: (money) => ({
            to: order.customer_mobile,
            purpose: 'order_refunded',
            key: `order_refunded:${money.refundId}`,
            body:
              money.giftCardCents > 0
                ? `${storeName}: we have refunded ${formatCents(money.amountCents)} on order ${order.increment_id}: ${formatCents(money.giftCardCents)} back onto your gift card${money.cardCents > 0 ? ` and ${formatCents(money.cardCents)} to your card (5–10 business days)` : ''}.`
                : `${storeName}: we have refunded ${formatCents(money.amountCents)} on order ${order.increment_id}. It reaches your card in 5–10 business days.`,
          }),
        });
        if (given.replayed || given.refundId === null) return { given, vendorTexts: [] as number[] };
        const names = new Map(given.lines.map((line) => [line.order_item_id, line]));
        const items = await trx
          .selectFrom('order_items')
          .select(['id', 'name'])
          .where('order_id', '=', orderId)
          .orderBy('id')
          .execute();
        const described = items
          .filter((item) => names.has(item.id))
          .map((item) => `${names.get(item.id)?.qty} × ${item.name}`)
          .join(', ');
        const summary = `Refunded ${formatCents(given.amountCents)} (${described ? `${described}, ` : ''}shipping ${formatCents(given.shippingCents)})${input.restock ? ', restocked' : ''}`;
        const eventId = await recordOrderEvent(trx, {
          orderId,
          type: 'refunded',
          actor: actorOf(viewer),
          staffId: viewer.staffId,
          summary,
          data: {
            refund_id: given.refundId,
            amount_cents: given.amountCents,
            shipping_cents: given.shippingCents,
            lines: given.lines,
            restocked: input.restock,
            reason: input.reason ?? null,
            provider_refund_id: given.providerRefundId,
            card_cents: given.cardCents,
            gift_card_cents: given.giftCardCents,
          },
        });
        for (const id of given.messageIds) await attachEventMessage(trx, eventId, id);
        // [I34] Each seller whose lines were refunded is told (vendor-order-texts.ts).
        const vendorTexts = await queueVendorMoneyBackTexts(trx, {
          orderId,
          kind: 'refund',
          actionKey: `refund:${given.refundId}`,
          lines: given.lines,
          now,
          publicUrl: deps.publicUrl,
        });
        // [I34] The last seller with units left refunded whole while the others shipped: the order is shipped.
        const status = await shippedOnceNothingLeft(trx, orderId, order.status);
        await recordStaffAction(trx, {
          actor: { staffId: viewer.staffId },
          action: 'order.refunded',
          subject: `order:${orderId}`,
          before: { refunded_cents: order.refunded_cents, payment_state: order.payment_state },
          after: {
            refunded_cents: order.refunded_cents + given.cardCents,
            payment_state: given.paymentState,
            refund_id: given.refundId,
            amount_cents: given.amountCents,
            lines: given.lines,
            shipping_cents: given.shippingCents,
            restocked: input.restock,
            ...(status !== order.status ? { status } : {}),
          },
          at: now,
        });
        return { given, vendorTexts };
      });
      const { given } = done;
      if (given.refundId === null) throw new ConflictError(FULFILMENT_TEXT.notCaptured);
      if (given.replayed) return { refundId: given.refundId, replayed: true };
      if (given.restocked.length > 0) deps.inventory.changed();
      await deps.outbox.sendNow([...given.messageIds, ...done.vendorTexts]);
      return { refundId: given.refundId, replayed: false };
    },

    /**
     * [I15-cancel] Before anything shipped: the one refund path releases the authorisation or refunds
     * all that is left of what was captured (card and gift card), and restocks what is left when asked.
     */
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
        const now = clock.now();
        // [I34] What is left of each line before it goes back: the sellers of an approved order are told.
        const left: TouchedLine[] =
          order.status === 'approved'
            ? (
                await trx
                  .selectFrom('order_items')
                  .select(['id', 'qty', 'refunded_qty', 'row_total_cents', 'refunded_cents'])
                  .where('order_id', '=', orderId)
                  .orderBy('id')
                  .execute()
              )
                .filter((item) => item.qty > item.refunded_qty)
                .map((item) => ({
                  order_item_id: item.id,
                  qty: item.qty - item.refunded_qty,
                  amount_cents: item.row_total_cents - item.refunded_cents,
                }))
            : [];
        const given = await deps.refunds.giveBack(trx, {
          orderId,
          what: { kind: 'everything' },
          source: 'cancellation',
          key: 'cancel',
          providerKey: `quokka-refund-${orderId}-cancel`,
          restock: input.restock,
          reason: input.reason,
          staffId: viewer.staffId,
          at: now,
          text: (money) => {
            const giftCardNote =
              money.giftCardCents > 0
                ? ` ${formatCents(money.giftCardCents)} is back on your gift card.`
                : '';
            const told =
              (money.released
                ? 'Your card was not charged.'
                : money.amountCents > 0
                  ? `We have refunded ${formatCents(money.amountCents)}.`
                  : 'Your payment was already refunded.') + giftCardNote;
            return {
              to: order.customer_mobile,
              purpose: 'order_cancelled',
              key: `order_cancelled:${orderId}`,
              body: `${storeName}: order ${order.increment_id} was cancelled. ${told}`,
            };
          },
        });
        // Units already refunded with a restock went back then; those the refund did not cover (nothing
        // left to refund, or released) go back now too.
        const paymentState = given.paymentState;
        await deps.records.status(trx, orderId, { status: 'cancelled', cancelledAt: now, paymentState });
        const refundedNow = given.released ? 0 : given.amountCents;
        const money = given.released
          ? 'payment released'
          : refundedNow > 0
            ? `refunded ${formatCents(refundedNow)}`
            : 'nothing left to refund';
        const kept =
          given.giftCardKeptCents > 0
            ? `; ${formatCents(given.giftCardKeptCents)} paid by a gift card voided since was not given back`
            : '';
        const eventId = await recordOrderEvent(trx, {
          orderId,
          type: 'cancelled',
          actor: actorOf(viewer),
          staffId: viewer.staffId,
          summary: `Cancelled: ${input.reason} (${money}${input.restock ? ', restocked' : ''}${kept})`,
          data: {
            reason: input.reason,
            restocked: input.restock,
            refund_id: given.refundId,
            refunded_cents: refundedNow,
            payment_state: paymentState,
            gift_card_cents: given.giftCardCents,
            ...(given.giftCardKeptCents > 0 ? { gift_card_kept_cents: given.giftCardKeptCents } : {}),
          },
        });
        for (const id of given.messageIds) await attachEventMessage(trx, eventId, id);
        const vendorTexts = await queueVendorMoneyBackTexts(trx, {
          orderId,
          kind: 'cancel',
          actionKey: 'cancel',
          lines: left,
          now,
          publicUrl: deps.publicUrl,
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
            refunded_cents: order.refunded_cents + given.cardCents,
            reason: input.reason,
            restocked: input.restock,
          },
          at: now,
        });
        return { given, vendorTexts };
      });
      if (done.given.restocked.length > 0) deps.inventory.changed();
      await deps.outbox.sendNow([...done.given.messageIds, ...done.vendorTexts]);
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
