import { type Kysely, sql } from 'kysely';

// The back office's foundation (docs/back-office.md "Accounts", "Sign-in"): staff accounts made by the
// CLI, their sessions (stored hashed), their passkeys and the WebAuthn challenges in flight, and the
// append-only audit log of every staff action. Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    // E.164, as the shoppers' (`+614xxxxxxxx`).
    .addColumn('mobile', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('operator', 'vendor')`))
    .addColumn('seller_id', 'integer', (col) => col.references('sellers.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    // A vendor belongs to exactly one seller; an operator to none.
    .addCheckConstraint('staff_vendor_has_seller', sql`(role = 'vendor') = (seller_id is not null)`)
    .execute();
  // One live account per mobile; a removed member's number can be given a new account.
  await sql`create unique index staff_live_mobile on staff (mobile) where removed_at is null`.execute(db);

  await db.schema
    .createTable('staff_sessions')
    // SHA-256 of the random session id; the id itself lives only in the staff member's cookie.
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff.id'))
    .addColumn('stage', 'text', (col) => col.notNull().check(sql`stage in ('needs_passkey', 'full')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull())
    .addColumn('passkey_verified_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();

  await db.schema
    .createTable('staff_passkeys')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff.id'))
    .addColumn('credential_id', 'text', (col) => col.notNull().unique())
    .addColumn('public_key', 'bytea', (col) => col.notNull())
    .addColumn('counter', 'bigint', (col) => col.notNull())
    .addColumn('transports', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('staff_passkeys_staff').on('staff_passkeys').column('staff_id').execute();

  // A challenge works once and for a few minutes; bound to a staff member for registration and step-up,
  // to nobody for a passkey sign-in (the credential says who it is).
  await db.schema
    .createTable('staff_webauthn_challenges')
    .addColumn('challenge', 'text', (col) => col.primaryKey())
    .addColumn('purpose', 'text', (col) =>
      col.notNull().check(sql`purpose in ('registration', 'sign_in', 'step_up')`),
    )
    .addColumn('staff_id', 'integer', (col) => col.references('staff.id'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('staff_audit')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    // Null when the actor is the operator's CLI (`actor` says so).
    .addColumn('staff_id', 'integer', (col) => col.references('staff.id'))
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .execute();
  await db.schema.createIndex('staff_audit_created').on('staff_audit').column('created_at').execute();
  // Append-only, enforced by the database itself: whatever the application does, a row once written is
  // neither changed nor removed (TRUNCATE included).
  await sql`
    create function staff_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'staff_audit is append-only: % refused', tg_op;
    end
    $$`.execute(db);
  await sql`
    create trigger staff_audit_no_change before update or delete on staff_audit
    for each row execute function staff_audit_append_only()`.execute(db);
  await sql`
    create trigger staff_audit_no_truncate before truncate on staff_audit
    for each statement execute function staff_audit_append_only()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_audit').execute();
  await sql`drop function staff_audit_append_only()`.execute(db);
  for (const table of ['staff_webauthn_challenges', 'staff_passkeys', 'staff_sessions', 'staff'])
    await db.schema.dropTable(table).execute();
}
