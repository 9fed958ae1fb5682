import type { OrderStatus, SellerOrderState } from '@quokka/contract/api/admin';
import { type RawBuilder, sql } from 'kysely';

// [I34] A seller's own part of an order: what its staff see as the order's state, from ITS lines only,
// never from what another seller did ("Partly shipped" because someone else shipped is not theirs).
// docs/back-office-orders.md "A seller's part of an order".
//
// STABLE EXPORTS (the order page, the orders list and its "to ship" filter use them; keep them as they are):
// - `SellerOrderState` (the contract's `sellerOrderStateSchema`, re-exported here) and its words,
//   `SELLER_ORDER_STATE_LABELS` in @quokka/contract/api/admin;
// - `sellerOrderState(status, lines, shipped)`: the state of one order for one seller, in TypeScript;
// - `unitsLeftToShip(lines, shipped)`: how many of the seller's units are still to go out;
// - `sellerOrderStateSql(sellerId)`: the same rule as one SQL expression over the row `orders` (for a
//   list: `.select(sellerOrderStateSql(id).as('seller_state'))` or
//   `.where(sellerOrderStateSql(id), '=', 'to_ship')`).
//
// The rule, first match wins:
// 1. the whole order is pending_review → 'awaiting_review'; refused → 'refused'; cancelled → 'cancelled'
//    (these are the whole order's: a seller cannot be at another stage of them);
// 2. every unit of every line of the seller was refunded → 'refunded' (also what a seller with no lines in
//    the order gets: the lists only show a seller orders holding its items);
// 3. the seller's items were marked shipped (its order_shipments row: one per seller, all its units at
//    once) → 'shipped';
// 4. units of its non-gift-card lines are left (ordered − refunded > 0, nothing shipped) and the order may
//    ship (approved or partially_shipped) → 'to_ship';
// 5. otherwise → 'shipped': nothing of it needs sending (gift cards go by text when approved).

export type { SellerOrderState } from '@quokka/contract/api/admin';

/** One of the seller's lines, as order_items holds it. */
export interface SellerLine {
  qty: number;
  refunded_qty: number;
  is_giftcard: boolean;
}

/** The statuses of an order whose items may be marked shipped. */
const SHIPPABLE: readonly OrderStatus[] = ['approved', 'partially_shipped'];

/** The seller's units still to go out: 0 once its items were marked shipped (one shipment takes them all). */
export function unitsLeftToShip(lines: readonly SellerLine[], shipped: boolean): number {
  if (shipped) return 0;
  return lines.reduce(
    (sum, line) => sum + (line.is_giftcard ? 0 : Math.max(0, line.qty - line.refunded_qty)),
    0,
  );
}

/**
 * The seller's state of an order, from the order's status, the seller's own lines and whether the seller's
 * items were marked shipped (an order_shipments row of this seller exists).
 */
export function sellerOrderState(
  status: OrderStatus,
  lines: readonly SellerLine[],
  shipped: boolean,
): SellerOrderState {
  if (status === 'pending_review') return 'awaiting_review';
  if (status === 'refused') return 'refused';
  if (status === 'cancelled') return 'cancelled';
  if (lines.every((line) => line.refunded_qty >= line.qty)) return 'refunded';
  if (shipped) return 'shipped';
  if (SHIPPABLE.includes(status) && unitsLeftToShip(lines, false) > 0) return 'to_ship';
  return 'shipped';
}

/**
 * The same rule as `sellerOrderState`, as one SQL expression over the row `orders` of the query (the list's
 * `selectFrom('orders')`), for the seller `sellerId`.
 */
export function sellerOrderStateSql(sellerId: number): RawBuilder<SellerOrderState> {
  return sql<SellerOrderState>`(case
    when orders.status = 'pending_review' then 'awaiting_review'
    when orders.status = 'refused' then 'refused'
    when orders.status = 'cancelled' then 'cancelled'
    when not exists (
      select 1 from order_items soi
      where soi.order_id = orders.id and soi.seller_id = ${sellerId} and soi.qty > soi.refunded_qty
    ) then 'refunded'
    when exists (
      select 1 from order_shipments sos where sos.order_id = orders.id and sos.seller_id = ${sellerId}
    ) then 'shipped'
    when orders.status in ('approved', 'partially_shipped') and exists (
      select 1 from order_items soi
      where soi.order_id = orders.id and soi.seller_id = ${sellerId} and not soi.is_giftcard
        and soi.qty > soi.refunded_qty
    ) then 'to_ship'
    else 'shipped'
  end)`;
}
