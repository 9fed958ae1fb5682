import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import {
  adminCall,
  anOrder,
  ordersTestApp,
  type Session,
  sellerId,
  signedIn,
} from '../orders/test/orders-test-kit.ts';
import { makeDueStatements } from './statements.ts';

// [I27-audit] A statement's download (CSV or PDF) is on the audit log: who, which statement, which format.
// The statement is made as the weekly job makes it, from an order approved through the real routes.

let t: TestApp;
let operator: Session;
let harbourVendor: Session;
let outbackVendor: Session;
let statementId: number;
let harbour: number;

beforeAll(async () => {
  t = await ordersTestApp({ ORDER_REVIEW: 'manual' });
  const approver = await signedIn(t, 'operator', { name: 'Ann Approver' });
  harbour = await sellerId(t, 'harbour-goods');
  const order = await anOrder(t, [['MUG-1', 1]]);
  const approved = await adminCall(t, 'POST', `/orders/${order.id}/approve`, approver);
  expect(approved.statusCode, approved.body).toBe(200);
  t.clock.advance(8 * 24 * 3_600_000);
  expect(await makeDueStatements(t.db, t.clock.now())).toBeGreaterThan(0);
  // Signed in after the week closed (a session does not last 8 days).
  operator = await signedIn(t, 'operator');
  harbourVendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
  outbackVendor = await signedIn(t, 'vendor', { name: 'Olive Outback', sellerUrl: 'outback-outfitters' });
  const row = await t.db
    .selectFrom('seller_statements')
    .select(['id'])
    .where('seller_id', '=', harbour)
    .executeTakeFirstOrThrow();
  statementId = row.id;
});
afterAll(() => t?.close());

const downloadsOf = (id: number) =>
  t.db
    .selectFrom('staff_audit')
    .select(['staff_id', 'action', 'subject', 'after'])
    .where('subject', '=', `statement:${id}`)
    .orderBy('id')
    .execute();

describe('statement downloads', { timeout: 120_000 }, () => {
  it('[I27-audit] the CSV and the PDF, by the seller and by an operator, each write who, which statement and the format', async () => {
    const week = (
      await t.db
        .selectFrom('seller_statements')
        .select('week_ends_on')
        .where('id', '=', statementId)
        .executeTakeFirstOrThrow()
    ).week_ends_on;
    expect((await adminCall(t, 'GET', `/statements/${statementId}/csv`, harbourVendor)).statusCode).toBe(200);
    expect((await adminCall(t, 'GET', `/statements/${statementId}/pdf`, operator)).statusCode).toBe(200);
    // Another seller's statement is 404 and nothing was downloaded: no line.
    expect((await adminCall(t, 'GET', `/statements/${statementId}/csv`, outbackVendor)).statusCode).toBe(404);
    // Looking at the statement on screen is not a download.
    expect((await adminCall(t, 'GET', `/statements/${statementId}`, harbourVendor)).statusCode).toBe(200);

    const after = { seller_id: harbour, week_ends_on: String(week) };
    expect(await downloadsOf(statementId)).toEqual([
      {
        staff_id: harbourVendor.member.id,
        action: 'statement.downloaded',
        subject: `statement:${statementId}`,
        after: { format: 'csv', ...after },
      },
      {
        staff_id: operator.member.id,
        action: 'statement.downloaded',
        subject: `statement:${statementId}`,
        after: { format: 'pdf', ...after },
      },
    ]);
  });
});
