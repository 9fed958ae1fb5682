import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openTestDatabase } from '../db/database.ts';
import { createMediaLibrary, type MediaLibrary } from '../modules/media/media-library.ts';
import { MemoryMediaStore } from '../modules/media/media-store.ts';
import { demoCatalogue, demoPictures } from './demo-catalogue.ts';
import { seedDemo, seedDemoIfEmpty } from './seed-demo.ts';

// Seeding loads the demo shop through the ordinary importer and its drawings into the media store;
// seeding again changes nothing, and the first start seeds only an empty catalogue.

const file = demoCatalogue();
const unchanged = (total: number) => ({ created: 0, updated: 0, unchanged: total });

async function counts(handle: DatabaseHandle) {
  const { rows } = await sql<{
    sellers: number;
    top: number;
    children: number;
    templates: number;
    images: number;
  }>`
    select (select count(*) from sellers) as sellers,
           (select count(*) from products where parent_id is null) as top,
           (select count(*) from products where parent_id is not null) as children,
           (select count(*) from mms_templates) as templates,
           (select count(*) from product_images) as images`.execute(handle.db);
  return rows[0];
}

async function pictureCount(handle: DatabaseHandle) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pictures`.execute(handle.db);
  return rows[0]?.n;
}

describe('seeding the demo shop', () => {
  let handle: DatabaseHandle;
  let store: MemoryMediaStore;
  let media: MediaLibrary;
  beforeAll(async () => {
    handle = await openTestDatabase();
    store = new MemoryMediaStore();
    media = createMediaLibrary(handle.db, store, { limits: { maxBytes: 1e7, maxPixels: 1e8 } });
  });
  afterAll(() => handle.close());

  it('seeds an empty catalogue on first start, with every seller, category and product', async () => {
    const summary = await seedDemoIfEmpty(handle.db, media);
    expect(summary?.sellers.created).toBe(file.sellers?.length);
    expect(summary?.categories.created).toBe(file.categories?.length);
    expect(summary?.products.created).toBe(file.products?.length);
    const after = await counts(handle);
    expect(after?.sellers).toBeGreaterThanOrEqual(6);
    expect(after?.top).toBeGreaterThanOrEqual(150);
    // Four pictures per product, and one per variant drawn in its colour [PDP-07].
    const variantPictures = (file.products ?? []).reduce(
      (sum, product) =>
        sum + ('variants' in product ? product.variants.filter((variant) => variant.image).length : 0),
      0,
    );
    expect(after?.images).toBe(4 * (file.products?.length ?? 0) + variantPictures);
    expect(after?.templates).toBeGreaterThanOrEqual(6);
    // Every drawing is an ordinary stored picture: one row and one original in the store each.
    const drawings = demoPictures().size;
    expect(await pictureCount(handle)).toBe(drawings);
    expect((await store.list('')).filter((name) => name.endsWith('/original.svg'))).toHaveLength(drawings);
  }, 60_000);

  it('stores the drawings of a catalogue seeded before the media store existed on the next start', async () => {
    await sql`delete from pictures`.execute(handle.db);
    await store.delete(await store.list(''));
    expect(await seedDemoIfEmpty(handle.db, media)).toBeNull();
    expect(await pictureCount(handle)).toBe(demoPictures().size);
  }, 60_000);

  it('leaves a catalogue that is not empty alone on the next start', async () => {
    expect(await seedDemoIfEmpty(handle.db, media)).toBeNull();
  });

  it('changes nothing when seeded twice', async () => {
    const before = await counts(handle);
    const summary = await seedDemo(handle.db, media);
    expect(summary.sellers).toEqual(unchanged(file.sellers?.length ?? 0));
    expect(summary.categories).toEqual(unchanged(file.categories?.length ?? 0));
    expect(summary.products).toEqual(unchanged(file.products?.length ?? 0));
    expect(await counts(handle)).toEqual(before);
    expect(await pictureCount(handle)).toBe(demoPictures().size);
  }, 60_000);

  it('with reset, deletes what an operator added and seeds the demo shop again', async () => {
    await sql`insert into sellers (seller_url, name, logo_url, banner_url) values ('someone-else', 'Someone Else', '/x.svg', '/y.svg')`.execute(
      handle.db,
    );
    // [I13-hotpath] A rendered document of the old catalogue (its ids come back after a reset) goes too.
    await sql`insert into catalogue_documents (product_id, kind, epoch, signature, body, etag)
      values (1, 'tile', 1, 'old', '{}', '')`.execute(handle.db);
    const summary = await seedDemo(handle.db, media, { reset: true });
    expect(summary.products.created).toBe(file.products?.length);
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from sellers where seller_url = 'someone-else'`.execute(handle.db);
    expect(rows[0]?.n).toBe(0);
    const documents = await sql<{ n: number }>`select count(*)::int as n from catalogue_documents`.execute(
      handle.db,
    );
    expect(documents.rows[0]?.n).toBe(0);
  }, 60_000);
});
