import type {
  AdminOrder,
  OrderStatus,
  OrderSummary,
  PaymentState,
  SentMessage,
  TimelineEvent,
} from '@quokka/contract/api/admin';
import { parseAuMobile } from '@quokka/contract/mobile';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { type CsvCell, csvDocument } from '../../http/csv.ts';

// [I15-orders] The back office's reading of orders: the list (search, filters, paging, CSV) and one
// order with its items, shipments, refunds, timeline and what the viewer may do now. A vendor sees only
// orders holding its seller's items and, in an order, only its own lines (docs/back-office-orders.md).

/** Orders waiting for review longer than this many hours are flagged (config.REVIEW_FLAG_HOURS). */
export const DEFAULT_REVIEW_FLAG_HOURS = 24;
/** The most rows a CSV export holds. */
export const CSV_MAX_ROWS = 10_000;
export const SHOP_TIME_ZONE = 'Australia/Sydney';
export const ORDER_NOT_FOUND = 'The order does not exist.';

export interface OrderViewer {
  staffId: number;
  role: 'operator' | 'vendor';
  sellerId: number | null;
}

/** A session's member of staff (StaffSession['staff']), as the review routes pass it. */
export interface StaffViewer {
  id: number;
  name?: string;
  mobile?: string;
  role: 'operator' | 'vendor';
  seller_id: number | null;
}

/** The viewer in either shape: {staffId, role, sellerId} or the session's staff row. */
export function viewerFrom(viewer: OrderViewer | StaffViewer): OrderViewer {
  return 'staffId' in viewer ? viewer : { staffId: viewer.id, role: viewer.role, sellerId: viewer.seller_id };
}

export interface ReadOptions {
  now?: Date;
  reviewFlagHours?: number;
}

export interface OrderFilters {
  q?: string | undefined;
  status?: OrderStatus | undefined;
  seller_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  flagged?: string | undefined;
  page?: number;
  page_size?: number;
}

type Eb = ExpressionBuilder<Database, 'orders'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function flagCutoff(options: ReadOptions): Date {
  const now = options.now ?? new Date();
  return new Date(now.getTime() - (options.reviewFlagHours ?? DEFAULT_REVIEW_FLAG_HOURS) * 3_600_000);
}

/** Orders holding an item of this seller. */
const hasSellerItem = (eb: Eb, sellerId: number) =>
  eb.exists(
    eb
      .selectFrom('order_items')
      .select(sql`1`.as('one'))
      .whereRef('order_items.order_id', '=', 'orders.id')
      .where('order_items.seller_id', '=', sellerId),
  );

/** The search box: an order number (with or without its leading zeros), a mobile in any form, or a name. */
function searchCondition(eb: Eb, q: string) {
  const text = q.trim();
  const any = [eb('orders.customer_name', 'ilike', sql<string>`${`%${escapeLike(text)}%`} escape '\\'`)];
  const number = /^#?(\d{1,12})$/.exec(text.replace(/\s+/g, ''));
  if (number?.[1]) {
    const digits = number[1].replace(/^0+/, '') || '0';
    any.push(eb(sql<string>`ltrim(orders.increment_id, '0')`, '=', digits));
  }
  const mobile = parseAuMobile(text);
  if (mobile) any.push(eb('orders.customer_mobile', '=', mobile));
  return eb.or(any);
}

function filteredOrders(db: Db, filters: OrderFilters, viewer: OrderViewer, options: ReadOptions) {
  let query = db.selectFrom('orders');
  if (viewer.role !== 'operator') {
    const own = viewer.sellerId ?? -1;
    query = query.where((eb) => hasSellerItem(eb, own));
  }
  const q = filters.q?.trim();
  if (q) query = query.where((eb) => searchCondition(eb, q));
  if (filters.status) query = query.where('orders.status', '=', filters.status);
  if (filters.seller_id !== undefined) {
    const seller = filters.seller_id;
    query = query.where((eb) => hasSellerItem(eb, seller));
  }
  if (filters.from)
    query = query.where(
      sql<boolean>`(orders.created_at at time zone ${SHOP_TIME_ZONE})::date >= ${filters.from}::date`,
    );
  if (filters.to)
    query = query.where(
      sql<boolean>`(orders.created_at at time zone ${SHOP_TIME_ZONE})::date <= ${filters.to}::date`,
    );
  if (filters.flagged)
    query = query
      .where('orders.status', '=', 'pending_review')
      .where('orders.created_at', '<', flagCutoff(options));
  return query;
}

async function summaries(
  db: Db,
  filters: OrderFilters,
  viewer: OrderViewer,
  options: ReadOptions,
  limit: number,
  offset: number,
): Promise<OrderSummary[]> {
  const rows = await filteredOrders(db, filters, viewer, options)
    .selectAll('orders')
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  if (rows.length === 0) return [];
  let itemsQuery = db
    .selectFrom('order_items')
    .innerJoin('sellers', 'sellers.id', 'order_items.seller_id')
    .select([
      'order_items.order_id',
      'order_items.seller_id',
      'sellers.name as seller_name',
      'order_items.qty',
      'order_items.row_total_cents',
      'order_items.refunded_cents',
    ])
    .where(
      'order_items.order_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('order_items.id');
  if (viewer.role !== 'operator')
    itemsQuery = itemsQuery.where('order_items.seller_id', '=', viewer.sellerId ?? -1);
  const items = await itemsQuery.execute();
  const cutoff = flagCutoff(options);
  return rows.map((row) => {
    const own = items.filter((item) => item.order_id === row.id);
    const sellers = new Map<number, string>();
    for (const item of own) sellers.set(item.seller_id, item.seller_name);
    return {
      id: row.id,
      increment_id: row.increment_id,
      created_at: row.created_at.toISOString(),
      status: row.status as OrderStatus,
      payment_state: row.payment_state as PaymentState,
      customer_name: row.customer_name,
      customer_mobile: row.customer_mobile ?? '',
      // [I16-vendor] A seller's staff see their own lines' money, never the whole order's (other sellers',
      // shipping, the card's figures): the total of their lines, and what of them was refunded.
      grand_total_cents: viewer.role === 'operator' ? row.grand_total_cents : sumOf(own, 'row_total_cents'),
      captured_cents: viewer.role === 'operator' ? row.captured_cents : 0,
      refunded_cents: viewer.role === 'operator' ? row.refunded_cents : sumOf(own, 'refunded_cents'),
      item_count: own.reduce((sum, item) => sum + item.qty, 0),
      sellers: [...sellers].map(([id, name]) => ({ id, name })),
      flagged: row.status === 'pending_review' && row.created_at.getTime() < cutoff.getTime(),
    };
  });
}

/** A page of the orders the viewer may see, newest first. */
export async function listAdminOrders(
  db: Db,
  query: OrderFilters,
  viewer: OrderViewer,
  options: ReadOptions = {},
): Promise<{ items: OrderSummary[]; total: number; page: number; page_size: number }> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 50;
  const count = await filteredOrders(db, query, viewer, options)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const items = await summaries(db, query, viewer, options, pageSize, (page - 1) * pageSize);
  return { items, total: Number(count.n), page, page_size: pageSize };
}

// ---------------------------------------------------------------- CSV

/** '12.30' for 1230 cents. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const sydneyTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

export const CSV_HEADER = [
  'order_number',
  'placed_at_sydney',
  'status',
  'payment_state',
  'customer_name',
  'customer_mobile',
  'sellers',
  'items',
  'grand_total',
  'captured',
  'refunded',
  'flagged',
];

/**
 * [I15-orders] The filtered list (every page, at most CSV_MAX_ROWS rows) as CSV, with a header line, through
 * the back office's one CSV writer (http/csv.ts): every text cell quoted and defused, figures bare.
 */
export async function ordersCsv(
  db: Db,
  query: OrderFilters,
  viewer: OrderViewer,
  options: ReadOptions = {},
): Promise<{ csv: string; rows: number }> {
  const rows = await summaries(db, query, viewer, options, CSV_MAX_ROWS, 0);
  const lines: CsvCell[][] = [CSV_HEADER];
  for (const row of rows) {
    lines.push([
      row.increment_id,
      sydneyTime.format(new Date(row.created_at)),
      row.status,
      row.payment_state,
      row.customer_name,
      row.customer_mobile,
      row.sellers.map((seller) => seller.name).join('; '),
      { count: row.item_count },
      { cents: row.grand_total_cents },
      { cents: row.captured_cents },
      { cents: row.refunded_cents },
      row.flagged ? 'yes' : 'no',
    ]);
  }
  return { csv: csvDocument(lines), rows: rows.length };
}

// ---------------------------------------------------------------- one order

/** Whether the viewer may see this order at all (a vendor: only with its seller's items). */
export async function viewerSeesOrder(db: Db, orderId: number, viewer: OrderViewer): Promise<boolean> {
  let query = db.selectFrom('orders').select('orders.id').where('orders.id', '=', orderId);
  if (viewer.role !== 'operator') query = query.where((eb) => hasSellerItem(eb, viewer.sellerId ?? -1));
  return (await query.executeTakeFirst()) !== undefined;
}

function messageOf(row: {
  id: number;
  provider_message_id: string;
  kind: 'sms' | 'mms';
  purpose: string;
  to_number: string;
  status: string;
  error_code: string | null;
  created_at: Date;
  status_at: Date | null;
}): SentMessage {
  return {
    id: row.id,
    provider_message_id: row.provider_message_id,
    kind: row.kind,
    purpose: row.purpose,
    to: row.to_number,
    status: row.status as SentMessage['status'],
    error_code: row.error_code,
    created_at: row.created_at.toISOString(),
    status_at: row.status_at?.toISOString() ?? null,
  };
}

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
    case 'review_flagged':
      // An approval's note is the operators'.
      return { summary: event.summary, data: {} };
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
        summary: `Refunded $${dollars(amount)} of your items (${described})${data.restocked ? ', restocked' : ''}`,
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
            ? `refunded $${dollars(amount)} of your items`
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
};

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
  const refunds = operator ? allRefunds : [];
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
  const messageById = new Map(messages.map((message) => [message.id, messageOf(message)]));
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
  const toShip = [
    ...new Set(
      allItems.filter((item) => !item.is_giftcard && !shipped.has(item.seller_id)).map((i) => i.seller_id),
    ),
  ];
  // [I16-checkout-giftcard] The payment card's part left, plus the gift card's part not yet given back (a
  // refund's amount beyond what the payment card refunded went back onto the gift card).
  const refundsTotal = refunds.reduce((sum, refund) => sum + refund.amount_cents, 0);
  const captured = order.payment_state === 'captured' || order.payment_state === 'partially_refunded';
  // Before capture (pending) the gift card part is not refundable: refusing or cancelling gives it back.
  const giftCardLeft = captured
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
    payment_state: order.payment_state as PaymentState,
    customer_name: order.customer_name,
    customer_mobile: order.customer_mobile ?? '',
    ...(operator ? moneyOf(order) : vendorMoneyOf(items)),
    item_count: items.reduce((sum, item) => sum + item.qty, 0),
    sellers: [...sellers].map(([id, name]) => ({ id, name })),
    flagged: status === 'pending_review' && order.created_at.getTime() < cutoff.getTime(),
    customer_id: order.customer_id,
    customer_email: order.customer_email,
    shipping_title: order.shipping_title,
    shipping_address: order.shipping_address as unknown as Record<string, unknown>,
    payment_provider: operator ? order.payment_provider : '',
    payment_id: operator ? order.payment_id : null,
    card_brand: operator ? order.card_brand : null,
    card_last4: operator ? order.card_last4 : null,
    capture_by: order.capture_by?.toISOString() ?? null,
    refusal_reason: order.refusal_reason,
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

function sumOf<K extends string>(rows: readonly Record<K, number>[], key: K): number {
  return rows.reduce((sum, row) => sum + row[key], 0);
}

interface OrderMoney {
  grand_total_cents: number;
  subtotal_cents: number;
  shipping_cents: number;
  authorised_cents: number;
  captured_cents: number;
  refunded_cents: number;
  shipping_refunded_cents: number;
  gift_card_cents: number;
}

/** The whole order's money, as the operator sees it. */
function moneyOf(order: OrderMoney): OrderMoney {
  return {
    grand_total_cents: order.grand_total_cents,
    subtotal_cents: order.subtotal_cents,
    shipping_cents: order.shipping_cents,
    authorised_cents: order.authorised_cents,
    captured_cents: order.captured_cents,
    refunded_cents: order.refunded_cents,
    shipping_refunded_cents: order.shipping_refunded_cents,
    gift_card_cents: order.gift_card_cents,
  };
}

/**
 * [I16-vendor] What a seller's staff see of an order's money: their own lines (total and refunded), and
 * nothing of the rest (other sellers' lines, shipping, the card's authorisation and capture, a gift card):
 * their pay is on their statement.
 */
function vendorMoneyOf(items: readonly { row_total_cents: number; refunded_cents: number }[]): OrderMoney {
  const lines = sumOf(items, 'row_total_cents');
  return {
    grand_total_cents: lines,
    subtotal_cents: lines,
    shipping_cents: 0,
    authorised_cents: 0,
    captured_cents: 0,
    refunded_cents: sumOf(items, 'refunded_cents'),
    shipping_refunded_cents: 0,
    gift_card_cents: 0,
  };
}
