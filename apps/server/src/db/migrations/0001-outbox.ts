import { type Kysely, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('to_number', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('sms', 'mms')`))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('media_url', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('outbox_messages_created_at')
    .on('outbox_messages')
    .column('created_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox_messages').execute();
}
