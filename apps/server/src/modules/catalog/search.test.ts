import type { SearchReply, SearchSuggestionsReply } from '@quokka/contract/api/search';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aCategory,
  aConfigurableProduct,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
} from '../../test/catalog-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { searchProductIds } from './search.ts';

// [I33] GET {ns}/search and {ns}/searchSuggestions on a small catalogue whose counts are worked out by
// hand: a hoodie in two colours and three sizes (Men › Tops, $25–$30), a sold-out jacket of another
// seller (Women, $80), a tee whose description mentions hoodies (Men, $20), and three hoodies the
// storefront must never show (off sale, waiting for review, of a suspended seller).

let t: TestApp;
const ns = '/rest/default/V1/storefront';
const ids = new Map<string, number>();
const idOf = (sku: string) => ids.get(sku) as number;

async function get<T>(path: string) {
  const reply = await t.app.inject({ method: 'GET', url: path });
  return { status: reply.statusCode, body: reply.json() as T, headers: reply.headers };
}
const search = async (query: string) => (await get<SearchReply>(`${ns}/search?${query}`)).body;
const skus = (reply: SearchReply) => reply.data.map((tile) => tile.sku);

beforeAll(async () => {
  t = await createTestApp();
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller(),
      aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' }),
      aSeller({ seller_url: 'gone-goods', name: 'Gone Goods' }),
    ],
    categories: [aCategory('men'), aCategory('men-tops', 'men'), aCategory('women')],
    products: [
      aConfigurableProduct('HD-100', { name: 'Chaz Kangeroo Hoodie', categories: ['men-tops'] }),
      aSimpleProduct('JK-200', {
        name: 'Stellar Jacket',
        seller: 'outback-outfitters',
        price: 80,
        qty: 0,
        categories: ['women'],
        description: '<p>A warm winter layer.</p>',
      }),
      aSimpleProduct('TS-300', {
        name: 'Summit Tee',
        price: 20,
        categories: ['men'],
        description: '<p>Wear it under your hoodie.</p>',
      }),
      aSimpleProduct('OFF-1', { name: 'Hidden Hoodie' }),
      aSimpleProduct('WAIT-1', { name: 'Waiting Hoodie' }),
      aSimpleProduct('SUS-1', { name: 'Suspended Hoodie', seller: 'gone-goods' }),
    ],
  });
  const rows = await t.db.selectFrom('products').select(['id', 'sku']).execute();
  for (const row of rows) ids.set(row.sku, row.id);
  await t.db.updateTable('products').set({ enabled: false }).where('sku', '=', 'OFF-1').execute();
  await t.db.updateTable('products').set({ review_status: 'waiting' }).where('sku', '=', 'WAIT-1').execute();
  await t.db.updateTable('products').set({ seller_active: false }).where('sku', '=', 'SUS-1').execute();
});

afterAll(async () => {
  await t.close();
});

describe('[I33] GET {ns}/search', () => {
  it('finds by word prefix, puts name matches above description matches, and answers tiles as browseProducts', async () => {
    const reply = await search('q=hood');
    expect(skus(reply)).toEqual(['HD-100', 'TS-300']);
    expect(reply.total_count).toBe(2);
    expect(reply.suggestion).toBeUndefined();
    const browse = await get<{ data: { sku: string }[] }>(`${ns}/browseProducts?page=1`);
    expect(reply.data[0]).toEqual(browse.body.data.find((tile) => tile.sku === 'HD-100'));
  });

  it('never shows a product off sale, waiting for review or of a suspended seller', async () => {
    const reply = await search('q=hoodie');
    expect(skus(reply)).toEqual(['HD-100', 'TS-300']);
    for (const q of ['hidden', 'waiting', 'suspended', 'OFF-1', 'SUS-1']) {
      expect((await search(`q=${q}`)).total_count, q).toBe(0);
    }
  });

  it('forgives a typo and suggests the corrected query', async () => {
    const hodie = await search('q=hodie');
    expect(skus(hodie)[0]).toBe('HD-100');
    expect(hodie.suggestion).toBe('hoodie');
    const jakcet = await search('q=stelar%20jakcet');
    expect(skus(jakcet)).toEqual(['JK-200']);
    expect(jakcet.suggestion).toBe('stellar jacket');
    const nothing = await search('q=zzzzqqq');
    expect(nothing.total_count).toBe(0);
    expect(nothing.suggestion).toBeUndefined();
  });

  it('finds SKU fragments, an exact SKU first, several words in any order, plural and singular', async () => {
    expect(skus(await search('q=hd-100-blue'))).toEqual(['HD-100']);
    expect(skus(await search('q=hd-100'))).toEqual(['HD-100']);
    expect(skus(await search('q=HD-100-RED-S'))).toEqual(['HD-100']);
    expect(skus(await search('q=hoodie%20kangeroo'))).toEqual(['HD-100']);
    expect(skus(await search('q=jackets'))).toEqual(['JK-200']);
    // The hoodie's short description says "tee": below the product named so.
    expect(skus(await search('q=tees'))).toEqual(['TS-300', 'HD-100']);
  });

  it('filters by category (with its descendants), seller, price, colour, size and stock', async () => {
    const men = (
      await t.db.selectFrom('categories').select('id').where('code', '=', 'men').executeTakeFirst()
    )?.id;
    expect((await search(`category_id=${men}`)).data.map((tile) => tile.sku).sort()).toEqual([
      'HD-100',
      'TS-300',
    ]);
    expect(skus(await search('seller_url=outback-outfitters'))).toEqual(['JK-200']);
    // The hoodie's Red/S costs $25, the rest $30: a range around $25 finds it by its child's price.
    expect(skus(await search('price_min=24&price_max=26'))).toEqual(['HD-100']);
    expect(skus(await search('price_min=50'))).toEqual(['JK-200']);
    expect(skus(await search('color=blue'))).toEqual(['HD-100']);
    expect(skus(await search('size=M'))).toEqual(['HD-100']);
    expect((await search('in_stock=1')).data.map((tile) => tile.sku).sort()).toEqual(['HD-100', 'TS-300']);
    expect((await search('q=hoodie&size=XL')).total_count).toBe(0);
  });

  it('sorts by price up and down, newest, and by relevance', async () => {
    expect(skus(await search('sort=price_asc'))).toEqual(['TS-300', 'HD-100', 'JK-200']);
    expect(skus(await search('sort=price_desc'))).toEqual(['JK-200', 'HD-100', 'TS-300']);
    await sql`update products set created_at = '2020-01-01' where sku = 'JK-200'`.execute(t.db);
    expect(skus(await search('sort=newest'))[2]).toBe('JK-200');
  });

  it('counts each filter value with the other filters applied', async () => {
    const women = (await t.db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('code', '=', 'women')
      .executeTakeFirst())!;
    const menTops = (await t.db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('code', '=', 'men-tops')
      .executeTakeFirst())!;
    const reply = await search('in_stock=1');
    expect(reply.total_count).toBe(2);
    // The seller facet counts in stock products; the stock count ignores the stock filter itself.
    expect(reply.facets.seller).toEqual([
      { value: 'harbour-goods', label: 'Seller harbour-goods', count: 2 },
    ]);
    expect(reply.facets.in_stock).toBe(2);
    expect(reply.facets.color).toEqual([
      { value: 'Blue', label: 'Blue', count: 1 },
      { value: 'Red', label: 'Red', count: 1 },
    ]);
    expect(reply.facets.size.map((f) => f.value)).toEqual(['S', 'M', 'L']);
    expect(reply.facets.price).toEqual({ min: 20, max: 25 });
    const bySeller = await search('seller_url=outback-outfitters');
    // Each seller counted without the seller filter; the category counted with it.
    expect(bySeller.facets.seller).toEqual([
      { value: 'harbour-goods', label: 'Seller harbour-goods', count: 2 },
      { value: 'outback-outfitters', label: 'Outback Outfitters', count: 1 },
    ]);
    expect(bySeller.facets.category).toEqual([{ value: String(women.id), label: women.name, count: 1 }]);
    expect(bySeller.facets.in_stock).toBe(0);
    const hoodies = await search('q=hoodie&color=Red');
    // The tee has no red: only the hoodie's own category is counted.
    expect(hoodies.facets.category).toEqual([{ value: String(menTops.id), label: menTops.name, count: 1 }]);
    // [I33] The colour facet is counted without the colour filter (Blue is still offered), and the size
    // facet without the size filter, in the shop's size order.
    expect(hoodies.facets.color).toEqual([
      { value: 'Blue', label: 'Blue', count: 1 },
      { value: 'Red', label: 'Red', count: 1 },
    ]);
    const small = await search('q=hoodie&size=s');
    expect(small.total_count).toBe(1);
    expect(small.facets.size.map((f) => [f.value, f.count])).toEqual([
      ['S', 1],
      ['M', 1],
      ['L', 1],
    ]);
    expect((await search('q=hoodie&size=s&color=green')).total_count).toBe(0);
  });

  it('finds a product by its new name at once after an edit, and loses it when it goes off sale', async () => {
    await t.db
      .updateTable('products')
      .set({ name: 'Alpine Fleece Hoodie' })
      .where('sku', '=', 'HD-100')
      .execute();
    expect(skus(await search('q=alpine%20fleece'))).toEqual(['HD-100']);
    expect((await search('q=kangeroo')).total_count).toBe(0);
    await t.db.updateTable('products').set({ enabled: false }).where('sku', '=', 'HD-100').execute();
    expect((await search('q=alpine')).total_count).toBe(0);
    await t.db
      .updateTable('products')
      .set({ enabled: true, name: 'Chaz Kangeroo Hoodie' })
      .where('sku', '=', 'HD-100')
      .execute();
    expect(skus(await search('q=kangeroo'))).toEqual(['HD-100']);
  });

  it('refuses a query too long, a bad price and a bad sort with 400 naming the parameter', async () => {
    const long = await get<{ message: string }>(`${ns}/search?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Invalid querystring: q: is too long (at most 100 characters)');
    const price = await get<{ message: string }>(`${ns}/search?price_min=cheap`);
    expect(price.status).toBe(400);
    expect(price.body.message).toBe(
      'Invalid querystring: price_min: must be an amount in dollars, such as 25 or 24.95',
    );
    const sort = await get<{ message: string }>(`${ns}/search?sort=cheapest`);
    expect(sort.status).toBe(400);
    expect(sort.body.message).toBe(
      'Invalid querystring: sort: must be one of relevance, price_asc, price_desc, newest',
    );
  });
});

describe('[I33] GET {ns}/searchSuggestions', () => {
  it('suggests products and categories with the matching part marked', async () => {
    const reply = (await get<SearchSuggestionsReply>(`${ns}/searchSuggestions?q=hood`)).body;
    expect(reply.products.map((p) => p.sku)).toEqual(['HD-100', 'TS-300']);
    expect(reply.products[0]).toMatchObject({ name: 'Chaz Kangeroo Hoodie', price: 25, marks: [[14, 18]] });
    expect(reply.products[1]?.marks).toEqual([]);
    const men = (await get<SearchSuggestionsReply>(`${ns}/searchSuggestions?q=me`)).body;
    expect(men.categories.map((c) => [c.name, c.marks])).toEqual([
      ['Men', [[0, 2]]],
      ['Men Tops', [[0, 2]]],
    ]);
    const typo = (await get<SearchSuggestionsReply>(`${ns}/searchSuggestions?q=kangaroo%20hodie`)).body;
    expect(typo.products[0]?.marks).toEqual([
      [5, 13],
      [14, 20],
    ]);
    const short = (await get<SearchSuggestionsReply>(`${ns}/searchSuggestions?q=h`)).body;
    expect(short).toEqual({ status: true, products: [], categories: [] });
  });
});

describe('[I33] searchProductIds (the back office)', () => {
  it('finds listed or all products, of one seller or every one, a page at a time', async () => {
    expect(await searchProductIds(t.db, 'hoodie', { listedOnly: true, limit: 10, offset: 0 })).toEqual({
      ids: [idOf('HD-100'), idOf('TS-300')],
      total: 2,
    });
    const all = await searchProductIds(t.db, 'hoodie', { listedOnly: false, limit: 2, offset: 0 });
    expect(all.total).toBe(5);
    const gone = (
      await t.db.selectFrom('sellers').select('id').where('seller_url', '=', 'gone-goods').executeTakeFirst()
    )?.id;
    expect(
      await searchProductIds(t.db, 'hood', { listedOnly: false, sellerId: gone, limit: 10, offset: 0 }),
    ).toEqual({
      ids: [idOf('SUS-1')],
      total: 1,
    });
  });
});
