import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvText } from '../../http/csv.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createStatementJob } from '../../worker/statement-job.ts';
import { giftCardBalances } from '../giftcards/gift-card-balance.ts';
import {
  adminCall,
  anOrder,
  ordersTestApp,
  type Session,
  sellerId,
  setPlacedAt,
  signedIn,
} from '../orders/test/orders-test-kit.ts';
import { postLedgerEntries } from './ledger-entries.ts';
import { lastClosedWeek, makeDueStatements, makeStatementsForWeek } from './statements.ts';

// [I16-ledger, I16-statements] The issue's "Done when" for the ledger and statements, on the real app
// (fresh PGlite, orders placed through checkout, approved, refunded and charged back through the real
// routes and the Stripe webhook) with a fixed clock. Every figure below is worked by hand in the comments.
//
// Catalogue (orders-test-kit): MUG-1 $19.95 and CUP-3 $10.00 (Harbour Goods, H), BOWL-1 $7.50 (Outback
// Outfitters, O); flat-rate shipping $9.95 an order. ORDER_REVIEW=manual: each order is approved by an
// operator (the capture posts 'capture:<order>').
//
// The week ends Monday 8 March 2027 11:59:59.999 AEDT (UTC+11) = 2027-03-08T00:59:59.999Z.

const SECRET = 'whsec_ledger_test';
let t: TestApp;
let operator: Session;
let harbourVendor: Session;
let outbackVendor: Session;
let H: number;
let O: number;

const eventId = () => `evt_${randomBytes(8).toString('hex')}`;

function postStripe(event: object) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

function disputeCreated(paymentId: string, disputeId: string, amount: number) {
  return {
    id: eventId(),
    object: 'event',
    api_version: '2025-08-27.basil',
    created: Math.floor(t.clock.now().getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'charge.dispute.created',
    data: {
      object: {
        id: disputeId,
        object: 'dispute',
        amount,
        currency: 'aud',
        charge: `ch_${paymentId}`,
        payment_intent: paymentId,
        reason: 'fraudulent',
        status: 'needs_response',
      },
    },
  };
}

/** Places an order (created_at = the clock) and has the operator approve it. */
async function approvedOrder(lines: [string, number][], before?: (orderId: number) => Promise<void>) {
  const order = await anOrder(t, lines);
  await setPlacedAt(t, order.id, t.clock.now());
  if (before) await before(order.id);
  const approved = await adminCall(t, 'POST', `/orders/${order.id}/approve`, operator);
  expect(approved.statusCode, approved.body).toBe(200);
  return order;
}

async function entriesOf(eventKey: string) {
  return t.db
    .selectFrom('ledger_entries')
    .select(['seller_id', 'kind', 'amount_cents', 'base_cents'])
    .where('event_key', '=', eventKey)
    .orderBy('seller_id')
    .orderBy('id')
    .execute();
}

const statementOf = (seller: number, week: string) =>
  t.db
    .selectFrom('seller_statements')
    .selectAll()
    .where('seller_id', '=', seller)
    .where('week_ends_on', '=', week)
    .executeTakeFirst();

/** A gift card of Harbour Goods ($50.00), sold earlier, to part-pay an order with. */
async function aHarbourCard(orderId: number): Promise<number> {
  const order = await t.db
    .selectFrom('orders')
    .select(['customer_id', 'cart_id'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const product = await t.db
    .selectFrom('products')
    .select('id')
    .where('sku', '=', 'MUG-1')
    .executeTakeFirstOrThrow();
  const card = await t.db
    .insertInto('gift_card_details')
    .values({
      customer_id: order.customer_id,
      cart_id: order.cart_id,
      product_id: product.id,
      configurable_product_sku: 'GIFT-50',
      product_name: 'Gift card',
      amount_cents: 5000,
      gift_card_no: '4000123412341234',
      recipient_firstname: 'Ana',
      recipient_lastname: 'Card',
      recipient_mobile: '+61400000001',
      recipient_message: '',
      purchaser_mobile: '+61400000002',
      updated_at: t.clock.now(),
    })
    .returning(['id', 'seller_id'])
    .executeTakeFirstOrThrow();
  expect(card.seller_id).toBe(H);
  return card.id;
}

beforeAll(async () => {
  t = await ordersTestApp({ ORDER_REVIEW: 'manual', STRIPE_WEBHOOK_SECRET: SECRET });
  t.clock.set('2027-03-03T00:00:00Z'); // Wednesday 3 March 2027, 11:00 AEDT
  H = await sellerId(t, 'harbour-goods');
  O = await sellerId(t, 'outback-outfitters');
  operator = await signedIn(t, 'operator');
  harbourVendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods', name: 'Hana Harbour' });
  outbackVendor = await signedIn(t, 'vendor', { sellerUrl: 'outback-outfitters', name: 'Otto Outback' });
}, 60_000);
afterAll(() => t?.close());

describe('[I16-ledger][I16-statements] a week of two sellers, a partial refund, a chargeback and a gift card', () => {
  let order1: { id: number; incrementId: string };
  let order2: { id: number; incrementId: string };
  let order3: { id: number; incrementId: string };

  it('[I16-ledger][BIZ-01][BIZ-02] the capture posts sales, shipping shares, fees and GST per seller', async () => {
    // Order 1: MUG-1 ×1 (H, 1995) + BOWL-1 ×2 (O, 1500); lines 3495, shipping 995.
    // Shipping by largest remainder: H 995×1995/3495 = 567 r3360, O 995×1500/3495 = 427 r135; 994 given,
    // the last cent to the larger remainder (H): H 568, O 427.
    // H: share 1995+568 = 2563; service fee 2.9% = 74.327 → 74; commission 3.1% × 1995 = 61.845 → 62;
    //    GST 10% × (74+62=136) = 13.6 → 14.
    // O: share 1500+427 = 1927; service fee 55.883 → 56; commission 3.1% × 1500 = 46.5 → 47 (half-up);
    //    GST 10% × 103 = 10.3 → 10.
    order1 = await approvedOrder([
      ['MUG-1', 1],
      ['BOWL-1', 2],
    ]);
    const row = await t.db
      .selectFrom('orders')
      .select(['shipping_cents', 'grand_total_cents'])
      .where('id', '=', order1.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ shipping_cents: 995, grand_total_cents: 4490 });
    expect(await entriesOf(`capture:${order1.id}`)).toEqual([
      { seller_id: H, kind: 'sale', amount_cents: 1995, base_cents: null },
      { seller_id: H, kind: 'shipping', amount_cents: 568, base_cents: null },
      { seller_id: H, kind: 'service_fee', amount_cents: -74, base_cents: 2563 },
      { seller_id: H, kind: 'commission', amount_cents: -62, base_cents: 1995 },
      { seller_id: H, kind: 'fee_gst', amount_cents: -14, base_cents: 136 },
      { seller_id: O, kind: 'sale', amount_cents: 1500, base_cents: null },
      { seller_id: O, kind: 'shipping', amount_cents: 427, base_cents: null },
      { seller_id: O, kind: 'service_fee', amount_cents: -56, base_cents: 1927 },
      { seller_id: O, kind: 'commission', amount_cents: -47, base_cents: 1500 },
      { seller_id: O, kind: 'fee_gst', amount_cents: -10, base_cents: 103 },
    ]);
  });

  it('[I16-ledger][BIZ-02] a partial refund reverses its sale, commission and GST, keeping the service fee', async () => {
    // Order 2: CUP-3 ×2 (H, 2000), shipping 995: share 2995; fee 86.855 → 87; commission 3.1% × 2000 = 62;
    // GST 10% × 149 = 14.9 → 15.
    order2 = await approvedOrder([['CUP-3', 2]]);
    const item = await t.db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', order2.id)
      .executeTakeFirstOrThrow();
    // Refund 1 cup (1000): commission back = 62 × 1000/2000 = 31; GST on fees left: before 10% × 149 =
    // 15, after 10% × (149−31 = 118) = 11.8 → 12, so 3 back.
    const refunded = await adminCall(t, 'POST', `/orders/${order2.id}/refunds`, operator, {
      lines: [{ order_item_id: item.id, qty: 1 }],
      idempotency_key: 'ledger-refund-1',
      reason: 'One cup broken',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refund = await t.db
      .selectFrom('order_refunds')
      .select('id')
      .where('order_id', '=', order2.id)
      .executeTakeFirstOrThrow();
    expect(await entriesOf(`refund:${refund.id}`)).toEqual([
      { seller_id: H, kind: 'refund', amount_cents: -1000, base_cents: 1000 },
      { seller_id: H, kind: 'commission_reversal', amount_cents: 31, base_cents: 1000 },
      { seller_id: H, kind: 'fee_gst_reversal', amount_cents: 3, base_cents: 31 },
    ]);
  });

  it('[I16-ledger] a gift card part-paid order: fees on the rest only, the card part taken back', async () => {
    // Order 3: MUG-1 ×1 (H, 1995), shipping 995; a Harbour Goods card pays 1000 of the mug.
    // Fee base 2990 − 1000 = 1990 → 2.9% = 57.71 → 58; commission base 1995 − 1000 = 995 → 30.845 → 31;
    // GST 10% × 89 = 8.9 → 9; gift_card_redemption −1000 (the seller was paid when the card was sold).
    order3 = await approvedOrder([['MUG-1', 1]], async (orderId) => {
      const cardId = await aHarbourCard(orderId);
      await t.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('orders')
          .set({ gift_card_cents: 1000, authorised_cents: 1990 })
          .where('id', '=', orderId)
          .execute();
        await giftCardBalances.spend(trx, {
          giftCardId: cardId,
          amountCents: 1000,
          kind: 'order',
          orderId,
          key: `order:${orderId}`,
          at: t.clock.now(),
        });
      });
    });
    expect(await entriesOf(`capture:${order3.id}`)).toEqual([
      { seller_id: H, kind: 'sale', amount_cents: 1995, base_cents: null },
      { seller_id: H, kind: 'shipping', amount_cents: 995, base_cents: null },
      { seller_id: H, kind: 'service_fee', amount_cents: -58, base_cents: 1990 },
      { seller_id: H, kind: 'commission', amount_cents: -31, base_cents: 995 },
      { seller_id: H, kind: 'fee_gst', amount_cents: -9, base_cents: 89 },
      { seller_id: H, kind: 'gift_card_redemption', amount_cents: -1000, base_cents: null },
    ]);
  });

  it('[I16-ledger][BIZ-06] a chargeback from the webhook is allocated over the sellers by unrefunded share', async () => {
    // Dispute of $10.00 on order 1. Unrefunded shares: H 1995+568 = 2563, O 1500+427 = 1927 (4490).
    // H 1000×2563/4490 = 570 r3700, O 1000×1927/4490 = 429 r790; the last cent to H: H 571, O 429.
    // H: commission back 62 × 571/1995 = 17.745 → 18; GST 10% × 136 = 14 → 10% × 118 = 12: 2 back.
    // O: commission back 47 × 429/1500 = 13.442 → 13; GST 10% × 103 = 10 → 10% × 90 = 9: 1 back.
    t.clock.advance(60_000);
    const payment = await t.db
      .selectFrom('orders')
      .select('payment_id')
      .where('id', '=', order1.id)
      .executeTakeFirstOrThrow();
    const event = disputeCreated(payment.payment_id ?? '', 'dp_ledger_1', 1000);
    expect((await postStripe(event)).statusCode).toBe(204);
    // The same event again (and the same dispute in a new event) posts nothing more.
    expect((await postStripe(event)).statusCode).toBe(204);
    expect((await postStripe(disputeCreated(payment.payment_id ?? '', 'dp_ledger_1', 1000))).statusCode).toBe(
      204,
    );
    expect(await entriesOf('chargeback:dp_ledger_1')).toEqual([
      { seller_id: H, kind: 'chargeback', amount_cents: -571, base_cents: 571 },
      { seller_id: H, kind: 'commission_reversal', amount_cents: 18, base_cents: 571 },
      { seller_id: H, kind: 'fee_gst_reversal', amount_cents: 2, base_cents: 18 },
      { seller_id: O, kind: 'chargeback', amount_cents: -429, base_cents: 429 },
      { seller_id: O, kind: 'commission_reversal', amount_cents: 13, base_cents: 429 },
      { seller_id: O, kind: 'fee_gst_reversal', amount_cents: 1, base_cents: 13 },
    ]);
  });

  it('[I16-statements][BIZ-03][BIZ-04] the statements after the Monday 11:59:59.999 cut-off, once', async () => {
    // One millisecond before the cut-off (Monday 8 March 11:59:59.999 AEDT): nothing is made.
    t.clock.set('2027-03-08T00:59:59.999Z');
    expect(lastClosedWeek(t.clock.now())).toBe('2027-03-01');
    expect(await makeDueStatements(t.db, t.clock.now())).toBe(0);
    // The job waits a minute after the cut-off (STATEMENT_SETTLE_MS) for a transaction dated just
    // before it to commit: still nothing at 12:00:59.999.
    const job = createStatementJob({ db: t.db, clock: t.clock, log: console });
    t.clock.set('2027-03-08T01:00:59.999Z');
    expect(await job.runOnce()).toBe(0);
    t.clock.set('2027-03-08T01:01:00.000Z');
    // Two processes at once, then again: one statement per seller.
    const made = await Promise.all([job.runOnce(), job.runOnce(), makeDueStatements(t.db, t.clock.now())]);
    expect(made[0] + made[1] + made[2]).toBe(2);
    expect(await job.runOnce()).toBe(0);
    const count = await t.db
      .selectFrom('seller_statements')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);

    // H: order 1 (1995+568−74−62−14 = 2413) + order 2 (2995−87−62−15 = 2831) + refund (−1000+31+3 = −966)
    //    + order 3 (1995+995−58−31−9−1000 = 1892) + chargeback (−571+18+2 = −551) = 5619.
    // By kind: sale 1995+2000+1995 = 5990; shipping 568+995+995 = 2558; service_fee −(74+87+58) = −219;
    // commission −(62+62+31) = −155; fee_gst −(14+15+9) = −38; refund −1000; commission_reversal 31+18 = 49;
    // fee_gst_reversal 3+2 = 5; chargeback −571; gift_card_redemption −1000. Sum 5619.
    // Remittance: 2 business days after Monday 8 March 2027: Tuesday 9, Wednesday 10 March.
    const h = await statementOf(H, '2027-03-08');
    expect(h).toMatchObject({
      seller_name: 'Harbour Goods',
      net_cents: 5619,
      brought_forward_cents: 0,
      payable_cents: 5619,
      carried_forward_cents: 0,
      remittance_on: '2027-03-10',
      entry_count: 5 + 5 + 3 + 6 + 3, // order 1, order 2, refund, order 3, chargeback
    });
    expect(h?.totals).toEqual({
      sale: 5990,
      shipping: 2558,
      service_fee: -219,
      commission: -155,
      fee_gst: -38,
      refund: -1000,
      commission_reversal: 49,
      fee_gst_reversal: 5,
      chargeback: -571,
      gift_card_redemption: -1000,
    });
    expect(new Date(h?.period_start ?? 0).toISOString()).toBe('2027-03-01T01:00:00.000Z');
    expect(new Date(h?.period_end ?? 0).toISOString()).toBe('2027-03-08T00:59:59.999Z');
    // O: order 1 (1500+427−56−47−10 = 1814) + chargeback (−429+13+1 = −415) = 1399.
    const o = await statementOf(O, '2027-03-08');
    expect(o).toMatchObject({
      net_cents: 1399,
      payable_cents: 1399,
      carried_forward_cents: 0,
      entry_count: 8,
    });
    expect(o?.totals).toEqual({
      sale: 1500,
      shipping: 427,
      service_fee: -56,
      commission: -47,
      fee_gst: -10,
      chargeback: -429,
      commission_reversal: 13,
      fee_gst_reversal: 1,
    });
  });

  it('[I16-statements] a negative week carries forward; missed weeks are caught up in order', async () => {
    // Week ending 15 March: the other cup of order 2 is refunded (1000). Commission back over both refunds
    // = 62 × 2000/2000 = 62, 31 before: 31 more; GST on fees left 10% × 118 = 12 → 10% × 87 = 8.7 → 9:
    // 3 back. H's week: −1000 + 31 + 3 = −966: pays 0, carries −966.
    t.clock.set('2027-03-10T00:00:00Z');
    operator = await signedIn(t, 'operator', { name: 'Jo Again' });
    const item = await t.db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', order2.id)
      .executeTakeFirstOrThrow();
    const refunded = await adminCall(t, 'POST', `/orders/${order2.id}/refunds`, operator, {
      lines: [{ order_item_id: item.id, qty: 1 }],
      idempotency_key: 'ledger-refund-2',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    // Week ending 22 March: nothing for H (a statement still: the negative balance is carried).
    // Week ending 29 March: order 4, MUG-1 ×1, shipping 995: 2990 − 87 (86.71) − 62 (61.845) − 15 (14.9)
    // = 2826; with −966 brought: pays 1860, carries 0.
    t.clock.set('2027-03-24T00:00:00Z');
    operator = await signedIn(t, 'operator', { name: 'Jo Third' });
    await approvedOrder([['MUG-1', 1]]);
    // The job was down until after the 29 March cut-off (Easter Monday, a holiday: the remittance is 2
    // business days after the Monday itself, Tuesday 30 and Wednesday 31 March).
    t.clock.set('2027-03-29T01:00:00.000Z');
    expect(await makeDueStatements(t.db, t.clock.now())).toBe(3);
    expect(await statementOf(O, '2027-03-15')).toBeUndefined();
    expect(await statementOf(H, '2027-03-15')).toMatchObject({
      net_cents: -966,
      brought_forward_cents: 0,
      payable_cents: 0,
      carried_forward_cents: -966,
      remittance_on: '2027-03-17',
    });
    expect(await statementOf(H, '2027-03-22')).toMatchObject({
      net_cents: 0,
      brought_forward_cents: -966,
      payable_cents: 0,
      carried_forward_cents: -966,
      entry_count: 0,
    });
    expect(await statementOf(H, '2027-03-29')).toMatchObject({
      net_cents: 2826,
      brought_forward_cents: -966,
      payable_cents: 1860,
      carried_forward_cents: 0,
      remittance_on: '2027-03-31',
    });
  });

  it('[I16-statements] routes: operator sees all, a vendor their own; another seller’s statement is 404 everywhere', async () => {
    // Sessions signed in again on the clock as it now is.
    operator = await signedIn(t, 'operator', { name: 'Jo Reader' });
    harbourVendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods', name: 'Hana Again' });
    outbackVendor = await signedIn(t, 'vendor', { sellerUrl: 'outback-outfitters', name: 'Otto Again' });
    const h = await statementOf(H, '2027-03-08');
    const o = await statementOf(O, '2027-03-08');
    if (!h || !o) throw new Error('statements missing');
    const all = await adminCall(t, 'GET', '/statements?week=2027-03-08', operator);
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .items.map((s: { seller_id: number }) => s.seller_id)
        .sort(),
    ).toEqual([H, O].sort());
    const bySeller = await adminCall(t, 'GET', `/statements?seller_id=${O}`, operator);
    expect(bySeller.json().items.map((s: { id: number }) => s.id)).toEqual([o.id]);

    const own = await adminCall(t, 'GET', '/statements', outbackVendor);
    expect(own.json().items.map((s: { id: number }) => s.id)).toEqual([o.id]);
    const asked = await adminCall(t, 'GET', `/statements?seller_id=${H}`, outbackVendor);
    expect(asked.json().items).toEqual([]);
    for (const path of [`/statements/${h.id}`, `/statements/${h.id}/csv`, `/statements/${h.id}/pdf`]) {
      const reply = await adminCall(t, 'GET', path, outbackVendor);
      expect(reply.statusCode, path).toBe(404);
      expect(reply.body).not.toContain('Harbour');
    }
    expect((await adminCall(t, 'GET', '/statements/999999', operator)).statusCode).toBe(404);
    expect((await adminCall(t, 'GET', '/statements')).statusCode).toBe(401);

    const detail = await adminCall(t, 'GET', `/statements/${h.id}`, harbourVendor);
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body.lines).toHaveLength(22);
    expect(
      body.lines.reduce((sum: number, line: { amount_cents: number }) => sum + line.amount_cents, 0),
    ).toBe(5619);
    expect(body.lines[0]).toMatchObject({
      order_increment_id: order1.incrementId,
      kind: 'sale',
      amount_cents: 1995,
    });
    expect(body.totals).toContainEqual({
      kind: 'gift_card_redemption',
      label: 'Paid by gift card',
      amount_cents: -1000,
    });
  });

  it('[I16-statements] CSV: quoted, formula-safe, every line and the totals', async () => {
    const h = await statementOf(H, '2027-03-08');
    const reply = await adminCall(t, 'GET', `/statements/${h?.id}/csv`, harbourVendor);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="statement-${H}-2027-03-08.csv"`);
    const lines = reply.body.split('\r\n');
    expect(lines[0]).toBe('"date_sydney","order_number","kind","description","amount"');
    expect(lines[1]).toMatch(
      new RegExp(
        `^"2027-03-03 11:\\d\\d:\\d\\d","${order1.incrementId}","Sales","1 × [^"]+ \\(MUG-1\\)",19\\.95$`,
      ),
    );
    // A description a spreadsheet would run as a formula is defused and quoted.
    expect(csvText('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvText('-1')).toBe('"\'-1"');
    expect(reply.body).toContain('"Chargebacks","Chargeback dp_ledger_1",-5.71');
    expect(reply.body).toContain('"Net",56.19');
    expect(reply.body).toContain('"Payable",56.19');
    expect(reply.body).toContain('"Remittance date","2027-03-10"');
  });

  it('[I16-statements] PDF: read back, it has the seller, week, remittance date, lines and figures', async () => {
    const h = await statementOf(H, '2027-03-08');
    const reply = await adminCall(t, 'GET', `/statements/${h?.id}/pdf`, harbourVendor);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    const { PDFParse } = await import('pdf-parse');
    const text = (await new PDFParse({ data: new Uint8Array(reply.rawPayload) }).getText()).text;
    for (const expected of [
      'Harbour Goods',
      'Week ending: 8 March 2027',
      'Remittance date: 10 March 2027',
      'Period: 2027-03-01 12:00 to 2027-03-08 11:59',
      order1.incrementId,
      'Chargeback dp_ledger_1',
      'Sales: $59.90',
      'Shipping: $25.58',
      'Service fee: -$2.19',
      'Commission: -$1.55',
      'GST on fees: -$0.38',
      'Refunds: -$10.00',
      'Commission given back: $0.49',
      'GST on fees given back: $0.05',
      'Chargebacks: -$5.71',
      'Paid by gift card: -$10.00',
      'Net: $56.19',
      'Brought forward: $0.00',
      'Payable: $56.19',
      'Carried forward: $0.00',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('[I16-ledger][BIZ-06] a chargeback after 3 months', () => {
  it('is on the timeline as not reversed, and posts nothing', async () => {
    t.clock.set('2027-04-01T00:00:00Z');
    operator = await signedIn(t, 'operator', { name: 'Jo Fourth' });
    const order = await approvedOrder([['BOWL-1', 1]]);
    // 3 months on from 1 April 2027 11:00 AEDT is 1 July 2027 11:00 AEST; one day later is too late.
    t.clock.set('2027-07-02T01:00:00Z');
    const payment = await t.db
      .selectFrom('orders')
      .select('payment_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect((await postStripe(disputeCreated(payment.payment_id ?? '', 'dp_late', 500))).statusCode).toBe(204);
    expect(await entriesOf('chargeback:dp_late')).toEqual([]);
    const notes = await t.db
      .selectFrom('order_events')
      .select('summary')
      .where('order_id', '=', order.id)
      .where('type', '=', 'note')
      .execute();
    expect(notes.map((n) => n.summary)).toEqual([
      expect.stringMatching(
        /^Chargeback dp_late not reversed on the sellers' statements: it came more than 3 months/,
      ),
    ]);
  });
});

describe('[I16-statements][BIZ-03] the cut-off across daylight-saving changes', () => {
  async function entryAt(iso: string, seller: number, key: string) {
    await postLedgerEntries(t.db, [
      {
        sellerId: seller,
        kind: 'adjustment',
        amountCents: 100,
        eventKey: key,
        occurredAt: new Date(iso),
        description: 'Test adjustment',
      },
    ]);
  }

  it('week ending Monday 5 April 2027 (AEDT → AEST on Sunday 4 April): cut-off 11:59:59.999 AEST', async () => {
    // 11:59:59.999 AEST (UTC+10) = 01:59:59.999Z; at 00:59:59.999Z (11:59 AEDT the week before) the
    // clock had not yet reached noon in Sydney.
    expect(lastClosedWeek(new Date('2027-04-05T01:59:59.999Z'))).toBe('2027-03-29');
    expect(lastClosedWeek(new Date('2027-04-05T02:00:00.000Z'))).toBe('2027-04-05');
    // An entry in the last millisecond of the week is on its statement; one a millisecond later is not.
    await entryAt('2027-04-05T01:59:59.999Z', H, 'dst-april-in');
    await entryAt('2027-04-05T02:00:00.000Z', H, 'dst-april-out');
    expect(await makeDueStatements(t.db, new Date('2027-04-05T01:59:59.999Z'))).toBe(0);
    // 5 April 2027: remittance Tuesday 6 and Wednesday 7 April.
    expect(await makeDueStatements(t.db, new Date('2027-04-05T02:00:00.000Z'))).toBeGreaterThan(0);
    // (Harbour Goods: Outback Outfitters has the late-chargeback order's capture in this week.)
    expect(await statementOf(H, '2027-04-05')).toMatchObject({
      net_cents: 100,
      entry_count: 1,
      remittance_on: '2027-04-07',
      period_start: new Date('2027-03-29T01:00:00.000Z'),
      period_end: new Date('2027-04-05T01:59:59.999Z'),
    });
  });

  it('week ending Monday 4 October 2027 (AEST → AEDT on Sunday 3 October): cut-off 11:59:59.999 AEDT', async () => {
    // 11:59:59.999 AEDT (UTC+11) = 00:59:59.999Z. Monday 4 October 2027 is Labour Day in NSW; the
    // remittance counts the 2 business days after it: Tuesday 5 and Wednesday 6 October.
    await entryAt('2027-10-04T00:59:59.999Z', O, 'dst-october-in');
    await entryAt('2027-10-04T01:00:00.000Z', O, 'dst-october-out');
    expect(await makeDueStatements(t.db, new Date('2027-10-04T00:59:59.999Z'))).toBeGreaterThan(0);
    expect(await statementOf(O, '2027-10-04')).toBeUndefined();
    expect(await makeDueStatements(t.db, new Date('2027-10-04T01:00:00.000Z'))).toBeGreaterThan(0);
    expect(await statementOf(O, '2027-10-04')).toMatchObject({
      net_cents: 100,
      entry_count: 1,
      remittance_on: '2027-10-06',
      period_start: new Date('2027-09-27T02:00:00.000Z'),
      period_end: new Date('2027-10-04T00:59:59.999Z'),
    });
  });
});

describe('[I16-ledger][BIZ-02] the affiliate seller', () => {
  it('pays the service fee but no commission on their own lines', async () => {
    t.clock.set('2027-07-05T00:00:00Z');
    operator = await signedIn(t, 'operator', { name: 'Jo Fifth' });
    // BOWL-1 ×1 (750) + shipping 995 = 1745: fee 2.9% = 50.605 → 51; no commission; GST 10% × 51 = 5.1 → 5.
    const order = await approvedOrder([['BOWL-1', 1]], async (orderId) => {
      await t.db.updateTable('orders').set({ affiliate_seller_id: O }).where('id', '=', orderId).execute();
    });
    expect(await entriesOf(`capture:${order.id}`)).toEqual([
      { seller_id: O, kind: 'sale', amount_cents: 750, base_cents: null },
      { seller_id: O, kind: 'shipping', amount_cents: 995, base_cents: null },
      { seller_id: O, kind: 'service_fee', amount_cents: -51, base_cents: 1745 },
      { seller_id: O, kind: 'fee_gst', amount_cents: -5, base_cents: 51 },
    ]);
  });
});

describe('[I16-statements][BIZ-04] the remittance date across a public holiday', () => {
  it('week ending Monday 25 January 2027: Tuesday 26 (Australia Day) is skipped, so Wednesday 27 and Thursday 28', async () => {
    await postLedgerEntries(t.db, [
      {
        sellerId: O,
        kind: 'adjustment',
        amountCents: 250,
        eventKey: 'holiday-week',
        occurredAt: new Date('2027-01-20T00:00:00Z'),
        description: 'Test adjustment',
      },
    ]);
    expect(await makeStatementsForWeek(t.db, '2027-01-25', new Date('2027-01-25T01:00:00Z'))).toBe(1);
    expect(await makeStatementsForWeek(t.db, '2027-01-25', new Date('2027-01-25T01:00:00Z'))).toBe(0);
    expect(await statementOf(O, '2027-01-25')).toMatchObject({ net_cents: 250, remittance_on: '2027-01-28' });
  });
});
