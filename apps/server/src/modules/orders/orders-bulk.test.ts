import { SHIP_TEXT } from '@quokka/contract/api/admin';
import { BULK_ORDERS_MAX, BULK_TEXT, bulkOrdersReplySchema } from '@quokka/contract/api/orders-bulk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { ORDER_NOT_FOUND } from './order-access.ts';
import { ORDER_REVIEW_TEXT } from './order-review.ts';
import {
  adminCall,
  anOrder,
  ordersTestApp,
  outbox,
  type Session,
  sellerId,
  signedIn,
} from './test/orders-test-kit.ts';

// [I34-bulk] Bulk approve and bulk ship for operators, through app.inject on the real app and database.
// Orders are placed through the real checkout under ORDER_REVIEW=manual, so they wait for review with an
// authorised sandbox payment; each bulk action goes through the one-order code, and is audited as it is.
// MUG-1 $19.95 (Harbour Goods), BOWL-1 $7.50 (Outback Outfitters), flat-rate shipping $9.95.

let t: TestApp;
let operator: Session;
let vendor: Session;
let harbour: number;
let outback: number;

beforeAll(async () => {
  t = await ordersTestApp({ ORDER_REVIEW: 'manual' });
  operator = await signedIn(t, 'operator');
  vendor = await signedIn(t, 'vendor');
  harbour = await sellerId(t, 'harbour-goods');
  outback = await sellerId(t, 'outback-outfitters');
});
afterAll(() => t?.close());

const bulk = async (path: string, body: unknown, session: Session = operator) => {
  const reply = await adminCall(t, 'POST', `/orders/${path}`, session, body);
  expect(reply.statusCode, reply.body).toBe(200);
  return bulkOrdersReplySchema.parse(reply.json());
};

const audit = (orderId: number, action: string) =>
  t.db
    .selectFrom('staff_audit')
    .select(['staff_id', 'action'])
    .where('subject', '=', `order:${orderId}`)
    .where('action', '=', action)
    .execute();

const orderRow = (id: number) =>
  t.db
    .selectFrom('orders')
    .select(['status', 'payment_state', 'captured_cents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('bulk approve', { timeout: 120_000 }, () => {
  it('[I34-bulk] approves each order awaiting review; the others say why not, and do not stop the rest', async () => {
    const first = await anOrder(t, [['MUG-1', 1]]);
    const refused = await anOrder(t, [['MUG-1', 1]]);
    const second = await anOrder(t, [['BOWL-1', 2]]);
    await t.db.updateTable('orders').set({ status: 'refused' }).where('id', '=', refused.id).execute();

    const reply = await bulk('bulk-approve', { order_ids: [first.id, refused.id, 999_999, second.id] });
    expect(reply).toEqual({
      succeeded: 2,
      failed: 2,
      results: [
        {
          order_id: first.id,
          increment_id: first.incrementId,
          ok: true,
          changed: true,
          status: 'approved',
          code: null,
          message: 'Approved.',
        },
        {
          order_id: refused.id,
          increment_id: refused.incrementId,
          ok: false,
          changed: false,
          status: 'refused',
          code: 'CONFLICT',
          message: ORDER_REVIEW_TEXT.notAwaitingReview(refused.incrementId, 'refused'),
        },
        {
          order_id: 999_999,
          increment_id: null,
          ok: false,
          changed: false,
          status: null,
          code: 'NOT_FOUND',
          message: ORDER_NOT_FOUND,
        },
        {
          order_id: second.id,
          increment_id: second.incrementId,
          ok: true,
          changed: true,
          status: 'approved',
          code: null,
          message: 'Approved.',
        },
      ],
    });
    // Captured as the one-order approve captures: $19.95 + $9.95, and $15.00 + $9.95.
    expect(await orderRow(first.id)).toEqual({
      status: 'approved',
      payment_state: 'captured',
      captured_cents: 2990,
    });
    expect(await orderRow(second.id)).toMatchObject({ status: 'approved', captured_cents: 2495 });
    expect(await orderRow(refused.id)).toMatchObject({ status: 'refused', captured_cents: 0 });
    // Audited one by one, by the operator who asked, as the single approve is.
    for (const id of [first.id, second.id])
      expect(await audit(id, 'order.approved')).toEqual([
        { staff_id: operator.member.id, action: 'order.approved' },
      ]);
    expect(await audit(refused.id, 'order.approved')).toEqual([]);
  });

  it('[I34-bulk] an order approved already is "Already approved": nothing is captured twice', async () => {
    const order = await anOrder(t, [['MUG-1', 1]]);
    await bulk('bulk-approve', { order_ids: [order.id] });
    const again = await bulk('bulk-approve', { order_ids: [order.id] });
    expect(again.results[0]).toMatchObject({ ok: true, changed: false, message: 'Already approved.' });
    expect(await audit(order.id, 'order.approved')).toHaveLength(1);
    expect((await orderRow(order.id)).captured_cents).toBe(2990);
  });

  it('[I34-bulk] operators only: a vendor is refused, and a call without the CSRF token or a session', async () => {
    const order = await anOrder(t, [['MUG-1', 1]]);
    const asVendor = await adminCall(t, 'POST', '/orders/bulk-approve', vendor, { order_ids: [order.id] });
    expect(asVendor.statusCode).toBe(403);
    const noCsrf = await adminCall(
      t,
      'POST',
      '/orders/bulk-approve',
      { cookie: operator.cookie },
      { order_ids: [order.id] },
    );
    expect(noCsrf.statusCode).toBe(403);
    const noSession = await adminCall(t, 'POST', '/orders/bulk-approve', undefined, {
      order_ids: [order.id],
    });
    expect(noSession.statusCode).toBe(401);
    const ship = await adminCall(t, 'POST', '/orders/bulk-ship', vendor, {
      carrier: 'Sendle',
      shipments: [{ order_id: order.id, tracking_number: 'SNDL1' }],
    });
    expect(ship.statusCode).toBe(403);
    expect((await orderRow(order.id)).status).toBe('pending_review');
  });

  it('[I34-bulk] a body wrong as a whole is a 400 naming the field: none, too many, one twice', async () => {
    const cases: [unknown, string, string | RegExp][] = [
      [{}, 'order_ids', /./],
      [{ order_ids: [] }, 'order_ids', BULK_TEXT.none],
      [
        { order_ids: Array.from({ length: BULK_ORDERS_MAX + 1 }, (_, i) => i + 1) },
        'order_ids',
        BULK_TEXT.tooMany,
      ],
      [{ order_ids: [3, 3] }, 'order_ids', BULK_TEXT.repeated],
      [{ order_ids: [0] }, 'order_ids.0', /./],
    ];
    for (const [body, field, message] of cases) {
      const reply = await adminCall(t, 'POST', '/orders/bulk-approve', operator, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      const fields = reply.json().input_validation as Record<string, string[]>;
      expect(Object.keys(fields), JSON.stringify(body)).toEqual([field]);
      expect(fields[field]?.[0]).toMatch(message);
    }
  });
});

describe('bulk ship', { timeout: 120_000 }, () => {
  it('[I34-bulk] one carrier, a tracking number each: shipped as the one-order ship does, texted and audited', async () => {
    const mugs = await anOrder(t, [['MUG-1', 1]]);
    const bowls = await anOrder(t, [['BOWL-1', 1]]);
    const both = await anOrder(t, [
      ['MUG-1', 1],
      ['BOWL-1', 1],
    ]);
    const pending = await anOrder(t, [['MUG-1', 1]]);
    const typo = await anOrder(t, [['MUG-1', 1]]);
    await bulk('bulk-approve', { order_ids: [mugs.id, bowls.id, both.id, typo.id] });

    const reply = await bulk('bulk-ship', {
      carrier: 'Australia Post',
      shipments: [
        { order_id: mugs.id, tracking_number: ' AP100 ' },
        { order_id: bowls.id, tracking_number: 'AP200' },
        // Two sellers' items left: which one is not guessed.
        { order_id: both.id, tracking_number: 'AP300' },
        { order_id: pending.id, tracking_number: 'AP400' },
        { order_id: typo.id, tracking_number: 'http://evil' },
      ],
    });
    expect(reply.succeeded).toBe(2);
    expect(reply.failed).toBe(3);
    expect(reply.results.map((r) => [r.order_id, r.ok, r.status, r.code, r.message])).toEqual([
      [mugs.id, true, 'shipped', null, 'Harbour Goods: shipped with Australia Post, tracking AP100.'],
      [bowls.id, true, 'shipped', null, 'Outback Outfitters: shipped with Australia Post, tracking AP200.'],
      [both.id, false, 'approved', 'INVALID_DATA', BULK_TEXT.severalSellers],
      [pending.id, false, 'pending_review', 'CONFLICT', expect.stringContaining('approved order')],
      [typo.id, false, 'approved', 'INVALID_DATA', SHIP_TEXT.trackingNumber],
    ]);

    const shipments = await t.db
      .selectFrom('order_shipments')
      .select(['order_id', 'seller_id', 'carrier', 'tracking_number', 'staff_id'])
      .where('order_id', 'in', [mugs.id, bowls.id, both.id, pending.id, typo.id])
      .orderBy('id')
      .execute();
    expect(shipments).toEqual([
      {
        order_id: mugs.id,
        seller_id: harbour,
        carrier: 'Australia Post',
        tracking_number: 'AP100',
        staff_id: operator.member.id,
      },
      {
        order_id: bowls.id,
        seller_id: outback,
        carrier: 'Australia Post',
        tracking_number: 'AP200',
        staff_id: operator.member.id,
      },
    ]);
    // The shopper's text, with the carrier's tracking link, as the one-order ship sends it.
    expect((await outbox(t, mugs.shopper.mobile)).join('\n')).toContain(
      'https://auspost.com.au/mypost/track/details/AP100',
    );
    expect(await audit(mugs.id, 'order.shipped')).toEqual([
      { staff_id: operator.member.id, action: 'order.shipped' },
    ]);
    expect(await audit(typo.id, 'order.shipped')).toEqual([]);

    // Naming the seller ships that seller's items of a two-seller order; again is "already shipped".
    const named = await bulk('bulk-ship', {
      carrier: 'Sendle',
      shipments: [
        { order_id: both.id, seller_id: outback, tracking_number: 'SN1' },
        { order_id: mugs.id, seller_id: harbour, tracking_number: 'SN2' },
      ],
    });
    expect(named.results.map((r) => [r.ok, r.status, r.code])).toEqual([
      [true, 'partially_shipped', null],
      [false, 'shipped', 'CONFLICT'],
    ]);
    // And then the one seller left is found without naming it.
    const rest = await bulk('bulk-ship', {
      carrier: 'Sendle',
      shipments: [{ order_id: both.id, tracking_number: 'SN3' }],
    });
    expect(rest.results[0]).toMatchObject({
      ok: true,
      status: 'shipped',
      message: 'Harbour Goods: shipped with Sendle, tracking SN3.',
    });
    const nothing = await bulk('bulk-ship', {
      carrier: 'Sendle',
      shipments: [{ order_id: both.id, tracking_number: 'SN4' }],
    });
    expect(nothing.results[0]).toMatchObject({
      ok: false,
      code: 'CONFLICT',
      message: BULK_TEXT.nothingToShip,
    });
  });

  it("[I34-bulk] 'Other' carries its name; a body wrong as a whole is a 400 naming the field", async () => {
    const order = await anOrder(t, [['BOWL-1', 1]]);
    await bulk('bulk-approve', { order_ids: [order.id] });
    const cases: [unknown, string, string | RegExp][] = [
      [{ shipments: [{ order_id: order.id, tracking_number: 'X1' }] }, 'carrier', /Choose a carrier/],
      [
        { carrier: 'Other', shipments: [{ order_id: order.id, tracking_number: 'X1' }] },
        'carrier_name',
        SHIP_TEXT.carrierNameMissing,
      ],
      [
        {
          carrier: 'Other',
          carrier_name: 'evil.example',
          shipments: [{ order_id: order.id, tracking_number: 'X1' }],
        },
        'carrier_name',
        SHIP_TEXT.carrierName,
      ],
      [{ carrier: 'Sendle', shipments: [] }, 'shipments', BULK_TEXT.none],
      [
        {
          carrier: 'Sendle',
          shipments: [
            { order_id: order.id, tracking_number: 'X1' },
            { order_id: order.id, tracking_number: 'X2' },
          ],
        },
        'shipments',
        BULK_TEXT.repeated,
      ],
      [{ carrier: 'Sendle', shipments: [{ order_id: order.id }] }, 'shipments.0.tracking_number', /./],
    ];
    for (const [body, field, message] of cases) {
      const reply = await adminCall(t, 'POST', '/orders/bulk-ship', operator, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      const fields = reply.json().input_validation as Record<string, string[]>;
      expect(Object.keys(fields), JSON.stringify(body)).toEqual([field]);
      expect(fields[field]?.[0]).toMatch(message);
    }
    const other = await bulk('bulk-ship', {
      carrier: 'Other',
      carrier_name: 'Bob’s Vans',
      shipments: [{ order_id: order.id, tracking_number: 'BV-77' }],
    });
    expect(other.results[0]).toMatchObject({
      ok: true,
      status: 'shipped',
      message: 'Outback Outfitters: shipped with Bob’s Vans, tracking BV-77.',
    });
  });
});
