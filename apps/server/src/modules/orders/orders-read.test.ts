import { adminOrderSchema, dashboardSchema, orderListReplySchema } from '@quokka/contract/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aShopper } from '../../test/cart-factory.ts';
import type { TestApp } from '../../test/test-app.ts';
import { issueCustomerToken } from '../auth/token-service.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import { CSV_HEADER } from './orders-csv.ts';
import {
  adminCall,
  anOrder,
  ordersTestApp,
  type Session,
  sellerId,
  setPlacedAt,
  signedIn,
} from './test/orders-test-kit.ts';

// [I15-orders, I15-dashboard] The orders list (search, filters, paging, CSV), one order with its timeline,
// vendor scoping and the dashboard, through app.inject on the real app and database. Every order is placed
// through the real checkout (which, until the review branch lands, approves and captures at once).
//
// Figures by hand: MUG-1 $19.95, CUP-3 $10.00, BOWL-1 $7.50, flat-rate shipping $9.95.
// MUG-1 × 2 + BOWL-1 × 1 = 39.90 + 7.50 = 47.40, + 9.95 = $57.35.

let t: TestApp;
let operator: Session;
let harbour: number;
let outback: number;

beforeAll(async () => {
  t = await ordersTestApp();
  operator = await signedIn(t, 'operator');
  harbour = await sellerId(t, 'harbour-goods');
  outback = await sellerId(t, 'outback-outfitters');
});
afterAll(() => t?.close());

const list = async (query: string, session: Session = operator) => {
  const reply = await adminCall(t, 'GET', `/orders?${query}`, session);
  expect(reply.statusCode, reply.body).toBe(200);
  return orderListReplySchema.parse(reply.json());
};

describe('the orders list', { timeout: 120_000 }, () => {
  it('[I15-orders] lists newest first, paged, with sellers, totals and item counts', async () => {
    const a = await anOrder(
      t,
      [
        ['MUG-1', 2],
        ['BOWL-1', 1],
      ],
      { lastname: 'Pagingham' },
    );
    const b = await anOrder(t, [['CUP-3', 1]], { lastname: 'Pagingham' });
    const c = await anOrder(t, [['BOWL-1', 3]], { lastname: 'Pagingham' });
    const first = await list('q=pagingham&page_size=2');
    expect(first.total).toBe(3);
    expect([first.page, first.page_size]).toEqual([1, 2]);
    expect(first.items.map((o) => o.id)).toEqual([c.id, b.id]);
    const second = await list('q=pagingham&page_size=2&page=2');
    expect(second.items.map((o) => o.id)).toEqual([a.id]);
    expect(second.items[0]).toMatchObject({
      increment_id: a.incrementId,
      status: 'approved',
      payment_state: 'captured',
      customer_name: 'Jane Pagingham',
      customer_mobile: a.shopper.mobile,
      grand_total_cents: 5735,
      captured_cents: 5735,
      refunded_cents: 0,
      item_count: 3,
      sellers: [
        { id: harbour, name: 'Harbour Goods' },
        { id: outback, name: 'Outback Outfitters' },
      ],
      flagged: false,
    });
    expect((await list('q=pagingham&page=3&page_size=2')).items).toEqual([]);
  });

  it('[I15-orders] finds an order by its number with or without zeros, by any form of mobile, and by part of a name', async () => {
    const order = await anOrder(t, [['CUP-3', 1]], { firstname: 'Quentin', lastname: 'Searchwell' });
    const digits = order.incrementId.replace(/^0+/, '');
    for (const q of [order.incrementId, digits, `#${digits}`]) {
      expect((await list(`q=${encodeURIComponent(q)}`)).items.map((o) => o.id)).toContain(order.id);
    }
    const national = `0${order.shopper.mobile.slice(3)}`; // 04xxxxxxxx
    const forms = [
      order.shopper.mobile,
      national,
      `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`,
      national.slice(1),
      `+61 ${national.slice(1, 4)} ${national.slice(4, 7)} ${national.slice(7)}`,
    ];
    for (const q of forms) {
      const found = await list(`q=${encodeURIComponent(q)}`);
      expect(
        found.items.map((o) => o.id),
        q,
      ).toEqual([order.id]);
    }
    expect((await list('q=SEARCHWELL')).items.map((o) => o.id)).toEqual([order.id]);
    expect((await list('q=quentin%20sea')).items.map((o) => o.id)).toEqual([order.id]);
    // % and _ are letters, not wildcards.
    expect((await list('q=%25')).total).toBe(0);
    expect((await list('q=Quentin_Searchwell')).total).toBe(0);
    expect((await list('q=nobody-by-this-name')).total).toBe(0);
  });

  it('[I15-orders] filters by status, seller, days in Sydney and flagged', async () => {
    const mugs = await anOrder(t, [['MUG-1', 1]], { lastname: 'Filterby' });
    const bowls = await anOrder(t, [['BOWL-1', 1]], { lastname: 'Filterby' });
    expect((await list(`q=filterby&seller_id=${outback}`)).items.map((o) => o.id)).toEqual([bowls.id]);
    expect((await list(`q=filterby&seller_id=${harbour}`)).items.map((o) => o.id)).toEqual([mugs.id]);
    // 13:30 UTC on 1 March 2026 is 00:30 on 2 March in Sydney (AEDT, UTC+11).
    await setPlacedAt(t, mugs.id, new Date('2026-03-01T13:30:00Z'));
    // 12:59 UTC is 23:59 on 1 March in Sydney.
    await setPlacedAt(t, bowls.id, new Date('2026-03-01T12:59:00Z'));
    expect((await list('q=filterby&from=2026-03-02&to=2026-03-02')).items.map((o) => o.id)).toEqual([
      mugs.id,
    ]);
    expect((await list('q=filterby&from=2026-03-01&to=2026-03-01')).items.map((o) => o.id)).toEqual([
      bowls.id,
    ]);
    expect((await list('q=filterby&from=2026-03-01&to=2026-03-02')).total).toBe(2);
    expect((await list('q=filterby&from=2026-03-03')).total).toBe(0);

    // Waiting for review (set in SQL: checkout on this branch approves at once): flagged after 24 hours.
    const now = t.clock.now().getTime();
    await setPlacedAt(t, mugs.id, new Date(now - 25 * 3_600_000), { status: 'pending_review' });
    await setPlacedAt(t, bowls.id, new Date(now - 23 * 3_600_000), { status: 'pending_review' });
    const pending = await list('q=filterby&status=pending_review');
    expect(pending.items.map((o) => [o.id, o.flagged])).toEqual([
      [bowls.id, false],
      [mugs.id, true],
    ]);
    expect((await list('q=filterby&flagged=1')).items.map((o) => o.id)).toEqual([mugs.id]);
    expect((await list('q=filterby&status=approved')).total).toBe(0);
  });

  it('[I15-orders] refuses a bad query with a 400 and a message', async () => {
    for (const query of ['status=lost', 'page_size=500', 'from=yesterday', 'seller_id=abc', 'page=0']) {
      const reply = await adminCall(t, 'GET', `/orders?${query}`, operator);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message).toBeTruthy();
    }
  });

  it('[I15-orders] CSV of the whole filtered list: quoted cells, defused formulas, dollars, an attachment', async () => {
    const plain = await anOrder(
      t,
      [
        ['MUG-1', 2],
        ['BOWL-1', 1],
      ],
      { lastname: 'Csvsmith' },
    );
    const tricky = await anOrder(t, [['CUP-3', 1]], { lastname: 'Csvsmith' });
    await t.db
      .updateTable('orders')
      .set({ customer_name: '=HYPERLINK("http://evil"), Csvsmith' })
      .where('id', '=', tricky.id)
      .execute();
    const reply = await adminCall(t, 'GET', '/orders.csv?q=csvsmith&page_size=1', operator);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = reply.body.split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.map((name) => `"${name}"`).join(','));
    // Every row of the filter, not one page: two orders and the final empty line.
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      new RegExp(
        `^"${tricky.incrementId}","\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}","approved","captured","'=HYPERLINK\\(""http://evil""\\), Csvsmith","\\+614`,
      ),
    );
    // $10.00 + $9.95 = $19.95: figures bare, text quoted.
    expect(lines[1]).toMatch(/,"Harbour Goods",1,19\.95,19\.95,0\.00,"no","no"$/);
    expect(lines[2]).toMatch(
      new RegExp(
        `^"${plain.incrementId}",.*,"Jane Csvsmith","\\+614\\d{8}","Harbour Goods; Outback Outfitters",3,57\\.35,57\\.35,0\\.00,"no","no"$`,
      ),
    );
  });

  it('[I27-csv] a cell with a semicolon is quoted, so a spreadsheet using semicolons never runs `=1+1`', async () => {
    const semi = await anOrder(t, [['CUP-3', 1]], { lastname: 'Semicolonson' });
    const leading = await anOrder(t, [['CUP-3', 1]], { lastname: 'Semicolonson' });
    await t.db
      .updateTable('orders')
      .set({ customer_name: 'Bo;=1+1 Semi' })
      .where('id', '=', semi.id)
      .execute();
    await t.db
      .updateTable('orders')
      .set({ customer_name: '=1+1;Semicolonson' })
      .where('id', '=', leading.id)
      .execute();
    const reply = await adminCall(t, 'GET', '/orders.csv?q=semi', operator);
    expect(reply.statusCode).toBe(200);
    const rows = reply.body.split('\r\n');
    const row = (incrementId: string) => rows.find((line) => line.includes(incrementId)) ?? '';
    // Quoted whole: split on ';' by a spreadsheet, the cell stays "Bo;=1+1 Semi" (no cell starts with '=').
    expect(row(semi.incrementId)).toContain(',"Bo;=1+1 Semi",');
    // Starting like a formula: defused with a leading ', and quoted.
    expect(row(leading.incrementId)).toContain(`,"'=1+1;Semicolonson",`);
    // Every cell of every line is either quoted text or a bare figure: nothing else between the commas.
    for (const line of rows.slice(0, -1))
      for (const cell of line.match(/("(?:[^"]|"")*"|[^,]*)(,|$)/g) ?? [])
        expect(cell.replace(/,$/, ''), line).toMatch(/^("(?:[^"]|"")*"|-?\d+(\.\d\d)?|)$/);
  });
});

describe('downloads on the audit log', { timeout: 120_000 }, () => {
  it('[I27-audit] downloading the orders CSV writes who, the filters and how many rows; listing does not', async () => {
    await anOrder(t, [['CUP-3', 1]], { lastname: 'Auditson' });
    await anOrder(t, [['BOWL-1', 1]], { lastname: 'Auditson' });
    const vendor = await signedIn(t, 'vendor', { name: 'Val Vendor', sellerUrl: 'outback-outfitters' });
    const downloads = () =>
      t.db
        .selectFrom('staff_audit')
        .select(['staff_id', 'action', 'subject', 'after'])
        .where('action', '=', 'orders.csv_downloaded')
        .orderBy('id')
        .execute();
    const before = (await downloads()).length;
    expect((await adminCall(t, 'GET', '/orders?q=auditson', operator)).statusCode).toBe(200);
    expect((await adminCall(t, 'GET', '/orders.csv?q=auditson&status=approved', operator)).statusCode).toBe(
      200,
    );
    expect((await adminCall(t, 'GET', '/orders.csv?q=auditson', vendor)).statusCode).toBe(200);
    expect((await downloads()).slice(before)).toEqual([
      {
        staff_id: operator.member.id,
        action: 'orders.csv_downloaded',
        subject: 'orders',
        after: { filters: { q: 'auditson', status: 'approved' }, rows: 2 },
      },
      {
        staff_id: vendor.member.id,
        action: 'orders.csv_downloaded',
        subject: 'orders',
        after: { filters: { q: 'auditson' }, rows: 1 },
      },
    ]);
  });
});

describe('one order and its timeline', { timeout: 120_000 }, () => {
  it('[I15-orders] shows items, money, the timeline with staff names and messages, and what the operator may do', async () => {
    const order = await anOrder(t, [
      ['MUG-1', 2],
      ['BOWL-1', 1],
    ]);
    const noted = await adminCall(t, 'POST', `/orders/${order.id}/notes`, operator, {
      note: 'Called the shopper',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    // A message about the order that no event carries (a receipt) is a timeline entry of its own.
    const receiptId = await enqueueMessage(
      t.db,
      {
        kind: 'sms',
        to: order.shopper.mobile,
        body: 'Thanks for your order',
        purpose: 'order_receipt',
        orderId: order.id,
        key: `orders-read-receipt-${order.id}`,
      },
      t.clock.now(),
    );
    await t.app.services.outbox.sendNow([receiptId]);
    const receipt = await t.db
      .selectFrom('sent_messages')
      .select(['id', 'provider_message_id as providerMessageId'])
      .where('id', '=', receiptId)
      .executeTakeFirstOrThrow();
    const reply = await adminCall(t, 'GET', `/orders/${order.id}`, operator);
    expect(reply.statusCode).toBe(200);
    const detail = adminOrderSchema.parse(reply.json());
    expect(detail).toMatchObject({
      id: order.id,
      increment_id: order.incrementId,
      status: 'approved',
      payment_state: 'captured',
      subtotal_cents: 4740,
      shipping_cents: 995,
      grand_total_cents: 5735,
      authorised_cents: 5735,
      captured_cents: 5735,
      refunded_cents: 0,
      shipping_refunded_cents: 0,
      payment_provider: 'sandbox',
      shipments: [],
      refunds: [],
      actions: {
        approve: false,
        refuse: false,
        ship_sellers: [harbour, outback],
        refund: true,
        cancel: true,
        refundable_cents: 5735,
      },
    });
    expect(detail.items.map((i) => [i.sku, i.seller_name, i.price_cents, i.qty, i.row_total_cents])).toEqual([
      ['MUG-1', 'Harbour Goods', 1995, 2, 3990],
      ['BOWL-1', 'Outback Outfitters', 750, 1, 750],
    ]);
    const note = detail.timeline.find((e) => e.type === 'note');
    expect(note).toMatchObject({ actor: 'Jo Operator', summary: 'Called the shopper', message: null });
    const message = detail.timeline.find((e) => e.type === 'message');
    expect(message?.message).toMatchObject({
      id: receipt.id,
      purpose: 'order_receipt',
      to: order.shopper.mobile,
    });
    const audit = await t.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('subject', '=', `order:${order.id}`)
      .execute();
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ['order.note_added', `staff:${operator.member.id}`],
    ]);
  });

  it('[I15-orders] a missing order is a 404; notes need text and an operator', async () => {
    expect((await adminCall(t, 'GET', '/orders/999999', operator)).statusCode).toBe(404);
    expect((await adminCall(t, 'POST', '/orders/999999/notes', operator, { note: 'x' })).statusCode).toBe(
      404,
    );
    const order = await anOrder(t, [['CUP-3', 1]]);
    expect(
      (await adminCall(t, 'POST', `/orders/${order.id}/notes`, operator, { note: '  ' })).statusCode,
    ).toBe(400);
    const vendor = await signedIn(t, 'vendor');
    expect((await adminCall(t, 'POST', `/orders/${order.id}/notes`, vendor, { note: 'hi' })).statusCode).toBe(
      403,
    );
  });
});

describe('who may look', { timeout: 120_000 }, () => {
  it('[I15-orders][I16-vendor] a vendor sees only orders with its seller’s items, and only its own lines and their money', async () => {
    const vendor = await signedIn(t, 'vendor', { sellerUrl: 'outback-outfitters' });
    const mixed = await anOrder(
      t,
      [
        ['MUG-1', 2],
        ['BOWL-1', 1],
      ],
      { lastname: 'Vendorview' },
    );
    const mugsOnly = await anOrder(t, [['MUG-1', 1]], { lastname: 'Vendorview' });
    expect(
      (await adminCall(t, 'POST', `/orders/${mixed.id}/notes`, operator, { note: 'Internal' })).statusCode,
    ).toBe(200);
    const mine = await list('q=vendorview', vendor);
    expect(mine.items.map((o) => o.id)).toEqual([mixed.id]);
    expect(mine.items[0]).toMatchObject({
      item_count: 1,
      sellers: [{ id: outback, name: 'Outback Outfitters' }],
    });
    // Filtering by another seller never widens what the vendor sees.
    expect((await list(`q=vendorview&seller_id=${harbour}`, vendor)).items.map((o) => o.id)).toEqual([
      mixed.id,
    ]);
    expect((await adminCall(t, 'GET', `/orders/${mugsOnly.id}`, vendor)).statusCode).toBe(404);
    const detail = adminOrderSchema.parse((await adminCall(t, 'GET', `/orders/${mixed.id}`, vendor)).json());
    expect(detail.items.map((i) => i.sku)).toEqual(['BOWL-1']);
    // [I16-vendor] The money is the vendor's own lines only: the bowl's row total, no shipping, no card.
    const bowl = detail.items[0]?.row_total_cents ?? -1;
    expect(detail).toMatchObject({
      grand_total_cents: bowl,
      subtotal_cents: bowl,
      shipping_cents: 0,
      authorised_cents: 0,
      captured_cents: 0,
      refunded_cents: 0,
      gift_card_cents: 0,
      card_brand: null,
      card_last4: null,
      payment_provider: '',
    });
    expect(mine.items[0]).toMatchObject({ grand_total_cents: bowl, captured_cents: 0, refunded_cents: 0 });
    const whole = adminOrderSchema.parse((await adminCall(t, 'GET', `/orders/${mixed.id}`, operator)).json());
    expect(whole.grand_total_cents).toBeGreaterThan(bowl);
    // The operator's notes and the money are not the vendor's.
    expect(detail.timeline.map((e) => e.type)).not.toContain('note');
    expect([detail.refunds, detail.payment_id]).toEqual([[], null]);
    expect(detail.actions).toEqual({
      approve: false,
      refuse: false,
      ship_sellers: [outback],
      refund: false,
      cancel: false,
      refundable_cents: 0,
    });
    const csv = await adminCall(t, 'GET', '/orders.csv?q=vendorview', vendor);
    expect(csv.body.split('\r\n')).toHaveLength(3);
    expect(csv.body).not.toContain(mugsOnly.incrementId);
    expect((await adminCall(t, 'GET', '/dashboard', vendor)).statusCode).toBe(403);
  });

  it('[I15-orders] a shopper token or no session never opens the orders', async () => {
    const shopper = await aShopper(t);
    const token = await issueCustomerToken(t.db, shopper.id, t.clock);
    for (const path of ['/orders', '/orders.csv', '/orders/1', '/dashboard']) {
      const reply = await adminCall(t, 'GET', path, undefined, undefined, {
        authorization: `Bearer ${token}`,
      });
      expect([reply.statusCode, reply.json().code], path).toEqual([401, 'SIGN_IN_REQUIRED']);
    }
    // A session without its CSRF token cannot act.
    const order = await anOrder(t, [['CUP-3', 1]]);
    const noCsrf = await adminCall(
      t,
      'POST',
      `/orders/${order.id}/notes`,
      { cookie: operator.cookie },
      { note: 'x' },
    );
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('the dashboard', { timeout: 120_000 }, () => {
  it('[I15-dashboard] counts today in Sydney, revenue net of refunds, awaiting, flagged, to ship and failed messages', async () => {
    // A day of its own: 01:00 UTC on 15 Jan 2030 is 12:00 in Sydney (AEDT).
    t.clock.set('2030-01-15T01:00:00Z');
    const session = await signedIn(t, 'operator');
    const dashboard = async () => {
      const reply = await adminCall(t, 'GET', '/dashboard', session);
      expect(reply.statusCode, reply.body).toBe(200);
      return dashboardSchema.parse(reply.json());
    };
    const before = await dashboard();
    expect(before.orders_today).toBe(0);
    expect(before.review_mode).toBe('auto');

    const a = await anOrder(t, [
      ['MUG-1', 2],
      ['BOWL-1', 1],
    ]); // $57.35
    const b = await anOrder(t, [['CUP-3', 1]]); // $19.95
    const c = await anOrder(t, [['CUP-3', 2]]); // $29.95
    const d = await anOrder(t, [['CUP-3', 1]]); // $19.95
    // Placed today in Sydney: a at 00:10 (13:10 UTC the day before), b at 23:50.
    await setPlacedAt(t, a.id, new Date('2030-01-14T13:10:00Z'));
    await setPlacedAt(t, b.id, new Date('2030-01-15T12:50:00Z'));
    // c: yesterday in Sydney (23:59 on the 14th). a: $10.00 of it refunded (in SQL: the refund route has its own tests).
    await setPlacedAt(t, c.id, new Date('2030-01-14T12:59:00Z'));
    await t.db
      .updateTable('orders')
      .set({ refunded_cents: 1000, payment_state: 'partially_refunded' })
      .where('id', '=', a.id)
      .execute();
    // d: waiting for review for 30 hours (flagged).
    await setPlacedAt(t, d.id, new Date('2030-01-13T19:00:00Z'), { status: 'pending_review' });
    // A failed message 2 days ago counts; one 8 days ago does not.
    for (const [id, days] of [
      ['failed-recent', 2],
      ['failed-old', 8],
    ] as const) {
      await t.db
        .insertInto('sent_messages')
        .values({
          provider: 'sandbox',
          provider_message_id: id,
          kind: 'sms',
          purpose: 'order_shipped',
          to_number: a.shopper.mobile,
          order_id: a.id,
          status: 'undelivered',
          created_at: new Date(t.clock.now().getTime() - days * 86_400_000),
        })
        .execute();
    }
    const after = await dashboard();
    expect(after).toEqual({
      orders_today: 2,
      // a: 5735 − 1000 refunded; b: 1995.
      revenue_today_cents: 4735 + 1995,
      awaiting_approval: before.awaiting_approval + 1,
      flagged: before.flagged + 1,
      // a, b, c are approved; d went back to review.
      to_ship: before.to_ship + 3,
      failed_messages: before.failed_messages + 1,
      review_mode: 'auto',
    });
  });
});
