import { type Kysely, sql } from 'kysely';

// The media store's index (docs/media.md): one row per stored picture, keyed by a hash of its
// bytes, and the sources it was taken in from (the SHA-256 of a file or data: URL as read, or an http(s)
// URL), so a re-import finds a picture it already has without storing or fetching it again. The bytes
// themselves are in the media store (DATA_DIR/media or S3). A picture no table names any more is
// collected (modules/media/picture-library.ts collectUnusedPictures). Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pictures')
    .addColumn('key', 'text', (col) => col.primaryKey())
    // The original's format: a drawing of the demo shop (svg), or a checked raster picture (png, jpg).
    .addColumn('format', 'text', (col) => col.notNull().check(sql`format in ('svg', 'png', 'jpg')`))
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    // When it was last taken in (stored, or found again by an import): collection leaves recent ones
    // alone, so an import that has stored its pictures but not yet written its catalogue keeps them.
    .addColumn('stored_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('picture_sources')
    .addColumn('source', 'text', (col) => col.primaryKey())
    .addColumn('picture_key', 'text', (col) => col.notNull().references('pictures.key').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('picture_sources_picture')
    .on('picture_sources')
    .column('picture_key')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('picture_sources').execute();
  await db.schema.dropTable('pictures').execute();
}
