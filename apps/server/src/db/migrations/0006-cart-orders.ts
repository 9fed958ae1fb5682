import { type Kysely, sql } from 'kysely';

// Carts, shipping methods, orders and the card provider's own tables (SPEC.md §3, §4 Checkout). Checks
// and unique constraints carry the rules that must hold under concurrency (STYLE.md, Saleor): one active cart per
// member, one order per cart, one order per Idempotency-Key, one sandbox charge per idempotency key.
// Money in integer cents. Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  // Demo flat rates plus the free method for carts of gift cards only (DECISIONS.md "Catalogue, cart and
  // orders"). `giftcard_only` methods are offered only to such carts, the others only to the rest.
  await db.schema
    .createTable('shipping_methods')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('carrier_code', 'text', (col) => col.notNull())
    .addColumn('method_code', 'text', (col) => col.notNull())
    .addColumn('carrier_title', 'text', (col) => col.notNull())
    .addColumn('method_title', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents >= 0`))
    .addColumn('giftcard_only', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addUniqueConstraint('shipping_methods_codes', ['carrier_code', 'method_code'])
    .execute();
  await db
    .insertInto('shipping_methods')
    .values([
      {
        carrier_code: 'flatrate',
        method_code: 'standard',
        carrier_title: 'Flat Rate',
        method_title: 'Standard',
        amount_cents: 995,
      },
      {
        carrier_code: 'flatrate',
        method_code: 'express',
        carrier_title: 'Flat Rate',
        method_title: 'Express',
        amount_cents: 1995,
      },
      {
        carrier_code: 'freeshipping',
        method_code: 'freeshipping',
        carrier_title: 'Free Shipping',
        method_title: 'Gift cards by text message',
        amount_cents: 0,
        giftcard_only: true,
      },
    ])
    .execute();

  await db.schema
    .createTable('carts')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('active').check(sql`status in ('active', 'ordered')`),
    )
    // What shipping-information saved: the method, and snapshots of the addresses (Magento address shape).
    .addColumn('shipping_method_id', 'integer', (col) => col.references('shipping_methods.id'))
    .addColumn('shipping_address', 'jsonb')
    .addColumn('billing_address', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // One active cart per member: `POST carts/mine` inserts `on conflict do nothing` against this.
  await sql`create unique index carts_one_active on carts (customer_id) where status = 'active'`.execute(db);
  await db.schema.createIndex('carts_customer').on('carts').columns(['customer_id', 'id']).execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('cart_id', 'integer', (col) => col.notNull().references('carts.id').onDelete('cascade'))
    // The product bought: a simple product or a configurable product's child.
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('qty', 'integer', (col) => col.notNull().check(sql`qty >= 1`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Adding the same product again adds to its line, as Magento does.
    .addUniqueConstraint('cart_items_cart_product', ['cart_id', 'product_id'])
    .execute();

  await sql`create sequence order_increment_seq`.execute(db);
  await db.schema
    .createTable('orders')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    // 9 digits, zero padded, as Magento shows them (DECISIONS.md "Wire").
    .addColumn('increment_id', 'text', (col) =>
      col.notNull().unique().defaultTo(sql`lpad(nextval('order_increment_seq')::text, 9, '0')`),
    )
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    // One order per cart: a second completion finds this order instead of making another.
    .addColumn('cart_id', 'integer', (col) => col.notNull().unique().references('carts.id'))
    .addColumn('idempotency_key', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('paid').check(sql`status in ('paid', 'refunded')`),
    )
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('customer_email', 'text', (col) => col.notNull())
    .addColumn('shipping_method_id', 'integer', (col) => col.references('shipping_methods.id'))
    .addColumn('shipping_carrier_code', 'text', (col) => col.notNull())
    .addColumn('shipping_method_code', 'text', (col) => col.notNull())
    .addColumn('shipping_title', 'text', (col) => col.notNull())
    .addColumn('shipping_cents', 'integer', (col) => col.notNull().check(sql`shipping_cents >= 0`))
    .addColumn('subtotal_cents', 'integer', (col) => col.notNull().check(sql`subtotal_cents >= 0`))
    .addColumn('grand_total_cents', 'integer', (col) =>
      col.notNull().check(sql`grand_total_cents = subtotal_cents + shipping_cents`),
    )
    .addColumn('shipping_address', 'jsonb', (col) => col.notNull())
    .addColumn('billing_address', 'jsonb', (col) => col.notNull())
    .addColumn('payment_provider', 'text', (col) => col.notNull())
    // Written in the same transaction right after the charge: a committed order always has it.
    .addColumn('payment_id', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The same Idempotency-Key from one member always means the same order.
  await sql`create unique index orders_idempotency_key on orders (customer_id, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );
  await db.schema.createIndex('orders_customer').on('orders').columns(['customer_id', 'id']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    // The cart line it came from: gift card details point at cart items.
    .addColumn('cart_item_id', 'integer', (col) => col.notNull())
    // Snapshots: the catalogue may change or lose the product later; the order keeps what was sold.
    .addColumn('product_id', 'integer', (col) => col.references('products.id').onDelete('set null'))
    .addColumn('parent_product_id', 'integer', (col) => col.references('products.id').onDelete('set null'))
    // Each item keeps its own seller, which reconciliation uses (DECISIONS.md "Catalogue, cart and orders").
    .addColumn('seller_id', 'integer', (col) => col.notNull().references('sellers.id'))
    .addColumn('sku', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('is_giftcard', 'boolean', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents >= 0`))
    .addColumn('qty', 'integer', (col) => col.notNull().check(sql`qty >= 1`))
    .addColumn('row_total_cents', 'integer', (col) =>
      col.notNull().check(sql`row_total_cents = price_cents * qty`),
    )
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();
  await db.schema
    .createIndex('order_items_seller')
    .on('order_items')
    .columns(['seller_id', 'order_id'])
    .execute();

  // providers/payments: the member's customer at the card provider (Stripe), one each.
  await db.schema
    .createTable('payment_customers')
    .addColumn('customer_id', 'integer', (col) =>
      col.primaryKey().references('customers.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_customer_id', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // providers/payments, sandbox mode: cards saved with cc_save, and every charge made.
  await db.schema
    .createTable('sandbox_saved_cards')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('test_payment_method', 'text', (col) => col.notNull())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('last4', 'text', (col) => col.notNull())
    .addColumn('exp_month', 'integer', (col) => col.notNull())
    .addColumn('exp_year', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Saving the same test card twice keeps one saved card.
    .addUniqueConstraint('sandbox_saved_cards_customer_card', ['customer_id', 'test_payment_method'])
    .execute();
  await db.schema
    .createTable('sandbox_charges')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('payment_method', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('succeeded', 'refunded')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'sandbox_charges',
    'sandbox_saved_cards',
    'payment_customers',
    'order_items',
    'orders',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop sequence order_increment_seq`.execute(db);
  for (const table of ['cart_items', 'carts', 'shipping_methods']) await db.schema.dropTable(table).execute();
}
