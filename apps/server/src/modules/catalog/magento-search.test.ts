import type { ProductsRenderInfoReply } from '@quokka/contract/api/catalog';
import type { MagentoProductsReply } from '@quokka/contract/api/magento-search';
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
import { invalidateCatalogueCache } from './catalog-cache.ts';

// [I33] Magento clients' searchCriteria on GET /V1/products and products-render-info (magento-search.ts):
// each field and condition, OR within a group and AND across groups, sort orders, paging, the 400 that
// names a key this server does not read, and only listed products (enabled, approved, seller selling).

let t: TestApp;
const ids = new Map<string, number>();
const idOf = (sku: string) => ids.get(sku) as number;
const categoryIds = new Map<string, number>();

const REST = '/rest/default/V1';

interface Filter {
  field: string;
  value: string;
  condition_type?: string;
}

/** The query string of filter groups (each a list of OR-ed filters) and sort orders, as Magento clients send. */
function criteria(groups: Filter[][], extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  groups.forEach((filters, group) => {
    filters.forEach((filter, index) => {
      const at = `searchCriteria[filter_groups][${group}][filters][${index}]`;
      params.set(`${at}[field]`, filter.field);
      params.set(`${at}[value]`, filter.value);
      if (filter.condition_type) params.set(`${at}[condition_type]`, filter.condition_type);
    });
  });
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  return params.toString();
}

async function get<T>(url: string) {
  const reply = await t.app.inject({ method: 'GET', url });
  return { status: reply.statusCode, body: reply.json() as T };
}

/** The SKUs GET /V1/products answers, in its order. */
async function skus(groups: Filter[][], extra: Record<string, string | number> = {}): Promise<string[]> {
  const { status, body } = await get<MagentoProductsReply>(`${REST}/products?${criteria(groups, extra)}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.items.map((item) => item.sku);
}

const sorted = (list: string[]) => [...list].sort();

beforeAll(async () => {
  t = await createTestApp();
  await importTestCatalogue(t.db, {
    sellers: [aSeller(), aSeller({ seller_url: 'outback-outfitters' })],
    categories: [
      aCategory('clothing'),
      aCategory('tops', 'clothing'),
      aCategory('tees', 'tops'),
      aCategory('hats', 'clothing'),
      aCategory('gifts'),
    ],
    products: [
      aSimpleProduct('HOOD-NAVY', { name: 'Navy Hoodie', price: 59.95, categories: ['tops'] }),
      aSimpleProduct('HOOD-GREY', { name: 'grey hoodie', price: 49.95, categories: ['tops'], qty: 0 }),
      // Buyable from $25 (Red/S); its variants' SKUs are TEE-1-RED-S and so on.
      aConfigurableProduct('TEE-1', { seller: 'outback-outfitters', categories: ['tees'] }),
      aSimpleProduct('MUG-1', { name: 'Enamel Mug', price: 12.5, categories: ['gifts'] }),
      aSimpleProduct('HAT-1', { name: 'Sun Hat', price: 30, categories: ['hats'] }),
      // Never answered: off sale, waiting for review, and of a suspended seller.
      aSimpleProduct('HOOD-OFF', { name: 'Hidden Hoodie', categories: ['tops'], enabled: false }),
      aSimpleProduct('HOOD-WAIT', { name: 'Waiting Hoodie', categories: ['tops'] }),
      aSimpleProduct('HOOD-SUSP', { name: 'Suspended Hoodie', seller: 'outback-outfitters' }),
    ],
  });
  await t.db
    .updateTable('products')
    .set({ review_status: 'waiting' })
    .where('sku', '=', 'HOOD-WAIT')
    .execute();
  await t.db.updateTable('products').set({ seller_active: false }).where('sku', '=', 'HOOD-SUSP').execute();
  // Newest first would be MUG-1, HAT-1, TEE-1, HOOD-GREY, HOOD-NAVY.
  const days = ['HOOD-NAVY', 'HOOD-GREY', 'TEE-1', 'HAT-1', 'MUG-1'];
  for (const [index, sku] of days.entries()) {
    const createdAt = new Date(Date.UTC(2026, 0, index + 1, 9, 30));
    await sql`update products set created_at = ${createdAt} where sku = ${sku}`.execute(t.db);
  }
  invalidateCatalogueCache();
  for (const row of await t.db.selectFrom('products').select(['id', 'sku']).execute())
    ids.set(row.sku, row.id);
  for (const row of await t.db.selectFrom('categories').select(['id', 'code']).execute())
    categoryIds.set(row.code, row.id);
});
afterAll(() => t?.close());

describe('[I33] GET /V1/products: Magento product list', () => {
  it('[I33] answers {items, search_criteria, total_count} with the fields of Magento it has', async () => {
    const query = criteria([[{ field: 'sku', value: 'MUG-1' }]]);
    const { status, body } = await get<MagentoProductsReply>(`${REST}/products?${query}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      items: [
        {
          id: idOf('MUG-1'),
          sku: 'MUG-1',
          name: 'Enamel Mug',
          price: 12.5,
          status: 1,
          visibility: 4,
          type_id: 'simple',
          created_at: '2026-01-05 09:30:00',
          updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
          extension_attributes: {
            website_ids: [1],
            category_links: [{ position: 0, category_id: String(categoryIds.get('gifts')) }],
            stock_item: { qty: 5, is_in_stock: true },
          },
          custom_attributes: [
            { attribute_code: 'description', value: '<p>Long text of MUG-1</p>' },
            { attribute_code: 'short_description', value: 'Short text of MUG-1' },
            { attribute_code: 'category_ids', value: [String(categoryIds.get('gifts'))] },
          ],
        },
      ],
      search_criteria: {
        filter_groups: [{ filters: [{ field: 'sku', value: 'MUG-1', condition_type: 'eq' }] }],
        page_size: 10,
        current_page: 1,
      },
      total_count: 1,
    });
  });

  it('[I33] a configurable product: its buyable price, its variants’ summed stock', async () => {
    const { body } = await get<MagentoProductsReply>(
      `${REST}/products?${criteria([[{ field: 'sku', value: 'TEE-1' }]])}`,
    );
    expect(body.items[0]).toMatchObject({
      sku: 'TEE-1',
      type_id: 'configurable',
      price: 25,
      extension_attributes: { stock_item: { qty: 11, is_in_stock: true } },
    });
  });

  it('[I33] without criteria: every listed product, 10 a page, in list order', async () => {
    const { body } = await get<MagentoProductsReply>(`${REST}/products`);
    expect(body.total_count).toBe(5);
    expect(body.items.map((item) => item.sku)).toEqual(['HOOD-NAVY', 'HOOD-GREY', 'TEE-1', 'MUG-1', 'HAT-1']);
    expect(body.search_criteria).toEqual({ filter_groups: [], page_size: 10, current_page: 1 });
  });

  it('[I33] only listed products: never off sale, waiting for review, or of a suspended seller', async () => {
    expect(sorted(await skus([[{ field: 'name', value: '%hoodie%', condition_type: 'like' }]]))).toEqual([
      'HOOD-GREY',
      'HOOD-NAVY',
    ]);
    for (const sku of ['HOOD-OFF', 'HOOD-WAIT', 'HOOD-SUSP'])
      expect(await skus([[{ field: 'sku', value: sku }]])).toEqual([]);
  });

  it('[I33] name: eq in any case, like with % wildcards', async () => {
    expect(await skus([[{ field: 'name', value: 'navy HOODIE', condition_type: 'eq' }]])).toEqual([
      'HOOD-NAVY',
    ]);
    expect(await skus([[{ field: 'name', value: 'Grey Hoodie' }]])).toEqual(['HOOD-GREY']);
    expect(await skus([[{ field: 'name', value: 'Navy', condition_type: 'eq' }]])).toEqual([]);
    expect(await skus([[{ field: 'name', value: 'sun%', condition_type: 'like' }]])).toEqual(['HAT-1']);
    expect(await skus([[{ field: 'name', value: '%mug', condition_type: 'like' }]])).toEqual(['MUG-1']);
    expect(await skus([[{ field: 'name', value: 'mug', condition_type: 'like' }]])).toEqual([]);
    // A backslash makes a wildcard a character: no name holds a %.
    expect(await skus([[{ field: 'name', value: '%\\%%', condition_type: 'like' }]])).toEqual([]);
  });

  it('[I33] sku: eq, like with %, in; a variant’s SKU finds the product that sells it', async () => {
    expect(await skus([[{ field: 'sku', value: 'hat-1', condition_type: 'eq' }]])).toEqual(['HAT-1']);
    expect(sorted(await skus([[{ field: 'sku', value: 'HOOD-%', condition_type: 'like' }]]))).toEqual([
      'HOOD-GREY',
      'HOOD-NAVY',
    ]);
    expect(await skus([[{ field: 'sku', value: '%-red-s', condition_type: 'like' }]])).toEqual(['TEE-1']);
    expect(await skus([[{ field: 'sku', value: 'TEE-1-BLUE-M' }]])).toEqual(['TEE-1']);
    expect(
      sorted(await skus([[{ field: 'sku', value: 'MUG-1, hat-1,NOPE', condition_type: 'in' }]])),
    ).toEqual(['HAT-1', 'MUG-1']);
  });

  it('[I33] category_id: eq and in, the category and those below it', async () => {
    const tops = String(categoryIds.get('tops'));
    expect(sorted(await skus([[{ field: 'category_id', value: tops, condition_type: 'eq' }]]))).toEqual([
      'HOOD-GREY',
      'HOOD-NAVY',
      'TEE-1',
    ]);
    expect(await skus([[{ field: 'category_id', value: String(categoryIds.get('tees')) }]])).toEqual([
      'TEE-1',
    ]);
    const hatsAndGifts = `${categoryIds.get('hats')},${categoryIds.get('gifts')}`;
    expect(
      sorted(await skus([[{ field: 'category_id', value: hatsAndGifts, condition_type: 'in' }]])),
    ).toEqual(['HAT-1', 'MUG-1']);
    expect(await skus([[{ field: 'category_id', value: '999999' }]])).toEqual([]);
  });

  it('[I33] price in dollars: gteq, lteq, gt, lt, eq (a configurable product at its From price)', async () => {
    const price = (condition_type: string, value: string) =>
      skus([[{ field: 'price', value, condition_type }]]);
    expect(sorted(await price('gteq', '49.95'))).toEqual(['HOOD-GREY', 'HOOD-NAVY']);
    expect(await price('gt', '49.95')).toEqual(['HOOD-NAVY']);
    expect(sorted(await price('lteq', '25'))).toEqual(['MUG-1', 'TEE-1']);
    expect(await price('lt', '25')).toEqual(['MUG-1']);
    expect(await price('eq', '30')).toEqual(['HAT-1']);
  });

  it('[I33] the filters of a group are OR-ed', async () => {
    const either = [
      { field: 'name', value: '%mug%', condition_type: 'like' },
      { field: 'sku', value: 'HAT-1', condition_type: 'eq' },
    ];
    expect(sorted(await skus([either]))).toEqual(['HAT-1', 'MUG-1']);
  });

  it('[I33] groups are AND-ed, a price range as two groups', async () => {
    const tops = String(categoryIds.get('tops'));
    expect(
      sorted(
        await skus([
          [{ field: 'category_id', value: tops }],
          [{ field: 'price', value: '50', condition_type: 'lt' }],
        ]),
      ),
    ).toEqual(['HOOD-GREY', 'TEE-1']);
    expect(
      await skus([
        [{ field: 'price', value: '20', condition_type: 'gteq' }],
        [{ field: 'price', value: '30', condition_type: 'lteq' }],
        [
          { field: 'name', value: '%hat%', condition_type: 'like' },
          { field: 'name', value: '%hoodie%', condition_type: 'like' },
        ],
      ]),
    ).toEqual(['HAT-1']);
  });

  it('[I33] sortOrders: name, price, created_at, sku, ASC or DESC, in turn', async () => {
    const sort = (field: string, direction?: string) => ({
      'searchCriteria[sortOrders][0][field]': field,
      ...(direction ? { 'searchCriteria[sortOrders][0][direction]': direction } : {}),
    });
    expect(await skus([], sort('price'))).toEqual(['MUG-1', 'TEE-1', 'HAT-1', 'HOOD-GREY', 'HOOD-NAVY']);
    expect(await skus([], sort('price', 'DESC'))).toEqual([
      'HOOD-NAVY',
      'HOOD-GREY',
      'HAT-1',
      'TEE-1',
      'MUG-1',
    ]);
    // Names in any case: 'grey hoodie' sorts before 'Navy Hoodie'.
    expect(await skus([], sort('name', 'asc'))).toEqual([
      'MUG-1',
      'HOOD-GREY',
      'HOOD-NAVY',
      'HAT-1',
      'TEE-1',
    ]);
    expect(await skus([], sort('created_at', 'DESC'))).toEqual([
      'MUG-1',
      'HAT-1',
      'TEE-1',
      'HOOD-GREY',
      'HOOD-NAVY',
    ]);
    expect(await skus([], sort('sku', 'DESC'))).toEqual([
      'TEE-1',
      'MUG-1',
      'HOOD-NAVY',
      'HOOD-GREY',
      'HAT-1',
    ]);
    // Orders apply in turn: price first, then the name (no two of these share a price).
    const tops = [[{ field: 'category_id', value: String(categoryIds.get('tops')) }]];
    expect(
      await skus(tops, {
        'searchCriteria[sortOrders][0][field]': 'price',
        'searchCriteria[sortOrders][0][direction]': 'DESC',
        'searchCriteria[sortOrders][1][field]': 'name',
      }),
    ).toEqual(['HOOD-NAVY', 'HOOD-GREY', 'TEE-1']);
  });

  it('[I33] pageSize and currentPage page through the sorted matches; past the end is empty', async () => {
    const page = async (currentPage: number) =>
      get<MagentoProductsReply>(
        `${REST}/products?${criteria([], {
          'searchCriteria[sortOrders][0][field]': 'price',
          'searchCriteria[pageSize]': 2,
          'searchCriteria[currentPage]': currentPage,
        })}`,
      );
    const pages = await Promise.all([1, 2, 3, 4].map(page));
    expect(pages.map(({ body }) => body.items.map((item) => item.sku))).toEqual([
      ['MUG-1', 'TEE-1'],
      ['HAT-1', 'HOOD-GREY'],
      ['HOOD-NAVY'],
      [],
    ]);
    expect(pages.map(({ body }) => body.total_count)).toEqual([5, 5, 5, 5]);
    expect(pages[1]?.body.search_criteria).toEqual({
      filter_groups: [],
      sort_orders: [{ field: 'price', direction: 'ASC' }],
      page_size: 2,
      current_page: 2,
    });
    // The snake_case spellings some clients send.
    const snake = await get<MagentoProductsReply>(
      `${REST}/products?searchCriteria[sort_orders][0][field]=price&searchCriteria[page_size]=2&searchCriteria[current_page]=2&searchCriteria[filterGroups][0][filters][0][field]=price&searchCriteria[filterGroups][0][filters][0][value]=1&searchCriteria[filterGroups][0][filters][0][conditionType]=gt`,
    );
    expect(snake.body.items.map((item) => item.sku)).toEqual(['HAT-1', 'HOOD-GREY']);
  });

  it('[I33] a field, condition or key it does not read is a 400 naming it', async () => {
    const at = 'searchCriteria[filter_groups][0][filters][0]';
    const cases: [string, string][] = [
      [
        criteria([[{ field: 'color', value: 'Red' }]]),
        `${at}[field]: cannot filter on "color": use name, sku, category_id, price`,
      ],
      [
        criteria([[{ field: 'sku', value: 'MUG-1', condition_type: 'neq' }]]),
        `${at}[condition_type]: "neq" is not a condition of sku: use eq, like, in`,
      ],
      [
        criteria([[{ field: 'price', value: '10', condition_type: 'like' }]]),
        `${at}[condition_type]: "like" is not a condition of price: use eq, gt, gteq, lt, lteq`,
      ],
      [
        criteria([[{ field: 'price', value: 'ten', condition_type: 'gteq' }]]),
        `${at}[value]: must be an amount in dollars, such as 25 or 24.95`,
      ],
      [
        criteria([[{ field: 'category_id', value: '3,x', condition_type: 'in' }]]),
        `${at}[value]: must be category ids separated by commas, such as 12,15`,
      ],
      [`${at}[field]=name`, `${at}[value]: is required`],
      [`${at}[value]=Mug`, `${at}[field]: is required`],
      [
        'searchCriteria[sortOrders][0][field]=qty',
        'searchCriteria[sortOrders][0][field]: cannot sort by "qty": use name, price, created_at, sku',
      ],
      [
        'searchCriteria[sortOrders][0][field]=name&searchCriteria[sortOrders][0][direction]=up',
        'searchCriteria[sortOrders][0][direction]: must be ASC or DESC',
      ],
      [
        'searchCriteria[filter_group][0][filters][0][field]=name',
        'searchCriteria[filter_group][0][filters][0][field]: is not a search criterion this server reads (filter_groups, sortOrders, pageSize and currentPage are)',
      ],
      ['searchCriteria[pageSize]=101', 'searchCriteria[pageSize]: must be a whole number from 1 to 100'],
      [
        criteria([[{ field: 'name', value: 'mug\\', condition_type: 'like' }]]),
        `${at}[value]: must not end with a lone backslash (\\\\ stands for one)`,
      ],
      [
        criteria([
          [
            { field: 'sku', value: 'MUG-1' },
            { field: 'name', value: 'x'.repeat(256) },
          ],
        ]),
        'searchCriteria[filter_groups][0][filters][1][value]: is too long (at most 255 characters)',
      ],
    ];
    for (const [query, message] of cases) {
      for (const path of ['products', 'products-render-info']) {
        const { status, body } = await get<{ message: string; code: string }>(`${REST}/${path}?${query}`);
        expect(status, `${path}?${query}`).toBe(400);
        expect(body, `${path}?${query}`).toMatchObject({
          message: `Invalid querystring: ${message}`,
          code: 'INPUT_VALIDATION',
        });
      }
    }
  });

  it('[I33] answers under every store prefix, and revalidates with its ETag', async () => {
    const query = criteria([[{ field: 'name', value: '%hoodie%', condition_type: 'like' }]]);
    const first = await t.app.inject({ url: `${REST}/products?${query}` });
    for (const prefix of ['/rest/V1', '/rest/au/V1']) {
      const reply = await t.app.inject({ url: `${prefix}/products?${query}` });
      expect(reply.json(), prefix).toEqual(first.json());
    }
    const again = await t.app.inject({
      url: `${REST}/products?${query}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('[I33] a product changed shows at once: off sale it is gone, renamed it is found', async () => {
    const query = `${REST}/products?${criteria([[{ field: 'name', value: '%hat%', condition_type: 'like' }]])}`;
    expect((await get<MagentoProductsReply>(query)).body.total_count).toBe(1);
    await sql`update products set enabled = false where sku = 'HAT-1'`.execute(t.db);
    invalidateCatalogueCache();
    expect((await get<MagentoProductsReply>(query)).body.total_count).toBe(0);
    await sql`update products set enabled = true where sku = 'HAT-1'`.execute(t.db);
    invalidateCatalogueCache();
    expect((await get<MagentoProductsReply>(query)).body.items.map((item) => item.sku)).toEqual(['HAT-1']);
  });
});

describe('[I33, API-15] products-render-info with searchCriteria', () => {
  it('[I33, API-15] filters, sorts and pages ProductRender items the same way', async () => {
    const query = criteria([[{ field: 'category_id', value: String(categoryIds.get('tops')) }]], {
      'searchCriteria[sortOrders][0][field]': 'price',
      'searchCriteria[sortOrders][0][direction]': 'DESC',
      'searchCriteria[pageSize]': 2,
      storeId: 1,
      currencyCode: 'AUD',
    });
    const { status, body } = await get<ProductsRenderInfoReply>(`${REST}/products-render-info?${query}`);
    expect(status).toBe(200);
    expect(body.total_count).toBe(3);
    expect(body.items.map((item) => [item.extension_attributes.sku, item.price_info.final_price])).toEqual([
      ['HOOD-NAVY', 59.95],
      ['HOOD-GREY', 49.95],
    ]);
    expect(body.items[0]).toMatchObject({ id: idOf('HOOD-NAVY'), name: 'Navy Hoodie', is_salable: '1' });
    expect(body.items[1]).toMatchObject({ is_salable: '0' });
    const second = await get<ProductsRenderInfoReply>(
      `${REST}/products-render-info?${query.replace('pageSize%5D=2', 'pageSize%5D=2&searchCriteria%5BcurrentPage%5D=2')}`,
    );
    expect(second.body.items.map((item) => item.extension_attributes.sku)).toEqual(['TEE-1']);
  });

  it('[I33, API-15] the variant’s SKU and a name fragment, unlisted products left out', async () => {
    const { body } = await get<ProductsRenderInfoReply>(
      `${REST}/products-render-info?${criteria([
        [
          { field: 'sku', value: 'TEE-1-RED-S' },
          { field: 'name', value: '%hoodie%', condition_type: 'like' },
        ],
      ])}`,
    );
    expect(sorted(body.items.map((item) => item.extension_attributes.sku))).toEqual([
      'HOOD-GREY',
      'HOOD-NAVY',
      'TEE-1',
    ]);
    expect(body.total_count).toBe(3);
  });

  it('[API-15] without filters or sort orders it pages the listing as before', async () => {
    const { body } = await get<ProductsRenderInfoReply>(
      `${REST}/products-render-info?searchCriteria[pageSize]=2`,
    );
    expect(body.total_count).toBe(5);
    expect(body.items.map((item) => item.id)).toEqual([idOf('HOOD-NAVY'), idOf('HOOD-GREY')]);
  });
});
