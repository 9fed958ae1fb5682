import type { Product, ProductTile, SellerInformationReply } from '@quokka/contract/api/catalog';
import { OPTION_ID } from '@quokka/contract/constants';
import { formatTilePrice } from '@quokka/contract/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aCategory,
  aConfigurableProduct,
  aGiftCard,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
  simpleProducts,
} from '../../test/catalog-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { invalidateCatalogueCache } from './catalog-cache.ts';
import { importCatalogue } from './catalog-importer.ts';

let t: TestApp;
const ids = new Map<string, number>();
const idOf = (sku: string) => ids.get(sku)!;

const ns = '/rest/default/V1/storefront';
async function get<T = unknown>(path: string, headers: Record<string, string> = {}) {
  const reply = await t.app.inject({ method: 'GET', url: path, headers });
  return {
    status: reply.statusCode,
    body: (reply.body ? reply.json() : undefined) as T,
    headers: reply.headers,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller(),
      aSeller({
        seller_url: 'outback-outfitters',
        name: 'Outback Outfitters',
        description: 'Hats and tees.',
      }),
    ],
    categories: [
      aCategory('clothing', null, { position: 2 }),
      aCategory('tops', 'clothing'),
      aCategory('tees', 'tops'),
      aCategory('hats', 'clothing'),
      aCategory('accessories', 'clothing'),
      aCategory('gifts', null, { position: 1 }),
    ],
    products: [
      ...simpleProducts(11, 'MUG', { categories: ['gifts'] }),
      aConfigurableProduct('TEE-1', { seller: 'outback-outfitters', categories: ['tees', 'tops'] }),
      aSimpleProduct('HAT-1', { seller: 'outback-outfitters', categories: ['hats'], price: 12.5, qty: 0 }),
      aSimpleProduct('HIDDEN-1', { categories: ['hats'], enabled: false }),
      aGiftCard('GIFT-1', {
        categories: ['gifts'],
        tabs: {
          shipping: [
            { label: 'Delivery', value: 'By text message' },
            { label: 'Returns', value: 'Not refundable' },
          ],
          sizing_chart_url: '/media/sizes.png',
          faq: [{ question: 'How long is it valid?', answer: 'Three years from sending.' }],
        },
      }),
    ],
  });
  const rows = await t.db.selectFrom('products').select(['id', 'sku']).execute();
  for (const row of rows) ids.set(row.sku, row.id);
});
afterAll(() => t?.close());

describe('GET {ns}/product', () => {
  it('[API-09, DATA-24, DATA-25, CONST-14, CONST-15] a configurable product with its options, children and stock', async () => {
    const { status, body } = await get<Product>(`${ns}/product?product_id=${idOf('TEE-1')}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: idOf('TEE-1'),
      name: 'Tee TEE-1',
      sku: 'TEE-1',
      type_id: 'configurable',
      is_giftcard: false,
      price: 25,
      qty: 11,
      seller_url: 'outback-outfitters',
      product_seller_image: '/media/sellers/outback-outfitters-logo.png',
      seller: {
        name: 'Outback Outfitters',
        seller_url: 'outback-outfitters',
        shop_url: 'outback-outfitters',
      },
    });
    const color = body.configurable_options.color;
    const size = body.configurable_options.size;
    expect(color?.option_id).toBe(OPTION_ID.color);
    expect(color?.option_id).toBe(93);
    expect(size?.option_id).toBe(141);
    expect(body.configurable_options.gift_card_price).toBeUndefined();
    expect(color?.options.map((o) => [o.default_title, o.qty, o.swatch])).toEqual([
      ['Red', 6, '#cc2200'],
      ['Blue', 5, '#1144cc'],
    ]);
    expect(size?.options.map((o) => [o.default_title, o.qty])).toEqual([
      ['S', 6],
      ['M', 4],
      ['L', 1],
    ]);
    for (const option of [...(color?.options ?? []), ...(size?.options ?? [])]) {
      expect(option.option_value).toEqual(expect.any(Number));
    }
    expect(body.configurable_products).toHaveLength(6);
    const blueL = body.configurable_products.find((c) => c.sku === 'TEE-1-BLUE-L');
    const blue = color?.options.find((o) => o.default_title === 'Blue')?.option_value;
    const large = size?.options.find((o) => o.default_title === 'L')?.option_value;
    expect(blueL).toMatchObject({ qty: 0, price: 30, options: { color: blue, size: large } });
    // Only children in stock stand behind a value: Blue/L is sold out, so L is Red/L only.
    expect(body.configurable_options_products.size?.[String(large)]).toEqual(['TEE-1-RED-L']);
    expect(body.configurable_options_products.color?.[String(blue)]).toEqual([
      'TEE-1-BLUE-S',
      'TEE-1-BLUE-M',
    ]);
  });

  it('[DATA-27] a simple product: image and images (main first), description and tabs', async () => {
    const { body } = await get<Product>(`${ns}/product?product_id=${idOf('MUG-0001')}`);
    expect(body.image).toBe('/media/products/mug-0001-1.png');
    expect(body.images).toEqual([1, 2, 3, 4].map((n) => `/media/products/mug-0001-${n}.png`));
    expect(body).toMatchObject({
      price: 19.95,
      qty: 5,
      type_id: 'simple',
      description: '<p>Long text of MUG-0001</p>',
    });
    expect(body.configurable_options).toEqual({});
    expect(body.configurable_products).toEqual([]);
    expect(body.tabs).toEqual({ shipping: [], sizing_chart: null, faq: [] });
  });

  it('[DATA-26, CONST-16] a gift card: its prices are option 216 whose titles name each sku, plus its tabs', async () => {
    const { body } = await get<Product>(`${ns}/product?product_id=${idOf('GIFT-1')}`);
    expect(body.is_giftcard).toBe(true);
    const prices = body.configurable_options.gift_card_price;
    expect(prices?.option_id).toBe(216);
    expect(prices?.options.map((o) => o.default_title)).toEqual(['$25', '$50', '$100']);
    const fifty = prices?.options[1]?.option_value;
    const chosen = body.configurable_products.find((c) => c.options.gift_card_price === fifty);
    expect(chosen).toMatchObject({ sku: 'GIFT-1-50', price: 50 });
    expect(body.tabs).toEqual({
      shipping: [
        { label: 'Delivery', value: 'By text message' },
        { label: 'Returns', value: 'Not refundable' },
      ],
      sizing_chart: '/media/sizes.png',
      faq: [{ question: 'How long is it valid?', answer: 'Three years from sending.' }],
    });
  });

  it('[ERR-04, API-09] an unknown, disabled or child id answers 200 {status:false, not_exists:true}', async () => {
    for (const id of [999_999, idOf('HIDDEN-1'), idOf('TEE-1-RED-S')]) {
      const { status, body } = await get(`${ns}/product?product_id=${id}`);
      expect(status).toBe(200);
      expect(body).toEqual({ status: false, not_exists: true });
    }
  });

  it('answers a bad product_id with 400 naming the parameter', async () => {
    for (const query of [
      'product_id=abc',
      'product_id=0',
      'product_id=-1',
      'product_id=1.5',
      '',
      'product_id=99999999999',
    ]) {
      const { status, body } = await get<{ message: string }>(`${ns}/product?${query}`);
      expect(status, query).toBe(400);
      expect(body.message, query).toMatch(/product_id/);
    }
    const missing = await get<{ message: string }>(`${ns}/product`);
    expect(missing.body.message).toBe('Invalid querystring: product_id: is required');
    const twice = await get<{ message: string }>(`${ns}/product?product_id=1&product_id=2`);
    expect(twice.body.message).toBe('Invalid querystring: product_id: must be given once');
  });

  it('[API-28] answers the same under /rest/au/V1', async () => {
    const au = await get(`/rest/au/V1/storefront/product?product_id=${idOf('MUG-0001')}`);
    const main = await get(`${ns}/product?product_id=${idOf('MUG-0001')}`);
    expect(au.body).toEqual(main.body);
  });
});

describe('GET {ns}/seller and sellerInformation', () => {
  it('[API-10, DATA-28, DATA-29, DATA-30] seller?product_id answers the seller with every alias', async () => {
    const { status, body } = await get(`${ns}/seller?product_id=${idOf('HAT-1')}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      status: true,
      seller: {
        id: expect.any(Number),
        name: 'Outback Outfitters',
        seller_url: 'outback-outfitters',
        shop_url: 'outback-outfitters',
        image: '/media/sellers/outback-outfitters-logo.png',
        supplied_by_image: '/media/sellers/outback-outfitters-logo.png',
        description: 'Hats and tees.',
        popup_description: 'Hats and tees.',
        banner_image: '/media/sellers/outback-outfitters-banner.png',
      },
    });
    const unknown = await get(`${ns}/seller?product_id=999999`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'The product does not exist.', code: 'NOT_FOUND' });
  });

  it('[API-11, CONST-01] sellerInformation answers status, seller and its products, 10 a page', async () => {
    const first = await get<SellerInformationReply>(`${ns}/sellerInformation?seller_url=harbour-goods`);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe(true);
    expect(first.body.seller.seller_url).toBe('harbour-goods');
    expect(first.body.products).toHaveLength(10);
    const second = await get<SellerInformationReply>(
      `${ns}/sellerInformation?seller_url=harbour-goods&page=2`,
    );
    // 11 mugs and the gift card; the disabled product never shows.
    expect(second.body.products.map((p) => p.sku)).toEqual(['MUG-0011', 'GIFT-1']);
    const other = await get<SellerInformationReply>(`${ns}/sellerInformation?seller_url=outback-outfitters`);
    expect(other.body.products.map((p) => p.sku)).toEqual(['TEE-1', 'HAT-1']);
  });

  it('sellerInformation: an unknown seller is 404 {message}; a missing seller_url or bad page is 400', async () => {
    const unknown = await get(`${ns}/sellerInformation?seller_url=nobody`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'The seller does not exist.', code: 'NOT_FOUND' });
    const missing = await get<{ message: string }>(`${ns}/sellerInformation`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Invalid querystring: seller_url: is required');
    const badPage = await get<{ message: string }>(`${ns}/sellerInformation?seller_url=harbour-goods&page=0`);
    expect(badPage.status).toBe(400);
    expect(badPage.body.message).toBe('Invalid querystring: page: must be a whole number from 1 to 100000');
  });
});

describe('GET {ns}/categories', () => {
  it('[API-12, DATA-31] answers the tree of entity_id, value and children, ordered by position then name', async () => {
    const { status, body } = await get<unknown[]>(`${ns}/categories`);
    expect(status).toBe(200);
    const rows = await t.db.selectFrom('categories').select(['id', 'code']).execute();
    const id = (code: string) => rows.find((row) => row.code === code)?.id;
    expect(body).toEqual([
      { entity_id: id('gifts'), value: 'Gifts', children: [] },
      {
        entity_id: id('clothing'),
        value: 'Clothing',
        children: [
          { entity_id: id('accessories'), value: 'Accessories', children: [] },
          { entity_id: id('hats'), value: 'Hats', children: [] },
          {
            entity_id: id('tops'),
            value: 'Tops',
            children: [{ entity_id: id('tees'), value: 'Tees', children: [] }],
          },
        ],
      },
    ]);
  });
});

describe('GET {ns}/browseProducts', () => {
  it('[API-13, LIST-01, CONST-01] answers data[], 10 a page from page 1 in a stable order by id', async () => {
    const first = await get<{ data: ProductTile[] }>(`${ns}/browseProducts?page=1`);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(10);
    const noPage = await get<{ data: ProductTile[] }>(`${ns}/browseProducts`);
    expect(noPage.body).toEqual(first.body);
    const second = await get<{ data: ProductTile[] }>(`${ns}/browseProducts?page=2`);
    const all = [...first.body.data, ...second.body.data];
    expect(all.map((p) => p.id)).toEqual([...all.map((p) => p.id)].sort((a, b) => a - b));
    // Children and disabled products never appear in lists.
    expect(all.map((p) => p.sku)).toEqual([
      ...Array.from({ length: 11 }, (_, i) => `MUG-${String(i + 1).padStart(4, '0')}`),
      'TEE-1',
      'HAT-1',
      'GIFT-1',
    ]);
  });

  it('[LIST-02] the last page is short and a page past the end is empty', async () => {
    const last = await get<{ data: ProductTile[] }>(`${ns}/browseProducts?page=2`);
    expect(last.body.data.length).toBeLessThan(10);
    const past = await get(`${ns}/browseProducts?page=3`);
    expect(past).toMatchObject({ status: 200, body: { data: [] } });
    const far = await get(`${ns}/browseProducts?page=100000`);
    expect(far.body).toEqual({ data: [] });
  });

  it('[TILE-02, TILE-03] a configurable tile is priced at its cheapest child with its summed stock', async () => {
    const { body } = await get<{ data: ProductTile[] }>(`${ns}/browseProducts?page=2`);
    const tee = body.data.find((p) => p.sku === 'TEE-1');
    const hat = body.data.find((p) => p.sku === 'HAT-1');
    expect(tee).toMatchObject({ type_id: 'configurable', price: 25, qty: 11 });
    expect(formatTilePrice(tee!.price, tee!.type_id)).toBe('From $25.00');
    expect(hat).toMatchObject({ type_id: 'simple', price: 12.5, qty: 0 });
    expect(formatTilePrice(hat!.price, hat!.type_id)).toBe('$12.50');
    expect(Object.keys(hat!).sort()).toEqual(
      [
        'id',
        'name',
        'sku',
        'qty',
        'price',
        'type_id',
        'is_giftcard',
        'short_desc',
        'image',
        'images',
        'product_seller_image',
        'seller_url',
      ].sort(),
    );
  });

  it('answers a bad page with 400 naming the parameter', async () => {
    for (const page of ['0', '-1', 'x', '1.5', '100001', '']) {
      const { status, body } = await get<{ message: string }>(`${ns}/browseProducts?page=${page}`);
      expect(status, page).toBe(400);
      expect(body.message, page).toMatch(/^Invalid querystring: page: /);
    }
  });
});

describe('GET {ns}/categoryProducts', () => {
  it('[API-14] answers the products of the category and its descendants, each once', async () => {
    const rows = await t.db.selectFrom('categories').select(['id', 'code']).execute();
    const id = (code: string) => rows.find((row) => row.code === code)?.id;
    const clothing = await get<{ data: ProductTile[]; products: ProductTile[] }>(
      `${ns}/categoryProducts?category_id=${id('clothing')}&page=1`,
    );
    expect(clothing.status).toBe(200);
    // TEE-1 is filed under both tops and tees; HIDDEN-1 (hats) is disabled.
    expect(clothing.body.products.map((p) => p.sku)).toEqual(['TEE-1', 'HAT-1']);
    expect(clothing.body.data).toEqual(clothing.body.products);
    const tees = await get<{ products: ProductTile[] }>(`${ns}/categoryProducts?category_id=${id('tees')}`);
    expect(tees.body.products.map((p) => p.sku)).toEqual(['TEE-1']);
    const gifts = await get<{ products: ProductTile[] }>(
      `${ns}/categoryProducts?category_id=${id('gifts')}&page=2`,
    );
    expect(gifts.body.products.map((p) => p.sku)).toEqual(['MUG-0011', 'GIFT-1']);
    const empty = await get(`${ns}/categoryProducts?category_id=${id('accessories')}`);
    expect(empty.body).toEqual({ data: [], products: [] });
  });

  it('an unknown category is 404 {message}; a bad category_id or page is 400', async () => {
    const unknown = await get(`${ns}/categoryProducts?category_id=999999&page=1`);
    expect(unknown).toMatchObject({ status: 404, body: { message: 'The category does not exist.' } });
    const bad = await get<{ message: string }>(`${ns}/categoryProducts?category_id=abc&page=1`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Invalid querystring: category_id: must be a whole number from 1 to 2147483647',
    );
    const missing = await get<{ message: string }>(`${ns}/categoryProducts?page=1`);
    expect(missing.body.message).toBe('Invalid querystring: category_id: is required');
  });
});

describe('GET {ns}/getgiftcardmmstemplates', () => {
  it('[API-16, DATA-43] answers the template list in data: id, mms_template_id, mms_template_url', async () => {
    const { status, body } = await get(`${ns}/getgiftcardmmstemplates?product_id=${idOf('GIFT-1')}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      data: [
        {
          id: expect.any(Number),
          mms_template_id: expect.any(Number),
          mms_template_url: '/media/mms/gift-1-birthday.png',
          name: 'Birthday',
        },
        {
          id: expect.any(Number),
          mms_template_id: expect.any(Number),
          mms_template_url: '/media/mms/gift-1-thanks.png',
          name: 'Thank You',
        },
        {
          id: expect.any(Number),
          mms_template_id: expect.any(Number),
          mms_template_url: '/media/mms/gift-1-congrats.png',
          name: 'Congratulations',
        },
      ],
    });
    const { data } = body as { data: { id: number; mms_template_id: number }[] };
    for (const template of data) expect(template.mms_template_id).toBe(template.id);
  });

  it('answers a product without templates with data [], an unknown product with 404, a bad id with 400', async () => {
    expect((await get(`${ns}/getgiftcardmmstemplates?product_id=${idOf('MUG-0001')}`)).body).toEqual({
      data: [],
    });
    expect((await get(`${ns}/getgiftcardmmstemplates?product_id=999999`)).status).toBe(404);
    expect((await get(`${ns}/getgiftcardmmstemplates?product_id=x`)).status).toBe(400);
  });
});

describe('GET products-render-info', () => {
  const criteria = 'searchCriteria[pageSize]=10&searchCriteria[currentPage]=1&storeId=1&currencyCode=AUD';

  it('[API-15, CONST-19, CONST-20, CONST-01] answers Magento {items, total_count} in ProductRender shape', async () => {
    const { status, body } = await get<{ items: Record<string, unknown>[]; total_count: number }>(
      `/rest/default/V1/products-render-info?${criteria}`,
    );
    expect(status).toBe(200);
    expect(body.total_count).toBe(14);
    expect(body.items).toHaveLength(10);
    expect(body.items[0]).toEqual({
      id: idOf('MUG-0001'),
      name: 'Product MUG-0001',
      type: 'simple',
      url: `/product/${idOf('MUG-0001')}`,
      store_id: 1,
      currency_code: 'AUD',
      price_info: {
        final_price: 19.95,
        max_price: 19.95,
        minimal_price: 19.95,
        regular_price: 19.95,
        max_regular_price: 19.95,
        minimal_regular_price: 19.95,
        special_price: null,
        formatted_prices: {
          final_price: '$19.95',
          max_price: '$19.95',
          minimal_price: '$19.95',
          regular_price: '$19.95',
          max_regular_price: '$19.95',
          minimal_regular_price: '$19.95',
        },
      },
      images: [
        {
          url: '/media/products/mug-0001-1.png',
          code: 'small_image',
          height: 288,
          width: 240,
          label: 'Product MUG-0001',
        },
      ],
      is_salable: '1',
      extension_attributes: {
        sku: 'MUG-0001',
        qty: 5,
        is_giftcard: false,
        short_desc: 'Short text of MUG-0001',
        seller_url: 'harbour-goods',
        product_seller_image: '/media/sellers/harbour-goods-logo.png',
      },
    });
    const second = await get<{
      items: { id: number; type: string; price_info: { minimal_price: number; max_price: number } }[];
    }>(
      `/rest/default/V1/products-render-info?searchCriteria[pageSize]=10&searchCriteria[currentPage]=2&storeId=1&currencyCode=AUD`,
    );
    const tee = second.body.items.find((item) => item.id === idOf('TEE-1'));
    expect(tee).toMatchObject({ type: 'configurable', price_info: { minimal_price: 25, max_price: 30 } });
    const past = await get(
      `/rest/default/V1/products-render-info?searchCriteria[pageSize]=10&searchCriteria[currentPage]=3`,
    );
    expect(past.body).toEqual({ items: [], total_count: 14 });
  });

  it('answers bad criteria with 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['searchCriteria[pageSize]=0', 'searchCriteria[pageSize]: must be a whole number from 1 to 100'],
      ['searchCriteria[pageSize]=101', 'searchCriteria[pageSize]: must be a whole number from 1 to 100'],
      [
        'searchCriteria[currentPage]=0',
        'searchCriteria[currentPage]: must be a whole number from 1 to 100000',
      ],
      [
        'searchCriteria[currentPage]=abc',
        'searchCriteria[currentPage]: must be a whole number from 1 to 100000',
      ],
      ['storeId=2', 'storeId: must be 1'],
      ['currencyCode=USD', 'currencyCode: must be AUD'],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await get<{ message: string }>(
        `/rest/default/V1/products-render-info?${query}`,
      );
      expect(status, query).toBe(400);
      expect(body.message, query).toBe(`Invalid querystring: ${message}`);
    }
  });
});

describe('caching and validators', () => {
  it('replies carry a strong ETag and Cache-Control; If-None-Match answers 304 without a body', async () => {
    const url = `${ns}/browseProducts?page=1`;
    const first = await get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const weak = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': `"nope", W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);
    const other = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"nope"' } });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(first.body);
  });

  it('an import in this process is visible at once (the reply cache is invalidated)', async () => {
    const url = `${ns}/product?product_id=${idOf('MUG-0002')}`;
    const before = await get<Product>(url);
    expect(before.body.price).toBe(19.95);
    // A change behind the cache's back (as another process would make) is not seen yet …
    await sql`update products set price_cents = 100 where sku = 'MUG-0002'`.execute(t.db);
    expect((await get<Product>(url)).body.price).toBe(19.95);
    // … an import through the importer is, at once, with a new ETag.
    await importCatalogue(t.db, { products: [aSimpleProduct('MUG-0002', { price: 7.5 })] });
    const after = await get<Product>(url);
    expect(after.body.price).toBe(7.5);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const list = await get<{ data: ProductTile[] }>(`${ns}/browseProducts?page=1`);
    expect(list.body.data.find((p) => p.sku === 'MUG-0002')?.price).toBe(7.5);
  });
});

describe('Magento compatibility', () => {
  it('[API-15, API-28] the store-code-free prefix /rest/V1 answers like /rest/default/V1 and /rest/au/V1', async () => {
    for (const path of [
      '/products-render-info?searchCriteria[pageSize]=10&searchCriteria[currentPage]=1',
      '/storefront/browseProducts?page=1',
      `/storefront/product?product_id=${idOf('TEE-1')}`,
      '/storefront/categories',
    ]) {
      const expected = await get(`/rest/default/V1${path}`);
      expect(expected.status, path).toBe(200);
      for (const prefix of ['/rest/V1', '/rest/au/V1']) {
        const reply = await get(`${prefix}${path}`);
        expect(reply.status, `${prefix}${path}`).toBe(200);
        expect(reply.body, `${prefix}${path}`).toEqual(expected.body);
      }
    }
    // An unknown product is the same 404 under every prefix.
    const missing = await get('/rest/V1/storefront/seller?product_id=999999');
    expect(missing).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('[API-15] products-render-info reads searchCriteria[page_size] and [current_page] as pageSize and currentPage', async () => {
    const camel = await get<{ items: { id: number }[]; total_count: number }>(
      '/rest/V1/products-render-info?searchCriteria[pageSize]=4&searchCriteria[currentPage]=2',
    );
    const snake = await get<{ items: { id: number }[]; total_count: number }>(
      '/rest/V1/products-render-info?searchCriteria[page_size]=4&searchCriteria[current_page]=2',
    );
    expect(camel.status).toBe(200);
    expect(camel.body.items).toHaveLength(4);
    expect(snake).toMatchObject({ status: 200, body: camel.body });
    // Either spelling alone sets its part; the other keeps its default (10 a page, page 1).
    const sizeOnly = await get<{ items: unknown[] }>(
      '/rest/V1/products-render-info?searchCriteria[page_size]=3',
    );
    expect(sizeOnly.body.items).toHaveLength(3);
    const pageOnly = await get<{ items: { id: number }[] }>(
      '/rest/V1/products-render-info?searchCriteria[current_page]=2',
    );
    const secondPage = await get<{ items: { id: number }[] }>(
      '/rest/V1/products-render-info?searchCriteria[currentPage]=2',
    );
    expect(pageOnly.body).toEqual(secondPage.body);
    // A bad snake_case value is a 400 naming that parameter.
    const bad = await get<{ message: string }>('/rest/V1/products-render-info?searchCriteria[page_size]=0');
    expect(bad).toMatchObject({
      status: 400,
      body: {
        message: 'Invalid querystring: searchCriteria[page_size]: must be a whole number from 1 to 100',
      },
    });
  });
});

describe('[I13-hotpath] misses answered together (one query for several)', () => {
  it('[I13-hotpath] concurrent misses for many products and pages each get their own reply, as asked one by one', async () => {
    const paths = [
      ...[...ids.values()].map((id) => `${ns}/product?product_id=${id}`),
      `${ns}/product?product_id=999999`,
      `${ns}/browseProducts?page=1`,
      `${ns}/browseProducts?page=2`,
      `${ns}/browseProducts?page=3`,
      '/rest/V1/products-render-info?searchCriteria[pageSize]=4&searchCriteria[currentPage]=2',
      '/rest/V1/products-render-info?searchCriteria[pageSize]=100&searchCriteria[currentPage]=1',
      `${ns}/sellerInformation?seller_url=outback-outfitters&page=1`,
    ];
    invalidateCatalogueCache();
    const together = await Promise.all(paths.map((path) => t.app.inject({ method: 'GET', url: path })));
    invalidateCatalogueCache();
    const oneByOne = [];
    for (const path of paths) oneByOne.push(await t.app.inject({ method: 'GET', url: path }));
    expect(together.map((reply) => reply.statusCode)).toEqual(oneByOne.map((reply) => reply.statusCode));
    expect(together.map((reply) => reply.body)).toEqual(oneByOne.map((reply) => reply.body));
    // And they are the right replies: each product its own id, an unknown id not_exists.
    const products = together.slice(0, ids.size).map((reply) => reply.json() as { id?: number });
    for (const [i, id] of [...ids.values()].entries()) {
      if (products[i]?.id !== undefined) expect(products[i]?.id).toBe(id);
    }
    // The 14 listed products (11 mugs, the tee, the hat, the gift card); children and the disabled one not.
    expect(products.filter((product) => product.id !== undefined)).toHaveLength(14);
    expect(together[ids.size]?.json()).toEqual({ status: false, not_exists: true });
  });
});
