import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerLog } from '../modules/messages/outbox.ts';
import { NOT_REVIEWED_IN_TIME } from '../modules/orders/order-review.ts';
import {
  addToCart,
  aShopper,
  placeOrder,
  type Shopper,
  saveShipping,
  stockOf,
} from '../test/cart-factory.ts';
import { aSeller, aSimpleProduct, importTestCatalogue } from '../test/catalog-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createReviewDeadlineJob } from './review-deadline-job.ts';

// [I15-deadline] The review deadline job on real rows under ORDER_REVIEW=manual, on the app's test clock:
// an order waiting longer than REVIEW_FLAG_HOURS (24) gets one 'review_flagged' event, and one still
// pending 6 days after placing is refused and released, "Not reviewed in time", its stock back and the
// shopper texted — once, however many processes run the job at once.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;

const silent: WorkerLog = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  t = await createTestApp({ ORDER_REVIEW: 'manual', REVIEW_FLAG_HOURS: '24' });
  await importTestCatalogue(t.db, {
    sellers: [aSeller()],
    products: [aSimpleProduct('MUG-1', { price: 19.95, qty: 100 })],
  });
});
afterAll(() => t?.close());

/** A job as each worker process builds it (start-worker.ts). */
const aJob = () =>
  createReviewDeadlineJob({
    review: t.app.services.orderReview,
    flagHours: t.config.REVIEW_FLAG_HOURS,
    log: silent,
  });

/** 3 × MUG-1 = 59.85 + 9.95 shipping = $69.80. */
async function anOrder(): Promise<{ orderId: number; shopper: Shopper }> {
  const shopper = await aShopper(t);
  await addToCart(t.app, shopper, 'MUG-1', 3);
  await saveShipping(t.app, shopper);
  const placed = await placeOrder(t.app, shopper);
  expect(placed.status).toBe(200);
  return { orderId: Number(placed.body), shopper };
}

const orderRow = (orderId: number) =>
  t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
const eventTypes = async (orderId: number) =>
  (
    await t.db
      .selectFrom('order_events')
      .select(['type', 'actor'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute()
  ).map((e) => `${e.type}:${e.actor}`);
// Sent: the outbox also holds what is still queued (the order's receipt, which no worker sends here).
const sentTo = (orderId: number) =>
  t.db
    .selectFrom('sent_messages')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('send_state', '=', 'sent')
    .execute();

describe('the review deadline job [I15-deadline]', { timeout: 120_000 }, () => {
  it('[I15-deadline] flags once after REVIEW_FLAG_HOURS, refuses and releases at 6 days, restocks and texts once', async () => {
    t.clock.set('2026-11-21T00:00:00Z');
    const stock = await stockOf(t.db, 'MUG-1');
    const { orderId: first, shopper } = await anOrder();
    expect(await stockOf(t.db, 'MUG-1')).toBe(stock - 3);

    // 23 h 59 min: not yet.
    t.clock.advance(24 * HOUR - 60_000);
    expect(await aJob().runOnce()).toBe(0);
    expect(await eventTypes(first)).toEqual(['placed:shopper', 'payment_authorised:shopper']);

    // 24 h: flagged, once, even with two processes running the job at the same moment.
    t.clock.advance(60_000);
    const second = await anOrder(); // placed now: its own 24 hours start here
    await Promise.all([aJob().runOnce(), aJob().runOnce()]);
    await aJob().runOnce();
    expect(await eventTypes(first)).toEqual([
      'placed:shopper',
      'payment_authorised:shopper',
      'review_flagged:system',
    ]);
    expect(await eventTypes(second.orderId)).toEqual(['placed:shopper', 'payment_authorised:shopper']);
    expect((await orderRow(first)).status).toBe('pending_review');

    // 6 days less a minute after the first order: still pending; the second is flagged by now.
    t.clock.set(new Date(Date.parse('2026-11-21T00:00:00Z') + 6 * DAY - 60_000));
    await aJob().runOnce();
    expect((await orderRow(first)).status).toBe('pending_review');
    expect(await eventTypes(second.orderId)).toContain('review_flagged:system');

    // 6 days: refused by the system and released, stock back, the shopper texted; twice at once, once.
    t.clock.advance(60_000);
    await Promise.all([aJob().runOnce(), aJob().runOnce()]);
    await aJob().runOnce();
    expect(await orderRow(first)).toMatchObject({
      status: 'refused',
      payment_state: 'released',
      captured_cents: 0,
      refusal_reason: NOT_REVIEWED_IN_TIME,
      reviewed_by: null,
    });
    const { payment_id, increment_id } = await orderRow(first);
    const charge = await t.db
      .selectFrom('sandbox_charges')
      .selectAll()
      .where('id', '=', payment_id ?? '')
      .executeTakeFirstOrThrow();
    expect(charge).toMatchObject({ status: 'released', amount_cents: 6980, captured_cents: 0 });
    // The first order's 3 back; the second order's 3 still taken.
    expect(await stockOf(t.db, 'MUG-1')).toBe(stock - 3);
    expect((await eventTypes(first)).slice(3)).toEqual(['refused:system', 'payment_released:system']);
    const sent = await sentTo(first);
    expect(sent.map((m) => [m.purpose, m.to_number])).toEqual([['order_refused', shopper.mobile]]);
    const outbox = await t.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('to_number', '=', shopper.mobile)
      .execute();
    expect(outbox.map((m) => m.body)).toContain(
      `Quokka: sorry, we could not accept order ${increment_id}. Your card was not charged; the hold on it is released. Reason: Not reviewed in time`,
    );
    expect(outbox.filter((m) => m.body.includes('could not accept'))).toHaveLength(1);
    // The second order, placed a day later, still has a day.
    expect((await orderRow(second.orderId)).status).toBe('pending_review');
    // No staff acted: nothing in the audit log.
    expect(
      await t.db.selectFrom('staff_audit').select('id').where('subject', '=', `order:${first}`).execute(),
    ).toEqual([]);
  });

  it('[I15-deadline] a decided order is neither flagged nor refused', async () => {
    t.clock.set('2026-12-10T00:00:00Z');
    const { orderId } = await anOrder();
    await t.app.services.orderReview.approve(orderId, 'system');
    t.clock.advance(7 * DAY);
    await aJob().runOnce();
    expect(await eventTypes(orderId)).toEqual([
      'placed:shopper',
      'payment_authorised:shopper',
      'approved:system',
      'payment_captured:system',
    ]);
    expect((await orderRow(orderId)).status).toBe('approved');
  });
});
