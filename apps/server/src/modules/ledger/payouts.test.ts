import {
  bankAccountListReplySchema,
  bankAccountReplySchema,
  payoutRunDetailSchema,
  payoutRunListReplySchema,
  payoutsDueReplySchema,
} from '@quokka/contract/api/payouts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import {
  adminCall,
  ordersTestApp,
  type Session,
  sellerId,
  signedIn,
  stepUp,
} from '../orders/test/orders-test-kit.ts';
import { parseAbaFile } from './aba-file.ts';

// [I16-payouts] Sellers' bank accounts and payout runs through app.inject on the real app and a fresh
// PGlite: masked bank details entered with a fresh passkey check, vendor scoping (another seller's → 404),
// the statements due, a draft run (a statement in one run at most, even when two runs race), the ABA file
// read back field by field, remitted (statements paid once) and a cancelled draft. Statements are the
// statement job's output; here they are inserted by hand with figures worked out in the comments.

let t: TestApp;
let operator: Session;
let harbourVendor: Session;
let outbackVendor: Session;
let harbour: number;
let outback: number;

const put = (path: string, session: Session, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/admin/api${path}`,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    payload: payload as object,
  });

beforeAll(async () => {
  t = await ordersTestApp();
  operator = await signedIn(t, 'operator');
  harbourVendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
  outbackVendor = await signedIn(t, 'vendor', { sellerUrl: 'outback-outfitters' });
  harbour = await sellerId(t, 'harbour-goods');
  outback = await sellerId(t, 'outback-outfitters');
});
afterAll(() => t?.close());

async function statement(
  seller: number,
  name: string,
  weekEndsOn: string,
  remittanceOn: string,
  figures: { net: number; brought?: number },
) {
  // payable = max(0, net + brought); carried = min(0, net + brought) (DESIGN16).
  const brought = figures.brought ?? 0;
  const sum = figures.net + brought;
  const row = await t.db
    .insertInto('seller_statements')
    .values({
      seller_id: seller,
      seller_name: name,
      week_ends_on: weekEndsOn,
      period_start: new Date(`${weekEndsOn}T01:00:00Z`),
      period_end: new Date(`${weekEndsOn}T00:59:59.999Z`),
      remittance_on: remittanceOn,
      totals: JSON.stringify({}),
      entry_count: 1,
      net_cents: figures.net,
      brought_forward_cents: brought,
      payable_cents: Math.max(0, sum),
      carried_forward_cents: Math.min(0, sum),
      generated_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('bank accounts', { timeout: 120_000 }, () => {
  it('[I16-payouts] a vendor enters their BSB and account with a fresh passkey check; shown masked after', async () => {
    await stepUp(t, harbourVendor);
    const saved = await put(`/bank-accounts/${harbour}`, harbourVendor, {
      account_name: 'Harbour Goods Pty Ltd',
      bsb: '062000',
      account_number: '12345678',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('12345678');
    expect(bankAccountReplySchema.parse(saved.json()).account).toMatchObject({
      seller_id: harbour,
      account_name: 'Harbour Goods Pty Ltd',
      bsb: '062-000',
      account_number_masked: '••••5678',
    });
    const read = await adminCall(t, 'GET', `/bank-accounts/${harbour}`, harbourVendor);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('12345678');
    expect(read.json().account.account_number_masked).toBe('••••5678');
    // The database keeps the full number (the ABA file needs it).
    const row = await t.db
      .selectFrom('seller_bank_accounts')
      .selectAll()
      .where('seller_id', '=', harbour)
      .executeTakeFirstOrThrow();
    expect([row.bsb, row.account_number]).toEqual(['062-000', '12345678']);
    // Audited, masked.
    const audit = await t.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'bank_account.saved')
      .where('subject', '=', `seller:${harbour}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain('12345678');
    expect(audit[0]?.after).toMatchObject({ bsb: '062-000', account_number: '••••5678' });
  });

  it('[I16-payouts] the form accepts 062-000 and refuses a bad BSB, account number or name, saving nothing', async () => {
    await stepUp(t, outbackVendor);
    for (const [body, field] of [
      [{ account_name: 'Outback', bsb: '06200', account_number: '123456' }, 'bsb'],
      [{ account_name: 'Outback', bsb: '062-000', account_number: '1234' }, 'account_number'],
      [{ account_name: 'Outback', bsb: '062-000', account_number: '1234567890' }, 'account_number'],
      [{ account_name: 'O'.repeat(33), bsb: '062-000', account_number: '123456' }, 'account_name'],
    ] as const) {
      const reply = await put(`/bank-accounts/${outback}`, outbackVendor, body);
      expect(reply.statusCode, field).toBe(400);
      expect(reply.body).toContain(field);
    }
    expect((await adminCall(t, 'GET', `/bank-accounts/${outback}`, outbackVendor)).json().account).toBeNull();
    const ok = await put(`/bank-accounts/${outback}`, outbackVendor, {
      account_name: 'Outback Outfitters',
      bsb: '082-001',
      account_number: '987654321',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().account).toMatchObject({ bsb: '082-001', account_number_masked: '••••4321' });
  });

  it('[I16-payouts] a stale passkey check is refused with STEP_UP_REQUIRED', async () => {
    t.clock.advance(6 * 60_000);
    const reply = await put(`/bank-accounts/${harbour}`, harbourVendor, {
      account_name: 'Someone Else',
      bsb: '062-000',
      account_number: '99999999',
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().code).toBe('STEP_UP_REQUIRED');
    const row = await t.db
      .selectFrom('seller_bank_accounts')
      .select('account_number')
      .where('seller_id', '=', harbour)
      .executeTakeFirstOrThrow();
    expect(row.account_number).toBe('12345678');
  });

  it("[I16-payouts] a vendor reaching another seller's account gets 404 (read and write)", async () => {
    await stepUp(t, harbourVendor);
    expect((await adminCall(t, 'GET', `/bank-accounts/${outback}`, harbourVendor)).statusCode).toBe(404);
    const write = await put(`/bank-accounts/${outback}`, harbourVendor, {
      account_name: 'Harbour Goods',
      bsb: '062-000',
      account_number: '11112222',
    });
    expect(write.statusCode).toBe(404);
    expect((await adminCall(t, 'GET', '/bank-accounts/999999', harbourVendor)).statusCode).toBe(404);
    // The operators' list of every seller's account is theirs only.
    expect((await adminCall(t, 'GET', '/bank-accounts', harbourVendor)).statusCode).toBe(403);
  });

  it('[I16-payouts] operators see every seller masked, and may set one (passkey checked, audited)', async () => {
    const list = await adminCall(t, 'GET', '/bank-accounts', operator);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('12345678');
    expect(list.body).not.toContain('987654321');
    const items = bankAccountListReplySchema.parse(list.json()).items;
    expect(items.find((i) => i.seller_id === harbour)?.account?.account_number_masked).toBe('••••5678');
    expect(items.find((i) => i.seller_id === outback)?.account?.account_number_masked).toBe('••••4321');
    await stepUp(t, operator);
    expect(
      (await adminCall(t, 'GET', `/bank-accounts/${outback}`, operator)).json().account.account_number_masked,
    ).toBe('••••4321');
    expect((await adminCall(t, 'GET', '/bank-accounts/999999', operator)).statusCode).toBe(404);
  });
});

describe('payout runs', { timeout: 120_000 }, () => {
  let harbourOld: number;
  let harbourNew: number;
  let outbackNegative: number;
  let outbackDue: number;
  let third: number;

  beforeAll(async () => {
    // A third seller with no bank account (straight into the catalogue's table: test data only).
    third = (
      await t.db
        .insertInto('sellers')
        .values({ seller_url: 'no-bank', name: 'No Bank Co', logo_url: '', banner_url: '' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // Harbour, week ending Mon 9 Nov: net $123.45 → payable 12345, remitted Wed 11 Nov.
    harbourOld = await statement(harbour, 'Harbour Goods', '2026-11-09', '2026-11-11', { net: 12345 });
    // Harbour, week ending Mon 16 Nov: net $50.50 → payable 5050, remitted Wed 18 Nov.
    harbourNew = await statement(harbour, 'Harbour Goods', '2026-11-16', '2026-11-18', { net: 5050 });
    // Outback, week ending 9 Nov: net −$3.00 → payable 0, carried −300 (never due).
    outbackNegative = await statement(outback, 'Outback Outfitters', '2026-11-09', '2026-11-11', {
      net: -300,
    });
    // Outback, week ending 16 Nov: net $10.00, brought −$3.00 → payable 700.
    outbackDue = await statement(outback, 'Outback Outfitters', '2026-11-16', '2026-11-18', {
      net: 1000,
      brought: -300,
    });
    // No Bank Co, week ending 16 Nov: payable 2500, but no bank account: listed, not payable.
    await statement(third, 'No Bank Co', '2026-11-16', '2026-11-18', { net: 2500 });
    // Harbour, week ending 23 Nov: remitted Wed 25 Nov, after the date chosen below.
    await statement(harbour, 'Harbour Goods', '2026-11-23', '2026-11-25', { net: 999 });
  });

  it('[I16-payouts] vendors get 403 on every payout route, as on the orders routes', async () => {
    for (const [method, path] of [
      ['GET', '/payouts/due?by=2026-11-20'],
      ['GET', '/payouts'],
      ['POST', '/payouts'],
      ['GET', '/payouts/1'],
      ['GET', '/payouts/1/aba'],
      ['POST', '/payouts/1/remitted'],
      ['POST', '/payouts/1/cancel'],
    ] as const) {
      const reply = await adminCall(t, method, path, harbourVendor, { by: '2026-11-20' });
      expect(reply.statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it('[I16-payouts, BIZ-04] lists the statements due by a date; a negative week is never due; no bank account is not payable', async () => {
    const reply = await adminCall(t, 'GET', '/payouts/due?by=2026-11-20', operator);
    expect(reply.statusCode, reply.body).toBe(200);
    const due = payoutsDueReplySchema.parse(reply.json());
    expect(reply.body).not.toContain('12345678');
    const ids = due.items.map((item) => item.statement_id);
    expect(ids).toContain(harbourOld);
    expect(ids).toContain(harbourNew);
    expect(ids).toContain(outbackDue);
    expect(ids).not.toContain(outbackNegative);
    expect(due.items).toHaveLength(4); // the 25 Nov statement is not due by 20 Nov
    const noBank = due.items.find((item) => item.seller_id === third);
    expect(noBank).toMatchObject({ payable: false, bank: null, payable_cents: 2500 });
    // Payable total: 12345 + 5050 + 700 = 18095 (No Bank Co's 2500 left out).
    expect(due.payable_total_cents).toBe(18095);
  });

  it('[I16-payouts] two runs made at once: one takes the statements, the other is refused; each statement once', async () => {
    t.clock.set('2026-11-20T00:00:00Z');
    await stepUp(t, operator);
    const [a, b] = await Promise.all([
      adminCall(t, 'POST', '/payouts', operator, { by: '2026-11-20', process_on: '2026-11-20' }),
      adminCall(t, 'POST', '/payouts', operator, { by: '2026-11-20', process_on: '2026-11-20' }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const made = payoutRunDetailSchema.parse((a.statusCode === 200 ? a : b).json());
    expect(made.status).toBe('draft');
    expect(made.total_cents).toBe(18095);
    expect(made.items.map((item) => item.statement_id).sort((x, y) => x - y)).toEqual(
      [harbourOld, harbourNew, outbackDue].sort((x, y) => x - y),
    );
    expect(made.items.find((item) => item.statement_id === harbourOld)).toMatchObject({
      bsb: '062-000',
      account_number_masked: '••••5678',
      amount_cents: 12345,
    });
    const items = await t.db.selectFrom('payout_items').select('statement_id').execute();
    expect(items).toHaveLength(3);
    // Nothing payable is left by 20 Nov: only No Bank Co, not payable.
    const due = payoutsDueReplySchema.parse(
      (await adminCall(t, 'GET', '/payouts/due?by=2026-11-20', operator)).json(),
    );
    expect(due.items.map((item) => item.seller_id)).toEqual([third]);
    expect(due.payable_total_cents).toBe(0);
    const again = await adminCall(t, 'POST', '/payouts', operator, { by: '2026-11-20' });
    expect(again.statusCode).toBe(409);
  });

  it('[I16-payouts] the ABA file parses back to the same payments, totals and count', async () => {
    const runs = payoutRunListReplySchema.parse(
      (await adminCall(t, 'GET', '/payouts', operator)).json(),
    ).items;
    const run = runs[0];
    if (!run) throw new Error('no run');
    const reply = await adminCall(t, 'GET', `/payouts/${run.id}/aba`, operator);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-disposition']).toContain(`payout-run-${run.id}-2026-11-20.aba`);
    const text = reply.body;
    for (const line of text.split('\r\n').filter(Boolean)) expect(line).toHaveLength(120);
    const parsed = parseAbaFile(text);
    // The sandbox settings of config.ts.
    expect(parsed.header).toEqual({
      bank: 'CBA',
      userName: 'QUOKKA MARKETPLACE',
      userId: '301500',
      description: 'PAYOUTS',
      date: '201126',
    });
    const byAmount = [...parsed.credits].sort((x, y) => x.amountCents - y.amountCents);
    expect(
      byAmount.map(({ bsb, accountNumber, accountName, amountCents, transactionCode }) => ({
        bsb,
        accountNumber,
        accountName,
        amountCents,
        transactionCode,
      })),
    ).toEqual([
      {
        bsb: '082-001',
        accountNumber: '987654321',
        accountName: 'OUTBACK OUTFITTERS',
        amountCents: 700,
        transactionCode: '53',
      },
      {
        bsb: '062-000',
        accountNumber: '12345678',
        accountName: 'HARBOUR GOODS PTY LTD',
        amountCents: 5050,
        transactionCode: '53',
      },
      {
        bsb: '062-000',
        accountNumber: '12345678',
        accountName: 'HARBOUR GOODS PTY LTD',
        amountCents: 12345,
        transactionCode: '53',
      },
    ]);
    for (const credit of parsed.credits) {
      expect(credit).toMatchObject({ traceBsb: '062-000', traceAccount: '12345678', remitterName: 'QUOKKA' });
      expect(credit.reference).toMatch(/^STMT \d+ WK \d{2}-\d{2}-\d{2}$/);
    }
    // 700 + 5050 + 12345 = 18095, three payments, no debits.
    expect(parsed.totals).toEqual({ netCents: 18095, creditCents: 18095, debitCents: 0, count: 3 });
    const audit = await t.db
      .selectFrom('staff_audit')
      .select('action')
      .where('subject', '=', `payout_run:${run.id}`)
      .execute();
    expect(audit.map((a) => a.action)).toContain('payout_run.aba_downloaded');
  });

  it('[I16-payouts] marking remitted pays each statement once; a second mark is refused', async () => {
    const run = payoutRunListReplySchema.parse((await adminCall(t, 'GET', '/payouts', operator)).json())
      .items[0];
    if (!run) throw new Error('no run');
    t.clock.advance(6 * 60_000);
    const stale = await adminCall(t, 'POST', `/payouts/${run.id}/remitted`, operator);
    expect(stale.json().code).toBe('STEP_UP_REQUIRED');
    await stepUp(t, operator);
    const remitted = await adminCall(t, 'POST', `/payouts/${run.id}/remitted`, operator);
    expect(remitted.statusCode, remitted.body).toBe(200);
    expect(remitted.json()).toMatchObject({ status: 'remitted' });
    const paid = await t.db
      .selectFrom('seller_statements')
      .select(['id', 'paid_at'])
      .where('id', 'in', [harbourOld, harbourNew, outbackDue, outbackNegative])
      .execute();
    const paidAt = new Map(paid.map((s) => [s.id, s.paid_at]));
    expect(paidAt.get(harbourOld)).not.toBeNull();
    expect(paidAt.get(harbourNew)).not.toBeNull();
    expect(paidAt.get(outbackDue)).not.toBeNull();
    expect(paidAt.get(outbackNegative)).toBeNull();
    expect((await adminCall(t, 'POST', `/payouts/${run.id}/remitted`, operator)).statusCode).toBe(409);
    expect((await adminCall(t, 'POST', `/payouts/${run.id}/cancel`, operator)).statusCode).toBe(409);
    expect((await adminCall(t, 'GET', '/payouts/999999', operator)).statusCode).toBe(404);
  });

  it('[I16-payouts] a cancelled draft frees its statements for the next run', async () => {
    // No Bank Co gets an account; its 2500 becomes payable.
    await stepUp(t, operator);
    expect(
      (
        await put(`/bank-accounts/${third}`, operator, {
          account_name: 'No Bank Co',
          bsb: '633 000',
          account_number: '55555',
        })
      ).statusCode,
    ).toBe(200);
    const made = await adminCall(t, 'POST', '/payouts', operator, { by: '2026-11-20' });
    expect(made.statusCode, made.body).toBe(200);
    const run = payoutRunDetailSchema.parse(made.json());
    expect(run.total_cents).toBe(2500);
    const cancelled = await adminCall(t, 'POST', `/payouts/${run.id}/cancel`, operator);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect((await adminCall(t, 'GET', `/payouts/${run.id}/aba`, operator)).statusCode).toBe(409);
    const due = payoutsDueReplySchema.parse(
      (await adminCall(t, 'GET', '/payouts/due?by=2026-11-20', operator)).json(),
    );
    expect(due.items.map((i) => [i.seller_id, i.payable_cents, i.payable])).toEqual([[third, 2500, true]]);
    const next = await adminCall(t, 'POST', '/payouts', operator, { by: '2026-11-20' });
    expect(next.statusCode).toBe(200);
    expect(next.json().items[0]).toMatchObject({ bsb: '633-000', account_number_masked: '••••5555' });
  });
});
