import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openTestDatabase } from '../../db/database.ts';
import { listStaffAudit, recordStaffAction } from './staff-audit.ts';

// [I15-audit] The audit log is append-only in the database itself: UPDATE, DELETE and TRUNCATE fail,
// whoever sends them.

describe('staff audit log', { timeout: 60_000 }, () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(() => database.close());

  it('[I15-audit] records who, when, what, subject, before and after; refuses UPDATE, DELETE and TRUNCATE', async () => {
    const { db } = database;
    const at = new Date('2026-11-24T01:02:03Z');
    await recordStaffAction(db, {
      actor: { cli: true },
      action: 'staff.added',
      subject: 'staff:1',
      after: { name: 'Jo' },
      at,
    });
    await recordStaffAction(db, {
      actor: { cli: true },
      action: 'staff.removed',
      subject: 'staff:1',
      before: { name: 'Jo' },
      at,
    });
    const page = await listStaffAudit(db, { page: 1, pageSize: 10 });
    expect(page.total).toBe(2);
    expect(page.items.map((item) => [item.action, item.actor, item.before, item.after])).toEqual([
      ['staff.removed', 'cli', { name: 'Jo' }, null],
      ['staff.added', 'cli', null, { name: 'Jo' }],
    ]);
    expect(page.items[0]?.created_at).toBe(at.toISOString());

    const attempts = [
      sql`update staff_audit set action = 'nothing'`,
      sql`delete from staff_audit`,
      sql`truncate staff_audit`,
    ];
    for (const attempt of attempts) {
      await expect(attempt.execute(db)).rejects.toThrow(/staff_audit is append-only/);
    }
    expect((await listStaffAudit(db, { page: 1, pageSize: 10 })).items.map((item) => item.action)).toEqual([
      'staff.removed',
      'staff.added',
    ]);
  });
});
