import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Product, ProductTile } from '@quokka/contract/api/catalog';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { importCatalogueFile } from './import-command.ts';

// The three documented examples (docs/catalogue-import.md), imported through exactly what
// `npm run cli -- import` runs, and checked product by product as a shopper's storefront sees them.

const EXAMPLES = fileURLToPath(new URL('../../../../docs/', import.meta.url));
const SHOPIFY = join(EXAMPLES, 'examples/shopify-products.csv');
const MAGENTO = join(EXAMPLES, 'examples/magento-products.csv');
const JSON_EXAMPLE = join(EXAMPLES, 'catalogue-example.json');
const ns = '/rest/default/V1/storefront';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

async function get<T>(path: string): Promise<T> {
  const reply = await t.app.inject({ method: 'GET', url: path });
  expect(reply.statusCode).toBe(200);
  return reply.json() as T;
}
async function product(sku: string): Promise<Product> {
  const row = await t.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow();
  return get<Product>(`${ns}/product?product_id=${row.id}`);
}
const titles = (body: Product, code: 'color' | 'size') =>
  body.configurable_options[code]?.options.map((choice) => [choice.default_title, choice.qty]);
async function categoryNamesOf(sku: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('product_categories as pc')
    .innerJoin('products as p', 'p.id', 'pc.product_id')
    .innerJoin('categories as c', 'c.id', 'pc.category_id')
    .select('c.code')
    .where('p.sku', '=', sku)
    .orderBy('c.code')
    .execute();
  return rows.map((row) => row.code);
}
/** Every picture the catalogue now names, as the storefront would ask for it. */
async function allPictureUrls(): Promise<string[]> {
  const images = await t.db.selectFrom('product_images').select('url').execute();
  const sellers = await t.db.selectFrom('sellers').select(['logo_url', 'banner_url']).execute();
  const templates = await t.db.selectFrom('mms_templates').select('image_url').execute();
  return [
    ...new Set([
      ...images.map((row) => row.url),
      ...sellers.flatMap((row) => [row.logo_url, row.banner_url]),
      ...templates.map((row) => row.image_url),
    ]),
  ];
}

describe('docs/examples/shopify-products.csv', () => {
  it('[DATA-24, TILE-02] imports four products as the doc describes, and again writes nothing', async () => {
    const warnings: string[][] = [];
    const first = await importCatalogueFile(t.db, t.config, SHOPIFY, {
      library: t.app.deps.media,
      onWarnings: (w) => warnings.push(w),
    });
    expect(first.format).toBe('shopify');
    expect(warnings).toEqual([[]]);
    expect(first.pictures).toBe(6);
    expect(first.summary).toEqual({
      sellers: { created: 2, updated: 0, unchanged: 0 },
      categories: { created: 6, updated: 0, unchanged: 0 },
      products: { created: 4, updated: 0, unchanged: 0 },
      variants: { created: 10, updated: 0, unchanged: 0, disabled: 0 },
    });

    // Crest tee: Color and Size in the export's order; Navy/S at $42 is in stock, so 'From $42'.
    const tee = await product('crest-organic-tee');
    expect(tee).toMatchObject({ name: 'Crest Organic Tee', type_id: 'configurable', price: 42, qty: 20 });
    expect(tee.seller).toMatchObject({ seller_url: 'saltbush-surf-co', name: 'Saltbush Surf Co.' });
    expect(tee.description).toContain('<li>100% organic cotton, 220 gsm</li>');
    expect(titles(tee, 'color')).toEqual([
      ['Salt', 10],
      ['Navy', 10],
    ]);
    expect(titles(tee, 'size')).toEqual([
      ['S', 6],
      ['M', 11],
      ['L', 3],
    ]);
    expect(tee.images).toHaveLength(3);
    expect(await categoryNamesOf('crest-organic-tee')).toEqual(['clothing-men-tees']);

    // Hoodie: the only $40 size is sold out, so it sells from $45.
    const hoodie = await product('harbour-hoodie');
    expect(hoodie).toMatchObject({ price: 45, qty: 6 });
    expect(titles(hoodie, 'size')?.map(([title]) => title)).toEqual(['S', 'M', 'L', 'XL']);
    expect(hoodie.configurable_options.color).toBeUndefined();

    // Honey: 'Default Title' → a simple product under its Variant SKU, from another Vendor.
    const honey = await product('LHF-RAW-500');
    expect(honey).toMatchObject({
      type_id: 'simple',
      price: 18.5,
      qty: 40,
      seller_url: 'leatherwood-honey-farm',
    });
    expect(await categoryNamesOf('LHF-RAW-500')).toEqual(['pantry']);

    // Beanie: Status draft → not for sale.
    const beanie = await t.app.inject({
      method: 'GET',
      url: `${ns}/product?product_id=${(await t.db.selectFrom('products').select('id').where('sku', '=', 'SBS-BEANIE').executeTakeFirstOrThrow()).id}`,
    });
    expect(beanie.json()).toMatchObject({ status: false, not_exists: true });
    const { data } = await get<{ data: ProductTile[] }>(`${ns}/browseProducts?page=1`);
    expect(data.map((tile) => tile.sku)).toEqual(['crest-organic-tee', 'harbour-hoodie', 'LHF-RAW-500']);

    const again = await importCatalogueFile(t.db, t.config, SHOPIFY, { library: t.app.deps.media });
    expect(again.summary).toEqual({
      sellers: { created: 0, updated: 0, unchanged: 2 },
      categories: { created: 0, updated: 0, unchanged: 6 },
      products: { created: 0, updated: 0, unchanged: 4 },
      variants: { created: 0, updated: 0, unchanged: 10, disabled: 0 },
    });
  });
});

describe('docs/examples/magento-products.csv', () => {
  it('[DATA-24] imports a configurable with its children and a simple product; deep categories fold', async () => {
    const warnings: string[] = [];
    const first = await importCatalogueFile(t.db, t.config, MAGENTO, {
      library: t.app.deps.media,
      seller: 'Luma Outdoor',
      onWarnings: (w) => warnings.push(...w),
    });
    expect(first.format).toBe('magento');
    expect(warnings).toEqual([
      expect.stringContaining('Collections / Outdoor / Winter / Shells → Collections / Outdoor / Winter'),
    ]);
    expect(first.summary).toEqual({
      sellers: { created: 1, updated: 0, unchanged: 0 },
      categories: { created: 8, updated: 0, unchanged: 0 },
      products: { created: 2, updated: 0, unchanged: 0 },
      variants: { created: 5, updated: 0, unchanged: 0, disabled: 0 },
    });

    // The variations list L, XS, S, XS, M: sizes take the shared size order, colours their first mention.
    const kit = await product('MJ01');
    expect(kit).toMatchObject({
      name: 'Beaumont Summit Kit',
      price: 42,
      qty: 18,
      short_desc: 'Lightweight quilted jacket',
    });
    expect(kit.seller).toMatchObject({ seller_url: 'luma-outdoor', name: 'Luma Outdoor' });
    expect(titles(kit, 'size')).toEqual([
      ['XS', 3],
      ['S', 8],
      ['M', 2],
      ['L', 5],
    ]);
    expect(titles(kit, 'color')).toEqual([
      ['Red', 16],
      ['Yellow', 2],
    ]);
    // A Magento export carries no swatches: common colour names get one.
    expect(kit.configurable_options.color?.options.map((o) => o.swatch)).toEqual(['#c8312b', '#f2cf3a']);
    expect(kit.configurable_products?.map((child) => child.sku)).toEqual([
      'MJ01-L-Red',
      'MJ01-XS-Red',
      'MJ01-S-Red',
      'MJ01-XS-Yellow',
      'MJ01-M-Yellow',
    ]);
    expect(await categoryNamesOf('MJ01')).toEqual(['collections-outdoor-winter', 'men-tops-jackets']);

    const bag = await product('24-MB01');
    expect(bag).toMatchObject({ type_id: 'simple', price: 34, qty: 100 });
    expect(await categoryNamesOf('24-MB01')).toEqual(['gear-bags']);

    const again = await importCatalogueFile(t.db, t.config, MAGENTO, {
      library: t.app.deps.media,
      seller: 'Luma Outdoor',
    });
    expect(again.summary.products).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(again.summary.variants).toEqual({ created: 0, updated: 0, unchanged: 5, disabled: 0 });
  });
});

describe('docs/catalogue-example.json through the CLI path', () => {
  it('imports the JSON example by its extension, and again writes nothing', async () => {
    const first = await importCatalogueFile(t.db, t.config, JSON_EXAMPLE, { library: t.app.deps.media });
    expect(first).toMatchObject({ format: 'json', pictures: 21 });
    const again = await importCatalogueFile(t.db, t.config, JSON_EXAMPLE, { library: t.app.deps.media });
    expect(again.summary.products).toEqual({ created: 0, updated: 0, unchanged: 3 });
  });
});

describe('examples with the media store merged', () => {
  it.each([
    ['shopify', SHOPIFY, {}],
    ['magento', MAGENTO, { seller: 'Luma Outdoor' }],
  ])(
    'every picture of the %s example is a /media path that the site serves',
    async (_name, path, options) => {
      await importCatalogueFile(t.db, t.config, path, { ...options, library: t.app.deps.media });
      const urls = await allPictureUrls();
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) {
        expect(url).toMatch(/^\/media\//);
        const reply = await t.app.inject({ method: 'GET', url });
        expect(reply.statusCode, url).toBe(200);
        expect(reply.headers['content-type'], url).toMatch(/^image\//);
      }
    },
  );
});
