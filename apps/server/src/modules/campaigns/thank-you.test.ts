import { randomBytes } from 'node:crypto';
import { type AdminOrder, adminOrderSchema } from '@quokka/contract/api/admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import {
  adminCall,
  anOrder,
  ordersTestApp,
  type PlacedOrder,
  type Session,
  sellerId,
  setPlacedAt,
  signedIn,
} from '../orders/test/orders-test-kit.ts';
import { runThankYouPass } from './thank-you.ts';

// [I31] A shipment marked delivered (POST /admin/api/orders/:id/shipments/:shipment_id/delivered) and the
// thank-you text THANK_YOU_DAYS after it, through the real app, checkout, back office and database on the
// test clock. Orders are placed through the real checkout and shipped through the back office; consent and
// the seller's automation rows are written as the consent service and the Automations screen write them.
// MUG-1 is Harbour Goods', BOWL-1 Outback Outfitters'.

let t: TestApp;
let operator: Session;
let harbourVendor: Session;
let outbackVendor: Session;
let harbour: number;
let outback: number;
let mugId: number;
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const LONG_AGO = new Date('2026-01-01T00:00:00Z');
/** Noon in Sydney: deliveries are marked then, so the thank-you 14 days on is not in quiet hours. */
const DELIVERED = new Date('2026-11-24T01:00:00Z');

beforeAll(async () => {
  t = await ordersTestApp();
  // Signed in a few minutes before each test's clock (a session never starts after the clock's now).
  t.clock.set(new Date(DELIVERED.getTime() - 5 * 60_000));
  operator = await signedIn(t, 'operator', { name: 'Jo Operator' });
  harbourVendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
  outbackVendor = await signedIn(t, 'vendor', { sellerUrl: 'outback-outfitters' });
  harbour = await sellerId(t, 'harbour-goods');
  outback = await sellerId(t, 'outback-outfitters');
  mugId = (
    await t.db.selectFrom('products').select('id').where('sku', '=', 'MUG-1').executeTakeFirstOrThrow()
  ).id;
}, 180_000);
afterAll(() => t?.close());

beforeEach(async () => {
  t.clock.set(DELIVERED);
  await thankYouFlow(harbour, { enabled: true, productId: mugId });
  await thankYouFlow(outback, { enabled: true, productId: null });
});

async function thankYouFlow(
  seller: number,
  options: { enabled: boolean; productId: number | null; enabledAt?: Date },
): Promise<void> {
  const values = {
    enabled: options.enabled,
    delay_hours: 14 * 24,
    product_id: options.productId,
    enabled_at: options.enabledAt ?? LONG_AGO,
    updated_at: LONG_AGO,
  };
  await t.db
    .insertInto('automations')
    .values({ seller_id: seller, flow: 'thank_you', message: 'Thanks for your order!', ...values })
    .onConflict((oc) => oc.columns(['seller_id', 'flow']).doUpdateSet(values))
    .execute();
}

async function subscribe(mobile: string, seller: number): Promise<void> {
  await t.db
    .insertInto('text_consents')
    .values({
      mobile,
      seller_id: seller,
      customer_id: null,
      state: 'subscribed',
      source: 'checkout',
      words: 'Text me offers',
      requested_at: LONG_AGO,
      subscribed_at: LONG_AGO,
      optout_code: randomBytes(5).toString('hex'),
      updated_at: LONG_AGO,
    })
    .execute();
}

const detail = async (id: number, session: Session = operator): Promise<AdminOrder> =>
  adminOrderSchema.parse((await adminCall(t, 'GET', `/orders/${id}`, session)).json());

async function ship(order: PlacedOrder, seller: number): Promise<number> {
  const reply = await adminCall(t, 'POST', `/orders/${order.id}/shipments`, operator, {
    seller_id: seller,
    carrier: 'Australia Post',
    tracking_number: `33ABC${order.id}${seller}00`,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const shipment = adminOrderSchema.parse(reply.json()).shipments.find((s) => s.seller_id === seller);
  if (!shipment) throw new Error('no shipment');
  return shipment.id;
}

const markDelivered = (orderId: number, shipmentId: number | string, session: Session = operator) =>
  adminCall(t, 'POST', `/orders/${orderId}/shipments/${shipmentId}/delivered`, session);

/** An order of these lines (one seller's each), shipped and marked delivered at DELIVERED. */
async function aDeliveredOrder(skus: string[], sellers: number[]): Promise<PlacedOrder> {
  const order = await anOrder(
    t,
    skus.map((sku) => [sku, 1]),
  );
  for (const seller of sellers) {
    const shipmentId = await ship(order, seller);
    expect((await markDelivered(order.id, shipmentId)).statusCode).toBe(200);
  }
  return order;
}

const thanksTo = (mobile: string) =>
  t.db
    .selectFrom('automation_sends')
    .selectAll()
    .where('mobile', '=', mobile)
    .where('flow', '=', 'thank_you')
    .orderBy('id')
    .execute();

const pass = (at: Date) => runThankYouPass(t.db, at);

describe('marking a shipment delivered', { timeout: 120_000 }, () => {
  it('[I31] a seller’s staff mark only their own seller’s shipment (another’s is 404); operators any; the page shows delivered_at', async () => {
    const order = await anOrder(t, [
      ['MUG-1', 1],
      ['BOWL-1', 1],
    ]);
    const mugShipment = await ship(order, harbour);
    const bowlShipment = await ship(order, outback);

    const foreign = await markDelivered(order.id, mugShipment, outbackVendor);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('The shipment does not exist.');
    expect((await detail(order.id)).shipments.every((s) => s.delivered_at === null)).toBe(true);

    t.clock.advance(5 * 60_000);
    const own = await markDelivered(order.id, mugShipment, harbourVendor);
    expect(own.statusCode, own.body).toBe(200);
    const shown = adminOrderSchema.parse(own.json());
    expect(shown.shipments).toEqual([
      expect.objectContaining({ id: mugShipment, delivered_at: t.clock.now().toISOString() }),
    ]);
    const stored = await t.db
      .selectFrom('order_shipments')
      .select(['delivered_at', 'delivered_by'])
      .where('id', '=', mugShipment)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ delivered_at: t.clock.now(), delivered_by: harbourVendor.member.id });

    const byOperator = await markDelivered(order.id, bowlShipment);
    expect(byOperator.statusCode).toBe(200);
    expect(
      adminOrderSchema.parse(byOperator.json()).shipments.map((s) => [s.id, s.delivered_at !== null]),
    ).toEqual([
      [mugShipment, true],
      [bowlShipment, true],
    ]);
  });

  it('[I31] marked twice: the second answers 200 with the first time kept and writes no second event', async () => {
    const order = await anOrder(t, [['MUG-1', 1]]);
    const shipmentId = await ship(order, harbour);
    expect((await markDelivered(order.id, shipmentId, harbourVendor)).statusCode).toBe(200);
    const first = t.clock.now().toISOString();
    t.clock.advance(5 * 60_000);
    const again = await markDelivered(order.id, shipmentId, harbourVendor);
    expect(again.statusCode).toBe(200);
    expect(adminOrderSchema.parse(again.json()).shipments[0]?.delivered_at).toBe(first);

    const events = (await detail(order.id)).timeline.filter((e) => e.type === 'shipment_delivered');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      seller_id: harbour,
      actor: 'Sam Seller',
      summary: "Harbour Goods's items marked delivered",
      data: { shipment_id: shipmentId, delivered_at: first },
    });
    const audit = await t.db
      .selectFrom('staff_audit')
      .select('action')
      .where('subject', '=', `order:${order.id}`)
      .where('action', '=', 'order.shipment_delivered')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('[I31] a shipment of another order, an unknown one, or a malformed id is refused with a clear 4xx', async () => {
    const order = await anOrder(t, [['MUG-1', 1]]);
    const other = await anOrder(t, [['MUG-1', 1]]);
    const otherShipment = await ship(other, harbour);
    expect((await markDelivered(order.id, otherShipment)).statusCode).toBe(404);
    expect((await markDelivered(order.id, 99_999_999)).statusCode).toBe(404);
    const malformed = await markDelivered(order.id, 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBeTruthy();
    expect((await adminCall(t, 'POST', `/orders/${order.id}/shipments/1/delivered`)).statusCode).toBe(401);
  });
});

describe('the thank-you after delivery', { timeout: 120_000 }, () => {
  it('[I31] 14 days after delivery the thank-you is queued with the seller’s product and the order; a day before, nothing', async () => {
    const order = await aDeliveredOrder(['MUG-1'], [harbour]);
    await subscribe(order.shopper.mobile, harbour);

    await pass(new Date(DELIVERED.getTime() + 14 * DAY - 60_000));
    expect(await thanksTo(order.shopper.mobile)).toEqual([]);

    const due = new Date(DELIVERED.getTime() + 14 * DAY);
    expect(await pass(due)).toBeGreaterThanOrEqual(1);
    const sends = await thanksTo(order.shopper.mobile);
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({
      seller_id: harbour,
      order_id: order.id,
      customer_id: order.shopper.id,
      product_id: mugId,
      state: 'queued',
      quiet_delayed: false,
    });
    expect(sends[0]?.due_at).toEqual(due);
  });

  it('[I31] a buyer not subscribed to the seller (or who sent STOP) gets no thank-you', async () => {
    const unsubscribed = await aDeliveredOrder(['MUG-1'], [harbour]);
    await subscribe(unsubscribed.shopper.mobile, outback);
    const stopped = await aDeliveredOrder(['MUG-1'], [harbour]);
    await subscribe(stopped.shopper.mobile, harbour);
    await t.db
      .insertInto('text_stops')
      .values({ mobile: stopped.shopper.mobile, stopped: true, stopped_at: DELIVERED, via: 'STOP' })
      .execute();
    await pass(new Date(DELIVERED.getTime() + 15 * DAY));
    expect(await thanksTo(unsubscribed.shopper.mobile)).toEqual([]);
    expect(await thanksTo(stopped.shopper.mobile)).toEqual([]);
  });

  it('[I31] once per order: passes again, and two at once, queue one thank-you', async () => {
    const order = await aDeliveredOrder(['MUG-1'], [harbour]);
    await subscribe(order.shopper.mobile, harbour);
    const due = new Date(DELIVERED.getTime() + 14 * DAY + HOUR);
    await Promise.all([pass(due), pass(due)]);
    await pass(new Date(due.getTime() + DAY));
    expect(await thanksTo(order.shopper.mobile)).toHaveLength(1);
    const rows = await t.db
      .selectFrom('sent_messages')
      .select('id')
      .where('to_number', '=', order.shopper.mobile)
      .where('purpose', '=', 'automation')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('[I31] a seller with no product picked: the thank-you is queued without a product', async () => {
    const order = await aDeliveredOrder(['BOWL-1'], [outback]);
    await subscribe(order.shopper.mobile, outback);
    await pass(new Date(DELIVERED.getTime() + 14 * DAY));
    const sends = await thanksTo(order.shopper.mobile);
    expect(sends.map((send) => [send.seller_id, send.product_id, send.order_id])).toEqual([
      [outback, null, order.id],
    ]);
  });

  it('[I31] no thank-you for a cancelled order, a flow switched off, or a delivery before the flow was switched on', async () => {
    const cancelled = await aDeliveredOrder(['MUG-1'], [harbour]);
    await subscribe(cancelled.shopper.mobile, harbour);
    await setPlacedAt(t, cancelled.id, DELIVERED, { status: 'cancelled' });
    const earlier = await aDeliveredOrder(['BOWL-1'], [outback]);
    await subscribe(earlier.shopper.mobile, outback);
    await thankYouFlow(outback, {
      enabled: true,
      productId: null,
      enabledAt: new Date(DELIVERED.getTime() + HOUR),
    });
    const switchedOff = await aDeliveredOrder(['MUG-1'], [harbour]);
    await subscribe(switchedOff.shopper.mobile, harbour);
    await thankYouFlow(harbour, { enabled: false, productId: mugId });

    await pass(new Date(DELIVERED.getTime() + 14 * DAY));
    expect(await thanksTo(cancelled.shopper.mobile)).toEqual([]);
    expect(await thanksTo(earlier.shopper.mobile)).toEqual([]);
    expect(await thanksTo(switchedOff.shopper.mobile)).toEqual([]);
  });
});
