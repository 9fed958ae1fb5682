import type {
  AdminOrder,
  OrderStatus,
  PaymentState,
  SentMessage,
  TimelineEvent,
} from '@quokka/contract/api/admin';
import { formatCents } from '@quokka/contract/money';
import type { Db } from '../../db/database.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { messageWire } from '../messages/message-wire.ts';
import {
  moneyOf,
  ORDER_NOT_FOUND,
  type OrderViewer,
  type StaffViewer,
  vendorMoneyOf,
  viewerFrom,
  viewerSeesOrder,
} from './order-access.ts';
import { flagCutoff, type ReadOptions } from './orders-list.ts';
import { sellerOrderState, unitsLeftToShip } from './seller-order-state.ts';

// [I15-orders] One order as the back office shows it: its items, shipments, refunds, the timeline (its
// events and the messages about it) and what the viewer may do now. A vendor sees only its own lines,
// and the whole order's events cut to those lines [I27-vendor-timeline] (docs/back-office-orders.md).

/** What a seller's staff may know of an order: their own lines (by id and product) and those lines' names. */
interface VendorShare {
  itemIds: Set<number>;
  productIds: Set<number>;
  itemName: Map<number, string>;
  /** Each refund's lines (order_refunds.lines), to cut a cancellation's refund to the seller's lines. */
  refundLines: Map<number, { order_item_id: number; qty: number; amount_cents: number }[]>;
}

type EventView = { summary: string; data: Record<string, unknown> };

/**
 * [I27-vendor-timeline] An event of the whole order (seller_id null) as a seller's staff see it, cut to
 * their own lines and amounts; null for what is not theirs to see. Only the types listed here are shown:
 * the payment's events (authorised, captured, released, a gift card's part, the provider's refunds,
 * disputes), the operators' notes and any type not listed stay the operators'. Events of one seller
 * (shipped, a text to the seller, a gift card line's resend) are shown to that seller only, as they are.
 */
function vendorView(
  event: { type: string; summary: string; data: Record<string, unknown> },
  share: VendorShare,
): EventView | null {
  const data = event.data;
  const linesOf = (value: unknown) =>
    (Array.isArray(value) ? value : []) as { order_item_id: number; qty: number; amount_cents: number }[];
  switch (event.type) {
    case 'placed':
    case 'approved':
      // An approval's note is the operators'.
      return { summary: event.summary, data: {} };
    // [I34] 'review_flagged' (the review's deadline) is the operators' own business: not shown to sellers.
    case 'refused': {
      const restocked = (Array.isArray(data.restocked) ? data.restocked : []) as { product_id: number }[];
      return {
        summary: event.summary,
        data: {
          reason: data.reason ?? null,
          restocked: restocked.filter((line) => share.productIds.has(line.product_id)),
        },
      };
    }
    case 'refunded': {
      const lines = linesOf(data.lines).filter((line) => share.itemIds.has(line.order_item_id));
      if (lines.length === 0) return null;
      const amount = lines.reduce((sum, line) => sum + line.amount_cents, 0);
      const described = lines
        .map((line) => `${line.qty} × ${share.itemName.get(line.order_item_id) ?? 'item'}`)
        .join(', ');
      return {
        summary: `Refunded ${formatCents(amount)} of your items (${described})${data.restocked ? ', restocked' : ''}`,
        data: { refund_id: data.refund_id ?? null, amount_cents: amount, lines, restocked: !!data.restocked },
      };
    }
    case 'cancelled': {
      const refundId = typeof data.refund_id === 'number' ? data.refund_id : null;
      const lines = (refundId === null ? [] : (share.refundLines.get(refundId) ?? [])).filter((line) =>
        share.itemIds.has(line.order_item_id),
      );
      const amount = lines.reduce((sum, line) => sum + line.amount_cents, 0);
      const money =
        data.payment_state === 'released'
          ? 'payment released'
          : amount > 0
            ? `refunded ${formatCents(amount)} of your items`
            : 'nothing of your items left to refund';
      const reason = typeof data.reason === 'string' ? data.reason : '';
      return {
        summary: `Cancelled: ${reason} (${money}${data.restocked ? ', restocked' : ''})`,
        data: {
          reason,
          restocked: !!data.restocked,
          payment_state: data.payment_state ?? null,
          refunded_cents: amount,
        },
      };
    }
    default:
      return null;
  }
}

const PURPOSES: Record<string, string> = {
  order_receipt: 'Receipt',
  order_refused: 'Refusal',
  order_shipped: 'Shipping',
  order_refunded: 'Refund',
  order_cancelled: 'Cancellation',
  gift_card: 'Gift card',
  gift_card_receipt: 'Gift card receipt',
  vendor_new_order: 'New order text to seller',
  vendor_order_refunded: 'Refund text to seller',
  vendor_order_cancelled: 'Cancellation text to seller',
};

/**
 * [I34] The payment as a seller's staff see it, from their own lines: refunded when every unit of theirs
 * was, partly refunded when some were; otherwise paid (a refund of another seller's line is not theirs),
 * or the card's state before capture (authorised) or after a release.
 */
function sellerPaymentState(
  state: PaymentState,
  items: readonly { qty: number; refunded_qty: number }[],
): PaymentState {
  if (state === 'authorised' || state === 'released') return state;
  if (items.length > 0 && items.every((item) => item.refunded_qty >= item.qty)) return 'refunded';
  if (items.some((item) => item.refunded_qty > 0)) return 'partially_refunded';
  return 'captured';
}

/** The order as the back office shows it; 404 when it does not exist or the viewer may not see it. */
export async function loadAdminOrder(
  db: Db,
  orderId: number,
  who: OrderViewer | StaffViewer,
  options: ReadOptions = {},
): Promise<AdminOrder> {
  const viewer = viewerFrom(who);
  if (!(await viewerSeesOrder(db, orderId, viewer))) throw new NotFoundError(ORDER_NOT_FOUND);
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const operator = viewer.role === 'operator';
  const own = viewer.sellerId ?? -1;

  const allItems = await db
    .selectFrom('order_items')
    .innerJoin('sellers', 'sellers.id', 'order_items.seller_id')
    .selectAll('order_items')
    .select('sellers.name as seller_name')
    .where('order_items.order_id', '=', orderId)
    .orderBy('order_items.id')
    .execute();
  const items = operator ? allItems : allItems.filter((item) => item.seller_id === own);

  const allShipments = await db
    .selectFrom('order_shipments')
    .innerJoin('sellers', 'sellers.id', 'order_shipments.seller_id')
    .selectAll('order_shipments')
    .select('sellers.name as seller_name')
    .where('order_shipments.order_id', '=', orderId)
    .orderBy('order_shipments.id')
    .execute();
  const shipments = operator ? allShipments : allShipments.filter((s) => s.seller_id === own);

  const allRefunds = await db
    .selectFrom('order_refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  // [I34] A seller's staff see the refunds of their own lines, cut to those lines and their amounts: never
  // the shipping, another seller's lines, the reason (the operators' record) or the provider's id.
  const ownIds = new Set(items.map((item) => item.id));
  const refunds = operator
    ? allRefunds
    : allRefunds.flatMap((refund) => {
        const lines = (
          refund.lines as unknown as { order_item_id: number; qty: number; amount_cents: number }[]
        ).filter((line) => ownIds.has(line.order_item_id));
        if (lines.length === 0) return [];
        const amount = lines.reduce((sum, line) => sum + line.amount_cents, 0);
        return [
          {
            ...refund,
            amount_cents: amount,
            shipping_cents: 0,
            lines: lines as unknown as typeof refund.lines,
            reason: null,
            provider_refund_id: null,
          },
        ];
      });
  const share: VendorShare = {
    itemIds: new Set(items.map((item) => item.id)),
    productIds: new Set(items.flatMap((item) => (item.product_id === null ? [] : [item.product_id]))),
    itemName: new Map(items.map((item) => [item.id, item.name])),
    refundLines: new Map(
      allRefunds.map((refund) => [
        refund.id,
        refund.lines as unknown as { order_item_id: number; qty: number; amount_cents: number }[],
      ]),
    ),
  };

  const events = await db
    .selectFrom('order_events')
    .leftJoin('staff', 'staff.id', 'order_events.staff_id')
    .leftJoin('sent_messages', 'sent_messages.id', 'order_events.message_id')
    .select([
      'order_events.id',
      'order_events.created_at',
      'order_events.type',
      'order_events.actor',
      'order_events.staff_id',
      'order_events.seller_id',
      'order_events.summary',
      'order_events.data',
      'order_events.message_id',
      'staff.name as staff_name',
    ])
    .where('order_events.order_id', '=', orderId)
    .orderBy('order_events.id')
    .execute();
  const messages = await db
    .selectFrom('sent_messages')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('order_id', '=', orderId),
        eb(
          'id',
          'in',
          eb
            .selectFrom('order_events')
            .select('message_id')
            .where('order_id', '=', orderId)
            .where('message_id', 'is not', null),
        ),
      ]),
    )
    // A message still waiting in the outbox (never tried) is not shown until it goes or an attempt fails.
    .where((eb) => eb.or([eb('send_state', 'in', ['sent', 'failed']), eb('status', '!=', 'queued')]))
    .orderBy('id')
    .execute();
  const messageById = new Map(messages.map((message) => [message.id, messageWire(message)]));
  const attached = new Set(events.map((event) => event.message_id).filter((id) => id !== null));

  const actorOf = (event: (typeof events)[number]) => {
    const staffId =
      event.staff_id ?? (/^staff:(\d+)$/.exec(event.actor)?.[1] ? Number(event.actor.slice(6)) : null);
    if (staffId !== null) return event.staff_name ?? `staff #${staffId}`;
    return event.actor;
  };
  // [I27-vendor-timeline] A seller's staff see their own seller's events as they are, and the whole order's
  // events cut to their own lines and amounts (vendorView); never another seller's.
  const timeline: (TimelineEvent & { order: number })[] = events.flatMap((event) => {
    const data = (event.data ?? {}) as Record<string, unknown>;
    const view: EventView | null =
      operator || event.seller_id === own
        ? { summary: event.summary, data }
        : event.seller_id === null
          ? vendorView({ type: event.type, summary: event.summary, data }, share)
          : null;
    if (!view) return [];
    return [
      {
        id: Number(event.id),
        at: event.created_at.toISOString(),
        type: event.type,
        actor: actorOf(event),
        summary: view.summary,
        seller_id: event.seller_id,
        data: view.data,
        message: event.message_id !== null ? (messageById.get(event.message_id) ?? null) : null,
        order: event.created_at.getTime(),
      },
    ];
  });
  // Messages about the order that no event carries (receipts, gift cards, a resend) are entries of their own.
  if (operator) {
    for (const row of messages) {
      if (attached.has(row.id)) continue;
      const message = messageById.get(row.id) as SentMessage;
      timeline.push({
        // Negative: a message entry's id never collides with an event's.
        id: -row.id,
        at: message.created_at,
        type: 'message',
        actor: 'system',
        summary: `${PURPOSES[row.purpose] ?? row.purpose} ${row.kind.toUpperCase()} to ${row.to_number}: ${row.status}`,
        seller_id: null,
        data: { purpose: row.purpose },
        message,
        order: row.created_at.getTime(),
      });
    }
  }
  timeline.sort((a, b) => a.order - b.order || Math.abs(a.id) - Math.abs(b.id));

  const status = order.status as OrderStatus;
  const shippable = status === 'approved' || status === 'partially_shipped';
  const shipped = new Set(allShipments.map((s) => s.seller_id));
  // [I34] Sellers with units left to send (ordered − refunded, not gift cards) and no shipment yet.
  const toShip = [...new Set(allItems.map((item) => item.seller_id))].filter(
    (seller) =>
      unitsLeftToShip(
        allItems.filter((item) => item.seller_id === seller),
        shipped.has(seller),
      ) > 0,
  );
  // [I16-checkout-giftcard] The payment card's part left, plus the gift card's part not yet given back (a
  // refund's amount beyond what the payment card refunded went back onto the gift card).
  const refundsTotal = allRefunds.reduce((sum, refund) => sum + refund.amount_cents, 0);
  const captured = order.payment_state === 'captured' || order.payment_state === 'partially_refunded';
  // Before capture (pending) the gift card part is not refundable: refusing or cancelling gives it back.
  // A gift card voided since it paid keeps its part: nothing may go back onto it (order-refunds.ts).
  const paidByVoidedCard =
    order.gift_card_cents > 0 &&
    (await db
      .selectFrom('gift_card_redemptions as r')
      .innerJoin('gift_card_details as c', 'c.id', 'r.gift_card_id')
      .select('c.id')
      .where('r.order_id', '=', order.id)
      .where('c.voided_at', 'is not', null)
      .executeTakeFirst()) !== undefined;
  const giftCardLeft =
    captured && !paidByVoidedCard
      ? Math.max(0, order.gift_card_cents - Math.max(0, refundsTotal - order.refunded_cents))
      : 0;
  const refundable = Math.max(0, order.captured_cents - order.refunded_cents) + giftCardLeft;
  const cutoff = flagCutoff(options);
  const sellers = new Map<number, string>();
  for (const item of items) sellers.set(item.seller_id, item.seller_name);

  return {
    id: order.id,
    increment_id: order.increment_id,
    created_at: order.created_at.toISOString(),
    status,
    payment_state: operator
      ? (order.payment_state as PaymentState)
      : sellerPaymentState(order.payment_state as PaymentState, items),
    customer_name: order.customer_name,
    customer_mobile: order.customer_mobile ?? '',
    ...(operator ? moneyOf(order) : vendorMoneyOf(items)),
    item_count: items.reduce((sum, item) => sum + item.qty, 0),
    sellers: [...sellers].map(([id, name]) => ({ id, name })),
    // [I34] The review's flag and deadline are the operators' (a seller cannot act on them).
    flagged: operator && status === 'pending_review' && order.created_at.getTime() < cutoff.getTime(),
    bought_by_reply: order.reply_offer_id !== null,
    customer_id: order.customer_id,
    customer_email: order.customer_email,
    shipping_title: order.shipping_title,
    shipping_address: order.shipping_address as unknown as Record<string, unknown>,
    payment_provider: operator ? order.payment_provider : '',
    payment_id: operator ? order.payment_id : null,
    card_brand: operator ? order.card_brand : null,
    card_last4: operator ? order.card_last4 : null,
    capture_by: operator ? (order.capture_by?.toISOString() ?? null) : null,
    refusal_reason: order.refusal_reason,
    ...(operator ? {} : { seller_state: sellerOrderState(status, items, shipped.has(own)) }),
    items: items.map((item) => ({
      id: item.id,
      seller_id: item.seller_id,
      seller_name: item.seller_name,
      sku: item.sku,
      name: item.name,
      is_giftcard: item.is_giftcard,
      price_cents: item.price_cents,
      qty: item.qty,
      row_total_cents: item.row_total_cents,
      refunded_qty: item.refunded_qty,
      refunded_cents: item.refunded_cents,
    })),
    shipments: shipments.map((s) => ({
      id: s.id,
      seller_id: s.seller_id,
      seller_name: s.seller_name,
      carrier: s.carrier,
      tracking_number: s.tracking_number,
      tracking_url: s.tracking_url,
      shipped_at: s.shipped_at.toISOString(),
      delivered_at: s.delivered_at?.toISOString() ?? null,
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount_cents: refund.amount_cents,
      shipping_cents: refund.shipping_cents,
      lines: refund.lines,
      restocked: refund.restocked,
      reason: refund.reason,
      source: refund.source,
      provider_refund_id: refund.provider_refund_id,
      created_at: refund.created_at.toISOString(),
    })),
    timeline: timeline.map(({ order: _order, ...event }) => event),
    actions: {
      approve: operator && status === 'pending_review',
      refuse: operator && status === 'pending_review',
      ship_sellers: shippable ? toShip.filter((seller) => operator || seller === own) : [],
      refund: operator && captured && refundable > 0,
      cancel: operator && (status === 'pending_review' || status === 'approved') && allShipments.length === 0,
      refundable_cents: operator ? refundable : 0,
    },
  };
}
