import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

// [I15-orders, I16-vendor] Who may see which order in the back office, and what of its money: an operator
// sees every order whole; a seller's staff (the vendor role) see only orders holding their seller's items
// and, in them, only their own lines' money (docs/back-office-orders.md). The list, the CSV, the order page
// and the fulfilment's actions all ask here, so the rule is written once.

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

/** Orders holding an item of this seller. */
export const hasSellerItem = (eb: ExpressionBuilder<Database, 'orders'>, sellerId: number) =>
  eb.exists(
    eb
      .selectFrom('order_items')
      .select(sql`1`.as('one'))
      .whereRef('order_items.order_id', '=', 'orders.id')
      .where('order_items.seller_id', '=', sellerId),
  );

/** Whether the viewer may see this order at all (a vendor: only with its seller's items). */
export async function viewerSeesOrder(db: Db, orderId: number, viewer: OrderViewer): Promise<boolean> {
  let query = db.selectFrom('orders').select('orders.id').where('orders.id', '=', orderId);
  if (viewer.role !== 'operator') query = query.where((eb) => hasSellerItem(eb, viewer.sellerId ?? -1));
  return (await query.executeTakeFirst()) !== undefined;
}

export function sumOf<K extends string>(rows: readonly Record<K, number>[], key: K): number {
  return rows.reduce((sum, row) => sum + row[key], 0);
}

export interface OrderMoney {
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
export function moneyOf(order: OrderMoney): OrderMoney {
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
export function vendorMoneyOf(
  items: readonly { row_total_cents: number; refunded_cents: number }[],
): OrderMoney {
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
