import { type Kysely, sql } from 'kysely';

// [I27-recovery] A passkey added in a session opened by a one-time code, to an account that already has
// a passkey, is pending until `pending_until` (or an operator's approval clears it): it signs in, but a
// check with it does not count for money actions. A session remembers the passkey of its last check
// (`passkey_id`), so the guards know whether that check counts; removing a passkey ends the sessions
// that rest on it. Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table staff_passkeys add column pending_until timestamptz`.execute(db);
  await sql`alter table staff_sessions
    add column passkey_id integer references staff_passkeys(id) on delete cascade`.execute(db);
  await sql`create index staff_sessions_passkey on staff_sessions (passkey_id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index staff_sessions_passkey`.execute(db);
  await sql`alter table staff_sessions drop column passkey_id`.execute(db);
  await sql`alter table staff_passkeys drop column pending_until`.execute(db);
}
