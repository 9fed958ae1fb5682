import { randomUUID } from 'node:crypto';
import type { StatementReply } from '@quokka/contract/api/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { aCard, redeemTestApp } from '../giftcards/test/redeem-test-kit.ts';
import { adminCall, type Session, sellerId, signedIn, stepUp } from '../orders/test/orders-test-kit.ts';
import { makeDueStatements } from './statements.ts';

// [I27-statement] A statement showed "Gift cards redeemed in store $0.00" beside a
// $12.50 in-store redemption of the same week. The redemption's entry is right (it moves no money: amount
// 0, the value in its base); the total was wrong: it summed the entries' amounts (0), so it said nothing
// was redeemed. The total of that kind now says the value redeemed, and says it is not money (it is not
// in the net). Every figure of one week's statement is built below from real events and checked against
// figures worked by hand in the comments.
//
// The real app (fresh PGlite, or TEST_DATABASE_URL), ORDER_REVIEW=auto (a card's order is captured at
// once). Seller: Harbour Goods (H). Clock: Saturday 21 November 2026, 11:00 AEDT; the week ends Monday
// 23 November 2026 11:59:59.999 AEDT (2026-11-23T00:59:59.999Z).

let t: TestApp;
let operator: Session;
let H: number;

beforeAll(async () => {
  t = await redeemTestApp();
  H = await sellerId(t, 'harbour-goods');
  operator = await signedIn(t, 'operator');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const redeem = (number: string, cents: number) =>
  adminCall(t, 'POST', '/gift-cards/redeem', operator, {
    gift_card_no: number,
    amount_cents: cents,
    idempotency_key: randomUUID(),
  });

describe('[I27-statement] one week of gift cards on a statement, by hand', () => {
  it('[I27-statement] every line, total and figure of the statement matches the week worked by hand', async () => {
    await stepUp(t, operator);
    // Card A, $50.00: captured at once. Sale 5000; service fee 2.9% × 5000 = 145; commission 3.1% × 5000
    // = 155; GST 10% × (145 + 155 = 300) = 30.
    const a = await aCard(t, 'GIFT', { amount: 50 });
    // Redeemed in store: $12.50. An entry of 0 with base 1250 (the shop gave goods; no money moves).
    expect((await redeem(a.number, 1250)).statusCode).toBe(200);
    // Card B, $25.00: sale 2500; service fee 2.9% × 2500 = 72.5 → 73 (half-up); commission 3.1% × 2500 =
    // 77.5 → 78; GST 10% × (73 + 78 = 151) = 15.1 → 15.
    const b = await aCard(t, 'GIFT', { amount: 25 });
    // Redeemed in store: $10.00 (0, base 1000). Then voided: the $15.00 left goes back to the purchaser.
    expect((await redeem(b.number, 1000)).statusCode).toBe(200);
    const voided = await adminCall(t, 'POST', `/gift-cards/${b.id}/void`, operator, { reason: 'Lost' });
    expect(voided.statusCode, voided.body).toBe(200);
    // The void's refund of 1500 of B's 2500: refund −1500; commission back 78 × 1500 / 2500 = 46.8 → 47;
    // GST on the fees left: before 10% × 151 = 15.1 → 15, after 10% × (73 + 78 − 47 = 104) = 10.4 → 10,
    // so 15 − 10 = 5 back. The service fee is kept.

    // After the Monday cut-off (and the minute the job waits), the week's statement is made.
    t.clock.set('2026-11-23T01:01:00Z');
    expect(await makeDueStatements(t.db, t.clock.now())).toBe(1);
    // Read by an operator signed in on the clock as it now is (the first session has ended).
    const reader = await signedIn(t, 'operator', { name: 'Jo Reader' });
    const listed = await adminCall(t, 'GET', `/statements?seller_id=${H}&week=2026-11-23`, reader);
    const [summary] = listed.json().items as { id: number }[];
    if (!summary) throw new Error('no statement');
    const reply = await adminCall(t, 'GET', `/statements/${summary.id}`, reader);
    expect(reply.statusCode, reply.body).toBe(200);
    const statement = reply.json() as StatementReply;

    // Lines, in the order they happened.
    expect(statement.lines.map((line) => [line.kind, line.amount_cents, line.base_cents])).toEqual([
      ['gift_card_sale', 5000, null],
      ['service_fee', -145, 5000],
      ['commission', -155, 5000],
      ['fee_gst', -30, 300],
      ['gift_card_in_store', 0, 1250],
      ['gift_card_sale', 2500, null],
      ['service_fee', -73, 2500],
      ['commission', -78, 2500],
      ['fee_gst', -15, 151],
      ['gift_card_in_store', 0, 1000],
      ['refund', -1500, 1500],
      ['commission_reversal', 47, 1500],
      ['fee_gst_reversal', 5, 47],
    ]);
    expect(statement.lines[4]?.description).toBe(
      `Gift card ending ${a.number.slice(-4)} redeemed in store: $12.50`,
    );

    // Totals by kind: money first, summed by hand; then the value redeemed in store, 1250 + 1000 = 2250,
    // which is not money (it is not in the net).
    expect(statement.totals).toEqual([
      { kind: 'gift_card_sale', label: 'Gift card sales', amount_cents: 5000 + 2500 },
      { kind: 'service_fee', label: 'Service fee', amount_cents: -145 - 73 },
      { kind: 'commission', label: 'Commission', amount_cents: -155 - 78 },
      { kind: 'fee_gst', label: 'GST on fees', amount_cents: -30 - 15 },
      { kind: 'refund', label: 'Refunds', amount_cents: -1500 },
      { kind: 'commission_reversal', label: 'Commission given back', amount_cents: 47 },
      { kind: 'fee_gst_reversal', label: 'GST on fees given back', amount_cents: 5 },
      {
        kind: 'gift_card_in_store',
        label: 'Gift cards redeemed in store (their value; no money moves)',
        amount_cents: 2250,
      },
    ]);

    // Net = 7500 − 218 − 233 − 45 − 1500 + 47 + 5 = 5556; nothing brought forward; all of it payable.
    expect(statement.statement).toMatchObject({
      seller_id: H,
      week_ends_on: '2026-11-23',
      net_cents: 5556,
      brought_forward_cents: 0,
      payable_cents: 5556,
      carried_forward_cents: 0,
      entry_count: 13,
      // 2 business days after Monday 23 November: Wednesday 25 November.
      remittance_on: '2026-11-25',
    });
    // The net is the lines' amounts summed, and the money totals summed.
    expect(statement.lines.reduce((sum, line) => sum + line.amount_cents, 0)).toBe(5556);
    expect(
      statement.totals
        .filter((total) => total.kind !== 'gift_card_in_store')
        .reduce((sum, total) => sum + total.amount_cents, 0),
    ).toBe(5556);

    // The CSV says the same.
    const csv = await adminCall(t, 'GET', `/statements/${summary.id}/csv`, reader);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('"Gift cards redeemed in store (their value; no money moves)",22.50\r\n');
    expect(csv.body).toContain('"Gift card sales",75.00\r\n');
    expect(csv.body).toContain('"Net",55.56\r\n');
    expect(csv.body).toContain('"Payable",55.56\r\n');
  });
});
