// [I32] PRODUCT_REVIEW=manual: a seller's new product waits hidden from shoppers until an operator approves
// it; a refusal carries a reason the seller sees, and the seller sends it again; changes to an approved
// product's name, description or photos are held (the storefront keeps the approved version) while prices
// and stock never wait. Approve and refuse are operators' (403 for vendors); another seller's vendor gets 404.

import type { CategoryProductsReply, Product, ProductTile } from '@quokka/contract/api/catalog';
import type {
  CreateVendorProductBody,
  ProductReviewQueueReply,
  VendorProduct,
} from '@quokka/contract/api/vendor-products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCategory, aSeller, aSimpleProduct, importTestCatalogue } from '../../test/catalog-factory.ts';
import { TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makePicture } from '../media/test-pictures.ts';
import { ORIGIN, outbox, type Session, signedIn } from '../orders/test/orders-test-kit.ts';

const ns = '/rest/default/V1/storefront';
let t: TestApp;
let vendor: Session; // Harbour Goods
let otherVendor: Session; // Outback Outfitters
let operator: Session;
let tees: number;
let photos: string[];

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function call(session: Session | undefined, method: Method, path: string, payload?: unknown, type?: string) {
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

async function ok<T>(session: Session, method: Method, path: string, payload?: unknown, type?: string) {
  const reply = await call(session, method, path, payload, type);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<T>();
}

const aLamp = (sku: string, overrides: Partial<CreateVendorProductBody> = {}): CreateVendorProductBody => ({
  name: `Lamp ${sku}`,
  description: 'A warm lamp.',
  category_id: tees,
  sku,
  price_cents: 4500,
  qty: 3,
  photos: [photos[0]!],
  ...overrides,
});

async function storefrontShows(id: number): Promise<boolean> {
  const product = await t.app.inject(`${ns}/product?product_id=${id}`);
  const browse = (await t.app.inject(`${ns}/browseProducts?page=1`)).json<{ data: ProductTile[] }>();
  const category = (
    await t.app.inject(`${ns}/categoryProducts?category_id=${tees}`)
  ).json<CategoryProductsReply>();
  const inBrowse = browse.data.some((tile) => tile.id === id);
  const inCategory = category.products.some((tile) => tile.id === id);
  // All three agree: the product call, the browse list and the category list.
  expect(product.json<{ not_exists?: boolean }>().not_exists !== true).toBe(inBrowse);
  expect(inCategory).toBe(inBrowse);
  return inBrowse;
}

/** The product_review texts to the Harbour vendor (the seller has no owner: its staff are texted). */
const texts = async () =>
  (await outbox(t, vendor.member.mobile)).filter((body) => body.startsWith('Quokka: '));

const storefront = async (id: number) =>
  (await t.app.inject(`${ns}/product?product_id=${id}`)).json<Product>();

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN, PRODUCT_REVIEW: 'manual' });
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller({ name: 'Harbour Goods' }),
      aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' }),
    ],
    categories: [aCategory('tees')],
    products: [aSimpleProduct('MUG-1', { name: 'Harbour Mug', categories: ['tees'] })],
  });
  tees = (
    await t.db.selectFrom('categories').select('id').where('code', '=', 'tees').executeTakeFirstOrThrow()
  ).id;
  vendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
  otherVendor = await signedIn(t, 'vendor', { sellerUrl: 'outback-outfitters', name: 'Olive Outback' });
  operator = await signedIn(t, 'operator');
  photos = [];
  for (const hue of ['#102030', '#405060', '#708090']) {
    const picture = await makePicture('png', { hue });
    photos.push((await ok<{ url: string }>(vendor, 'POST', '/products/pictures', picture, 'image/png')).url);
  }
});
afterAll(() => t?.close());

describe('[I32] a new product waits for an operator', () => {
  it('[I32] created waiting and hidden everywhere; refused with a reason the seller sees and is texted; sent again; approved: shown at once', async () => {
    const lamp = await ok<VendorProduct>(vendor, 'POST', '/products', aLamp('LAMP-1'));
    expect(lamp).toMatchObject({ review_status: 'waiting', review_reason: null });
    expect(await storefrontShows(lamp.id)).toBe(false);

    const queue = await ok<ProductReviewQueueReply>(operator, 'GET', '/products/review');
    expect(queue.products.map((entry) => entry.product)).toEqual([
      expect.objectContaining({
        id: lamp.id,
        seller_name: 'Harbour Goods',
        price_cents: 4500,
        photos: [photos[0]],
      }),
    ]);

    // Operators only: 403 for any vendor, whoever's product it is.
    expect((await call(vendor, 'GET', '/products/review')).statusCode).toBe(403);
    expect((await call(vendor, 'POST', `/products/${lamp.id}/approve`)).statusCode).toBe(403);
    expect((await call(vendor, 'POST', `/products/${lamp.id}/refuse`, { reason: 'x' })).statusCode).toBe(403);
    expect((await call(otherVendor, 'POST', `/products/${lamp.id}/approve`)).statusCode).toBe(403);

    const empty = await call(operator, 'POST', `/products/${lamp.id}/refuse`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain('say why, for the seller');
    const refused = await ok<VendorProduct>(operator, 'POST', `/products/${lamp.id}/refuse`, {
      reason: 'The photo is too dark.',
    });
    expect(refused).toMatchObject({ review_status: 'refused', review_reason: 'The photo is too dark.' });
    expect(await storefrontShows(lamp.id)).toBe(false);
    expect((await texts())[0]).toBe(
      `Quokka: "Lamp LAMP-1" was not approved: The photo is too dark. Change it and send it for approval again: ${ORIGIN}/admin/products/${lamp.id}`,
    );
    expect((await ok<VendorProduct>(vendor, 'GET', `/products/${lamp.id}`)).review_reason).toBe(
      'The photo is too dark.',
    );
    // Deciding twice: 409.
    expect((await call(operator, 'POST', `/products/${lamp.id}/approve`)).statusCode).toBe(409);

    // The seller fixes it (not shown yet, so the change applies at once) and sends it again.
    await ok(vendor, 'PUT', `/products/${lamp.id}/photos/order`, { photos: [photos[0]] });
    await ok(
      vendor,
      'POST',
      `/products/${lamp.id}/photos`,
      await makePicture('png', { hue: '#ffeeaa' }),
      'image/png',
    );
    expect((await call(otherVendor, 'POST', `/products/${lamp.id}/submit`)).statusCode).toBe(404);
    const again = await ok<VendorProduct>(vendor, 'POST', `/products/${lamp.id}/submit`);
    expect(again.review_status).toBe('waiting');
    expect((await call(vendor, 'POST', `/products/${lamp.id}/submit`)).statusCode).toBe(409);

    const approved = await ok<VendorProduct>(operator, 'POST', `/products/${lamp.id}/approve`);
    expect(approved).toMatchObject({ review_status: 'approved', review_reason: null });
    expect(await storefrontShows(lamp.id)).toBe(true);
    expect((await texts())[0]).toBe('Quokka: "Lamp LAMP-1" is approved and on sale now.');
    const actions = await t.db
      .selectFrom('staff_audit')
      .select('action')
      .where('subject', '=', `product:${lamp.id}`)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      'product.created',
      'product.refused',
      'product.photos_reordered',
      'product.photo_added',
      'product.submitted',
      'product.approved',
    ]);
    expect((await ok<ProductReviewQueueReply>(operator, 'GET', '/products/review')).products).toEqual([]);
  });

  it('[I32] another seller’s vendor gets 404 on the waiting product; an operator’s own new product is approved at once', async () => {
    const lamp = await ok<VendorProduct>(vendor, 'POST', '/products', aLamp('LAMP-2'));
    expect((await call(otherVendor, 'GET', `/products/${lamp.id}`)).statusCode).toBe(404);
    expect((await call(otherVendor, 'PATCH', `/products/${lamp.id}`, { name: 'Mine' })).statusCode).toBe(404);
    const outback = (
      await t.db
        .selectFrom('sellers')
        .select('id')
        .where('seller_url', '=', 'outback-outfitters')
        .executeTakeFirstOrThrow()
    ).id;
    const byOperator = await ok<VendorProduct>(
      operator,
      'POST',
      '/products',
      aLamp('LAMP-3', { seller_id: outback }),
    );
    expect(byOperator.review_status).toBe('approved');
    expect(await storefrontShows(byOperator.id)).toBe(true);
  });
});

describe('[I32] changes to an approved product', () => {
  it('[I32] name, description and photos are held (the storefront keeps the old ones) until approved; price and stock never wait', async () => {
    const mug = (
      await t.db.selectFrom('products').select('id').where('sku', '=', 'MUG-1').executeTakeFirstOrThrow()
    ).id;
    const before = await storefront(mug);
    const edited = await ok<VendorProduct>(vendor, 'PATCH', `/products/${mug}`, {
      name: 'Harbour Mug Deluxe',
      description: 'Now bigger.',
      price_cents: 2100,
    });
    expect(edited.name).toBe('Harbour Mug');
    expect(edited.pending_change).toMatchObject({
      name: 'Harbour Mug Deluxe',
      description: 'Now bigger.',
      status: 'waiting',
    });
    // The price went through at once; the name waits.
    const now = await storefront(mug);
    expect(now.name).toBe('Harbour Mug');
    expect(now.price).toBe(21);
    await ok(vendor, 'PATCH', `/products/${mug}/variants/${mug}`, { stock: 40, expected_stock: 5 });
    expect((await storefront(mug)).qty).toBe(40);
    // A photo removed is held too (merged into the same change).
    const held = await ok<VendorProduct>(vendor, 'DELETE', `/products/${mug}/photos/3`);
    expect(held.photos).toEqual(before.images);
    expect(held.pending_change?.photos).toEqual(before.images?.slice(0, 3));
    expect((await storefront(mug)).images).toEqual(before.images);

    const queue = await ok<ProductReviewQueueReply>(operator, 'GET', '/products/review');
    expect(queue.changes).toHaveLength(1);
    const change = queue.changes[0]!;
    expect(change.product.name).toBe('Harbour Mug');
    expect(change.change).toMatchObject({ name: 'Harbour Mug Deluxe', photos: before.images?.slice(0, 3) });
    expect((await call(vendor, 'POST', `/product-changes/${change.change.id}/approve`)).statusCode).toBe(403);

    const approved = await ok<VendorProduct>(
      operator,
      'POST',
      `/product-changes/${change.change.id}/approve`,
    );
    expect(approved).toMatchObject({
      name: 'Harbour Mug Deluxe',
      description: 'Now bigger.',
      pending_change: null,
    });
    const after = await storefront(mug);
    expect(after.name).toBe('Harbour Mug Deluxe');
    expect(after.images).toEqual(before.images?.slice(0, 3));
    expect((await texts())[0]).toBe('Quokka: your change to "Harbour Mug Deluxe" is approved and shown now.');
    expect((await call(operator, 'POST', `/product-changes/${change.change.id}/approve`)).statusCode).toBe(
      409,
    );
  });

  it('[I32] a refused change leaves the product as approved and tells the seller why; an operator’s own change is never held', async () => {
    const mug = (
      await t.db.selectFrom('products').select('id').where('sku', '=', 'MUG-1').executeTakeFirstOrThrow()
    ).id;
    const edited = await ok<VendorProduct>(vendor, 'PATCH', `/products/${mug}`, { name: 'FREE MONEY' });
    const changeId = edited.pending_change!.id;
    const refused = await ok<VendorProduct>(operator, 'POST', `/product-changes/${changeId}/refuse`, {
      reason: 'Not a product name.',
    });
    expect(refused).toMatchObject({ name: 'Harbour Mug Deluxe', pending_change: null });
    expect(refused.refused_change).toMatchObject({
      name: 'FREE MONEY',
      refusal_reason: 'Not a product name.',
    });
    expect((await storefront(mug)).name).toBe('Harbour Mug Deluxe');
    expect((await texts())[0]).toContain('was not approved: Not a product name.');

    const byOperator = await ok<VendorProduct>(operator, 'PATCH', `/products/${mug}`, {
      name: 'Harbour Mug XL',
    });
    expect(byOperator).toMatchObject({ name: 'Harbour Mug XL', pending_change: null });
    expect((await storefront(mug)).name).toBe('Harbour Mug XL');
  });

  it('[I32] the form sends the name unchanged with a new description: only the description waits; set back, the change is withdrawn', async () => {
    const mug = (
      await t.db.selectFrom('products').select('id').where('sku', '=', 'MUG-1').executeTakeFirstOrThrow()
    ).id;
    const current = await ok<VendorProduct>(vendor, 'GET', `/products/${mug}`);
    const edited = await ok<VendorProduct>(vendor, 'PATCH', `/products/${mug}`, {
      name: current.name,
      description: 'Holds 400 ml.',
    });
    expect(edited.pending_change).toMatchObject({ name: null, description: 'Holds 400 ml.' });
    const back = await ok<VendorProduct>(vendor, 'PATCH', `/products/${mug}`, {
      name: current.name,
      description: current.description,
    });
    expect(back.pending_change).toBeNull();
    expect((await ok<ProductReviewQueueReply>(operator, 'GET', '/products/review')).changes).toEqual([]);
  });
});
