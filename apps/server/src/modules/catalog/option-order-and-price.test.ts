import type { Product, ProductTile } from '@quokka/contract/api/catalog';
import { formatTilePrice } from '@quokka/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aConfigurableProduct, aSeller, importTestCatalogue } from '../../test/catalog-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { invalidateCatalogueCache } from './catalog-cache.ts';
import { importCatalogue } from './catalog-importer.ts';

// A product's own option order, and 'From $x' over what a shopper can buy, as the storefront reads them.

let t: TestApp;
const ns = '/rest/default/V1/storefront';

async function get<T>(path: string): Promise<T> {
  const reply = await t.app.inject({ method: 'GET', url: path });
  expect(reply.statusCode).toBe(200);
  return reply.json() as T;
}
async function idOf(sku: string): Promise<number> {
  const row = await t.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow();
  return row.id;
}
const product = async (sku: string) => get<Product>(`${ns}/product?product_id=${await idOf(sku)}`);
const titles = (body: Product, code: 'color' | 'size') =>
  body.configurable_options[code]?.options.map((choice) => choice.default_title);

/** Men's jeans name the big sizes first in the file; women's shorts list their own order after them. */
const jeans = aConfigurableProduct('JEANS', {
  options: undefined,
  variants: [
    { sku: 'JEANS-INDIGO-32', color: 'Indigo', size: '32', qty: 3 },
    { sku: 'JEANS-INDIGO-34', color: 'Indigo', size: '34', qty: 3 },
    { sku: 'JEANS-BLACK-32', color: 'Black', size: '32', qty: 3 },
  ],
});
const shorts = aConfigurableProduct('SHORTS', {
  options: { size: ['28', '29', '30', '31', '32'].map((title) => ({ title })) },
  variants: [
    // The variants name 32 first; the product's `options` decide.
    { sku: 'SHORTS-BLACK-32', color: 'Black', size: '32', qty: 1 },
    ...['28', '29', '30', '31'].map((size) => ({
      sku: `SHORTS-BLACK-${size}`,
      color: 'Black',
      size,
      qty: 1,
    })),
    { sku: 'SHORTS-INDIGO-28', color: 'Indigo', size: '28', qty: 1 },
  ],
});

/** The only $40 hoodie is sold out: a shopper can buy from $45. */
const hoodie = aConfigurableProduct('HOODIE', {
  price: 45,
  options: undefined,
  variants: [
    { sku: 'HOODIE-S', size: 'S', price: 40, qty: 0 },
    { sku: 'HOODIE-M', size: 'M', qty: 2 },
    { sku: 'HOODIE-L', size: 'L', price: 55, qty: 1 },
    { sku: 'HOODIE-XL', size: 'XL', price: 70, qty: 0 },
  ],
});
/** Everything sold out: the range of all its variants. */
const soldOut = aConfigurableProduct('BEANIE', {
  price: 20,
  options: undefined,
  variants: [
    { sku: 'BEANIE-RED', color: 'Red', price: 18, qty: 0 },
    { sku: 'BEANIE-BLUE', color: 'Blue', price: 22, qty: 0 },
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  await importTestCatalogue(t.db, { sellers: [aSeller()], products: [jeans, shorts, hoodie, soldOut] });
});
afterAll(() => t.close());

describe('option order', () => {
  it("[DATA-24, PDP-07] each product shows its sizes and colours in its own data's order, not the file's", async () => {
    expect(titles(await product('JEANS'), 'size')).toEqual(['32', '34']);
    expect(titles(await product('JEANS'), 'color')).toEqual(['Indigo', 'Black']);
    expect(titles(await product('SHORTS'), 'size')).toEqual(['28', '29', '30', '31', '32']);
    // The shorts name Black first although the jeans named Indigo first in the file.
    expect(titles(await product('SHORTS'), 'color')).toEqual(['Black', 'Indigo']);
    expect(titles(await product('HOODIE'), 'size')).toEqual(['S', 'M', 'L', 'XL']);
  });

  it('[DATA-24] a re-import with a new order moves the choices and counts the product as updated', async () => {
    const reordered = {
      ...shorts,
      options: { size: ['32', '31', '30', '29', '28'].map((title) => ({ title })) },
    };
    const summary = await importCatalogue(t.db, { products: [reordered] });
    expect(summary.products).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(titles(await product('SHORTS'), 'size')).toEqual(['32', '31', '30', '29', '28']);
    const again = await importCatalogue(t.db, { products: [reordered] });
    expect(again.products).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(again.variants).toMatchObject({ created: 0, updated: 0, unchanged: 6 });
    await importCatalogue(t.db, { products: [shorts] });
  });
});

describe("'From $x' counts what a shopper can buy", () => {
  it('[TILE-02, PDP-06] the tile, the product and the listing render skip sold-out variants', async () => {
    const { data } = await get<{ data: ProductTile[] }>(`${ns}/browseProducts?page=1`);
    const tile = data.find((p) => p.sku === 'HOODIE');
    expect(tile).toMatchObject({ price: 45, qty: 3 });
    expect(formatTilePrice(tile!.price, tile!.type_id)).toBe('From $45.00');
    expect(await product('HOODIE')).toMatchObject({ price: 45, qty: 3 });
    const render = await get<{
      items: { id: number; price_info: { minimal_price: number; max_price: number } }[];
    }>('/rest/default/V1/products-render-info?searchCriteria[pageSize]=10&searchCriteria[currentPage]=1');
    const item = render.items.find((entry) => entry.id === tile!.id);
    // In stock: M at $45 and L at $55; the sold-out $40 and $70 do not count.
    expect(item?.price_info).toMatchObject({ minimal_price: 45, max_price: 55 });
  });

  it('[TILE-02, PDP-06] when every variant is sold out, the range of all of them applies', async () => {
    const { data } = await get<{ data: ProductTile[] }>(`${ns}/browseProducts?page=1`);
    const tile = data.find((p) => p.sku === 'BEANIE');
    expect(tile).toMatchObject({ price: 18, qty: 0 });
    expect(await product('BEANIE')).toMatchObject({ price: 18, qty: 0 });
    const render = await get<{
      items: { id: number; price_info: { minimal_price: number; max_price: number } }[];
    }>('/rest/default/V1/products-render-info?searchCriteria[pageSize]=10&searchCriteria[currentPage]=1');
    expect(render.items.find((entry) => entry.id === tile!.id)?.price_info).toMatchObject({
      minimal_price: 18,
      max_price: 22,
    });
  });

  it('[TILE-02] selling the last cheap variant moves the price up at once', async () => {
    await t.db.updateTable('products').set({ qty: 0 }).where('sku', '=', 'HOODIE-M').execute();
    invalidateCatalogueCache(); // a cached reply lives a few seconds; the next one reads the new stock
    expect(await product('HOODIE')).toMatchObject({ price: 55, qty: 1 });
  });
});
