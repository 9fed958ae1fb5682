import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AddressSnapshot, OrderStatus, PaymentState } from '../../db/schema.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import type { ReviewOrderRecord } from '../orders/order-review.ts';

// shipping_methods, orders and order_items: the only SQL on them (the receipt text is queued in the
// messages module's outbox, in the order's transaction). Stock belongs to the catalogue, which
// takes it inside the order's transaction when checkout hands it over (catalog-service.ts inventory).

export interface ShippingMethodRow {
  id: number;
  carrier_code: string;
  method_code: string;
  carrier_title: string;
  method_title: string;
  amount_cents: number;
  giftcard_only: boolean;
}

const methodColumns = [
  'id',
  'carrier_code',
  'method_code',
  'carrier_title',
  'method_title',
  'amount_cents',
  'giftcard_only',
] as const;

/** [SHIP-01] The methods a cart qualifies for, cheapest first. */
export function shippingMethodsFor(db: Db, giftcardOnly: boolean): Promise<ShippingMethodRow[]> {
  return db
    .selectFrom('shipping_methods')
    .select(methodColumns)
    .where('enabled', '=', true)
    .where('giftcard_only', '=', giftcardOnly)
    .orderBy('amount_cents')
    .orderBy('id')
    .execute();
}

export interface NewOrder {
  customer_id: number;
  cart_id: number;
  idempotency_key: string | null;
  customer_name: string;
  customer_email: string;
  shipping_method_id: number;
  shipping_carrier_code: string;
  shipping_method_code: string;
  shipping_title: string;
  shipping_cents: number;
  subtotal_cents: number;
  grand_total_cents: number;
  shipping_address: AddressSnapshot;
  billing_address: AddressSnapshot;
  payment_provider: string;
}

export interface NewOrderItem {
  cart_item_id: number;
  product_id: number;
  parent_product_id: number | null;
  seller_id: number;
  sku: string;
  name: string;
  is_giftcard: boolean;
  price_cents: number;
  qty: number;
  row_total_cents: number;
}

/** The order and its items; the increment id comes from order_increment_seq. */
export async function insertOrder(
  db: Db,
  order: NewOrder,
  items: NewOrderItem[],
): Promise<{ id: number; increment_id: string }> {
  const row = await db
    .insertInto('orders')
    .values({
      ...order,
      shipping_address: JSON.stringify(order.shipping_address),
      billing_address: JSON.stringify(order.billing_address),
    })
    .returning(['id', 'increment_id'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values(items.map((item) => ({ ...item, order_id: row.id })))
    .execute();
  return row;
}

/**
 * [I15-review] The authorisation on the order: it waits for review (pending_review), with the authorised
 * amount (the grand total), the shopper's mobile for the texts about it, and the time by which it must be
 * captured or released (placed + 6 days on the app's clock, before the card network lets it lapse).
 */
export async function recordPayment(
  db: Db,
  orderId: number,
  payment: {
    /** '' when nothing was authorised at the provider (a gift card paid it all): no payment id then. */
    id: string;
    brand: string | null;
    last4: string | null;
    /** [I16-checkout-giftcard] The grand total less what a gift card paid. */
    authorisedCents: number;
    customerMobile: string;
    captureBy: Date;
  },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      payment_id: payment.id === '' ? null : payment.id,
      card_brand: payment.brand,
      card_last4: payment.last4,
      status: 'pending_review' as const,
      payment_state: 'authorised' as const,
      authorised_cents: payment.authorisedCents,
      captured_cents: 0,
      customer_mobile: payment.customerMobile,
      capture_by: payment.captureBy,
    })
    .where('id', '=', orderId)
    .execute();
}

/** [I16-checkout-giftcard] The payment_provider of an order a gift card paid in full (nothing authorised). */
export const GIFT_CARD_PROVIDER = 'gift_card';

/** [I16-checkout-giftcard] What a gift card paid and the seller of the visit's link, in the order's transaction. */
export async function recordOrderExtras(
  db: Db,
  orderId: number,
  extras: { giftCardCents: number; affiliateSellerId: number | null; paymentProvider?: string },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      gift_card_cents: extras.giftCardCents,
      affiliate_seller_id: extras.affiliateSellerId,
      ...(extras.paymentProvider ? { payment_provider: extras.paymentProvider } : {}),
    })
    .where('id', '=', orderId)
    .execute();
}

/**
 * [I30] An order bought by reply: the reply offer it came from ("Bought by reply" for staff and the seller),
 * and the campaign whose text the member answered (its attribution, whatever link they clicked last).
 */
export async function recordReplyOrder(
  db: Db,
  orderId: number,
  offer: { id: number; campaignId: number; recipientId: number },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      reply_offer_id: offer.id,
      campaign_id: offer.campaignId,
      campaign_recipient_id: offer.recipientId,
    })
    .where('id', '=', orderId)
    .execute();
}

/**
 * [I11-11] Queues the order's receipt text in the outbox, in the order's transaction: a paid order always
 * has one, and its key means never two. The worker writes and sends it (the renderer 'order_receipt',
 * worker/order-receipt-message.ts; modules/messages/outbox.ts).
 */
export async function queueReceipt(
  db: Db,
  receipt: { order_id: number; to_mobile: string; delivery_key: string; now: Date },
): Promise<void> {
  await enqueueMessage(
    db,
    {
      to: receipt.to_mobile,
      kind: 'sms',
      purpose: 'order_receipt',
      render: 'order_receipt',
      orderId: receipt.order_id,
      key: receipt.delivery_key,
    },
    receipt.now,
  );
}

export interface OrderRow {
  id: number;
  increment_id: string;
  customer_id: number;
  cart_id: number;
  status: OrderStatus;
  customer_name: string;
  shipping_title: string;
  shipping_carrier_code: string;
  shipping_method_code: string;
  shipping_cents: number;
  subtotal_cents: number;
  grand_total_cents: number;
  shipping_address: AddressSnapshot;
  billing_address: AddressSnapshot;
  payment_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  created_at: Date;
  /** [I16-checkout-giftcard] What a gift card paid of the grand total. */
  gift_card_cents: number;
}

const orderColumns = [
  'id',
  'increment_id',
  'customer_id',
  'cart_id',
  'status',
  'customer_name',
  'shipping_title',
  'shipping_carrier_code',
  'shipping_method_code',
  'shipping_cents',
  'subtotal_cents',
  'grand_total_cents',
  'shipping_address',
  'billing_address',
  'payment_id',
  'card_brand',
  'card_last4',
  'created_at',
  'gift_card_cents',
] as const;

export function findOrderByKey(db: Db, customerId: number, key: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .select(orderColumns)
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The member's order with this id; undefined for another member's (then a 404). */
export function findMemberOrder(db: Db, customerId: number, orderId: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .select(orderColumns)
    .where('customer_id', '=', customerId)
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** The member's latest order. */
export function latestOrder(db: Db, customerId: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .select(orderColumns)
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function memberOrders(db: Db, customerId: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .select(orderColumns)
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .execute();
}

export interface OrderItemRow {
  id: number;
  order_id: number;
  cart_item_id: number;
  product_id: number | null;
  parent_product_id: number | null;
  seller_id: number;
  sku: string;
  name: string;
  is_giftcard: boolean;
  price_cents: number;
  qty: number;
  row_total_cents: number;
}

export function orderItems(db: Db, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_items')
    .select([
      'id',
      'order_id',
      'cart_item_id',
      'product_id',
      'parent_product_id',
      'seller_id',
      'sku',
      'name',
      'is_giftcard',
      'price_cents',
      'qty',
      'row_total_cents',
    ])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}

// ---- [I15-review] the review's reads and writes of orders (modules/orders/order-review.ts calls them
// through the checkout service's `reviewRecords`, inside its own transaction).

/** The order row, locked until the caller's transaction ends (SELECT … FOR UPDATE). */
export function lockOrderForReview(trx: Db, orderId: number): Promise<ReviewOrderRecord | undefined> {
  return trx
    .selectFrom('orders')
    .select([
      'id',
      'increment_id',
      'status',
      'payment_state',
      'payment_id',
      'authorised_cents',
      'captured_cents',
      'customer_mobile',
    ])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

export type ReviewDecision =
  | { status: 'approved'; capturedCents: number; at: Date; staffId: number | null }
  | { status: 'refused'; reason: string; at: Date; staffId: number | null };

export async function recordReviewDecision(
  trx: Db,
  orderId: number,
  decision: ReviewDecision,
): Promise<void> {
  const common = { reviewed_at: decision.at, reviewed_by: decision.staffId };
  await trx
    .updateTable('orders')
    .set(
      decision.status === 'approved'
        ? { ...common, status: 'approved', payment_state: 'captured', captured_cents: decision.capturedCents }
        : { ...common, status: 'refused', payment_state: 'released', refusal_reason: decision.reason },
    )
    .where('id', '=', orderId)
    .execute();
}

/** Each line's product and qty, as checkout took the stock (lines whose product is gone left out). */
export async function orderStockLines(
  trx: Db,
  orderId: number,
): Promise<{ productId: number; qty: number }[]> {
  const rows = await trx
    .selectFrom('order_items')
    .select(['product_id', 'qty'])
    .where('order_id', '=', orderId)
    .where('product_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.flatMap((row) =>
    row.product_id === null ? [] : [{ productId: row.product_id, qty: row.qty }],
  );
}

/** Orders still waiting for review whose capture_by is at or before `at`, oldest deadline first. */
export async function pendingOrdersDueBy(db: Db, at: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending_review')
    .where('capture_by', '<=', at)
    .orderBy('capture_by')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

// [I15] After checkout, the back office (modules/orders) and the gift card console change an order's
// status and refund totals through these, under the order row lock they hold (docs/back-office-orders.md).

/** Sets the order's fulfilment status (and, for a cancellation, when and what the payment became). */
export async function recordOrderStatus(
  trx: Db,
  orderId: number,
  change: { status: OrderStatus; cancelledAt?: Date; paymentState?: PaymentState },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      status: change.status,
      ...(change.cancelledAt ? { cancelled_at: change.cancelledAt } : {}),
      ...(change.paymentState ? { payment_state: change.paymentState } : {}),
    })
    .where('id', '=', orderId)
    .execute();
}

/** Adds a refund of `qty` units worth `cents` to an order line. */
export async function recordLineRefund(
  trx: Db,
  itemId: number,
  refund: { qty: number; cents: number },
): Promise<void> {
  await trx
    .updateTable('order_items')
    .set({
      refunded_qty: sql<number>`refunded_qty + ${refund.qty}`,
      refunded_cents: sql<number>`refunded_cents + ${refund.cents}`,
    })
    .where('id', '=', itemId)
    .execute();
}

/**
 * Adds a refund of `cents` (of which `shippingCents` shipping) to the order's totals; the payment becomes
 * refunded once everything captured is refunded, else partially refunded. The table's CHECK refuses more
 * than was captured.
 */
export async function recordOrderRefund(
  trx: Db,
  orderId: number,
  refund: { cents: number; shippingCents: number; paymentState?: PaymentState },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      refunded_cents: sql<number>`refunded_cents + ${refund.cents}`,
      shipping_refunded_cents: sql<number>`shipping_refunded_cents + ${refund.shippingCents}`,
      // [I16-checkout-giftcard] The caller says when a gift card part is still left to refund.
      payment_state: refund.paymentState
        ? refund.paymentState
        : sql<PaymentState>`case when refunded_cents + ${refund.cents} >= captured_cents then 'refunded' else 'partially_refunded' end`,
    })
    .where('id', '=', orderId)
    .execute();
}
