import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCatalogue, aSeller, aSimpleProduct, importTestCatalogue } from '../../test/catalog-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { collectUnusedPictures, type StoredPicture } from './media-library.ts';
import { makePicture } from './test-pictures.ts';

// Deleting a product deletes none of its pictures: a picture is collected only once no table names it
// (sellers, product_images, sizing charts, MMS templates, gift cards bought), and only when it was taken
// in before the cut-off, so an import that has stored its pictures but not written its catalogue yet
// keeps them (docs/media.md "Collection").

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const path = (folder: string, picture: StoredPicture) => `/media/${folder}/${picture.key}.${picture.format}`;
const stored = async (hue: string) =>
  (await t.app.deps.media.storePicture(await makePicture('jpeg', { hue }))).picture;

describe('collecting pictures no one uses', () => {
  it('keeps a picture another product still uses when one product is deleted, and collects one no one uses', async () => {
    const shared = await stored('#101010');
    const own = await stored('#202020');
    const logo = await stored('#303030');
    const chart = await stored('#404040');
    await importTestCatalogue(
      t.db,
      aCatalogue({
        sellers: [aSeller({ logo_url: path('sellers', logo), banner_url: path('sellers', logo) })],
        products: [
          aSimpleProduct('FIRST', { images: [path('products', shared), path('products', own)] }),
          aSimpleProduct('SECOND', {
            images: [path('products', shared)],
            tabs: { shipping: [], faq: [], sizing_chart_url: path('charts', chart) },
          }),
        ],
      }),
    );
    await t.db.deleteFrom('products').where('sku', '=', 'FIRST').execute();

    // Until collection runs, every URL still answers: deleting a product touched no picture.
    for (const picture of [shared, own, logo, chart]) {
      expect((await t.app.inject(path('products', picture))).statusCode).toBe(200);
    }
    // A picture stored after the cut-off (an import in progress) is left alone even though unused.
    const cutoff = new Date(Date.now() + 1000);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const inFlight = await stored('#505050');

    const collected = await collectUnusedPictures(t.db, t.app.deps.media, cutoff);
    expect(collected).toEqual([own.key]);
    expect((await t.app.inject(path('products', own))).statusCode).toBe(404);
    expect(await t.app.deps.media.store.list(`${own.key}/`)).toEqual([]);
    for (const picture of [shared, logo, chart, inFlight]) {
      expect((await t.app.inject(`${path('products', picture)}`)).statusCode, picture.key).toBe(200);
    }

    // Once the last product naming it goes, the shared picture goes too; the seller's logo and the
    // sizing chart stay while the seller and the chart's product do.
    await t.db.deleteFrom('products').where('sku', '=', 'SECOND').execute();
    expect(await collectUnusedPictures(t.db, t.app.deps.media, new Date(Date.now() + 1000))).toEqual(
      [shared.key, chart.key, inFlight.key].sort(),
    );
    const { rows } = await sql<{ key: string }>`select key from pictures`.execute(t.db);
    expect(rows.map((row) => row.key)).toEqual([logo.key]);
  });
});
