import {
  SELLER_HOME_LIST_LIMIT,
  SELLER_HOME_REFUND_DAYS,
  type SellerHomeOrder,
  type SellerHomeRefund,
  type SellerHomeReply,
} from '@quokka/contract/api/seller-home';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { sellerTakings, sydneyWeekStart } from '../ledger/seller-takings.ts';
import { sellerOrderStateSql } from './seller-order-state.ts';

// [I34] A seller's home screen (docs/back-office.md "A seller's home"), read for one seller only:
// - to ship: the orders whose state for this seller is 'to_ship' (seller-order-state.ts: approved or partly
//   shipped, its own items not yet marked shipped, units of its non-gift-card lines not all refunded),
//   oldest first, each with its lines' units left (ordered − refunded);
// - refunded lately: its lines given back in the last SELLER_HOME_REFUND_DAYS days — each line of a
//   refund row (staff, provider, gift card void, or a cancellation after capture: order_refunds.lines),
//   and the lines of an order cancelled while its payment was only authorised (released: no refund row,
//   the lines' worth as they were), newest first;
// - this week's takings: ledger/seller-takings.ts (captured sales of its lines less the refunds of its
//   lines, Monday 00:00 Sydney to now).

const DAY_MS = 86_400_000;

const iso = (value: Date | string) => new Date(value).toISOString();

async function toShip(db: Db, sellerId: number): Promise<SellerHomeReply['to_ship']> {
  const state = sellerOrderStateSql(sellerId);
  const counted = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(state, '=', 'to_ship')
    .executeTakeFirst();
  const orders = await db
    .selectFrom('orders')
    .select(['orders.id', 'orders.increment_id', 'orders.created_at', 'orders.customer_name'])
    .where(state, '=', 'to_ship')
    .orderBy('orders.created_at')
    .orderBy('orders.id')
    .limit(SELLER_HOME_LIST_LIMIT)
    .execute();
  const lines =
    orders.length === 0
      ? []
      : await db
          .selectFrom('order_items')
          .select(['id', 'order_id', 'sku', 'name', 'qty', 'refunded_qty'])
          .where(
            'order_id',
            'in',
            orders.map((order) => order.id),
          )
          .where('seller_id', '=', sellerId)
          .where('is_giftcard', '=', false)
          .whereRef('qty', '>', 'refunded_qty')
          .orderBy('id')
          .execute();
  const items: SellerHomeOrder[] = orders.map((order) => {
    const own = lines
      .filter((line) => line.order_id === order.id)
      .map((line) => ({
        order_item_id: line.id,
        sku: line.sku,
        name: line.name,
        qty: line.qty - line.refunded_qty,
      }));
    return {
      id: order.id,
      increment_id: order.increment_id,
      created_at: iso(order.created_at),
      customer_name: order.customer_name,
      lines: own,
      units: own.reduce((sum, line) => sum + line.qty, 0),
    };
  });
  return { total: Number(counted?.n ?? 0), items };
}

interface RefundedLineRow {
  order_id: number;
  increment_id: string;
  order_item_id: number;
  sku: string;
  name: string;
  qty: number;
  amount_cents: number;
  kind: 'refunded' | 'cancelled';
  at: Date | string;
}

async function refundedLately(db: Db, sellerId: number, now: Date): Promise<SellerHomeReply['refunds']> {
  const since = new Date(now.getTime() - SELLER_HOME_REFUND_DAYS * DAY_MS);
  // One row a refunded line: each refund's lines (jsonb), and the lines of an order cancelled with its
  // payment released (no refund row: amount_cents > 0 is a rule of order_refunds).
  const given = sql<RefundedLineRow>`
    select r.order_id, o.increment_id, i.id as order_item_id, i.sku, i.name,
      (l.value->>'qty')::int as qty, (l.value->>'amount_cents')::int as amount_cents,
      case when r.source = 'cancellation' then 'cancelled' else 'refunded' end as kind,
      r.created_at as at, r.id as refund_id
    from order_refunds r
    join orders o on o.id = r.order_id
    cross join lateral jsonb_array_elements(r.lines) as l(value)
    join order_items i on i.id = (l.value->>'order_item_id')::int
    where i.seller_id = ${sellerId} and r.created_at >= ${since}::timestamptz
      and r.created_at <= ${now}::timestamptz
    union all
    select o.id as order_id, o.increment_id, i.id as order_item_id, i.sku, i.name,
      i.qty - i.refunded_qty as qty, i.row_total_cents - i.refunded_cents as amount_cents,
      'cancelled' as kind, o.cancelled_at as at, 0 as refund_id
    from orders o
    join order_items i on i.order_id = o.id
    where o.status = 'cancelled' and i.seller_id = ${sellerId} and i.qty > i.refunded_qty
      and o.cancelled_at >= ${since}::timestamptz and o.cancelled_at <= ${now}::timestamptz
      and not exists (select 1 from order_refunds c where c.order_id = o.id and c.source = 'cancellation')`;
  const counted = await sql<{ n: string }>`select count(*) as n from (${given}) as g`.execute(db);
  const rows = await sql<RefundedLineRow>`select * from (${given}) as g
    order by g.at desc, g.refund_id desc, g.order_item_id
    limit ${SELLER_HOME_LIST_LIMIT}`.execute(db);
  const items: SellerHomeRefund[] = rows.rows.map((row) => ({
    order_id: row.order_id,
    increment_id: row.increment_id,
    order_item_id: row.order_item_id,
    sku: row.sku,
    name: row.name,
    qty: Number(row.qty),
    amount_cents: Number(row.amount_cents),
    kind: row.kind,
    at: iso(row.at),
  }));
  return { days: SELLER_HOME_REFUND_DAYS, total: Number(counted.rows[0]?.n ?? 0), items };
}

/** The home screen of the seller `sellerId` at `now`. */
export async function loadSellerHome(db: Db, sellerId: number, now: Date): Promise<SellerHomeReply> {
  const seller = await db
    .selectFrom('sellers')
    .select(['id', 'name'])
    .where('id', '=', sellerId)
    .executeTakeFirst();
  if (!seller) throw new NotFoundError('The seller does not exist.');
  const week = sydneyWeekStart(now);
  const takings = await sellerTakings(db, sellerId, week.at, now);
  return {
    seller,
    to_ship: await toShip(db, sellerId),
    refunds: await refundedLately(db, sellerId, now),
    takings: {
      from: week.at.toISOString(),
      from_date: week.date,
      sales_cents: takings.salesCents,
      refunds_cents: takings.refundsCents,
      takings_cents: takings.takingsCents,
    },
  };
}
