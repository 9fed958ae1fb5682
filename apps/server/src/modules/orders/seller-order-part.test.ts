import { type AdminOrder, adminOrderSchema, type OrderStatus } from '@quokka/contract/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { sellerOrderState, sellerOrderStateSql, unitsLeftToShip } from './seller-order-state.ts';
import {
  adminCall,
  anOrder,
  ORIGIN,
  ordersTestApp,
  outbox,
  type Session,
  sellerId,
  setPlacedAt,
  signedIn,
  stepUp,
} from './test/orders-test-kit.ts';

// [I34] Each seller sees its own part of an order ("What was seen" 1 and 2 of issue 34): its lines, its
// state (never "Partly shipped" because another seller shipped), its money and its refunds; no operator
// words (the review's deadline, the flag). It is texted through the outbox when an operator refunds or
// cancels its lines (one text per member of its staff per action; none to a seller whose lines were not
// touched), and its ship dialog's figures are what is left to ship. The real app on PGlite, orders through
// the real checkout, actions through the real routes, ORDER_REVIEW=manual.
//
// Figures by hand: MUG-1 $19.95 and CUP-3 $10.00 (Harbour Goods), BOWL-1 $7.50 (Outback Outfitters),
// shipping $9.95. MUG-1 × 2 + BOWL-1 × 1 = $39.90 + $7.50 + $9.95 = $57.35.

let t: TestApp;
let operator: Session;
let hana: Session;
let hugo: Session;
let olly: Session;
let harbourId: number;
let outbackId: number;

beforeAll(async () => {
  t = await ordersTestApp({ ORDER_REVIEW: 'manual' });
  operator = await signedIn(t, 'operator', { name: 'Jo Operator' });
  hana = await signedIn(t, 'vendor', { name: 'Hana Harbour', sellerUrl: 'harbour-goods' });
  hugo = await signedIn(t, 'vendor', { name: 'Hugo Harbour', sellerUrl: 'harbour-goods' });
  olly = await signedIn(t, 'vendor', { name: 'Olly Outback', sellerUrl: 'outback-outfitters' });
  harbourId = await sellerId(t, 'harbour-goods');
  outbackId = await sellerId(t, 'outback-outfitters');
}, 180_000);
afterAll(() => t?.close());

const orderAs = async (id: number, session: Session): Promise<AdminOrder> => {
  const reply = await adminCall(t, 'GET', `/orders/${id}`, session);
  expect(reply.statusCode, reply.body).toBe(200);
  return adminOrderSchema.parse(reply.json());
};
const act = async (session: Session, path: string, body: object = {}) => {
  const reply = await adminCall(t, 'POST', path, session, body);
  expect(reply.statusCode, reply.body).toBe(200);
  return adminOrderSchema.parse(reply.json());
};
/** The texts about money going back that reached this member (the outbox's sandbox). */
const moneyTexts = async (session: Session, incrementId: string) =>
  (await outbox(t, session.member.mobile)).filter(
    (body) => !body.startsWith('New order') && body.includes(incrementId),
  );
const ship = (session: Session, orderId: number, seller: number) =>
  adminCall(t, 'POST', `/orders/${orderId}/shipments`, session, {
    seller_id: seller,
    carrier: 'Australia Post',
    tracking_number: `TRK${orderId}${seller}`,
  });
/** A two-seller order (MUG-1 × 2 of Harbour, BOWL-1 × 1 of Outback), approved and captured. */
const anApprovedOrder = async () => {
  const order = await anOrder(t, [
    ['MUG-1', 2],
    ['BOWL-1', 1],
  ]);
  await act(operator, `/orders/${order.id}/approve`);
  const whole = await orderAs(order.id, operator);
  const mug = whole.items.find((item) => item.sku === 'MUG-1');
  const bowl = whole.items.find((item) => item.sku === 'BOWL-1');
  if (!mug || !bowl) throw new Error('the order lacks its lines');
  return { ...order, mug, bowl };
};

describe('[I34] sellerOrderState: a seller’s state from its own lines', () => {
  const mug = (qty: number, refunded = 0) => ({ qty, refunded_qty: refunded, is_giftcard: false });
  const card = { qty: 1, refunded_qty: 0, is_giftcard: true };
  it.each<[string, OrderStatus, ReturnType<typeof mug>[], boolean, string]>([
    ['the whole order waits for review', 'pending_review', [mug(2)], false, 'awaiting_review'],
    ['the whole order was refused', 'refused', [mug(2)], false, 'refused'],
    ['the whole order was cancelled', 'cancelled', [mug(2, 2)], false, 'cancelled'],
    ['another seller shipped: its own is still to ship', 'partially_shipped', [mug(2)], false, 'to_ship'],
    ['one of two refunded, nothing shipped', 'approved', [mug(2, 1)], false, 'to_ship'],
    ['every unit refunded, never shipped', 'partially_shipped', [mug(2, 2)], false, 'refunded'],
    ['every unit refunded after it shipped', 'shipped', [mug(2, 2)], true, 'refunded'],
    ['its shipment went', 'partially_shipped', [mug(2, 1)], true, 'shipped'],
    ['only a gift card: nothing to send', 'approved', [card], false, 'shipped'],
  ])('%s', (_why, status, lines, shipped, state) => {
    expect(sellerOrderState(status, lines, shipped)).toBe(state);
  });
  it('counts what is left to ship: ordered − refunded, no gift cards, nothing once shipped', () => {
    expect(unitsLeftToShip([mug(2, 1), mug(3), card], false)).toBe(4);
    expect(unitsLeftToShip([mug(2, 1)], true)).toBe(0);
  });
});

describe('[I34] a seller’s part of a shared order', { timeout: 240_000 }, () => {
  it('[I34] another seller shipped: each seller sees its own state, lines and money; the SQL agrees', async () => {
    const order = await anApprovedOrder();
    expect((await ship(olly, order.id, outbackId)).statusCode).toBe(200);

    const harbour = await orderAs(order.id, hana);
    expect(harbour.status).toBe('partially_shipped');
    expect(harbour.seller_state).toBe('to_ship');
    expect(harbour.items.map((item) => item.sku)).toEqual(['MUG-1']);
    expect(harbour).toMatchObject({ grand_total_cents: 3990, subtotal_cents: 3990, refunded_cents: 0 });
    expect(harbour.shipments).toEqual([]);
    expect(harbour.actions.ship_sellers).toEqual([harbourId]);

    const outback = await orderAs(order.id, olly);
    expect(outback.seller_state).toBe('shipped');
    expect(outback.items.map((item) => item.sku)).toEqual(['BOWL-1']);
    expect(outback).toMatchObject({ grand_total_cents: 750, refunded_cents: 0 });
    expect(outback.actions.ship_sellers).toEqual([]);

    // Operators see the whole order, without a seller's state.
    const whole = await orderAs(order.id, operator);
    expect(whole.seller_state).toBeUndefined();
    expect(whole.grand_total_cents).toBe(5735);
    expect(whole.customer_id).toBeGreaterThan(0);

    // The SQL expression the orders list uses says the same.
    const rows = await t.db
      .selectFrom('orders')
      .select([sellerOrderStateSql(harbourId).as('harbour'), sellerOrderStateSql(outbackId).as('outback')])
      .where('orders.id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(rows).toEqual({ harbour: 'to_ship', outback: 'shipped' });
  });

  it('[I34] operator-only words: a flagged order waiting for review shows sellers no flag, deadline or flag event', async () => {
    const order = await anOrder(t, [
      ['MUG-1', 1],
      ['BOWL-1', 1],
    ]);
    await setPlacedAt(t, order.id, new Date(t.clock.now().getTime() - 30 * 3_600_000));
    // The review's clock's event, as flagWaiting (order-review.ts) writes it.
    await t.db
      .insertInto('order_events')
      .values({
        order_id: order.id,
        type: 'review_flagged',
        actor: 'system',
        summary: 'Waiting for review for more than 24 hours',
        data: JSON.stringify({ flag_hours: 24 }),
      })
      .execute();
    const whole = await orderAs(order.id, operator);
    expect(whole.flagged).toBe(true);
    expect(whole.capture_by).not.toBeNull();
    const harbour = await orderAs(order.id, hana);
    expect(harbour).toMatchObject({ flagged: false, capture_by: null, seller_state: 'awaiting_review' });
    expect(harbour.timeline.map((event) => event.type)).not.toContain('review_flagged');
    const [state] = await t.db
      .selectFrom('orders')
      .select(sellerOrderStateSql(harbourId).as('state'))
      .where('orders.id', '=', order.id)
      .execute();
    expect(state?.state).toBe('awaiting_review');
  });

  it('[I34] a refund of one of two mugs: Harbour’s staff are texted once each, Outback not; the ship dialog has 1 left; the refund is on Harbour’s timeline and money', async () => {
    const order = await anApprovedOrder();
    await stepUp(t, operator);
    await act(operator, `/orders/${order.id}/refunds`, {
      lines: [{ order_item_id: order.mug.id, qty: 1 }],
      shipping_cents: 500,
      idempotency_key: `seller-part-${order.id}`,
    });
    const link = `${ORIGIN}/admin/orders/${order.id}`;
    const said = `Refund on order ${order.incrementId} for Harbour Goods: 1 × Product MUG-1, $19.95 back to the shopper. ${link}`;
    expect(await moneyTexts(hana, order.incrementId)).toEqual([said]);
    expect(await moneyTexts(hugo, order.incrementId)).toEqual([said]);
    expect(await moneyTexts(olly, order.incrementId)).toEqual([]);
    expect(await moneyTexts(operator, order.incrementId)).toEqual([]);

    // A retried refund (same key) texts nobody again.
    await act(operator, `/orders/${order.id}/refunds`, {
      lines: [{ order_item_id: order.mug.id, qty: 1 }],
      shipping_cents: 500,
      idempotency_key: `seller-part-${order.id}`,
    });
    expect(await moneyTexts(hana, order.incrementId)).toHaveLength(1);

    const harbour = await orderAs(order.id, hana);
    expect(harbour.seller_state).toBe('to_ship');
    // The ship dialog's figures: 2 ordered, 1 refunded, 1 left.
    expect(harbour.items).toMatchObject([{ sku: 'MUG-1', qty: 2, refunded_qty: 1, refunded_cents: 1995 }]);
    expect(harbour.actions.ship_sellers).toEqual([harbourId]);
    expect(harbour).toMatchObject({ refunded_cents: 1995, payment_state: 'partially_refunded' });
    // Its refund, cut to its line: no shipping, no reason, no provider id.
    expect(harbour.refunds).toMatchObject([
      {
        amount_cents: 1995,
        shipping_cents: 0,
        lines: [{ order_item_id: order.mug.id, qty: 1, amount_cents: 1995 }],
        reason: null,
        provider_refund_id: null,
      },
    ]);
    const types = harbour.timeline.map((event) => event.type);
    expect(types.slice(types.indexOf('refunded'))).toEqual([
      'refunded',
      'vendor_notified',
      'vendor_notified',
    ]);
    expect(harbour.timeline.find((event) => event.type === 'refunded')?.summary).toBe(
      'Refunded $19.95 of your items (1 × Product MUG-1)',
    );
    expect(
      harbour.timeline.filter((e) => e.data.about === 'refund').map((e) => [e.summary, e.message?.to]),
    ).toEqual([
      ['Refund text to Hana Harbour (Harbour Goods)', hana.member.mobile],
      ['Refund text to Hugo Harbour (Harbour Goods)', hugo.member.mobile],
    ]);

    // Outback's part is untouched: paid, nothing refunded, no refund on its page or timeline.
    const outback = await orderAs(order.id, olly);
    expect(outback).toMatchObject({ refunded_cents: 0, payment_state: 'captured', refunds: [] });
    expect(outback.timeline.map((event) => event.type)).not.toContain('refunded');
  });

  it('[I34] a seller’s lines all refunded: its state is refunded, it has nothing to ship, and the order is shipped as the other has shipped', async () => {
    const order = await anApprovedOrder();
    expect((await ship(hana, order.id, harbourId)).statusCode).toBe(200);
    await stepUp(t, operator);
    await act(operator, `/orders/${order.id}/refunds`, {
      lines: [{ order_item_id: order.bowl.id, qty: 1 }],
      shipping_cents: 0,
      idempotency_key: `seller-part-all-${order.id}`,
    });
    expect(await moneyTexts(olly, order.incrementId)).toEqual([
      `Refund on order ${order.incrementId} for Outback Outfitters: 1 × Product BOWL-1, $7.50 back to the shopper. ${ORIGIN}/admin/orders/${order.id}`,
    ]);
    expect(await moneyTexts(hana, order.incrementId)).toEqual([]);
    const outback = await orderAs(order.id, olly);
    expect(outback).toMatchObject({
      seller_state: 'refunded',
      payment_state: 'refunded',
      refunded_cents: 750,
    });
    expect(outback.actions.ship_sellers).toEqual([]);
    // Nothing left to send: the order is shipped (Harbour's went), and marking Outback's shipped is refused.
    const whole = await orderAs(order.id, operator);
    expect(whole.status).toBe('shipped');
    const refused = await ship(operator, order.id, outbackId);
    expect(refused.statusCode).toBe(409);
  });

  it('[I34] a cancellation texts each seller with lines left, and not a seller whose lines were already refunded', async () => {
    const order = await anApprovedOrder();
    await stepUp(t, operator);
    await act(operator, `/orders/${order.id}/refunds`, {
      lines: [{ order_item_id: order.bowl.id, qty: 1 }],
      shipping_cents: 0,
      idempotency_key: `seller-part-cancel-${order.id}`,
    });
    await act(operator, `/orders/${order.id}/cancel`, { reason: 'Shopper moved', restock: true });
    const link = `${ORIGIN}/admin/orders/${order.id}`;
    const cancelText = `Order ${order.incrementId} for Harbour Goods was cancelled: 2 × Product MUG-1 ($39.90). Please do not ship it. ${link}`;
    expect(await moneyTexts(hana, order.incrementId)).toEqual([cancelText]);
    expect(await moneyTexts(hugo, order.incrementId)).toEqual([cancelText]);
    // Outback: its refund's text only, nothing for the cancellation (none of its lines were left).
    expect(await moneyTexts(olly, order.incrementId)).toHaveLength(1);
    expect((await moneyTexts(olly, order.incrementId))[0]).toMatch(/^Refund on order/);

    const harbour = await orderAs(order.id, hana);
    expect(harbour.seller_state).toBe('cancelled');
    const types = harbour.timeline.map((event) => event.type);
    expect(types.slice(types.indexOf('cancelled'))).toEqual([
      'cancelled',
      'vendor_notified',
      'vendor_notified',
    ]);
    expect(harbour.timeline.find((event) => event.type === 'cancelled')?.summary).toBe(
      'Cancelled: Shopper moved (refunded $39.90 of your items, restocked)',
    );
    expect(harbour.refunds.map((refund) => refund.amount_cents)).toEqual([3990]);
  });

  it('[I34] a cancellation before approval texts no seller: they were never told of the order', async () => {
    const order = await anOrder(t, [
      ['MUG-1', 1],
      ['BOWL-1', 1],
    ]);
    await stepUp(t, operator);
    await act(operator, `/orders/${order.id}/cancel`, { reason: 'Duplicate order', restock: true });
    for (const member of [hana, hugo, olly]) expect(await moneyTexts(member, order.incrementId)).toEqual([]);
    expect((await orderAs(order.id, hana)).seller_state).toBe('cancelled');
  });
});
