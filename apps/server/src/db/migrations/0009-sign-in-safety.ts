import type { Kysely } from 'kysely';

// Sign-in safety: a sign-in link signs in once [I12-2], so the SHA-256 of each link that gave a session
// is kept until the link would have expired anyway; and every refused code is remembered for a day, per
// number and per client address, to cap code guessing [I12-7]. Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('used_sign_in_links')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('used_sign_in_links_expires_at')
    .on('used_sign_in_links')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('otp_failures')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('mobile', 'text', (col) => col.notNull())
    .addColumn('client_address', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('otp_failures_mobile')
    .on('otp_failures')
    .columns(['mobile', 'created_at'])
    .execute();
  await db.schema
    .createIndex('otp_failures_client_address')
    .on('otp_failures')
    .columns(['client_address', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('otp_failures').execute();
  await db.schema.dropTable('used_sign_in_links').execute();
}
