import { type Kysely, sql } from 'kysely';

// [I15] The back office's orders, messages and gift card console (DECISIONS.md "After checkout").
// - orders: the review/fulfilment status (pending_review → approved → partially_shipped/shipped, or
//   refused/cancelled) and the money the provider holds (authorised, captured, refunded, released).
//   Orders placed before this migration were charged at once: they become approved and captured.
// - order_items.refunded_qty / refunded_cents: what has been given back per line.
// - order_events: the order's timeline, append-only (placed, authorised, approved, refused, captured,
//   released, shipped, refunded, cancelled, notes, provider events, messages).
// - order_shipments: one per order and seller (carrier, tracking).
// - order_refunds: every refund, whatever made it (staff, a cancellation, the provider's dashboard, a
//   gift card void); its idempotency key makes a retried click the same refund.
// - sent_messages: every text or picture message sent to a shopper, with the provider's latest status
//   (Twilio status callbacks; the sandbox reports at once).
// - webhook_events: each provider event handled once (provider + event id).
// - gift_card_details.voided_*, gift_card_resends: the gift card console.
// - sandbox_charges: the sandbox gateway authorises, captures, releases and refunds as Stripe does.
// Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table orders drop constraint if exists orders_status_check`.execute(db);
  await sql`update orders set status = case status when 'refunded' then 'cancelled' else 'approved' end`.execute(
    db,
  );
  await sql`alter table orders alter column status set default 'pending_review'`.execute(db);
  await sql`alter table orders add constraint orders_status_check check (status in
    ('pending_review', 'approved', 'partially_shipped', 'shipped', 'refused', 'cancelled'))`.execute(db);
  await db.schema
    .alterTable('orders')
    // Authorised at checkout; orders from before were captured at once.
    .addColumn('authorised_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('captured_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('shipping_refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('payment_state', 'text', (col) => col.notNull().defaultTo('authorised'))
    .addColumn('capture_by', 'timestamptz')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'integer', (col) => col.references('staff.id'))
    .addColumn('refusal_reason', 'text')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('customer_mobile', 'text')
    .execute();
  await sql`update orders set authorised_cents = grand_total_cents, captured_cents = grand_total_cents,
    payment_state = 'captured', reviewed_at = created_at`.execute(db);
  await sql`update orders o set customer_mobile = c.mobile from customers c where c.id = o.customer_id`.execute(
    db,
  );
  await sql`alter table orders add constraint orders_payment_state_check check (payment_state in
    ('authorised', 'captured', 'partially_refunded', 'refunded', 'released'))`.execute(db);
  // Never more refunded than captured, never more captured than authorised.
  await sql`alter table orders add constraint orders_money_check check (
    authorised_cents >= 0 and captured_cents >= 0 and refunded_cents >= 0 and shipping_refunded_cents >= 0
    and captured_cents <= authorised_cents and refunded_cents <= captured_cents
    and shipping_refunded_cents <= shipping_cents)`.execute(db);
  await sql`create index orders_status_created on orders (status, created_at desc)`.execute(db);
  await sql`create index orders_created on orders (created_at desc)`.execute(db);
  await sql`create index orders_customer_mobile on orders (customer_mobile)`.execute(db);

  await db.schema
    .alterTable('order_items')
    .addColumn('refunded_qty', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`alter table order_items add constraint order_items_refund_check check (
    refunded_qty >= 0 and refunded_qty <= qty and refunded_cents >= 0 and refunded_cents <= row_total_cents)`.execute(
    db,
  );

  await db.schema
    .createTable('sent_messages')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_message_id', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('sms', 'mms')`))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('to_number', 'text', (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('cascade'))
    .addColumn('gift_card_id', 'integer', (col) => col.references('gift_card_details.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'sent', 'delivered', 'failed', 'undelivered')`),
    )
    .addColumn('error_code', 'text')
    .addColumn('status_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index sent_messages_order on sent_messages (order_id) where order_id is not null`.execute(
    db,
  );
  await sql`create index sent_messages_gift_card on sent_messages (gift_card_id) where gift_card_id is not null`.execute(
    db,
  );
  await sql`create index sent_messages_failed on sent_messages (created_at) where status in ('failed', 'undelivered')`.execute(
    db,
  );

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('type', 'text', (col) => col.notNull())
    // 'shopper', 'system', 'stripe', 'twilio', or 'staff:<id>'.
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('staff_id', 'integer', (col) => col.references('staff.id'))
    .addColumn('seller_id', 'integer', (col) => col.references('sellers.id'))
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('data', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('message_id', 'integer', (col) => col.references('sent_messages.id'))
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();

  await db.schema
    .createTable('order_shipments')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('seller_id', 'integer', (col) => col.notNull().references('sellers.id'))
    .addColumn('carrier', 'text', (col) => col.notNull())
    .addColumn('tracking_number', 'text', (col) => col.notNull())
    .addColumn('tracking_url', 'text')
    .addColumn('staff_id', 'integer', (col) => col.references('staff.id'))
    .addColumn('shipped_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('order_shipments_one_per_seller', ['order_id', 'seller_id'])
    .execute();

  await db.schema
    .createTable('order_refunds')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('shipping_cents', 'integer', (col) =>
      col.notNull().defaultTo(0).check(sql`shipping_cents >= 0`),
    )
    .addColumn('lines', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('restocked', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('reason', 'text')
    .addColumn('source', 'text', (col) =>
      col.notNull().check(sql`source in ('staff', 'cancellation', 'provider', 'gift_card_void')`),
    )
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('provider_refund_id', 'text', (col) => col.unique())
    .addColumn('staff_id', 'integer', (col) => col.references('staff.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('order_refunds_key', ['order_id', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('webhook_events_pk', ['provider', 'event_id'])
    .execute();

  await db.schema
    .alterTable('gift_card_details')
    .addColumn('voided_at', 'timestamptz')
    .addColumn('voided_by', 'integer', (col) => col.references('staff.id'))
    .addColumn('void_reason', 'text')
    .execute();
  await db.schema
    .createTable('gift_card_resends')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('card_id', 'integer', (col) =>
      col.notNull().references('gift_card_details.id').onDelete('cascade'),
    )
    .addColumn('request_key', 'text', (col) => col.notNull().unique())
    .addColumn('to_mobile', 'text', (col) => col.notNull())
    .addColumn('staff_id', 'integer', (col) => col.references('staff.id'))
    .addColumn('message_id', 'integer', (col) => col.references('sent_messages.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await sql`alter table sandbox_charges drop constraint if exists sandbox_charges_status_check`.execute(db);
  await sql`update sandbox_charges set status = 'captured' where status = 'succeeded'`.execute(db);
  await sql`alter table sandbox_charges add constraint sandbox_charges_status_check check (status in
    ('authorised', 'captured', 'released', 'refunded'))`.execute(db);
  await db.schema
    .alterTable('sandbox_charges')
    .addColumn('captured_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update sandbox_charges set captured_cents = amount_cents where status in ('captured', 'refunded')`.execute(
    db,
  );
  await sql`update sandbox_charges set refunded_cents = amount_cents where status = 'refunded'`.execute(db);
  await db.schema
    .createTable('sandbox_refunds')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('charge_id', 'text', (col) => col.notNull().references('sandbox_charges.id'))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'sandbox_refunds',
    'gift_card_resends',
    'webhook_events',
    'order_refunds',
    'order_shipments',
    'order_events',
    'sent_messages',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema
    .alterTable('sandbox_charges')
    .dropColumn('captured_cents')
    .dropColumn('refunded_cents')
    .execute();
  await db.schema
    .alterTable('gift_card_details')
    .dropColumn('voided_at')
    .dropColumn('voided_by')
    .dropColumn('void_reason')
    .execute();
  await db.schema.alterTable('order_items').dropConstraint('order_items_refund_check').execute();
  await db.schema.alterTable('order_items').dropColumn('refunded_qty').dropColumn('refunded_cents').execute();
  await sql`drop index orders_status_created`.execute(db);
  await sql`drop index orders_created`.execute(db);
  await sql`drop index orders_customer_mobile`.execute(db);
  await sql`alter table orders drop constraint orders_money_check`.execute(db);
  await sql`alter table orders drop constraint orders_payment_state_check`.execute(db);
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  for (const column of [
    'authorised_cents',
    'captured_cents',
    'refunded_cents',
    'shipping_refunded_cents',
    'payment_state',
    'capture_by',
    'reviewed_at',
    'reviewed_by',
    'refusal_reason',
    'cancelled_at',
    'customer_mobile',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
