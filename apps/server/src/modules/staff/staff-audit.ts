import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

// [I15-audit] The append-only audit log (staff_audit): who did what to what, when, with the state before
// and after. Every staff action writes one row through `recordStaffAction`, in the same transaction as the
// change where there is one, so a change is never without its line. The database refuses UPDATE, DELETE
// and TRUNCATE on the table (migration 0013): not even a bug here can rewrite history.

/** Who acted: a member of staff, or the operator's CLI on the server (no account behind it). */
export type StaffActor = { staffId: number } | { cli: true };

export interface StaffAction {
  actor: StaffActor;
  /** A dotted verb, e.g. 'staff.added', 'sign_in.code', 'passkey.added', 'sign_out'. */
  action: string;
  /** What the action was done to, e.g. 'staff:12', 'order:1042'. */
  subject: string;
  before?: unknown;
  after?: unknown;
  at: Date;
}

export interface AuditEntry {
  id: number;
  created_at: string;
  staff_id: number | null;
  actor: string;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Appends one line to the audit log; pass the transaction of the change it records. */
export async function recordStaffAction(db: Kysely<Database>, entry: StaffAction): Promise<void> {
  const staffId = 'staffId' in entry.actor ? entry.actor.staffId : null;
  await db
    .insertInto('staff_audit')
    .values({
      created_at: entry.at,
      staff_id: staffId,
      actor: staffId === null ? 'cli' : `staff:${staffId}`,
      action: entry.action,
      subject: entry.subject,
      before: json(entry.before),
      after: json(entry.after),
    })
    .execute();
}

/** A page of the log, newest first, and whether an older page exists. */
export async function listStaffAudit(
  db: Kysely<Database>,
  page: { page: number; pageSize: number },
): Promise<{ items: AuditEntry[]; total: number }> {
  const rows = await db
    .selectFrom('staff_audit')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
  const count = await db
    .selectFrom('staff_audit')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    total: Number(count.n),
    items: rows.map((row) => ({
      id: Number(row.id),
      created_at: row.created_at.toISOString(),
      staff_id: row.staff_id,
      actor: row.actor,
      action: row.action,
      subject: row.subject,
      before: row.before ?? null,
      after: row.after ?? null,
    })),
  };
}
