import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Product } from '@quokka/contract/api/catalog';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueImportError } from '../modules/catalog/catalog-importer.ts';
import {
  type GeneratedProduct,
  magentoExport,
  shopifyExport,
  writeExport,
  writePictures,
} from '../test/catalogue-exports.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { importCatalogueFile } from './import-command.ts';

// A Shopify export and a Magento export of a few hundred products, with their pictures as files on
// disk, imported through exactly what `npm run cli -- import` runs: counts, every product's own option
// order, and a re-import that writes nothing.

const SHOPIFY_PRODUCTS = 300;
const MAGENTO_CONFIGURABLE = 250;
const MAGENTO_SIMPLE = 50;
const ns = '/rest/default/V1/storefront';

let dir: string;
let pictures: string[];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quokka-exports-'));
  pictures = await writePictures(dir, 60);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every configurable product's colours and sizes in the order the storefront will show them. */
async function optionOrders(t: TestApp): Promise<Map<string, { colours: string[]; sizes: string[] }>> {
  const rows = await sql<{ sku: string; colours: string[] | null; sizes: string[] | null }>`
    select p.sku,
      (select array_agg(title order by pos) from (
        select distinct oc.title, c.color_position as pos from products c
        join option_values oc on oc.id = c.color_id where c.parent_id = p.id) x) as colours,
      (select array_agg(title order by pos) from (
        select distinct os.title, c.size_position as pos from products c
        join option_values os on os.id = c.size_id where c.parent_id = p.id) y) as sizes
    from products p where p.parent_id is null and p.type_id = 'configurable'
  `.execute(t.db);
  return new Map(rows.rows.map((row) => [row.sku, { colours: row.colours ?? [], sizes: row.sizes ?? [] }]));
}

async function checkOrders(t: TestApp, products: GeneratedProduct[]) {
  const orders = await optionOrders(t);
  for (const product of products) {
    expect(orders.get(product.handle), product.handle).toEqual({
      colours: product.colours,
      sizes: product.sizes,
    });
  }
  // And as the product page answers it, for a sample.
  for (const product of products.filter((_p, n) => n % 50 === 1)) {
    const row = await t.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', product.handle)
      .executeTakeFirstOrThrow();
    const reply = await t.app.inject({ method: 'GET', url: `${ns}/product?product_id=${row.id}` });
    const body = reply.json() as Product;
    expect(body.configurable_options.size?.options.map((o) => o.default_title)).toEqual(product.sizes);
    expect(body.configurable_options.color?.options.map((o) => o.default_title)).toEqual(product.colours);
  }
}

async function expectMediaPictures(t: TestApp) {
  const urls = await sql<{ url: string }>`
    select url from product_images union select logo_url from sellers union select banner_url from sellers
  `.execute(t.db);
  for (const { url } of urls.rows) expect(url).toMatch(/^\/media\//);
}

describe('a Shopify export of a few hundred products', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('[DATA-24] imports every product and variant in its own option order; a re-import writes nothing', async () => {
    const { csv, products } = shopifyExport(SHOPIFY_PRODUCTS, pictures);
    const path = writeExport(dir, 'products_export.csv', csv);
    const variants = products.reduce((sum, product) => sum + product.variants, 0);
    const warnings: string[] = [];
    const progress: number[] = [];

    const first = await importCatalogueFile(t.db, t.config, path, {
      library: t.app.deps.media,
      onWarnings: (w) => warnings.push(...w),
      onProducts: (done) => progress.push(done),
    });
    expect(first.format).toBe('shopify');
    expect(first.summary).toEqual({
      sellers: { created: 5, updated: 0, unchanged: 0 },
      // Tees; Clothing > Men > Tees; Clothing > Women > Shorts (Denim folded into Shorts).
      categories: { created: 6, updated: 0, unchanged: 0 },
      products: { created: SHOPIFY_PRODUCTS, updated: 0, unchanged: 0 },
      variants: { created: variants, updated: 0, unchanged: 0, disabled: 0 },
    });
    expect(first.pictures).toBe(60);
    expect(warnings).toEqual([
      expect.stringContaining('Clothing / Women / Shorts / Denim → Clothing / Women / Shorts'),
    ]);
    expect(progress.at(-1)).toBe(SHOPIFY_PRODUCTS);
    await checkOrders(t, products);
    const drafts = await t.db
      .selectFrom('products')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('parent_id', 'is', null)
      .where('enabled', '=', false)
      .executeTakeFirstOrThrow();
    expect(drafts.n).toBe(SHOPIFY_PRODUCTS / 25);

    const again = await importCatalogueFile(t.db, t.config, path, { library: t.app.deps.media });
    expect(again.summary.products).toEqual({ created: 0, updated: 0, unchanged: SHOPIFY_PRODUCTS });
    expect(again.summary.variants).toEqual({ created: 0, updated: 0, unchanged: variants, disabled: 0 });
    expect(again.summary.categories).toMatchObject({ created: 0, updated: 0 });
    expect(again.summary.sellers).toMatchObject({ created: 0, updated: 0 });
  }, 180_000);

  it('after the media store merge: every picture imported is a /media path', async () => {
    await expectMediaPictures(t);
  });

  it('stops at a planted bad picture, naming its row and column, and writes nothing', async () => {
    // The same export with one product's picture swapped for half a JPEG, well into the file.
    const { csv } = shopifyExport(SHOPIFY_PRODUCTS, pictures);
    const whole = readFileSync(join(dir, pictures[7]!));
    writeFileSync(join(dir, 'pictures/planted.jpg'), whole.subarray(0, whole.length / 2));
    const lines = csv.split('\n');
    const row = lines.findIndex((line, n) => n > 200 && line.includes(pictures[7]!));
    expect(row).toBeGreaterThan(200);
    lines[row] = lines[row]!.replace(pictures[7]!, 'pictures/planted.jpg');
    const planted = lines.join('\n');
    const path = writeExport(dir, 'planted_export.csv', planted);
    // Rows as a spreadsheet numbers them: the header is row 1, and a quoted body over several lines is
    // still one row.
    const record = parse(planted).findIndex((cells: string[]) => cells.includes('pictures/planted.jpg'));
    const before = await sql<{ products: number; pictures: number }>`
      select (select count(*)::int from products) as products, (select count(*)::int from pictures) as pictures
    `.execute(t.db);

    const error = await importCatalogueFile(t.db, t.config, path, { library: t.app.deps.media }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CatalogueImportError);
    expect((error as CatalogueImportError).problems).toEqual([
      expect.stringMatching(
        new RegExp(`^row ${record + 1}, column Image Src: "pictures/planted\\.jpg" cannot be read as a JPEG`),
      ),
    ]);
    const after = await sql<{ products: number; pictures: number }>`
      select (select count(*)::int from products) as products, (select count(*)::int from pictures) as pictures
    `.execute(t.db);
    expect(after.rows).toEqual(before.rows);
  }, 120_000);
});

describe('a Magento export of a few hundred products', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('[DATA-24] imports configurables with their children and simple products; a re-import writes nothing', async () => {
    const { csv, products } = magentoExport(MAGENTO_CONFIGURABLE, MAGENTO_SIMPLE, pictures);
    const path = writeExport(dir, 'catalog_product.csv', csv);
    const variants = products.reduce((sum, product) => sum + product.variants, 0);
    const warnings: string[] = [];

    const first = await importCatalogueFile(t.db, t.config, path, {
      library: t.app.deps.media,
      seller: 'Luma Outdoor',
      onWarnings: (w) => warnings.push(...w),
    });
    expect(first.format).toBe('magento');
    expect(first.summary).toEqual({
      sellers: { created: 1, updated: 0, unchanged: 0 },
      // Men/Tops/Jackets, Women/Bottoms/Shorts, Collections/Eco Friendly, Collections/Outdoor/Winter, Gear/Bags.
      categories: { created: 12, updated: 0, unchanged: 0 },
      products: { created: MAGENTO_CONFIGURABLE + MAGENTO_SIMPLE, updated: 0, unchanged: 0 },
      variants: { created: variants, updated: 0, unchanged: 0, disabled: 0 },
    });
    expect(warnings).toEqual([
      expect.stringContaining('Collections / Outdoor / Winter / Shells → Collections / Outdoor / Winter'),
      `${MAGENTO_CONFIGURABLE} store-view rows (store_view_code set) skipped: the default values were imported`,
    ]);
    await checkOrders(t, products);

    const again = await importCatalogueFile(t.db, t.config, path, {
      library: t.app.deps.media,
      seller: 'Luma Outdoor',
    });
    expect(again.summary.products).toEqual({
      created: 0,
      updated: 0,
      unchanged: MAGENTO_CONFIGURABLE + MAGENTO_SIMPLE,
    });
    expect(again.summary.variants).toEqual({ created: 0, updated: 0, unchanged: variants, disabled: 0 });
  }, 180_000);

  it('after the media store merge: every picture imported is a /media path', async () => {
    await expectMediaPictures(t);
  });
});
