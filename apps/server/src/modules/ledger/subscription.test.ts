import { statementListReplySchema, statementReplySchema } from '@quokka/contract/api/ledger';
import {
  payoutRunDetailSchema,
  payoutsDueReplySchema,
  taxInvoiceListReplySchema,
} from '@quokka/contract/api/payouts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { createStatementJob } from '../../worker/statement-job.ts';
import {
  adminCall,
  ordersTestApp,
  type Session,
  sellerId,
  signedIn,
  stepUp,
} from '../orders/test/orders-test-kit.ts';
import { type LedgerEntryInput, postLedgerEntries } from './ledger-entries.ts';
import { subscriptionCharge, subscriptionMonth, weekOf } from './ledger-rules.ts';
import { makeDueStatements, makeStatementsForWeek } from './statements.ts';
import { issueInvoices } from './tax-invoices.ts';

// [I32] The sellers' monthly subscription (SELLER_SUBSCRIPTION_CENTS) and payouts held while a seller is
// suspended, on the real app and a fresh PGlite with a fixed clock. Every figure is worked by hand here.
//
// Subscription 2,900 cents a month (GST-exclusive) → GST 10% = 290 → 3,190 off the month's first statement.
//
// Sellers: Harbour Goods (H) and Outback Outfitters (O) from the orders kit, and Paused Pottery (S),
// inserted here suspended since 15 Feb 2027 (the suspension is another module's; a test arranges it).
//
// W1, the week ending Monday 1 March 2027 11:59:59.999 AEDT (= 2027-03-01T00:59:59.999Z): March's first
// statement (1 March is a Monday).
//   H 'capture:901' at 2027-02-28T14:00Z — still 28 February in UTC but Monday 1 March 01:00 in Sydney, so
//     in W1 and in March's tax invoice: sale +1,234; service fee 2.9% of 1,234 = 35.786 → −36; commission
//     3.1% = 38.254 → −38; GST 10% of 74 = 7.4 → −7. Net before the subscription: 1,234 − 36 − 38 − 7 = 1,153.
//     With the subscription: 1,153 − 2,900 − 290 = −2,037 → payable 0, carried forward −2,037.
//   O no sales: net −3,190 → payable 0, carried forward −3,190.
//   S (suspended) 'capture:903' sale +500: net 500, payable 500, no subscription.
// W2, the week ending Monday 8 March 2027: no subscription.
//   H 'capture:902' sale +3,000: net 3,000, brought −2,037 → payable 963, carried 0.
//   O no entries: net 0, brought −3,190 → payable 0, carried −3,190.

const SUBSCRIPTION = 2900;
const log = { info: () => {}, warn: () => {}, error: () => {} };

let t: TestApp;
let H: number;
let O: number;
let S: number;

function entry(
  seller: number,
  key: string,
  at: string,
  kind: LedgerEntryInput['kind'],
  cents: number,
): LedgerEntryInput {
  return {
    sellerId: seller,
    eventKey: key,
    occurredAt: new Date(at),
    kind,
    amountCents: cents,
    description: kind,
  };
}

async function statementOf(seller: number, week: string) {
  return t.db
    .selectFrom('seller_statements')
    .selectAll()
    .where('seller_id', '=', seller)
    .where('week_ends_on', '=', week)
    .executeTakeFirst();
}

async function subscriptionEntries(month: string) {
  return t.db
    .selectFrom('ledger_entries')
    .select(['seller_id', 'kind', 'amount_cents', 'base_cents', 'week_ends_on', 'occurred_at', 'description'])
    .where('event_key', 'like', `subscription:%:${month}`)
    .orderBy('seller_id')
    .orderBy('kind')
    .execute();
}

beforeAll(async () => {
  t = await ordersTestApp();
  H = await sellerId(t, 'harbour-goods');
  O = await sellerId(t, 'outback-outfitters');
  S = (
    await t.db
      .insertInto('sellers')
      .values({
        seller_url: 'paused-pottery',
        name: 'Paused Pottery',
        logo_url: '',
        banner_url: '',
        suspended_at: new Date('2027-02-15T00:00:00Z'),
        suspended_reason: 'Test: suspended',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // The sellers were made by the database's own clock; they are older than every week here.
  await sql`update sellers set created_at = '2020-01-01T00:00:00Z'`.execute(t.db);
  await postLedgerEntries(t.db, [
    entry(H, 'capture:901', '2027-02-28T14:00:00Z', 'sale', 1234),
    entry(H, 'capture:901', '2027-02-28T14:00:00Z', 'service_fee', -36),
    entry(H, 'capture:901', '2027-02-28T14:00:00Z', 'commission', -38),
    entry(H, 'capture:901', '2027-02-28T14:00:00Z', 'fee_gst', -7),
    entry(S, 'capture:903', '2027-02-24T01:00:00Z', 'sale', 500),
    entry(H, 'capture:902', '2027-03-03T01:00:00Z', 'sale', 3000),
  ]);
});
afterAll(() => t?.close());

describe('[I32] the rule: the first statement of each month', () => {
  it('is the week ending on the Sydney month’s first Monday, at month boundaries', () => {
    // March 2027 starts on a Monday: the week ending that very day (mostly February's days) is March's.
    expect(subscriptionMonth('2027-03-01')).toBe('2027-03');
    expect(subscriptionMonth('2027-02-22')).toBeNull();
    expect(subscriptionMonth('2027-03-08')).toBeNull();
    // December 2026 starts on a Tuesday (mid-week): the week ending Mon 30 Nov holds no December day and
    // is not charged; the week ending Mon 7 Dec is December's first week-end.
    expect(subscriptionMonth('2026-11-30')).toBeNull();
    expect(subscriptionMonth('2026-12-07')).toBe('2026-12');
    // August 2027 starts on a Sunday: the week ending Mon 2 Aug; 26 July is still July's fourth.
    expect(subscriptionMonth('2027-07-26')).toBeNull();
    expect(subscriptionMonth('2027-08-02')).toBe('2027-08');
    expect(() => subscriptionMonth('2027-03-02')).toThrow(RangeError);
  });

  it('reads the week on Sydney’s clock, not UTC’s', () => {
    // 2027-02-28T14:00Z is Sunday 28 February in UTC but Monday 1 March 01:00 AEDT: the week ending 1 March.
    expect(subscriptionMonth(weekOf(new Date('2027-02-28T14:00:00Z')).endsOn)).toBe('2027-03');
    // Monday 1 March 12:00 AEDT (01:00Z) starts the next week, which charges nothing.
    expect(weekOf(new Date('2027-03-01T00:59:59.999Z')).endsOn).toBe('2027-03-01');
    expect(subscriptionMonth(weekOf(new Date('2027-03-01T01:00:00Z')).endsOn)).toBeNull();
    // After daylight saving ends (4 April 2027) the cut-off is 01:59:59.999Z: Monday 5 April is April's.
    expect(weekOf(new Date('2027-04-05T01:59:59.999Z')).endsOn).toBe('2027-04-05');
    expect(subscriptionMonth('2027-04-05')).toBe('2027-04');
  });

  it('adds 10% GST rounded half-up to the cent', () => {
    expect(subscriptionCharge(2900)).toEqual({ subscriptionCents: 2900, gstCents: 290 });
    expect(subscriptionCharge(2905)).toEqual({ subscriptionCents: 2905, gstCents: 291 }); // 290.5 → 291
    expect(subscriptionCharge(2904)).toEqual({ subscriptionCents: 2904, gstCents: 290 }); // 290.4 → 290
    expect(subscriptionCharge(0)).toEqual({ subscriptionCents: 0, gstCents: 0 });
    expect(() => subscriptionCharge(-1)).toThrow(RangeError);
  });
});

describe('[I32] statements with the subscription', { timeout: 120_000 }, () => {
  it('charges each active seller once on March’s first statement, even with two runs at once', async () => {
    // Past W1's cut-off and the statement job's minute of settling.
    t.clock.set('2027-03-01T01:05:00Z');
    const job = createStatementJob({ db: t.db, clock: t.clock, log, subscriptionCents: SUBSCRIPTION });
    const made = await Promise.all([
      job.runOnce(),
      makeDueStatements(t.db, t.clock.now(), { subscriptionCents: SUBSCRIPTION, settleMs: 60_000 }),
    ]);
    expect(made[0] + made[1]).toBe(3); // H, O and S, once
    expect(
      await makeStatementsForWeek(t.db, '2027-03-01', t.clock.now(), { subscriptionCents: SUBSCRIPTION }),
    ).toBe(0);
    expect(await job.runOnce()).toBe(0);

    // Two entries for each active seller, none for the suspended one; dated the week's last instant.
    const entries = await subscriptionEntries('2027-03');
    expect(entries.map((e) => [e.seller_id, e.kind, e.amount_cents, e.base_cents, e.week_ends_on])).toEqual([
      [H, 'subscription', -2900, null, '2027-03-01'],
      [H, 'subscription_gst', -290, 2900, '2027-03-01'],
      [O, 'subscription', -2900, null, '2027-03-01'],
      [O, 'subscription_gst', -290, 2900, '2027-03-01'],
    ]);
    expect(new Date(entries[0]?.occurred_at ?? 0).toISOString()).toBe('2027-03-01T00:59:59.999Z');
    expect(entries[0]?.description).toBe('Monthly subscription, March 2027 (excluding GST)');
    expect(entries[1]?.description).toBe('GST on the March 2027 subscription (10%)');

    // H: 1,153 − 3,190 = −2,037 carried forward.
    expect(await statementOf(H, '2027-03-01')).toMatchObject({
      net_cents: -2037,
      brought_forward_cents: 0,
      payable_cents: 0,
      carried_forward_cents: -2037,
      entry_count: 6,
    });
    expect((await statementOf(H, '2027-03-01'))?.totals).toMatchObject({
      sale: 1234,
      service_fee: -36,
      commission: -38,
      fee_gst: -7,
      subscription: -2900,
      subscription_gst: -290,
    });
    // O: nothing sold, the subscription alone.
    expect(await statementOf(O, '2027-03-01')).toMatchObject({
      net_cents: -3190,
      payable_cents: 0,
      carried_forward_cents: -3190,
      entry_count: 2,
    });
    // S, suspended when the week ended: not charged.
    expect(await statementOf(S, '2027-03-01')).toMatchObject({
      net_cents: 500,
      payable_cents: 500,
      carried_forward_cents: 0,
      entry_count: 1,
    });
  });

  it('carries what a statement could not cover into the next week, as any negative week', async () => {
    t.clock.set('2027-03-08T01:05:00Z');
    expect(
      await makeDueStatements(t.db, t.clock.now(), { subscriptionCents: SUBSCRIPTION, settleMs: 60_000 }),
    ).toBe(2);
    // No second charge in March.
    expect(await subscriptionEntries('2027-03')).toHaveLength(4);
    // H: 3,000 − 2,037 = 963 payable.
    expect(await statementOf(H, '2027-03-08')).toMatchObject({
      net_cents: 3000,
      brought_forward_cents: -2037,
      payable_cents: 963,
      carried_forward_cents: 0,
      remittance_on: '2027-03-10',
    });
    expect(await statementOf(O, '2027-03-08')).toMatchObject({
      net_cents: 0,
      brought_forward_cents: -3190,
      payable_cents: 0,
      carried_forward_cents: -3190,
    });
    // S had nothing that week and nothing carried: no statement.
    expect(await statementOf(S, '2027-03-08')).toBeUndefined();
  });

  it('shows the lines as "Monthly subscription" and "GST on subscription" on the page, CSV and PDF', async () => {
    const vendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
    const list = statementListReplySchema.parse(
      (await adminCall(t, 'GET', '/statements?week=2027-03-01', vendor)).json(),
    );
    const id = list.items[0]?.id;
    expect(list.items.map((item) => item.seller_id)).toEqual([H]);
    const reply = statementReplySchema.parse((await adminCall(t, 'GET', `/statements/${id}`, vendor)).json());
    expect(reply.totals.filter((total) => total.kind.startsWith('subscription'))).toEqual([
      { kind: 'subscription', label: 'Monthly subscription', amount_cents: -2900 },
      { kind: 'subscription_gst', label: 'GST on subscription', amount_cents: -290 },
    ]);
    expect(
      reply.lines.filter((line) => line.kind.startsWith('subscription')).map((l) => l.amount_cents),
    ).toEqual([-2900, -290]);
    const csv = await adminCall(t, 'GET', `/statements/${id}/csv`, vendor);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Monthly subscription');
    expect(csv.body).toContain('GST on subscription');
    expect(csv.body).toContain('-29.00');
    expect(csv.body).toContain('-2.90');
    const pdf = await adminCall(t, 'GET', `/statements/${id}/pdf`, vendor);
    expect(pdf.statusCode).toBe(200);
    const { PDFParse } = await import('pdf-parse');
    const text = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text;
    expect(text).toContain('Monthly subscription: -$29.00');
    expect(text).toContain('GST on subscription: -$2.90');
  });
});

describe('[I32] payouts held while a seller is suspended', { timeout: 120_000 }, () => {
  let operator: Session;

  beforeAll(async () => {
    operator = await signedIn(t, 'operator');
    for (const [seller, name, number] of [
      [H, 'Harbour Goods Pty Ltd', '12345678'],
      [S, 'Paused Pottery', '87654321'],
    ] as const) {
      await t.db
        .insertInto('seller_bank_accounts')
        .values({
          seller_id: seller,
          account_name: name,
          bsb: '062-000',
          account_number: number,
          updated_at: t.clock.now(),
          updated_by: null,
        })
        .execute();
    }
  });

  it('lists a suspended seller’s statement as held and leaves it out of the run', async () => {
    const due = payoutsDueReplySchema.parse(
      (await adminCall(t, 'GET', '/payouts/due?by=2027-03-10', operator)).json(),
    );
    // S's W1 statement (remittance Wed 3 March) is due but held; H's W2 (Wed 10 March) is payable.
    expect(due.items.map((item) => [item.seller_id, item.payable_cents, item.payable, item.held])).toEqual([
      [S, 500, false, true],
      [H, 963, true, false],
    ]);
    expect(due.payable_total_cents).toBe(963);
    await stepUp(t, operator);
    const made = await adminCall(t, 'POST', '/payouts', operator, { by: '2027-03-10' });
    expect(made.statusCode, made.body).toBe(200);
    const run = payoutRunDetailSchema.parse(made.json());
    expect(run.items.map((item) => [item.seller_id, item.amount_cents])).toEqual([[H, 963]]);
    expect(run.total_cents).toBe(963);
    // Nothing else is payable while S stays suspended.
    const again = await adminCall(t, 'POST', '/payouts', operator, { by: '2027-03-10' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Nothing is payable by 2027-03-10.');
  });

  it('pays the held statement in the first run after the suspension is lifted', async () => {
    await t.db
      .updateTable('sellers')
      .set({ suspended_at: null, suspended_reason: null })
      .where('id', '=', S)
      .execute();
    const due = payoutsDueReplySchema.parse(
      (await adminCall(t, 'GET', '/payouts/due?by=2027-03-10', operator)).json(),
    );
    expect(due.items.map((item) => [item.seller_id, item.payable_cents, item.payable, item.held])).toEqual([
      [S, 500, true, false],
    ]);
    await stepUp(t, operator);
    const made = await adminCall(t, 'POST', '/payouts', operator, { by: '2027-03-10' });
    expect(made.statusCode, made.body).toBe(200);
    expect(
      payoutRunDetailSchema.parse(made.json()).items.map((item) => [item.seller_id, item.amount_cents]),
    ).toEqual([[S, 500]]);
  });
});

describe('[I32] the tax invoice lists the subscription', { timeout: 120_000 }, () => {
  it('adds the subscription and its GST to the month’s fees, totals by hand', async () => {
    // March 2027: issued Thursday 1 April (the first business day after Wednesday 31 March).
    expect(await issueInvoices(t.db, { month: '2027-03', issuedOn: '2027-04-01', at: t.clock.now() })).toBe(
      2,
    );
    const operator = await signedIn(t, 'operator');
    const invoices = taxInvoiceListReplySchema.parse(
      (await adminCall(t, 'GET', '/invoices', operator)).json(),
    );
    const march = invoices.items.filter((invoice) => invoice.month === '2027-03');
    // H: fees 36 + 38, GST 7; subscription 2,900 and GST 290: total 36 + 38 + 7 + 2,900 + 290 = 3,271.
    // O: the subscription alone: 2,900 + 290 = 3,190. S: a sale only, no fee, no subscription: none.
    expect(
      march
        .map((i) => [
          i.seller_id,
          i.service_fee_cents,
          i.commission_cents,
          i.gst_cents,
          i.subscription_cents,
          i.subscription_gst_cents,
          i.total_cents,
        ])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual(
      [
        [H, 36, 38, 7, 2900, 290, 3271],
        [O, 0, 0, 0, 2900, 290, 3190],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const harbour = march.find((invoice) => invoice.seller_id === H);
    const pdf = await adminCall(t, 'GET', `/invoices/${harbour?.id}/pdf`, operator);
    expect(pdf.statusCode).toBe(200);
    const { PDFParse } = await import('pdf-parse');
    const text = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text;
    expect(text).toContain('Period: fees and subscription charged in March 2027');
    expect(text).toContain('Monthly subscription, excluding GST');
    expect(text).toContain('$29.00');
    expect(text).toContain('GST on subscription (10%)');
    expect(text).toContain('$2.90');
    // GST 7 + 290 = 297.
    expect(text).toContain('The total of $32.71 includes GST of $2.97.');
  });
});

describe('[I32] no subscription by default, and none for a suspended seller', { timeout: 120_000 }, () => {
  it('posts nothing with SELLER_SUBSCRIPTION_CENTS 0 (the default)', async () => {
    // Weeks ending 15, 22, 29 March and 5 April (April's first) made without the setting.
    t.clock.set('2027-04-05T02:05:00Z');
    expect(await makeDueStatements(t.db, t.clock.now(), { settleMs: 60_000 })).toBeGreaterThan(0);
    expect(await statementOf(O, '2027-04-05')).toMatchObject({ net_cents: 0, carried_forward_cents: -3190 });
    expect(await subscriptionEntries('2027-04')).toEqual([]);
  });

  it('charges May to the sellers active when the week ended: not a suspended one, again one lifted', async () => {
    // O suspended on 20 April, before May's first cut-off (Monday 3 May 11:59:59.999 AEST = 01:59:59.999Z);
    // S's suspension was lifted above.
    await t.db
      .updateTable('sellers')
      .set({ suspended_at: new Date('2027-04-20T00:00:00Z'), suspended_reason: 'Test: suspended' })
      .where('id', '=', O)
      .execute();
    t.clock.set('2027-05-03T02:05:00Z');
    await makeDueStatements(t.db, t.clock.now(), { subscriptionCents: SUBSCRIPTION, settleMs: 60_000 });
    const entries = await subscriptionEntries('2027-05');
    expect(entries.map((e) => [e.seller_id, e.kind, e.amount_cents, e.week_ends_on])).toEqual(
      [
        [H, 'subscription', -2900, '2027-05-03'],
        [H, 'subscription_gst', -290, '2027-05-03'],
        [S, 'subscription', -2900, '2027-05-03'],
        [S, 'subscription_gst', -290, '2027-05-03'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(new Date(entries[0]?.occurred_at ?? 0).toISOString()).toBe('2027-05-03T01:59:59.999Z');
    // O's statement that week: only its carried balance, no subscription.
    expect(await statementOf(O, '2027-05-03')).toMatchObject({
      net_cents: 0,
      brought_forward_cents: -3190,
      carried_forward_cents: -3190,
      entry_count: 0,
    });
    // S: the subscription alone, carried forward.
    expect(await statementOf(S, '2027-05-03')).toMatchObject({
      net_cents: -3190,
      carried_forward_cents: -3190,
    });
  });
});
