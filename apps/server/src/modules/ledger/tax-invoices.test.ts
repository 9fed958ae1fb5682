import { taxInvoiceListReplySchema } from '@quokka/contract/api/payouts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { createInvoiceJob } from '../../worker/invoice-job.ts';
import {
  adminCall,
  ordersTestApp,
  type Session,
  sellerId,
  signedIn,
} from '../orders/test/orders-test-kit.ts';
import { type LedgerEntryInput, postLedgerEntries } from './ledger-entries.ts';
import { CATCH_UP_MONTHS } from './tax-invoices.ts';

// [I16-invoices] The monthly tax invoice: figures from the Sydney month's ledger entries (by occurred_at),
// issued once by the job on the first business day after the month ends, scoped per seller on the routes,
// and a PDF read back with pdf-parse carrying every field the ATO asks for.
//
// Harbour Goods' fee entries (Sydney is UTC+10 until 4 Oct 2026, then UTC+11):
//   A 2026-10-05 12:00 Syd  order $50.00: service fee 2.9% = −145, commission 3.1% = −155, GST 10% of 300 = −30
//   R 2026-10-20 12:00 Syd  partial refund: commission reversal +62, GST reversal +6
//   B 2026-10-31 23:30 Syd  order $20.00: service fee −58, commission −62, GST 10% of 120 = −12
//   D 2026-10-01 00:30 Syd  gift card share only: service fee −29, GST −3 (first minutes of October: in)
//   X 2026-09-30 23:30 Syd  service fee −99 (September: out of October's invoice; September's own invoice
//                           was never issued — no job ran in October — so the job catches it up)
//   Y 2026-11-01 00:30 Syd  service fee −77 (November: out)
// October: service fee = 145 + 58 + 29 = 232; commission = 155 + 62 − 62 = 155;
//          GST = 30 + 12 + 3 − 6 = 39; total = 232 + 155 + 39 = 426 ($4.26, GST $0.39).
// Outback Outfitters has only a sale in October: no fees, no invoice.
// invoiceIssueDate('2026-10'): 31 Oct 2026 is a Saturday → the next business day, Monday 2 Nov 2026.

let t: TestApp;
let operator: Session;
let harbourVendor: Session;
let outbackVendor: Session;
let harbour: number;
let outback: number;

const log = { info: () => {}, warn: () => {}, error: () => {} };

function fee(
  sellerIdValue: number,
  key: string,
  at: string,
  kind: LedgerEntryInput['kind'],
  cents: number,
): LedgerEntryInput {
  return {
    sellerId: sellerIdValue,
    eventKey: key,
    occurredAt: new Date(at),
    kind,
    amountCents: cents,
    description: kind,
  };
}

beforeAll(async () => {
  t = await ordersTestApp();
  harbour = await sellerId(t, 'harbour-goods');
  outback = await sellerId(t, 'outback-outfitters');
  await postLedgerEntries(t.db, [
    fee(harbour, 'capture:A', '2026-10-05T01:00:00Z', 'sale', 5000),
    fee(harbour, 'capture:A', '2026-10-05T01:00:00Z', 'service_fee', -145),
    fee(harbour, 'capture:A', '2026-10-05T01:00:00Z', 'commission', -155),
    fee(harbour, 'capture:A', '2026-10-05T01:00:00Z', 'fee_gst', -30),
    fee(harbour, 'refund:R', '2026-10-20T01:00:00Z', 'refund', -2000),
    fee(harbour, 'refund:R', '2026-10-20T01:00:00Z', 'commission_reversal', 62),
    fee(harbour, 'refund:R', '2026-10-20T01:00:00Z', 'fee_gst_reversal', 6),
    fee(harbour, 'capture:B', '2026-10-31T12:30:00Z', 'service_fee', -58),
    fee(harbour, 'capture:B', '2026-10-31T12:30:00Z', 'commission', -62),
    fee(harbour, 'capture:B', '2026-10-31T12:30:00Z', 'fee_gst', -12),
    fee(harbour, 'capture:D', '2026-09-30T14:30:00Z', 'service_fee', -29),
    fee(harbour, 'capture:D', '2026-09-30T14:30:00Z', 'fee_gst', -3),
    fee(harbour, 'capture:X', '2026-09-30T13:30:00Z', 'service_fee', -99),
    fee(harbour, 'capture:Y', '2026-10-31T13:30:00Z', 'service_fee', -77),
    fee(outback, 'capture:O', '2026-10-10T01:00:00Z', 'sale', 1000),
  ]);
});
afterAll(() => t?.close());

describe('monthly tax invoices', { timeout: 120_000 }, () => {
  it('[I16-invoices, BIZ-05] nothing is issued for October before its issue date (Sunday 1 Nov 23:59 Sydney); September, missed, is caught up', async () => {
    t.clock.set('2026-11-01T12:59:59Z'); // 23:59:59 on Sunday 1 Nov, Sydney
    const job = createInvoiceJob({ db: t.db, clock: t.clock, log });
    expect(await job.runOnce()).toBe(1);
    // September's invoice (its issue date, Thursday 1 Oct, passed with no job running): X alone, dated today.
    expect(await t.db.selectFrom('tax_invoices').selectAll().execute()).toMatchObject([
      {
        seller_id: harbour,
        month: '2026-09',
        issued_on: '2026-11-01',
        service_fee_cents: 99,
        commission_cents: 0,
        gst_cents: 0,
        total_cents: 99,
      },
    ]);
    expect(await job.runOnce()).toBe(0);
  });

  it('[I16-invoices, BIZ-05] on Monday 2 Nov each seller with fees gets one invoice, once across racing jobs', async () => {
    t.clock.set('2026-11-01T13:00:00Z'); // 00:00 on Monday 2 Nov, Sydney
    const jobs = [1, 2, 3].map(() => createInvoiceJob({ db: t.db, clock: t.clock, log }));
    const issued = await Promise.all(jobs.map((job) => job.runOnce()));
    expect(issued.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await jobs[0]?.runOnce()).toBe(0);
    const rows = await t.db.selectFrom('tax_invoices').selectAll().where('month', '=', '2026-10').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      seller_id: harbour,
      seller_name: 'Harbour Goods',
      month: '2026-10',
      issued_on: '2026-11-02',
      service_fee_cents: 232,
      commission_cents: 155,
      gst_cents: 39,
      total_cents: 426,
    });
    // A day later the job still issues nothing new.
    t.clock.advance(24 * 3600_000);
    expect(await jobs[1]?.runOnce()).toBe(0);
  });

  it('[I16-invoices] operators list every invoice, a vendor their own; another seller’s is 404 on every route', async () => {
    // Staff sign in now (the clock moved a day above: earlier sessions would have ended).
    operator = await signedIn(t, 'operator');
    harbourVendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
    outbackVendor = await signedIn(t, 'vendor', { sellerUrl: 'outback-outfitters' });
    const all = taxInvoiceListReplySchema.parse(
      (await adminCall(t, 'GET', '/invoices', operator)).json(),
    ).items;
    expect(all.map((i) => [i.seller_id, i.month])).toEqual([
      [harbour, '2026-10'],
      [harbour, '2026-09'],
    ]);
    const invoice = all[0];
    if (!invoice) throw new Error('no invoice');
    const own = taxInvoiceListReplySchema.parse(
      (await adminCall(t, 'GET', '/invoices', harbourVendor)).json(),
    ).items;
    expect(own.map((i) => i.id)).toEqual(all.map((i) => i.id));
    expect((await adminCall(t, 'GET', '/invoices', outbackVendor)).json().items).toEqual([]);
    expect((await adminCall(t, 'GET', `/invoices/${invoice.id}`, outbackVendor)).statusCode).toBe(404);
    expect((await adminCall(t, 'GET', `/invoices/${invoice.id}/pdf`, outbackVendor)).statusCode).toBe(404);
    expect((await adminCall(t, 'GET', `/invoices/${invoice.id}`, harbourVendor)).json().total_cents).toBe(
      426,
    );
    expect((await adminCall(t, 'GET', '/invoices/999999/pdf', operator)).statusCode).toBe(404);
    expect((await adminCall(t, 'GET', '/invoices')).statusCode).toBe(401);
  });

  it('[I16-invoices] the PDF has every field a tax invoice needs (read back with pdf-parse)', async () => {
    const invoice = (await adminCall(t, 'GET', '/invoices', harbourVendor)).json().items[0];
    const reply = await adminCall(t, 'GET', `/invoices/${invoice.id}/pdf`, harbourVendor);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    const number = `INV-${String(invoice.invoice_number).padStart(6, '0')}`;
    expect(reply.headers['content-disposition']).toContain(`tax-invoice-${number}.pdf`);
    const { PDFParse } = await import('pdf-parse');
    const text = (await new PDFParse({ data: new Uint8Array(reply.rawPayload) }).getText()).text;
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Tax invoice',
      'Quokka Marketplace Pty Ltd', // OPERATOR_NAME (sandbox identity)
      'ABN 12 345 679 016', // OPERATOR_ABN
      'support@example.com or 1300 975 707', // SUPPORT_EMAIL or SUPPORT_PHONE
      `Invoice number: ${number}`,
      'Date of issue: 2 November 2026',
      'fees charged in October 2026',
      'Harbour Goods',
      `Seller ID: ${harbour}`,
      'Service fee',
      '$2.32', // 232
      'Commission',
      '$1.55', // 155
      'GST',
      '$0.39', // 39
      'Total including GST',
      '$4.26', // 426
      'The total of $4.26 includes GST of $0.39.',
    ]) {
      expect(flat, expected).toContain(expected);
    }
  });

  it(`[I16-invoices] a worker down over two month ends: both months are issued when it is back; nothing older than ${CATCH_UP_MONTHS} months`, async () => {
    await postLedgerEntries(t.db, [
      fee(outback, 'capture:N1', '2025-11-10T01:00:00Z', 'service_fee', -11), // 14 months before: left
      fee(outback, 'capture:N', '2026-11-10T01:00:00Z', 'service_fee', -20),
      fee(outback, 'capture:N', '2026-11-10T01:00:00Z', 'fee_gst', -2),
      fee(outback, 'capture:M', '2026-12-10T01:00:00Z', 'commission', -30),
      fee(outback, 'capture:M', '2026-12-10T01:00:00Z', 'fee_gst', -3),
    ]);
    t.clock.set('2027-01-14T23:00:00Z'); // 10:00 on Friday 15 Jan 2027, Sydney
    // Outback's November and December, and Harbour's November (Y).
    expect(await createInvoiceJob({ db: t.db, clock: t.clock, log }).runOnce()).toBe(3);
    const rows = await t.db
      .selectFrom('tax_invoices')
      .select(['month', 'issued_on', 'service_fee_cents', 'commission_cents', 'gst_cents', 'total_cents'])
      .where('seller_id', '=', outback)
      .orderBy('month')
      .execute();
    expect(rows).toEqual([
      {
        month: '2026-11',
        issued_on: '2027-01-15',
        service_fee_cents: 20,
        commission_cents: 0,
        gst_cents: 2,
        total_cents: 22,
      },
      {
        month: '2026-12',
        issued_on: '2027-01-15',
        service_fee_cents: 0,
        commission_cents: 30,
        gst_cents: 3,
        total_cents: 33,
      },
    ]);
    // Harbour's November: Y alone.
    expect(
      await t.db
        .selectFrom('tax_invoices')
        .select(['month', 'total_cents'])
        .where('seller_id', '=', harbour)
        .orderBy('month')
        .execute(),
    ).toEqual([
      { month: '2026-09', total_cents: 99 },
      { month: '2026-10', total_cents: 426 },
      { month: '2026-11', total_cents: 77 },
    ]);
  });
});
