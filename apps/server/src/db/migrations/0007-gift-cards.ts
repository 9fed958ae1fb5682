import { type Kysely, sql } from 'kysely';

// Gift cards by picture message (SPEC.md §3 Gift card details, §7 Gift cards; DECISIONS.md
// "Gift cards"). Three tables:
// - gift_card_details: what the member fills in, one row per card, keyed by cart and child sku (the web
//   app rebuilds the server cart at checkout, so cart item ids are only informational);
// - gift_card_orders: which paid order a cart's cards belong to, one order per cart and one cart per
//   order, so a retried or racing savegiftcardorderbycart links the cards once;
// - gift_card_deliveries: the delivery queue the worker claims with FOR UPDATE SKIP LOCKED, with the
//   recorded intent of each message before the provider is called (docs/gift-cards.md).
// Products and templates are kept as snapshots without foreign keys: a paid card must still be delivered
// after the catalogue changes or is reset. Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gift_card_details')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('cart_id', 'integer', (col) => col.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('cart_item_id', 'integer')
    // The gift card product (the configurable parent) and the price child chosen, as sold.
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('configurable_product_sku', 'text', (col) => col.notNull())
    .addColumn('product_name', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents >= 0`))
    // [DATA-42] 16 digits from a cryptographic generator; the constraint makes it unique.
    .addColumn('gift_card_no', 'text', (col) =>
      col.notNull().unique().check(sql`gift_card_no ~ '^[0-9]{16}$'`),
    )
    .addColumn('recipient_firstname', 'text', (col) => col.notNull())
    .addColumn('recipient_lastname', 'text', (col) => col.notNull())
    .addColumn('recipient_mobile', 'text', (col) => col.notNull())
    .addColumn('recipient_message', 'text', (col) => col.notNull())
    .addColumn('purchaser_mobile', 'text', (col) => col.notNull())
    .addColumn('mms_template_id', 'integer')
    .addColumn('mms_template_url', 'text')
    .addColumn('pass_id', 'text')
    // The send instant in UTC and the zone it was chosen in; the wire shows it as wall time in the zone.
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('delivery_timezone', 'text')
    .addColumn('valid_until', 'timestamptz')
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('gift_card_details_member_cart')
    .on('gift_card_details')
    .columns(['customer_id', 'cart_id', 'id'])
    .execute();
  await db.schema.createIndex('gift_card_details_order').on('gift_card_details').column('order_id').execute();

  await db.schema
    .createTable('gift_card_orders')
    .addColumn('order_id', 'integer', (col) => col.primaryKey().references('orders.id'))
    .addColumn('cart_id', 'integer', (col) => col.notNull().unique().references('carts.id'))
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('gift_card_deliveries')
    .addColumn('card_id', 'integer', (col) =>
      col.primaryKey().references('gift_card_details.id').onDelete('cascade'),
    )
    // Written into both messages' text, so that after a crash the provider can be asked whether the
    // message went out before it is ever sent again.
    .addColumn('delivery_key', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('queued').check(sql`status in ('queued', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('mms_intent_at', 'timestamptz')
    .addColumn('mms_message_id', 'text')
    .addColumn('receipt_intent_at', 'timestamptz')
    .addColumn('receipt_message_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // What the claim query scans: due sends, and sends whose worker's lease ran out.
  await sql`create index gift_card_deliveries_due on gift_card_deliveries (next_attempt_at) where status = 'queued'`.execute(
    db,
  );
  await sql`create index gift_card_deliveries_leases on gift_card_deliveries (lease_until) where status = 'sending'`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['gift_card_deliveries', 'gift_card_orders', 'gift_card_details']) {
    await db.schema.dropTable(table).execute();
  }
}
