import { type Kysely, sql } from 'kysely';

// Members, their addresses, bearer tokens and one-time codes (DECISIONS.md "Sign-in"). Codes and tokens
// are stored only as hashes. Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('mobile', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('firstname', 'text', (col) => col.notNull())
    .addColumn('lastname', 'text', (col) => col.notNull())
    .addColumn('store_id', 'integer', (col) => col.notNull())
    .addColumn('website_id', 'integer', (col) => col.notNull())
    .addColumn('campaign_id', 'text')
    .addColumn('default_billing_id', 'integer')
    .addColumn('default_shipping_id', 'integer')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // One account per email, whatever its case.
  await sql`create unique index customers_email on customers (lower(email))`.execute(db);

  await db.schema
    .createTable('customer_addresses')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('firstname', 'text', (col) => col.notNull())
    .addColumn('lastname', 'text', (col) => col.notNull())
    .addColumn('telephone', 'text', (col) => col.notNull())
    .addColumn('street', 'jsonb', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('postcode', 'text', (col) => col.notNull())
    .addColumn('region_id', 'integer', (col) => col.notNull())
    .addColumn('region_code', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('country_id', 'text', (col) => col.notNull().defaultTo('AU').check(sql`country_id = 'AU'`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('customer_addresses_customer')
    .on('customer_addresses')
    .column('customer_id')
    .execute();
  await db.schema
    .alterTable('customers')
    .addForeignKeyConstraint(
      'customers_default_billing',
      ['default_billing_id'],
      'customer_addresses',
      ['id'],
      (fk) => fk.onDelete('set null'),
    )
    .execute();
  await db.schema
    .alterTable('customers')
    .addForeignKeyConstraint(
      'customers_default_shipping',
      ['default_shipping_id'],
      'customer_addresses',
      ['id'],
      (fk) => fk.onDelete('set null'),
    )
    .execute();

  // Opaque bearer tokens: 32 random bytes given to the client, only their SHA-256 kept here.
  await db.schema
    .createTable('customer_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('customer_tokens_customer')
    .on('customer_tokens')
    .column('customer_id')
    .execute();

  // One live code per mobile: a new send replaces it. Attempts count wrong tries; 5 kill it.
  await db.schema
    .createTable('otp_codes')
    .addColumn('mobile', 'text', (col) => col.primaryKey())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // Every send, for the per-number and per-address limits (shared by all server processes).
  await db.schema
    .createTable('otp_sends')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('mobile', 'text', (col) => col.notNull())
    .addColumn('client_address', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('otp_sends_mobile').on('otp_sends').columns(['mobile', 'created_at']).execute();
  await db.schema
    .createIndex('otp_sends_address')
    .on('otp_sends')
    .columns(['client_address', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['otp_sends', 'otp_codes', 'customer_tokens'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('customers').dropConstraint('customers_default_billing').execute();
  await db.schema.alterTable('customers').dropConstraint('customers_default_shipping').execute();
  await db.schema.dropTable('customer_addresses').execute();
  await db.schema.dropTable('customers').execute();
}
