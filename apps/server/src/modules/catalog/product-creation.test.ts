// [I32] Add product from the back office (PRODUCT_REVIEW=auto): the importer's rules and messages, a SKU
// suggested and unique, variants per colour × size, 1–4 photos and a picture per colour uploaded first,
// seller isolation, and the new product on the storefront at once.

import type { CategoryProductsReply, Product, ProductTile } from '@quokka/contract/api/catalog';
import type {
  CreateVendorProductBody,
  ProductCategoriesReply,
  VendorProduct,
} from '@quokka/contract/api/vendor-products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCategory, aSeller, aSimpleProduct, importTestCatalogue } from '../../test/catalog-factory.ts';
import { TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makePicture } from '../media/test-pictures.ts';
import { ORIGIN, type Session, signedIn } from '../orders/test/orders-test-kit.ts';

const ns = '/rest/default/V1/storefront';
let t: TestApp;
let vendor: Session; // Harbour Goods
let otherVendor: Session; // Outback Outfitters
let operator: Session;
let tees: number;
let photos: string[];

function call(
  session: Session | undefined,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
  type?: string,
) {
  return t.app.inject({
    method,
    url: `/admin/api${path}`,
    headers: {
      ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
      ...(type ? { 'content-type': type } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

async function upload(session: Session, hue: string): Promise<string> {
  const reply = await call(
    session,
    'POST',
    '/products/pictures',
    await makePicture('png', { hue }),
    'image/png',
  );
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ url: string }>().url;
}

const aMug = (overrides: Partial<CreateVendorProductBody> = {}): CreateVendorProductBody => ({
  name: 'Harbour Mug Large',
  description: 'A big mug.',
  category_id: tees,
  sku: 'NEW-MUG-1',
  price_cents: 2495,
  qty: 12,
  photos: photos.slice(0, 2),
  ...overrides,
});

const create = (session: Session, body: unknown) => call(session, 'POST', '/products', body);

async function message(session: Session, body: unknown): Promise<string> {
  const reply = await create(session, body);
  expect(reply.statusCode, reply.body).toBe(400);
  return reply.json<{ message: string }>().message;
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN, PRODUCT_REVIEW: 'auto' });
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller({ name: 'Harbour Goods' }),
      aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' }),
    ],
    categories: [aCategory('clothing'), aCategory('tees', 'clothing')],
    products: [aSimpleProduct('MUG-1', { name: 'Harbour Mug', categories: ['tees'] })],
  });
  tees = (
    await t.db.selectFrom('categories').select('id').where('code', '=', 'tees').executeTakeFirstOrThrow()
  ).id;
  vendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
  otherVendor = await signedIn(t, 'vendor', { sellerUrl: 'outback-outfitters', name: 'Olive Outback' });
  operator = await signedIn(t, 'operator');
  photos = [];
  for (const hue of ['#112233', '#445566', '#778899', '#aabbcc', '#ddeeff'])
    photos.push(await upload(vendor, hue));
});
afterAll(() => t?.close());

describe('[I32] Add product', () => {
  it('[I32] a simple product with two photos: created approved, on the storefront and in its category at once, audited', async () => {
    const reply = await create(vendor, aMug());
    expect(reply.statusCode, reply.body).toBe(200);
    const product = reply.json<VendorProduct>();
    expect(product).toMatchObject({
      sku: 'NEW-MUG-1',
      kind: 'simple',
      name: 'Harbour Mug Large',
      price_cents: 2495,
      photos: photos.slice(0, 2),
      review_status: 'approved',
      seller_name: 'Harbour Goods',
      pending_change: null,
    });
    expect(product.variants).toEqual([expect.objectContaining({ stock: 12, price_cents: 2495 })]);
    const shown = await t.app.inject(`${ns}/product?product_id=${product.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<Product>().name).toBe('Harbour Mug Large');
    const browse = (await t.app.inject(`${ns}/browseProducts?page=1`)).json<{ data: ProductTile[] }>();
    expect(browse.data.map((tile) => tile.sku)).toContain('NEW-MUG-1');
    const category = (
      await t.app.inject(`${ns}/categoryProducts?category_id=${tees}`)
    ).json<CategoryProductsReply>();
    expect(category.products.map((tile) => tile.sku)).toContain('NEW-MUG-1');
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['action', 'staff_id'])
      .where('subject', '=', `product:${product.id}`)
      .execute();
    expect(audit).toEqual([{ action: 'product.created', staff_id: vendor.member.id }]);
  });

  it('[I32] two colours × two sizes: one variant each with its own price and stock, SKUs from the options, a picture per colour', async () => {
    const red = photos[2]!;
    const reply = await create(vendor, {
      ...aMug({ name: 'Harbour Tee', sku: 'H-TEE' }),
      price_cents: 0,
      colours: ['Red', 'Navy Blue'],
      sizes: ['S', 'M'],
      variants: [
        { colour: 'Red', size: 'S', price_cents: 2500, qty: 1 },
        { colour: 'Red', size: 'M', price_cents: 2600, qty: 2 },
        { colour: 'Navy Blue', size: 'S', price_cents: 2700, qty: 3 },
        { colour: 'Navy Blue', size: 'M', price_cents: 2800, qty: 0 },
      ],
      colour_photos: [{ colour: 'Red', url: red }],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const tee = reply.json<VendorProduct>();
    expect(tee.kind).toBe('configurable');
    expect(tee.variants.map((v) => [v.sku, v.colour, v.size, v.price_cents, v.stock])).toEqual([
      ['H-TEE-RED-S', 'Red', 'S', 2500, 1],
      ['H-TEE-RED-M', 'Red', 'M', 2600, 2],
      ['H-TEE-NAVY-BLUE-S', 'Navy Blue', 'S', 2700, 3],
      ['H-TEE-NAVY-BLUE-M', 'Navy Blue', 'M', 2800, 0],
    ]);
    expect(tee.colour_photos.map((c) => [c.colour, c.url])).toEqual([
      ['Red', red],
      ['Navy Blue', null],
    ]);
    const shown = (await t.app.inject(`${ns}/product?product_id=${tee.id}`)).json<Product>();
    expect(shown.name).toBe('Harbour Tee');
  });

  it('[I32] the SKU is suggested from the name, free across the shop, and a taken SKU is refused', async () => {
    const suggest = async (name: string) =>
      (await call(vendor, 'GET', `/products/sku-suggestion?name=${encodeURIComponent(name)}`)).json<{
        sku: string;
      }>().sku;
    expect(await suggest('Café crème mug, blue')).toBe('CAFE-CREME-MUG');
    expect(await suggest('Harbour Tee')).toBe('HARBOUR-TEE');
    await create(vendor, aMug({ name: 'Harbour Tee 2', sku: 'HARBOUR-TEE' }));
    expect(await suggest('Harbour Tee')).toBe('HARBOUR-TEE-2');
    expect(await suggest('!!!')).toBe('ITEM');
    // Taken by another seller's product too: a SKU is unique across the shop.
    expect(await message(otherVendor, aMug({ sku: 'MUG-1' }))).toBe(
      'The SKU "MUG-1" is already used by another product: choose another.',
    );
    expect(await message(vendor, aMug({ sku: 'NEW-MUG-1' }))).toContain('"NEW-MUG-1" is already used');
  });

  it('[I32] bad input: the field named, the importer’s limits, the variants checked against the options', async () => {
    expect(await message(vendor, aMug({ name: '   ' }))).toContain('name');
    expect(await message(vendor, aMug({ sku: 'bad sku!' }))).toContain('letters, digits');
    expect(await message(vendor, aMug({ price_cents: 24.95 }))).toContain('price_cents');
    expect(await message(vendor, aMug({ price_cents: 100_000_001 }))).toContain('at most $1,000,000');
    expect(await message(vendor, aMug({ qty: -1 }))).toContain('qty');
    expect(await message(vendor, aMug({ photos: [] }))).toContain('add at least one photo');
    expect(await message(vendor, aMug({ photos: photos.slice(0, 5) }))).toContain('at most 4 photos');
    expect(await message(vendor, aMug({ photos: ['https://elsewhere.example/x.jpg'] }))).toContain(
      'must be a photo uploaded here',
    );
    expect(await message(vendor, aMug({ photos: [photos[0]!, photos[0]!] }))).toContain(
      'The same photo is added twice.',
    );
    expect(await message(vendor, aMug({ category_id: 999_999 }))).toBe(
      'There is no such category: choose one from the list.',
    );
    expect(
      await message(
        vendor,
        aMug({ colours: ['Red', 'red'], variants: [{ colour: 'Red', price_cents: 1, qty: 1 }] }),
      ),
    ).toContain('Colour "red" is listed twice.');
    expect(
      await message(
        vendor,
        aMug({ colours: ['Red', 'Blue'], variants: [{ colour: 'Red', price_cents: 100, qty: 1 }] }),
      ),
    ).toContain('Give a price and stock for Blue.');
    expect(
      await message(
        vendor,
        aMug({ sizes: ['S'], variants: [{ colour: 'Red', size: 'S', price_cents: 100, qty: 1 }] }),
      ),
    ).toContain('has a colour, but the product has no colours');
    expect(await message(vendor, aMug({ variants: [{ price_cents: 100, qty: 1 }] }))).toContain(
      'Variants need colours or sizes',
    );
    expect(
      await message(
        vendor,
        aMug({
          colours: ['Red'],
          variants: [{ colour: 'Red', price_cents: 100, qty: 1 }],
          colour_photos: [{ colour: 'Green', url: photos[0]! }],
        }),
      ),
    ).toContain('names a colour the product does not have');
    // A name the importer refuses (U+202E) is refused here too, naming the field.
    expect(await message(vendor, aMug({ name: 'Mug \u202e gpj' }))).toContain('text-direction');
    expect(
      await t.db.selectFrom('products').select('sku').where('sku', 'like', 'NEW-MUG-1%').execute(),
    ).toHaveLength(1);
  });

  it('[I32] a picture upload is checked by the media store: not a picture is refused', async () => {
    const reply = await call(vendor, 'POST', '/products/pictures', Buffer.from('not a picture'), 'image/png');
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toMatch(/^The photo /);
    expect(
      (await call(undefined, 'POST', '/products/pictures', Buffer.from('x'), 'image/png')).statusCode,
    ).toBe(401);
  });

  it('[I32] sellers: a vendor creates only for their own seller (another seller_id is 404); an operator names the seller', async () => {
    const outback = (
      await t.db
        .selectFrom('sellers')
        .select('id')
        .where('seller_url', '=', 'outback-outfitters')
        .executeTakeFirstOrThrow()
    ).id;
    const wrong = await create(vendor, aMug({ sku: 'X-1', seller_id: outback }));
    expect(wrong.statusCode).toBe(404);
    expect(await message(operator, aMug({ sku: 'X-2' }))).toBe('Choose the seller this product is for.');
    expect(await message(operator, aMug({ sku: 'X-3', seller_id: 999_999 }))).toBe(
      'There is no such seller.',
    );
    const made = await create(operator, aMug({ sku: 'X-4', seller_id: outback }));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json<VendorProduct>()).toMatchObject({
      seller_name: 'Outback Outfitters',
      review_status: 'approved',
    });
    // The other seller's vendor cannot see the Harbour product just made.
    const harbour = (
      await t.db.selectFrom('products').select('id').where('sku', '=', 'NEW-MUG-1').executeTakeFirstOrThrow()
    ).id;
    expect((await call(otherVendor, 'GET', `/products/${harbour}`)).statusCode).toBe(404);
  });

  it('[I32] the categories to choose from, with their place in the tree', async () => {
    const reply = await call(vendor, 'GET', '/products/categories');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<ProductCategoriesReply>().items.map((c) => c.path)).toEqual([
      'Clothing',
      'Clothing › Tees',
    ]);
  });

  it('[I32] a product added for a suspended seller stays off the storefront (seller_active false, children too)', async () => {
    const outback = (
      await t.db
        .selectFrom('sellers')
        .select('id')
        .where('seller_url', '=', 'outback-outfitters')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db
      .updateTable('sellers')
      .set({ suspended_at: t.clock.now(), suspended_reason: 'Test' })
      .where('id', '=', outback)
      .execute();
    const reply = await create(operator, {
      ...aMug({ sku: 'SUSP-1', seller_id: outback }),
      sizes: ['S'],
      variants: [{ size: 'S', price_cents: 900, qty: 1 }],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const id = reply.json<VendorProduct>().id;
    const rows = await t.db
      .selectFrom('products')
      .select(['seller_active', 'listed'])
      .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
      .execute();
    expect(rows).toEqual([
      { seller_active: false, listed: false },
      { seller_active: false, listed: false },
    ]);
    const shown = await t.app.inject(`${ns}/product?product_id=${id}`);
    expect(shown.json<{ not_exists?: boolean }>().not_exists).toBe(true);
    await t.db
      .updateTable('sellers')
      .set({ suspended_at: null, suspended_reason: null })
      .where('id', '=', outback)
      .execute();
  });
});
