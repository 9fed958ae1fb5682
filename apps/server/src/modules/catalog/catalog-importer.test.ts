import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openTestDatabase } from '../../db/database.ts';
import {
  aCatalogue,
  aCategory,
  aConfigurableProduct,
  aGiftCard,
  aSeller,
  aSimpleProduct,
  simpleProducts,
} from '../../test/catalog-factory.ts';
import {
  CatalogueImportError,
  catalogueIsEmpty,
  formatPath,
  importCatalogue,
  parseCatalogueFile,
  resetCatalogue,
} from './catalog-importer.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await resetCatalogue(handle.db);
});

const tree = [aCategory('clothing'), aCategory('tops', 'clothing'), aCategory('tees', 'tops')];

async function importError(file: unknown): Promise<CatalogueImportError> {
  try {
    await importCatalogue(handle.db, file as Parameters<typeof importCatalogue>[1]);
  } catch (error) {
    if (error instanceof CatalogueImportError) return error;
    throw error;
  }
  throw new Error('the import did not fail');
}

async function counts() {
  const row = await sql<{ sellers: number; categories: number; products: number; images: number }>`
    select (select count(*) from sellers) as sellers, (select count(*) from categories) as categories,
           (select count(*) from products) as products, (select count(*) from product_images) as images
  `.execute(handle.db);
  return row.rows[0];
}

describe('importCatalogue', () => {
  it('writes sellers, a three-level tree, simple, configurable and gift card products', async () => {
    const summary = await importCatalogue(
      handle.db,
      aCatalogue({
        categories: tree,
        products: [
          aSimpleProduct('MUG-1', { categories: ['clothing'] }),
          aConfigurableProduct('TEE-1', { categories: ['tees'] }),
          aGiftCard('GIFT-1'),
        ],
      }),
    );
    expect(summary).toEqual({
      sellers: { created: 1, updated: 0, unchanged: 0 },
      categories: { created: 3, updated: 0, unchanged: 0 },
      products: { created: 3, updated: 0, unchanged: 0 },
      variants: { created: 9, updated: 0, unchanged: 0, disabled: 0 },
    });
    const categories = await handle.db
      .selectFrom('categories')
      .select(['id', 'code', 'level', 'path', 'parent_id'])
      .orderBy('level')
      .execute();
    const [clothing, tops, tees] = categories;
    expect(clothing).toMatchObject({ level: 1, parent_id: null, path: `/${clothing?.id}/` });
    expect(tops).toMatchObject({ level: 2, parent_id: clothing?.id, path: `/${clothing?.id}/${tops?.id}/` });
    expect(tees).toMatchObject({ level: 3, path: `/${clothing?.id}/${tops?.id}/${tees?.id}/` });
    const tee = await handle.db
      .selectFrom('products')
      .select(['id', 'type_id', 'qty', 'price_cents'])
      .where('sku', '=', 'TEE-1')
      .executeTakeFirstOrThrow();
    expect(tee).toMatchObject({ type_id: 'configurable', qty: 0, price_cents: 3000 });
    const children = await handle.db
      .selectFrom('products')
      .select(['sku', 'price_cents', 'qty'])
      .where('parent_id', '=', tee.id)
      .orderBy('id')
      .execute();
    expect(children).toHaveLength(6);
    expect(children[0]).toEqual({ sku: 'TEE-1-RED-S', price_cents: 2500, qty: 2 });
    expect(children[1]).toEqual({ sku: 'TEE-1-RED-M', price_cents: 3000, qty: 3 });
    expect(await catalogueIsEmpty(handle.db)).toBe(false);
  });

  it('a re-import reports everything unchanged and rewrites nothing (updated_at stays)', async () => {
    const file = aCatalogue({
      categories: tree,
      products: [
        aSimpleProduct('MUG-1', { categories: ['tees'] }),
        aConfigurableProduct('TEE-1'),
        aGiftCard('G-1'),
      ],
    });
    await importCatalogue(handle.db, file);
    const before = await handle.db
      .selectFrom('products')
      .select(['sku', 'updated_at', 'id'])
      .orderBy('id')
      .execute();
    const again = await importCatalogue(handle.db, file);
    expect(again).toEqual({
      sellers: { created: 0, updated: 0, unchanged: 1 },
      categories: { created: 0, updated: 0, unchanged: 3 },
      products: { created: 0, updated: 0, unchanged: 3 },
      variants: { created: 0, updated: 0, unchanged: 9, disabled: 0 },
    });
    const after = await handle.db
      .selectFrom('products')
      .select(['sku', 'updated_at', 'id'])
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
  });

  it('an upsert by sku changes a price, a picture and a variant, and counts the product once as updated', async () => {
    await importCatalogue(
      handle.db,
      aCatalogue({ products: [aSimpleProduct('MUG-1'), aConfigurableProduct('TEE-1')] }),
    );
    const tee = aConfigurableProduct('TEE-1');
    const summary = await importCatalogue(
      handle.db,
      aCatalogue({
        products: [
          aSimpleProduct('MUG-1', { price: 12.5, images: ['/media/new.png'] }),
          {
            ...tee,
            variants: tee.variants.slice(0, 5).map((v) => (v.sku === 'TEE-1-RED-M' ? { ...v, qty: 9 } : v)),
          },
        ],
      }),
    );
    expect(summary.products).toEqual({ created: 0, updated: 2, unchanged: 0 });
    // The summary counts variants like products: one changed stock, four untouched, one dropped.
    expect(summary.variants).toEqual({ created: 0, updated: 1, unchanged: 4, disabled: 1 });
    const mug = await handle.db
      .selectFrom('products')
      .select(['id', 'price_cents'])
      .where('sku', '=', 'MUG-1')
      .executeTakeFirstOrThrow();
    expect(mug.price_cents).toBe(1250);
    const pictures = await handle.db
      .selectFrom('product_images')
      .select('url')
      .where('product_id', '=', mug.id)
      .execute();
    expect(pictures).toEqual([{ url: '/media/new.png' }]);
    const variants = await handle.db
      .selectFrom('products')
      .select(['sku', 'qty', 'enabled'])
      .where('sku', 'in', ['TEE-1-RED-M', 'TEE-1-BLUE-L'])
      .orderBy('sku')
      .execute();
    // A variant the file no longer lists is disabled, not deleted (orders may point at it).
    expect(variants).toEqual([
      { sku: 'TEE-1-BLUE-L', qty: 0, enabled: false },
      { sku: 'TEE-1-RED-M', qty: 9, enabled: true },
    ]);
  });

  it('a bad file changes nothing and reports every problem with its path', async () => {
    await importCatalogue(handle.db, aCatalogue({ products: [aSimpleProduct('MUG-1')] }));
    const before = await counts();
    const error = await importError(
      aCatalogue({
        products: [
          aSimpleProduct('MUG-1', { price: 99 }),
          aSimpleProduct('MUG-2', { price: -1 }),
          aConfigurableProduct('TEE-1', {
            variants: [
              { sku: 'X', color: 'Red', qty: 1 },
              { sku: 'X', color: 'Blue', qty: 1 },
            ],
          }),
        ],
      }),
    );
    expect(error.problems).toContain('products[1].price: Too small: expected number to be >=0');
    expect(await counts()).toEqual(before);

    const duplicate = await importError(
      aCatalogue({
        products: [
          aSimpleProduct('MUG-1'),
          aConfigurableProduct('TEE-1', {
            variants: [
              { sku: 'X', color: 'Red', qty: 1 },
              { sku: 'MUG-1', color: 'Blue', qty: 1 },
            ],
          }),
        ],
      }),
    );
    expect(duplicate.problems).toEqual([
      'products[1].variants[1].sku: sku "MUG-1" is also used at products.0.sku',
    ]);

    const references = await importError(
      aCatalogue({
        categories: [...tree, aCategory('crew-necks', 'tees'), aCategory('orphans', 'nowhere')],
        products: [
          aSimpleProduct('MUG-1', { seller: 'nobody', categories: ['clothing', 'missing'] }),
          aSimpleProduct('MUG-3', { price: 1 }),
        ],
      }),
    );
    expect(references.problems).toEqual(
      expect.arrayContaining([
        'products[0].seller: unknown seller "nobody"',
        'products[0].categories[1]: unknown category "missing"',
        'categories[4].parent: unknown category "nowhere"',
        'categories[3].parent: "crew-necks" would be at level 4; categories have at most 3 levels',
      ]),
    );
    expect(references.problems).toHaveLength(4);
    expect(await counts()).toEqual(before);
    const mug = await handle.db
      .selectFrom('products')
      .select('price_cents')
      .where('sku', '=', 'MUG-1')
      .executeTakeFirst();
    expect(mug?.price_cents).toBe(1995);
  });

  it('[I27-text] a name with a lone surrogate, only zero-width characters or U+202E is refused at its path', async () => {
    const error = await importError(
      aCatalogue({
        products: [
          aSimpleProduct('MUG-1', { name: 'a\ud800b' }),
          aSimpleProduct('MUG-2', { name: '\u200b\u200b' }),
          aSimpleProduct('MUG-3', { name: 'Mug \u202egpj.exe' }),
          aSimpleProduct('MUG-4', { name: 'Harbour Mug 🦘 港' }),
        ],
      }),
    );
    expect(error.problems).toEqual([
      'products[0].name: must not contain a broken character (an unpaired surrogate)',
      'products[1].name: must contain a visible character',
      'products[2].name: must not contain text-direction controls (such as U+202E)',
    ]);
  });

  it('category depth counts the parents already in the database, and existing sellers can be referenced', async () => {
    await importCatalogue(handle.db, aCatalogue({ categories: tree }));
    const error = await importError({ categories: [aCategory('v-necks', 'tees')] });
    expect(error.problems).toEqual([
      'categories[0].parent: "v-necks" would be at level 4; categories have at most 3 levels',
    ]);
    const cycle = await importError({ categories: [aCategory('clothing', 'tees')] });
    expect(cycle.problems[0]).toMatch(/^categories\[0\]\.parent: .*own ancestor/);
    const summary = await importCatalogue(handle.db, {
      products: [aSimpleProduct('LATE-1', { categories: ['tees'] })],
    });
    expect(summary.products.created).toBe(1);
  });

  it('moving a category re-computes the level and path of its subtree', async () => {
    await importCatalogue(
      handle.db,
      aCatalogue({ categories: [aCategory('a'), aCategory('b'), aCategory('c', 'a')] }),
    );
    await importCatalogue(handle.db, { categories: [aCategory('a', 'b')] });
    const rows = await handle.db
      .selectFrom('categories')
      .select(['id', 'code', 'level', 'path'])
      .orderBy('code')
      .execute();
    const [a, b, c] = rows;
    expect(a).toMatchObject({ level: 2, path: `/${b?.id}/${a?.id}/` });
    expect(c).toMatchObject({ level: 3, path: `/${b?.id}/${a?.id}/${c?.id}/` });
  });

  it('reports progress as batches finish and imports 2,000 products quickly', async () => {
    const progress: [number, number][] = [];
    const started = performance.now();
    const summary = await importCatalogue(handle.db, aCatalogue({ products: simpleProducts(2_000) }), {
      onProgress: (done, total) => progress.push([done, total]),
    });
    const seconds = (performance.now() - started) / 1000;
    expect(summary.products.created).toBe(2_000);
    expect(progress.at(0)).toEqual([0, 2_000]);
    expect(progress.at(-1)).toEqual([2_000, 2_000]);
    expect(progress.length).toBeGreaterThan(2);
    expect(seconds).toBeLessThan(15);
  });

  it('resetCatalogue deletes every catalogue row and restarts the ids', async () => {
    await importCatalogue(
      handle.db,
      aCatalogue({
        sellers: [aSeller(), aSeller({ seller_url: 'b' })],
        categories: tree,
        products: [aGiftCard('G-1')],
      }),
    );
    await resetCatalogue(handle.db);
    expect(await catalogueIsEmpty(handle.db)).toBe(true);
    expect(await counts()).toEqual({ sellers: 0, categories: 0, products: 0, images: 0 });
    await importCatalogue(handle.db, aCatalogue({ products: [aSimpleProduct('FIRST')] }));
    const first = await handle.db.selectFrom('products').select('id').executeTakeFirstOrThrow();
    expect(first.id).toBe(1);
  });

  it('imports the documented example, docs/catalogue-example.json, and a second time changes nothing', async () => {
    const example: unknown = JSON.parse(
      readFileSync(new URL('../../../../../docs/catalogue-example.json', import.meta.url), 'utf8'),
    );
    const file = parseCatalogueFile(example);
    expect(file.sellers).toHaveLength(2);
    expect(new Set(file.products.map((product) => product.type))).toEqual(
      new Set(['simple', 'configurable', 'giftcard']),
    );
    const summary = await importCatalogue(handle.db, file);
    expect(summary.products.created).toBe(3);
    expect(summary.categories.created).toBe(5);
    const levels = await handle.db
      .selectFrom('categories')
      .select('level')
      .distinct()
      .orderBy('level')
      .execute();
    expect(levels.map((row) => row.level)).toEqual([1, 2, 3]);
    const again = await importCatalogue(handle.db, file);
    expect(again.products).toEqual({ created: 0, updated: 0, unchanged: 3 });
  });

  it('formats issue paths like products[12].variants[3].sku', () => {
    expect(formatPath(['products', 12, 'variants', 3, 'sku'])).toBe('products[12].variants[3].sku');
    expect(formatPath([])).toBe('(file)');
    expect(() => parseCatalogueFile({ products: [{ type: 'simple', sku: 'A' }] })).toThrow(
      /products\[0\]\.name: is required/,
    );
  });

  it('a picture may be a path relative to the file, a data: URL, an http(s) URL or a /media path; nothing else', () => {
    const withImages = (images: string[]) =>
      parseCatalogueFile(aCatalogue({ products: [aSimpleProduct('MUG-1', { images })] }));
    const good = [
      'pictures/mug.jpg',
      '../shared/mug.png',
      'data:image/png;base64,iVBORw0KGgo=',
      'https://cdn.example.com/m.jpg',
    ];
    expect(withImages(good).products[0]?.images).toEqual(good);
    expect(withImages(['/media/products/m.png']).products[0]?.images).toEqual(['/media/products/m.png']);
    const problems = (() => {
      try {
        withImages([
          '/home/me/mug.jpg',
          'file:///etc/passwd',
          'ftp://example.com/m.jpg',
          `pictures/${'x'.repeat(2000)}.jpg`,
        ]);
      } catch (error) {
        return (error as CatalogueImportError).problems;
      }
      return [];
    })();
    const refused = 'must be a path relative to the file, a data: URL, an http(s) URL or a /media/ path';
    expect(problems).toEqual([
      `products[0].images[0]: ${refused}`,
      `products[0].images[1]: ${refused}`,
      `products[0].images[2]: ${refused}`,
      'products[0].images[3]: is longer than 2000 characters',
    ]);
  });
});
