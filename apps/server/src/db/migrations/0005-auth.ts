import { type Kysely, sql } from 'kysely';

// Sign-in and registration (SPEC.md §4 Sign-in, §5 Registration): the offline Australian places list behind the address search in
// sandbox mode (DECISIONS.md "Sandbox mode"), plus indexes the code and token housekeeping uses.
// Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('places')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('suburb', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('region_id', 'integer', (col) => col.notNull())
    // The suburb-only list has no postcodes: the user types it then.
    .addColumn('postcode', 'text')
    .execute();
  // Prefix search, case-insensitive: `lower(suburb) like 'bon%'` uses this index whatever the collation.
  await sql`create index places_suburb_prefix on places (lower(suburb) text_pattern_ops)`.execute(db);
  await sql`create index places_postcode_prefix on places (postcode text_pattern_ops)`.execute(db);

  // Old sends and dead tokens are swept by time.
  await db.schema.createIndex('otp_sends_created_at').on('otp_sends').column('created_at').execute();
  await db.schema
    .createIndex('customer_tokens_expires_at')
    .on('customer_tokens')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('customer_tokens_expires_at').execute();
  await db.schema.dropIndex('otp_sends_created_at').execute();
  await db.schema.dropTable('places').execute();
}
