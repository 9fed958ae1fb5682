import { type Kysely, sql } from 'kysely';

// [I16-redeem] Gift card numbers a vendor's staff looked up or tried to redeem and did not find, one row
// each, so the guessing limit (modules/giftcards/gift-card-redemption.ts: MISS_LIMIT in MISS_WINDOW_MS per
// member of staff) holds across every server process and through restarts, not per process. Rows older
// than the window are deleted as new ones are written. Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gift_card_lookup_misses')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff.id').onDelete('cascade'))
    // The app's clock, like the window it is compared with.
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .execute();
  await sql`create index gift_card_lookup_misses_staff on gift_card_lookup_misses (staff_id, at)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gift_card_lookup_misses').execute();
}
