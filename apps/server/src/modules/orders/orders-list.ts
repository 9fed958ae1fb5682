import type { OrderStatus, OrderSummary, PaymentState, SellerOrderState } from '@quokka/contract/api/admin';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { parseAuMobile } from '@quokka/contract/mobile';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { InputValidationError } from '../../domain/errors.ts';
import { hasSellerItem, type OrderViewer, sumOf } from './order-access.ts';
import { sellerOrderStateSql } from './seller-order-state.ts';

// [I15-orders] The back office's order list: search, filters, paging and the review flag, newest first.
// A vendor's rows hold only its seller's orders and, in each, only its own lines' money
// (order-access.ts). The CSV (orders-csv.ts) writes the same rows; the order page is order-detail.ts.
// [I34-seller-state] A vendor's rows also say the state of its own part (seller-order-state.ts), and its
// "to ship" filter is its own work left, not the whole order's status; the review flag is an operator's.

/** Orders waiting for review longer than this many hours are flagged (config.REVIEW_FLAG_HOURS). */
export const DEFAULT_REVIEW_FLAG_HOURS = 24;

export interface ReadOptions {
  now?: Date;
  reviewFlagHours?: number;
}

export interface OrderFilters {
  q?: string | undefined;
  status?: OrderStatus | undefined;
  seller_state?: SellerOrderState | undefined;
  seller_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  flagged?: string | undefined;
  page?: number;
  page_size?: number;
}

type Eb = ExpressionBuilder<Database, 'orders'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const LIST_TEXT = {
  sellerStateNeedsSeller: 'Choose a seller to see the orders in its state.',
} as const;

/** Orders created before this are flagged while they wait for review. */
export function flagCutoff(options: ReadOptions): Date {
  const now = options.now ?? new Date();
  return new Date(now.getTime() - (options.reviewFlagHours ?? DEFAULT_REVIEW_FLAG_HOURS) * 3_600_000);
}

/**
 * The search box: an order number (with or without its leading zeros), a mobile in any form, or part of
 * the customer's name or email, or of a product's name or SKU on the order ([I34-search]; case does not
 * matter). A seller's staff find an order by their own lines' products only: another seller's product
 * never tells them what else the order holds.
 */
function searchCondition(eb: Eb, q: string, viewer: OrderViewer) {
  const text = q.trim();
  const like = sql<string>`${`%${escapeLike(text)}%`} escape '\\'`;
  let lines = eb
    .selectFrom('order_items')
    .select(sql`1`.as('one'))
    .whereRef('order_items.order_id', '=', 'orders.id')
    .where((items) =>
      items.or([items('order_items.name', 'ilike', like), items('order_items.sku', 'ilike', like)]),
    );
  if (viewer.role !== 'operator') lines = lines.where('order_items.seller_id', '=', viewer.sellerId ?? -1);
  const any = [
    eb('orders.customer_name', 'ilike', like),
    eb('orders.customer_email', 'ilike', like),
    eb.exists(lines),
  ];
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
  if (q) query = query.where((eb) => searchCondition(eb, q, viewer));
  if (filters.status) query = query.where('orders.status', '=', filters.status);
  if (filters.seller_id !== undefined) {
    const seller = filters.seller_id;
    query = query.where((eb) => hasSellerItem(eb, seller));
  }
  if (filters.from)
    query = query.where(
      sql<boolean>`(orders.created_at at time zone ${DEFAULT_TIMEZONE})::date >= ${filters.from}::date`,
    );
  if (filters.to)
    query = query.where(
      sql<boolean>`(orders.created_at at time zone ${DEFAULT_TIMEZONE})::date <= ${filters.to}::date`,
    );
  if (filters.seller_state) {
    const seller = viewer.role === 'operator' ? filters.seller_id : (viewer.sellerId ?? -1);
    if (seller === undefined)
      throw new InputValidationError({ seller_state: [LIST_TEXT.sellerStateNeedsSeller] });
    const state = filters.seller_state;
    query = query.where(sellerOrderStateSql(seller), '=', state);
  }
  if (filters.flagged && viewer.role === 'operator')
    query = query
      .where('orders.status', '=', 'pending_review')
      .where('orders.created_at', '<', flagCutoff(options));
  return query;
}

/** The summaries of a page of the filtered orders (the list's page, or the CSV's rows). */
export async function summaries(
  db: Db,
  filters: OrderFilters,
  viewer: OrderViewer,
  options: ReadOptions,
  limit: number,
  offset: number,
): Promise<OrderSummary[]> {
  const vendor = viewer.role === 'operator' ? null : (viewer.sellerId ?? -1);
  // [I34-seller-state] A vendor's own part's state, in the same query; none for an operator.
  const sellerState = vendor === null ? sql<SellerOrderState | null>`null` : sellerOrderStateSql(vendor);
  const rows = await filteredOrders(db, filters, viewer, options)
    .selectAll('orders')
    .select(sellerState.as('seller_state'))
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
      // The review flag and its deadline are the operator's to act on: a seller's staff are not shown it.
      flagged:
        vendor === null && row.status === 'pending_review' && row.created_at.getTime() < cutoff.getTime(),
      bought_by_reply: row.reply_offer_id !== null,
      ...(row.seller_state ? { seller_state: row.seller_state } : {}),
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
