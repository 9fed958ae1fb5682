// [I32] Import in the back office: a vendor's Shopify, Magento and JSON files land as that vendor's
// products, with progress lines and the CLI's report; an unusable file imports nothing and says where;
// a vendor cannot reach another seller; an operator picks any seller; PRODUCT_REVIEW=manual makes a
// vendor's new products wait, and holds their new name, description or photos of an approved product as
// a back-office edit holds them (prices and stock apply at once).

import type { Product } from '@quokka/contract/api/catalog';
import type { CatalogueImportLine, CatalogueImportReport } from '@quokka/contract/api/catalogue-import';
import type { ProductReviewQueueReply, VendorProduct } from '@quokka/contract/api/vendor-products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCategory, aSeller, aSimpleProduct, importTestCatalogue } from '../../test/catalog-factory.ts';
import { TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makePicture } from '../media/test-pictures.ts';
import { ORIGIN, type Session, signedIn } from '../orders/test/orders-test-kit.ts';

const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = (rows: string[][]) => `${rows.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`;

const SHOPIFY_HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Option1 Name',
  'Option1 Value',
  'Variant SKU',
  'Variant Inventory Qty',
  'Variant Price',
  'Image Src',
  'Image Position',
  'Status',
];
const MAGENTO_HEADER = [
  'sku',
  'store_view_code',
  'attribute_set_code',
  'product_type',
  'categories',
  'name',
  'description',
  'short_description',
  'product_online',
  'price',
  'qty',
  'base_image',
  'additional_images',
  'configurable_variations',
  'configurable_variation_labels',
];

let picture: string;
let otherPicture: string;

/** A tee in two sizes, as Shopify exports it, naming another vendor. */
const shopifyTee = (sku: string, overrides: { price?: string; image?: string } = {}) =>
  csv([
    SHOPIFY_HEADER,
    [
      sku.toLowerCase(),
      `Tee ${sku}`,
      '<p>Soft cotton.</p>',
      'Somebody Else Pty Ltd',
      'Tees',
      'Size',
      'M',
      `${sku}-M`,
      '3',
      overrides.price ?? '45.00',
      overrides.image ?? picture,
      '1',
      'active',
    ],
    [sku.toLowerCase(), '', '', '', '', '', 'L', `${sku}-L`, '2', '45.00', '', '', ''],
  ]);

const magentoBag = (sku: string) =>
  csv([
    MAGENTO_HEADER,
    [
      sku,
      '',
      'Bag',
      'simple',
      'Default Category/Gear/Bags',
      `Bag ${sku}`,
      '<p>A bag.</p>',
      'Roomy',
      '1',
      '30.0000',
      '7.0000',
      picture,
      '',
      '',
      '',
    ],
  ]);

interface Reply {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
  json: <T>() => T;
}

function importFile(
  t: TestApp,
  session: Session | undefined,
  body: string | Buffer,
  query = '',
  headers: Record<string, string> = {},
): Promise<Reply> {
  return t.app.inject({
    method: 'POST',
    url: `/admin/api/catalogue-imports${query}`,
    headers: {
      ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
      'content-type': 'text/csv',
      ...headers,
    },
    payload: body,
  }) as Promise<Reply>;
}

const linesOf = (reply: Reply) =>
  reply.body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CatalogueImportLine);

/** The import's last line: its report (the test fails on a `failed` line, showing it). */
function reportOf(reply: Reply): CatalogueImportReport {
  expect(reply.statusCode, reply.body).toBe(200);
  const last = linesOf(reply).at(-1);
  expect(last?.type, reply.body).toBe('done');
  return (last as Extract<CatalogueImportLine, { type: 'done' }>).report;
}

function failureOf(reply: Reply) {
  expect(reply.statusCode, reply.body).toBe(200);
  const lines = linesOf(reply);
  expect(lines.filter((line) => line.type === 'done')).toEqual([]);
  const last = lines.at(-1);
  expect(last?.type, reply.body).toBe('failed');
  return last as Extract<CatalogueImportLine, { type: 'failed' }>;
}

async function productsOf(t: TestApp, skus: string[]) {
  return t.db
    .selectFrom('products as p')
    .innerJoin('sellers as s', 's.id', 'p.seller_id')
    .select(['p.sku', 's.seller_url', 'p.review_status', 'p.submitted_at', 'p.listed', 'p.parent_id'])
    .where('p.sku', 'in', skus)
    .orderBy('p.sku')
    .execute();
}

const sellerIdOf = async (t: TestApp, url: string) =>
  (await t.db.selectFrom('sellers').select('id').where('seller_url', '=', url).executeTakeFirstOrThrow()).id;

const productCount = async (t: TestApp) =>
  Number(
    (
      await t.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function startApp(settings: Record<string, string> = {}) {
  const t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN, ...settings });
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller({ name: 'Harbour Goods' }),
      aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' }),
    ],
    categories: [aCategory('homewares', null, { name: 'Homewares' })],
    products: [
      aSimpleProduct('MUG-1', { name: 'Harbour Mug', price: 19.95, qty: 10, categories: ['homewares'] }),
      aSimpleProduct('BOWL-1', { name: 'Outback Bowl', price: 7.5, qty: 10, seller: 'outback-outfitters' }),
    ],
  });
  const vendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
  const operator = await signedIn(t, 'operator');
  return { t, vendor, operator };
}

beforeAll(async () => {
  picture = `data:image/png;base64,${(await makePicture('png', { width: 120, height: 120 })).toString('base64')}`;
  otherPicture = `data:image/png;base64,${(await makePicture('png', { width: 140, height: 140 })).toString('base64')}`;
});

describe('[I32] import in the back office (PRODUCT_REVIEW=auto)', () => {
  let t: TestApp;
  let vendor: Session;
  let operator: Session;
  beforeAll(async () => {
    ({ t, vendor, operator } = await startApp());
  });
  afterAll(() => t?.close());

  it('[I32] a vendor’s Shopify CSV lands as their products, whatever Vendor it names; progress lines in order, then the report, audited', async () => {
    const reply = await importFile(t, vendor, shopifyTee('SHOP-1'), '?format=shopify');
    expect(reply.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = linesOf(reply);
    expect(
      lines.map((line) =>
        line.type === 'progress' ? `${line.phase} ${line.done}/${line.total}` : line.type,
      ),
    ).toEqual(['pictures 0/1', 'pictures 1/1', 'products 0/1', 'products 1/1', 'done']);
    const report = reportOf(reply);
    expect(report).toMatchObject({
      format: 'shopify',
      seller: { name: 'Harbour Goods' },
      products: { created: 1, updated: 0, unchanged: 0 },
      variants: { created: 2, updated: 0, unchanged: 0, disabled: 0 },
      pictures: { named: 1, stored: 1 },
      waiting_for_approval: 0,
    });
    const rows = await productsOf(t, ['shop-1', 'SHOP-1-M', 'SHOP-1-L']);
    expect(rows.map((row) => [row.sku, row.seller_url, row.review_status, row.listed])).toEqual([
      ['SHOP-1-L', 'harbour-goods', 'approved', true],
      ['SHOP-1-M', 'harbour-goods', 'approved', true],
      ['shop-1', 'harbour-goods', 'approved', true],
    ]);
    // No seller was made of the file's Vendor.
    expect(await t.db.selectFrom('sellers').select('seller_url').orderBy('id').execute()).toEqual([
      { seller_url: 'harbour-goods' },
      { seller_url: 'outback-outfitters' },
    ]);
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['staff_id', 'subject', 'after'])
      .where('action', '=', 'catalogue.imported')
      .execute();
    expect(audit).toEqual([
      {
        staff_id: vendor.member.id,
        subject: `seller:${await sellerIdOf(t, 'harbour-goods')}`,
        after: expect.objectContaining({
          format: 'shopify',
          products: { created: 1, updated: 0, unchanged: 0 },
        }),
      },
    ]);

    // The same file again changes nothing; the format is guessed from the header.
    const again = reportOf(await importFile(t, vendor, shopifyTee('SHOP-1')));
    expect(again.products).toEqual({ created: 0, updated: 0, unchanged: 1 });
  });

  it('[I32] a vendor’s Magento CSV and JSON catalogue land as their products; a JSON file naming another seller is theirs too, with a warning, and the shop’s categories stay as they are', async () => {
    const magento = reportOf(await importFile(t, vendor, magentoBag('MG-BAG-1'), '?format=magento'));
    expect(magento).toMatchObject({ format: 'magento', products: { created: 1 } });
    expect((await productsOf(t, ['MG-BAG-1'])).map((row) => row.seller_url)).toEqual(['harbour-goods']);

    const json = JSON.stringify({
      sellers: [aSeller({ seller_url: 'outback-outfitters', name: 'Renamed Outback' })],
      categories: [aCategory('homewares', null, { name: 'Renamed Homewares' })],
      products: [
        aSimpleProduct('JS-1', {
          name: 'Json Jug',
          seller: 'outback-outfitters',
          categories: ['homewares'],
          images: [picture],
        }),
      ],
    });
    const report = reportOf(await importFile(t, vendor, json, '', { 'content-type': 'application/json' }));
    expect(report).toMatchObject({ format: 'json', products: { created: 1 } });
    expect(report.warnings).toEqual([
      'The file names the seller "Renamed Outback": every product was imported as Harbour Goods\'s.',
    ]);
    expect((await productsOf(t, ['JS-1'])).map((row) => row.seller_url)).toEqual(['harbour-goods']);
    const names = await t.db.selectFrom('sellers').select('name').orderBy('id').execute();
    expect(names.map((row) => row.name)).toEqual(['Harbour Goods', 'Outback Outfitters']);
    const category = await t.db
      .selectFrom('categories')
      .select('name')
      .where('code', '=', 'homewares')
      .executeTakeFirst();
    expect(category?.name).toBe('Homewares');
  });

  it('[I32] an unusable file imports nothing: every problem with its row and column, as the CLI reports it', async () => {
    const before = await productCount(t);
    const bad = csv([
      SHOPIFY_HEADER,
      ['bad-tee', 'Bad Tee', '', 'X', 'Tees', 'Size', 'M', 'BAD-M', 'lots', '45.00', picture, '1', 'active'],
      ['bad-tee', '', '', '', '', '', 'L', 'BAD-L', '2', '', '', '', ''],
      ['good-tee', 'Good Tee', '', 'X', 'Tees', '', '', 'GOOD-1', '2', '10.00', picture, '1', 'active'],
    ]);
    const failed = failureOf(await importFile(t, vendor, bad, '?format=shopify'));
    expect(failed.message).toMatch(/^The catalogue file has \d+ problems?; nothing was imported\.$/);
    expect(failed.problems.length).toBeGreaterThan(0);
    for (const problem of failed.problems) expect(problem.location).toMatch(/^row \d+, column /);
    expect(failed.problems.map((problem) => problem.location)).toContain(
      'row 2, column Variant Inventory Qty',
    );
    expect(await productCount(t)).toBe(before);

    // A picture on the seller's computer cannot be read by the server: said where.
    const local = failureOf(
      await importFile(t, vendor, shopifyTee('LOCAL-1', { image: 'pictures/tee.jpg' })),
    );
    expect(local.problems).toEqual([
      {
        location: 'row 2, column Image Src',
        message: expect.stringContaining('"pictures/tee.jpg" is a file on your computer'),
      },
    ]);
    // A picture by URL is fetched as the CLI fetches it: only from MEDIA_FETCH_HOSTS (none here).
    const remote = failureOf(
      await importFile(t, vendor, shopifyTee('REMOTE-1', { image: 'https://cdn.example.org/tee.jpg' })),
    );
    expect(remote.problems).toEqual([
      {
        location: 'row 2, column Image Src',
        message: expect.stringMatching(/^"https:\/\/cdn\.example\.org\/tee\.jpg" .*MEDIA_FETCH_HOSTS/),
      },
    ]);
    // Not JSON at all.
    const notJson = failureOf(await importFile(t, vendor, '{"products": [', '?format=json'));
    expect(notJson.problems[0]?.location).toBe('(file)');
    expect(await productCount(t)).toBe(before);
  });

  it('[I32] a vendor cannot import into another seller, nor take another seller’s sku', async () => {
    const outback = await sellerIdOf(t, 'outback-outfitters');
    const refused = await importFile(t, vendor, shopifyTee('SHOP-9'), `?seller_id=${outback}`);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(await productsOf(t, ['shop-9'])).toEqual([]);

    const json = JSON.stringify({
      products: [aSimpleProduct('BOWL-1', { name: 'Stolen Bowl', images: [picture] })],
    });
    const failed = failureOf(await importFile(t, vendor, json, '?format=json'));
    expect(failed.problems).toEqual([
      { location: 'products[0].sku', message: 'sku "BOWL-1" is another seller\'s product' },
    ]);
    const bowl = await t.db
      .selectFrom('products')
      .select(['name', 'seller_id'])
      .where('sku', '=', 'BOWL-1')
      .executeTakeFirstOrThrow();
    expect(bowl).toEqual({ name: 'Outback Bowl', seller_id: outback });
  });

  it('[I32] an operator picks any seller (and must pick one); a suspended seller is refused', async () => {
    const none = await importFile(t, operator, shopifyTee('OP-1'));
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toBe(
      'Choose the seller to import the products into (seller_id).',
    );
    expect((await importFile(t, operator, shopifyTee('OP-1'), '?seller_id=99999')).statusCode).toBe(404);

    const outback = await sellerIdOf(t, 'outback-outfitters');
    const report = reportOf(await importFile(t, operator, shopifyTee('OP-1'), `?seller_id=${outback}`));
    expect(report.seller).toEqual({ id: outback, name: 'Outback Outfitters' });
    expect((await productsOf(t, ['op-1'])).map((row) => [row.seller_url, row.listed])).toEqual([
      ['outback-outfitters', true],
    ]);

    await t.db
      .updateTable('sellers')
      .set({ suspended_at: t.clock.now(), suspended_reason: 'Test' })
      .where('id', '=', outback)
      .execute();
    try {
      const suspended = await importFile(t, operator, shopifyTee('OP-2'), `?seller_id=${outback}`);
      expect(suspended.statusCode).toBe(409);
      expect(suspended.json<{ message: string }>().message).toMatch(/Outback Outfitters is suspended/);
    } finally {
      await t.db
        .updateTable('sellers')
        .set({ suspended_at: null, suspended_reason: null })
        .where('id', '=', outback)
        .execute();
    }
  });

  it('[I32] bad requests: no session, no CSRF token, no file, a format it cannot tell, a file over 20 MB', async () => {
    expect((await importFile(t, undefined, shopifyTee('X-1'))).statusCode).toBe(401);
    expect((await importFile(t, { ...vendor, csrf: 'wrong' }, shopifyTee('X-1'))).statusCode).toBe(403);
    const empty = await importFile(t, vendor, '');
    expect(empty.statusCode).toBe(400);
    const unknown = await importFile(t, vendor, 'a,b,c\r\n1,2,3\r\n');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/^Cannot tell the format of the file/);
    const wrongFormat = await importFile(t, vendor, shopifyTee('X-1'), '?format=excel');
    expect(wrongFormat.statusCode).toBe(400);
    const huge = await importFile(t, vendor, Buffer.alloc(20 * 1024 * 1024 + 1, 97));
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ message: string }>().message).toBe(
      'The catalogue file is larger than 20 MB: split it into smaller files and import each.',
    );
  });
});

describe('[I32] import in the back office (PRODUCT_REVIEW=manual)', () => {
  let t: TestApp;
  let vendor: Session;
  let operator: Session;
  beforeAll(async () => {
    ({ t, vendor, operator } = await startApp({ PRODUCT_REVIEW: 'manual' }));
  });
  afterAll(() => t?.close());

  it('[I32] a vendor’s new products wait for approval, hidden from shoppers; their existing products do not; an operator’s import is approved at once', async () => {
    t.clock.advance(60_000);
    const json = JSON.stringify({
      products: [
        aSimpleProduct('NEW-1', { name: 'New Jug', images: [picture] }),
        aSimpleProduct('MUG-1', {
          name: 'Harbour Mug',
          price: 21,
          qty: 12,
          categories: ['homewares'],
          images: [picture],
        }),
      ],
    });
    const report = reportOf(await importFile(t, vendor, json, '?format=json'));
    expect(report.waiting_for_approval).toBe(1);
    // MUG-1's new picture waits for approval (its price and stock do not).
    expect(report.changes_waiting_for_approval).toBe(1);
    expect(report.products).toMatchObject({ created: 1, updated: 1 });
    const rows = await productsOf(t, ['NEW-1', 'MUG-1']);
    expect(
      rows.map((row) => [row.sku, row.review_status, row.listed, row.submitted_at?.toISOString() ?? null]),
    ).toEqual([
      ['MUG-1', 'approved', true, null],
      ['NEW-1', 'waiting', false, t.clock.now().toISOString()],
    ]);
    const newId = (
      await t.db.selectFrom('products').select('id').where('sku', '=', 'NEW-1').executeTakeFirstOrThrow()
    ).id;
    const shown = (id: number) =>
      t.app.inject({ method: 'GET', url: `/rest/default/V1/storefront/seller?product_id=${id}` });
    expect((await shown(newId)).statusCode).toBe(404);
    const mugId = (
      await t.db.selectFrom('products').select('id').where('sku', '=', 'MUG-1').executeTakeFirstOrThrow()
    ).id;
    expect((await shown(mugId)).statusCode).toBe(200);

    const harbour = await sellerIdOf(t, 'harbour-goods');
    const byOperator = reportOf(await importFile(t, operator, shopifyTee('OPS-1'), `?seller_id=${harbour}`));
    expect(byOperator.waiting_for_approval).toBe(0);
    expect((await productsOf(t, ['ops-1'])).map((row) => [row.review_status, row.listed])).toEqual([
      ['approved', true],
    ]);
  });

  it('[I32] a vendor’s new name, description or photos of an approved product wait for an operator (the storefront keeps the approved ones) while the new price applies at once; an operator’s import applies at once', async () => {
    const harbour = await sellerIdOf(t, 'harbour-goods');
    const lampFile = (overrides: Partial<Parameters<typeof aSimpleProduct>[1]> = {}) =>
      JSON.stringify({
        products: [
          aSimpleProduct('LAMP-1', {
            name: 'Desk Lamp',
            description: '<p>A warm lamp.</p>',
            price: 40,
            qty: 3,
            images: [picture],
            ...overrides,
          }),
        ],
      });
    const admin = async <T>(session: Session, method: 'GET' | 'POST', path: string) => {
      const reply = await t.app.inject({
        method,
        url: `/admin/api${path}`,
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<T>();
    };
    const storefront = async (id: number) =>
      (await t.app.inject(`/rest/default/V1/storefront/product?product_id=${id}`)).json<Product>();
    const heldChanges = async (id: number) =>
      (await admin<ProductReviewQueueReply>(operator, 'GET', '/products/review')).changes.filter(
        (change) => change.product.id === id,
      );

    // An operator's new product is approved at once.
    reportOf(await importFile(t, operator, lampFile(), `?format=json&seller_id=${harbour}`));
    const lamp = (
      await t.db.selectFrom('products').select('id').where('sku', '=', 'LAMP-1').executeTakeFirstOrThrow()
    ).id;
    const approved = await storefront(lamp);
    expect(approved).toMatchObject({ name: 'Desk Lamp', description: '<p>A warm lamp.</p>', price: 40 });

    // The vendor's new words wait; the new price is on the storefront at once.
    t.clock.advance(60_000);
    const report = reportOf(
      await importFile(
        t,
        vendor,
        lampFile({ name: 'Desk Lamp Deluxe', description: '<p>Brighter.</p>', price: 45 }),
        '?format=json',
      ),
    );
    expect(report).toMatchObject({
      products: { created: 0, updated: 1 },
      waiting_for_approval: 0,
      changes_waiting_for_approval: 1,
    });
    const shown = await storefront(lamp);
    expect(shown).toMatchObject({ name: 'Desk Lamp', description: '<p>A warm lamp.</p>', price: 45 });
    expect(shown.images).toEqual(approved.images);
    // Its variants' names and the review status stay as approved too.
    expect((await productsOf(t, ['LAMP-1'])).map((row) => [row.review_status, row.listed])).toEqual([
      ['approved', true],
    ]);
    let held = await heldChanges(lamp);
    expect(held).toHaveLength(1);
    expect(held[0]!.product.name).toBe('Desk Lamp');
    expect(held[0]!.change).toMatchObject({
      name: 'Desk Lamp Deluxe',
      description: '<p>Brighter.</p>',
      photos: null,
      status: 'waiting',
    });
    const row = await t.db
      .selectFrom('product_changes')
      .select(['submitted_by', 'seller_id'])
      .where('product_id', '=', lamp)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ submitted_by: vendor.member.id, seller_id: harbour });
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['staff_id', 'after'])
      .where('action', '=', 'product.change_held')
      .where('subject', '=', `product:${lamp}`)
      .execute();
    expect(audit).toEqual([
      { staff_id: vendor.member.id, after: { name: 'Desk Lamp Deluxe', description: '<p>Brighter.</p>' } },
    ]);

    // A new photo next time is merged into the same waiting change (by its /media URL).
    const again = reportOf(
      await importFile(
        t,
        vendor,
        lampFile({
          name: 'Desk Lamp Deluxe',
          description: '<p>Brighter.</p>',
          price: 45,
          images: [otherPicture],
        }),
        '?format=json',
      ),
    );
    expect(again.changes_waiting_for_approval).toBe(1);
    expect((await storefront(lamp)).images).toEqual(approved.images);
    held = await heldChanges(lamp);
    expect(held).toHaveLength(1);
    expect(held[0]!.change.name).toBe('Desk Lamp Deluxe');
    expect(held[0]!.change.photos).toEqual([expect.stringMatching(/^\/media\//)]);
    expect(held[0]!.change.photos).not.toEqual(held[0]!.product.photos);

    // The operator approves it: the storefront shows the new name, description and photo.
    const decided = await admin<VendorProduct>(
      operator,
      'POST',
      `/product-changes/${held[0]!.change.id}/approve`,
    );
    expect(decided).toMatchObject({ name: 'Desk Lamp Deluxe', pending_change: null });
    const after = await storefront(lamp);
    expect(after).toMatchObject({ name: 'Desk Lamp Deluxe', description: '<p>Brighter.</p>', price: 45 });
    expect(after.images).not.toEqual(approved.images);

    // An operator's import applies at once.
    const byOperator = reportOf(
      await importFile(
        t,
        operator,
        lampFile({
          name: 'Desk Lamp Pro',
          description: '<p>Brightest.</p>',
          price: 45,
          images: [otherPicture],
        }),
        `?format=json&seller_id=${harbour}`,
      ),
    );
    expect(byOperator.changes_waiting_for_approval).toBe(0);
    expect(await storefront(lamp)).toMatchObject({ name: 'Desk Lamp Pro', description: '<p>Brightest.</p>' });
    expect(await heldChanges(lamp)).toEqual([]);
  });
});
