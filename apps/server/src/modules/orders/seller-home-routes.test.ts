import { type SellerHomeReply, sellerHomeReplySchema } from '@quokka/contract/api/seller-home';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  stepUp,
} from './test/orders-test-kit.ts';

// [I34] A seller's home screen (GET /admin/api/seller-home): what to ship (its own state 'to_ship', oldest
// first), its lines refunded or cancelled in the last 14 days, and this week's takings (Monday 00:00
// Sydney to now: captured sales of its lines less the refunds of its lines). Real orders through checkout
// under ORDER_REVIEW=manual, so each sale is captured when the operator approves it, at the clock's time.
//
// Figures by hand. MUG-1 $19.95, CUP-3 $10.00 (Harbour Goods), BOWL-1 $7.50 (Outback Outfitters).
// "Now" is Wed 25 Nov 2026 10:00 Sydney (AEDT, UTC+11) = 2026-11-24T23:00Z; the week began Mon 23 Nov
// 00:00 Sydney = 2026-11-22T13:00Z; 14 days back is 2026-11-10T23:00Z.
//   E  CUP-3 ×1, approved 6 Nov, refunded 10 Nov 22:00Z (14 days and an hour ago): in neither.
//   A  MUG-1 ×1, approved Sun 22 Nov 23:30 Sydney (last week: not a sale of this week); its mug refunded
//      now: a refund of this week, $19.95.
//   B  MUG-1 ×2 + BOWL-1 ×1, approved Mon 23 Nov 00:30 Sydney: Harbour $39.90, Outback $7.50; Outback
//      ships its bowl, Harbour's mugs are still to ship (its own state, not the order's "Partly shipped").
//   F  CUP-3 ×1, approved then cancelled on 23 Nov: sale $10.00 and refund $10.00 (cancelled).
//   G  CUP-3 ×2, cancelled while waiting for approval (payment released): listed as cancelled ($20.00),
//      no sale, no refund.
//   C  CUP-3 ×1, approved Wed 25 Nov 09:00 Sydney: sale $10.00, to ship.
//   D  CUP-3 ×1, approved and shipped by Harbour: sale $10.00, not to ship.
// Harbour: sales 3990 + 1000 + 1000 + 1000 = 6990; refunds 1995 + 1000 = 2995; takings 3995.
// Outback: sales 750, refunds 0, takings 750.

const NOW = '2026-11-24T23:00:00.000Z';

let t: TestApp;
let harbour: Session;
let outback: Session;
let operatorNow: Session;
const orders: Record<string, PlacedOrder> = {};

/** An operator signed in now (a session idle for 30 minutes has ended, and the story spans weeks). */
const operatorNow_ = () => signedIn(t, 'operator', { name: 'Jo Operator' });
/** An operator signed in at `at`. */
async function operatorAt(at: string): Promise<Session> {
  t.clock.set(at);
  return operatorNow_();
}

async function ok(session: Session, method: 'GET' | 'POST', path: string, body?: object) {
  const reply = await adminCall(t, method, path, session, body);
  expect(reply.statusCode, `${method} ${path}: ${reply.body}`).toBe(200);
  return reply.json();
}

/** A real order through checkout, its placing time the story's (checkout stamps the machine's time). */
async function placed(lines: [sku: string, qty: number][]): Promise<PlacedOrder> {
  const order = await anOrder(t, lines);
  await setPlacedAt(t, order.id, t.clock.now());
  return order;
}

async function itemId(orderId: number, sku: string): Promise<number> {
  return (
    await t.db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', orderId)
      .where('sku', '=', sku)
      .executeTakeFirstOrThrow()
  ).id;
}

async function homeOf(session: Session): Promise<SellerHomeReply> {
  const reply = await adminCall(t, 'GET', '/seller-home', session);
  expect(reply.statusCode, reply.body).toBe(200);
  return sellerHomeReplySchema.parse(reply.json());
}

beforeAll(async () => {
  t = await ordersTestApp({ ORDER_REVIEW: 'manual' });

  // Each step at its time: the order placed, then an operator signed in (31 s later) to act on it.
  t.clock.set('2026-11-06T01:00:00.000Z');
  orders.E = await placed([['CUP-3', 1]]);
  let op = await operatorNow_();
  await ok(op, 'POST', `/orders/${orders.E.id}/approve`, {});
  op = await operatorAt('2026-11-10T22:00:00.000Z');
  await stepUp(t, op);
  await ok(op, 'POST', `/orders/${orders.E.id}/refunds`, {
    lines: [{ order_item_id: await itemId(orders.E.id, 'CUP-3'), qty: 1 }],
    idempotency_key: 'home-refund-E',
  });

  t.clock.set('2026-11-22T12:30:00.000Z');
  orders.A = await placed([['MUG-1', 1]]);
  op = await operatorNow_();
  await ok(op, 'POST', `/orders/${orders.A.id}/approve`, {});
  t.clock.set('2026-11-22T13:30:00.000Z');
  orders.B = await placed([
    ['MUG-1', 2],
    ['BOWL-1', 1],
  ]);
  op = await operatorNow_();
  await ok(op, 'POST', `/orders/${orders.B.id}/approve`, {});

  t.clock.set('2026-11-23T01:00:00.000Z');
  orders.F = await placed([['CUP-3', 1]]);
  op = await operatorNow_();
  await ok(op, 'POST', `/orders/${orders.F.id}/approve`, {});
  await stepUp(t, op);
  await ok(op, 'POST', `/orders/${orders.F.id}/cancel`, { reason: 'Shopper asked', restock: true });
  t.clock.set('2026-11-23T02:00:00.000Z');
  orders.G = await placed([['CUP-3', 2]]);
  op = await operatorNow_();
  await stepUp(t, op);
  await ok(op, 'POST', `/orders/${orders.G.id}/cancel`, { reason: 'Duplicate order', restock: true });

  t.clock.set('2026-11-24T22:00:00.000Z');
  orders.C = await placed([['CUP-3', 1]]);
  orders.D = await placed([['CUP-3', 1]]);
  op = await operatorNow_();
  await ok(op, 'POST', `/orders/${orders.C.id}/approve`, {});
  await ok(op, 'POST', `/orders/${orders.D.id}/approve`, {});

  operatorNow = await operatorAt('2026-11-24T22:55:00.000Z');
  harbour = await signedIn(t, 'vendor', { name: 'Hal Harbour', sellerUrl: 'harbour-goods' });
  outback = await signedIn(t, 'vendor', { name: 'Olive Outback', sellerUrl: 'outback-outfitters' });
  t.clock.set(NOW);
  await ok(harbour, 'POST', `/orders/${orders.D.id}/shipments`, {
    seller_id: await sellerId(t, 'harbour-goods'),
    carrier: 'Australia Post',
    tracking_number: 'HG0001',
  });
  await ok(outback, 'POST', `/orders/${orders.B.id}/shipments`, {
    seller_id: await sellerId(t, 'outback-outfitters'),
    carrier: 'Sendle',
    tracking_number: 'OO0001',
  });
  await stepUp(t, operatorNow);
  await ok(operatorNow, 'POST', `/orders/${orders.A.id}/refunds`, {
    lines: [{ order_item_id: await itemId(orders.A.id, 'MUG-1'), qty: 1 }],
    idempotency_key: 'home-refund-A',
  });
}, 300_000);
afterAll(() => t?.close());

describe('[I34] a seller’s home screen', { timeout: 120_000 }, () => {
  it('[I34] this week’s takings: captured sales of its lines since Monday 00:00 Sydney, less its refunds', async () => {
    const home = await homeOf(harbour);
    expect(home.seller.name).toBe('Harbour Goods');
    expect(home.takings).toEqual({
      from: '2026-11-22T13:00:00.000Z',
      from_date: '2026-11-23',
      sales_cents: 6990,
      refunds_cents: 2995,
      takings_cents: 3995,
    });
    // The other seller's takings are its own: its bowl, nothing of Harbour's.
    expect((await homeOf(outback)).takings).toMatchObject({
      sales_cents: 750,
      refunds_cents: 0,
      takings_cents: 750,
    });
  });

  it('[I34] what to ship: its orders with its units left, oldest first, whatever the other seller did', async () => {
    const home = await homeOf(harbour);
    expect(home.to_ship.total).toBe(2);
    expect(home.to_ship.items.map((order) => order.id)).toEqual([orders.B?.id, orders.C?.id]);
    const b = home.to_ship.items[0];
    // Order B reads "Partly shipped" as a whole (Outback shipped its bowl); for Harbour it is still to ship.
    expect(
      (
        await t.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', orders.B?.id ?? 0)
          .executeTakeFirst()
      )?.status,
    ).toBe('partially_shipped');
    expect(b).toMatchObject({
      increment_id: orders.B?.incrementId,
      created_at: '2026-11-22T13:30:00.000Z',
      units: 2,
      lines: [{ sku: 'MUG-1', qty: 2 }],
    });
    expect(home.to_ship.items[1]).toMatchObject({ units: 1, lines: [{ sku: 'CUP-3', qty: 1 }] });
    // Outback shipped its only order: nothing left.
    expect((await homeOf(outback)).to_ship).toEqual({ total: 0, items: [] });
  });

  it('[I34] refunded lately: its lines refunded or cancelled in the last 14 days, newest first, never another seller’s', async () => {
    const home = await homeOf(harbour);
    expect(home.refunds.days).toBe(14);
    expect(home.refunds.total).toBe(3);
    expect(
      home.refunds.items.map(({ order_id, sku, qty, amount_cents, kind, at }) => ({
        order_id,
        sku,
        qty,
        amount_cents,
        kind,
        at,
      })),
    ).toEqual([
      { order_id: orders.A?.id, sku: 'MUG-1', qty: 1, amount_cents: 1995, kind: 'refunded', at: NOW },
      {
        order_id: orders.G?.id,
        sku: 'CUP-3',
        qty: 2,
        amount_cents: 2000,
        kind: 'cancelled',
        at: expect.stringMatching(/^2026-11-23T02:00:/),
      },
      {
        order_id: orders.F?.id,
        sku: 'CUP-3',
        qty: 1,
        amount_cents: 1000,
        kind: 'cancelled',
        at: expect.stringMatching(/^2026-11-23T01:00:/),
      },
    ]);
    expect((await homeOf(outback)).refunds).toEqual({ days: 14, total: 0, items: [] });
  });

  it('[I34] sellers’ staff only: an operator gets 403, no session 401', async () => {
    const refused = await adminCall(t, 'GET', '/seller-home', operatorNow);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('seller') });
    expect((await adminCall(t, 'GET', '/seller-home')).statusCode).toBe(401);
  });
});
