import { payoutsDueReplySchema } from '@quokka/contract/api/payouts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import {
  adminCall,
  ordersTestApp,
  type Session,
  sellerId,
  signedIn,
} from '../orders/test/orders-test-kit.ts';

// [I34] The payout run's date defaults to the next remittance date with something due, not today: GET
// /payouts/due without `by` picks today when something is due by today (overdue included), else the
// first later remittance date with something due, else today; every reply says the next date after `by`
// with something due (next_due_on). Real app on a fresh PGlite; the test clock is 28 Nov 2026 in Sydney.

let t: TestApp;
let operator: Session;
let harbour: number;

beforeAll(async () => {
  t = await ordersTestApp();
  t.clock.set('2026-11-28T01:00:00Z'); // 12 noon on Sat 28 Nov in Sydney
  operator = await signedIn(t, 'operator');
  harbour = await sellerId(t, 'harbour-goods');
});
afterAll(() => t?.close());

async function statement(weekEndsOn: string, remittanceOn: string, payableCents: number) {
  await t.db
    .insertInto('seller_statements')
    .values({
      seller_id: harbour,
      seller_name: 'Harbour Goods',
      week_ends_on: weekEndsOn,
      period_start: new Date(`${weekEndsOn}T01:00:00Z`),
      period_end: new Date(`${weekEndsOn}T00:59:59.999Z`),
      remittance_on: remittanceOn,
      totals: JSON.stringify({}),
      entry_count: 1,
      net_cents: payableCents,
      brought_forward_cents: 0,
      payable_cents: Math.max(0, payableCents),
      carried_forward_cents: Math.min(0, payableCents),
      generated_at: t.clock.now(),
    })
    .execute();
}

async function due(query = '') {
  const reply = await adminCall(t, 'GET', `/payouts/due${query}`, operator);
  expect(reply.statusCode, reply.body).toBe(200);
  return payoutsDueReplySchema.parse(reply.json());
}

describe('[I34] the payout run date', { timeout: 120_000 }, () => {
  it('with nothing due at all, the date is today in Sydney and there is no next date', async () => {
    const reply = await due();
    expect(reply).toMatchObject({ by: '2026-11-28', next_due_on: null, items: [] });
  });

  it('a week that pays nothing (carried forward) is not something due', async () => {
    await statement('2026-11-23', '2026-11-25', -400);
    expect(await due()).toMatchObject({ by: '2026-11-28', next_due_on: null, items: [] });
  });

  it('with only a later remittance due, the date is that remittance date, and its statement is listed', async () => {
    await statement('2026-11-30', '2026-12-02', 5050);
    const reply = await due();
    expect(reply.by).toBe('2026-12-02');
    expect(reply.items.map((item) => [item.remittance_on, item.payable_cents])).toEqual([
      ['2026-12-02', 5050],
    ]);
    expect(reply.next_due_on).toBeNull();
    // Asked for today: nothing is due by then, and the reply says when something is.
    const today = await due('?by=2026-11-28');
    expect(today).toMatchObject({ by: '2026-11-28', items: [], next_due_on: '2026-12-02' });
  });

  it('with something overdue, the date is today: the overdue statement and nothing later', async () => {
    await statement('2026-11-16', '2026-11-18', 12345);
    const reply = await due();
    expect(reply.by).toBe('2026-11-28');
    expect(reply.items.map((item) => item.remittance_on)).toEqual(['2026-11-18']);
    expect(reply.next_due_on).toBe('2026-12-02');
  });

  it('a date that is not a real day is refused, naming the field', async () => {
    const reply = await adminCall(t, 'GET', '/payouts/due?by=2026-02-30', operator);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().input_validation).toEqual({ by: ['must be a real calendar date'] });
  });
});
