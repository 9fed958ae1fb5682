import { type Kysely, sql } from 'kysely';

// The receipt text of each order (DECISIONS.md "After checkout": the shopper is texted once per event,
// the receipt on placing). One row per order, written in the order's own transaction, so a paid order
// always has its receipt queued and never two. The worker claims it the way it claims gift card sends
// (FOR UPDATE SKIP LOCKED, a lease, the intent recorded before the provider is called, the key in the
// text for a look-up after a crash). The mobile is the member's at the time of the order. Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_receipts')
    .addColumn('order_id', 'integer', (col) => col.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('to_mobile', 'text', (col) => col.notNull())
    .addColumn('delivery_key', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('queued').check(sql`status in ('queued', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('intent_at', 'timestamptz')
    .addColumn('message_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index order_receipts_due on order_receipts (next_attempt_at) where status = 'queued'`.execute(
    db,
  );
  await sql`create index order_receipts_leases on order_receipts (lease_until) where status = 'sending'`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_receipts').execute();
}
