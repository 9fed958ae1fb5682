import { type Kysely, sql } from 'kysely';

// [DATA-24] A configurable product's colours and sizes show in the order its own catalogue data gives
// (docs/catalogue-import.md "Option order"), not in the shared order of option_values.position: each
// variant keeps the place of its colour and of its size within its product. Null for products that are
// not variants, and for variants imported before this migration (they fall back to the shared position).
// 0010 is left to the media store, which lands alongside. Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table products add column color_position smallint, add column size_position smallint`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table products drop column color_position, drop column size_position`.execute(db);
}
