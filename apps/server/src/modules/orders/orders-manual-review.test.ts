import { adminOrderSchema, dashboardSchema } from '@quokka/contract/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockOf } from '../../test/cart-factory.ts';
import type { TestApp } from '../../test/test-app.ts';
import {
  adminCall,
  anOrder,
  ordersTestApp,
  outbox,
  type Session,
  sellerId,
  signedIn,
  stepUp,
} from './test/orders-test-kit.ts';

// [I15-cancel, I15-ship, I15-dashboard, I15-orders] Under manual review (ORDER_REVIEW=manual) checkout only
// authorises: the orders here wait in pending_review with an authorised sandbox payment, made by the real
// checkout (no SQL set-up), and the back office's reading and actions treat them so.

let t: TestApp;
let operator: Session;
let harbour: number;

beforeAll(async () => {
  t = await ordersTestApp({ ORDER_REVIEW: 'manual' });
  operator = await signedIn(t, 'operator');
  harbour = await sellerId(t, 'harbour-goods');
});
afterAll(() => t?.close());

const detail = async (id: number) =>
  adminOrderSchema.parse((await adminCall(t, 'GET', `/orders/${id}`, operator)).json());

describe('an order waiting for review', { timeout: 120_000 }, () => {
  it('[I15-orders] is pending and authorised: it may be approved, refused or cancelled, not shipped or refunded', async () => {
    const order = await anOrder(t, [['MUG-1', 1]]);
    const pending = await detail(order.id);
    expect(pending).toMatchObject({
      status: 'pending_review',
      payment_state: 'authorised',
      authorised_cents: 2990,
      captured_cents: 0,
      customer_mobile: order.shopper.mobile,
      actions: {
        approve: true,
        refuse: true,
        cancel: true,
        refund: false,
        ship_sellers: [],
        refundable_cents: 0,
      },
    });
    const ship = await adminCall(t, 'POST', `/orders/${order.id}/shipments`, operator, {
      seller_id: harbour,
      carrier: 'Sendle',
      tracking_number: 'SNDL123',
    });
    expect(ship.statusCode).toBe(409);
  });

  it('[I15-cancel] cancelling releases the authorisation, charges nothing, restocks and texts the shopper', async () => {
    // MUG-1 × 2 + CUP-3 × 1: $39.90 + $10.00 + $9.95 = $59.85 authorised.
    const order = await anOrder(t, [
      ['MUG-1', 2],
      ['CUP-3', 1],
    ]);
    const stock = { mug: await stockOf(t.db, 'MUG-1'), cup: await stockOf(t.db, 'CUP-3') };
    const reply = await adminCall(t, 'POST', `/orders/${order.id}/cancel`, operator, {
      reason: 'Out of area',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const after = adminOrderSchema.parse(reply.json());
    expect(after).toMatchObject({
      status: 'cancelled',
      payment_state: 'released',
      authorised_cents: 5985,
      captured_cents: 0,
      refunded_cents: 0,
      refunds: [],
      actions: { approve: false, cancel: false, refund: false },
    });
    const row = await t.db
      .selectFrom('orders')
      .select('payment_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const charge = await t.db
      .selectFrom('sandbox_charges')
      .select(['status', 'captured_cents', 'refunded_cents'])
      .where('id', '=', row.payment_id ?? '')
      .executeTakeFirstOrThrow();
    expect(charge).toEqual({ status: 'released', captured_cents: 0, refunded_cents: 0 });
    expect([await stockOf(t.db, 'MUG-1'), await stockOf(t.db, 'CUP-3')]).toEqual([
      stock.mug + 2,
      stock.cup + 1,
    ]);
    expect(await outbox(t, order.shopper.mobile)).toContain(
      `Quokka: order ${order.incrementId} was cancelled. Your card was not charged.`,
    );
    expect(after.timeline.find((e) => e.type === 'cancelled')?.summary).toBe(
      'Cancelled: Out of area (payment released, restocked)',
    );
    // A cancelled order cannot be approved any more.
    expect((await adminCall(t, 'POST', `/orders/${order.id}/approve`, operator, {})).statusCode).toBe(409);
  });

  it('[I27-step-up] refusing releases the payment, so it needs a passkey check in the last 5 minutes, as cancelling does', async () => {
    const order = await anOrder(t, [['MUG-1', 1]]);
    const second = await signedIn(t, 'operator', { name: 'Ali Refuser' });
    t.clock.advance(5 * 60_000 + 1000);
    const stale = await adminCall(t, 'POST', `/orders/${order.id}/refuse`, second, { reason: 'Looks odd' });
    expect([stale.statusCode, stale.json().code]).toEqual([403, 'STEP_UP_REQUIRED']);
    // Nothing was released, restocked or texted.
    expect(await detail(order.id)).toMatchObject({ status: 'pending_review', payment_state: 'authorised' });
    expect(
      (await outbox(t, order.shopper.mobile)).filter((text) => text.includes('could not accept')),
    ).toEqual([]);

    await stepUp(t, second);
    const refused = await adminCall(t, 'POST', `/orders/${order.id}/refuse`, second, { reason: 'Looks odd' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(adminOrderSchema.parse(refused.json())).toMatchObject({
      status: 'refused',
      payment_state: 'released',
    });
    // The first operator's check is stale too by now: a fresh one for the tests that follow.
    await stepUp(t, operator);
  });

  it('[I15-dashboard] says the review is manual and counts what waits', async () => {
    const before = dashboardSchema.parse((await adminCall(t, 'GET', '/dashboard', operator)).json());
    expect(before.review_mode).toBe('manual');
    await anOrder(t, [['CUP-3', 1]]);
    const after = dashboardSchema.parse((await adminCall(t, 'GET', '/dashboard', operator)).json());
    expect(after.awaiting_approval).toBe(before.awaiting_approval + 1);
    expect(after.to_ship).toBe(before.to_ship);
  });
});
