// [I16-products] The back office's products: vendors edit their own seller's products, operators every
// seller's; every change shows on the storefront API at once, is audited, and bad input loses nothing.

import type { Product } from '@quokka/contract/api/catalog';
import type { VendorProduct, VendorProductListReply } from '@quokka/contract/api/vendor-products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aConfigurableProduct,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
} from '../../test/catalog-factory.ts';
import { TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makePicture, photoSvg } from '../media/test-pictures.ts';
import { anOrder, ORIGIN, type Session, signedIn, stepUp } from '../orders/test/orders-test-kit.ts';

const ns = '/rest/default/V1/storefront';
let t: TestApp;
let vendor: Session; // Harbour Goods
let otherVendor: Session; // Outback Outfitters
let operator: Session;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function call(
  session: Session | undefined,
  method: Method,
  path: string,
  payload?: unknown,
  contentType?: string,
) {
  return t.app.inject({
    method,
    url: `/admin/api${path}`,
    headers: {
      ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

async function idOf(sku: string): Promise<number> {
  return (await t.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow()).id;
}

async function storefront(id: number): Promise<Product> {
  const reply = await t.app.inject({ method: 'GET', url: `${ns}/product?product_id=${id}` });
  expect(reply.statusCode).toBe(200);
  return reply.json<Product>();
}

async function detail(session: Session, id: number): Promise<VendorProduct> {
  const reply = await call(session, 'GET', `/products/${id}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<VendorProduct>();
}

async function auditOf(id: number) {
  return t.db
    .selectFrom('staff_audit')
    .select(['action', 'staff_id', 'before', 'after'])
    .where('subject', '=', `product:${id}`)
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN });
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller({ name: 'Harbour Goods' }),
      aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' }),
    ],
    products: [
      aSimpleProduct('MUG-1', { name: 'Harbour Mug', price: 19.95, qty: 10 }),
      aSimpleProduct('CUP-3', { name: 'Espresso Cup', price: 10, qty: 1000 }),
      aConfigurableProduct('TEE-1'),
      aSimpleProduct('BOWL-1', { name: 'Outback Bowl', price: 7.5, qty: 1000, seller: 'outback-outfitters' }),
    ],
  });
  vendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
  otherVendor = await signedIn(t, 'vendor', { sellerUrl: 'outback-outfitters', name: 'Olive Outback' });
  operator = await signedIn(t, 'operator');
});
afterAll(() => t?.close());

describe('[I16-products] list and detail', () => {
  it('[I16-products] a vendor lists only their own seller’s products; an operator all, by seller and search', async () => {
    const mine = (await call(vendor, 'GET', '/products')).json<VendorProductListReply>();
    expect(mine.items.map((item) => item.sku).sort()).toEqual(['CUP-3', 'MUG-1', 'TEE-1']);
    // The vendor cannot widen the list with seller_id: they always see their own.
    const outbackId = (await call(operator, 'GET', '/products?q=bowl')).json<VendorProductListReply>()
      .items[0]?.seller_id;
    const widened = (
      await call(vendor, 'GET', `/products?seller_id=${outbackId}`)
    ).json<VendorProductListReply>();
    expect(widened.items.map((item) => item.sku).sort()).toEqual(['CUP-3', 'MUG-1', 'TEE-1']);

    const all = (await call(operator, 'GET', '/products')).json<VendorProductListReply>();
    expect(all.total).toBe(4);
    const outback = (
      await call(operator, 'GET', `/products?seller_id=${outbackId}`)
    ).json<VendorProductListReply>();
    expect(outback.items.map((item) => item.sku)).toEqual(['BOWL-1']);
    // Search by a variant's sku finds its product; by name any case.
    const bySku = (await call(vendor, 'GET', '/products?q=tee-1-blue')).json<VendorProductListReply>();
    expect(bySku.items.map((item) => item.sku)).toEqual(['TEE-1']);
    const byName = (await call(vendor, 'GET', '/products?q=MUG')).json<VendorProductListReply>();
    expect(byName.items).toEqual([
      expect.objectContaining({
        sku: 'MUG-1',
        name: 'Harbour Mug',
        price_cents: 1995,
        stock: 10,
        enabled: true,
        kind: 'simple',
        thumbnail_url: '/media/products/mug-1-1.png',
      }),
    ]);
    // Paged: 2 per page, the third product on page 2.
    const page2 = (await call(vendor, 'GET', '/products?page=2&page_size=2')).json<VendorProductListReply>();
    expect(page2).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page2.items).toHaveLength(1);
    // The configurable tee: the lowest variant price (Red/S $25) and the sum of stock 2+3+1+4+1+0 = 11.
    const tee = mine.items.find((item) => item.sku === 'TEE-1');
    expect(tee).toMatchObject({ price_cents: 2500, stock: 11, variant_count: 6, kind: 'configurable' });
  });

  it('[I16-products] the detail: variants with colour, size, price, stock; photos in order; a picture per colour', async () => {
    const tee = await detail(vendor, await idOf('TEE-1'));
    expect(tee.photos).toEqual([1, 2, 3, 4].map((n) => `/media/products/tee-1-${n}.png`));
    expect(tee.colour_photos.map((colour) => [colour.colour, colour.url])).toEqual([
      ['Red', null],
      ['Blue', null],
    ]);
    expect(tee.variants.map((v) => [v.sku, v.colour, v.size, v.price_cents, v.stock])).toEqual([
      ['TEE-1-RED-S', 'Red', 'S', 2500, 2],
      ['TEE-1-RED-M', 'Red', 'M', 3000, 3],
      ['TEE-1-RED-L', 'Red', 'L', 3000, 1],
      ['TEE-1-BLUE-S', 'Blue', 'S', 3000, 4],
      ['TEE-1-BLUE-M', 'Blue', 'M', 3000, 1],
      ['TEE-1-BLUE-L', 'Blue', 'L', 3000, 0],
    ]);
    // A simple product is its own single variant row.
    const mug = await detail(vendor, await idOf('MUG-1'));
    expect(mug.variants).toEqual([
      expect.objectContaining({ id: mug.id, sku: 'MUG-1', price_cents: 1995, stock: 10, colour: null }),
    ]);
  });

  it('[I16-products] without a staff session: 401', async () => {
    expect((await call(undefined, 'GET', '/products')).statusCode).toBe(401);
    expect(
      (await call(undefined, 'PATCH', `/products/${await idOf('MUG-1')}`, { name: 'X' })).statusCode,
    ).toBe(401);
  });
});

describe('[I16-products] another seller’s product is 404 on every route', () => {
  it('[I16-products] a vendor asking for another seller’s product gets 404 everywhere, and nothing changes', async () => {
    const bowl = await idOf('BOWL-1');
    const tee = await idOf('TEE-1');
    const colourId = (await detail(vendor, tee)).colour_photos[0]?.colour_id ?? 0;
    const png = await makePicture('png', { width: 200, height: 200 });
    const before = await detail(operator, bowl);
    const attempts: [Method, string, unknown?, string?][] = [
      ['GET', `/products/${bowl}`],
      ['PATCH', `/products/${bowl}`, { name: 'Stolen' }],
      ['PATCH', `/products/${bowl}/variants/${bowl}`, { price_cents: 1 }],
      ['POST', `/products/${bowl}/photos`, png, 'image/png'],
      ['PUT', `/products/${bowl}/photos/order`, { photos: before.photos }],
      ['DELETE', `/products/${bowl}/photos/0`],
      ['PUT', `/products/${bowl}/colours/${colourId}/photo`, png, 'image/png'],
      ['DELETE', `/products/${bowl}/colours/${colourId}/photo`],
    ];
    for (const [method, path, payload, type] of attempts) {
      const reply = await call(vendor, method, path, payload, type);
      expect(reply.statusCode, `${method} ${path}: ${reply.body}`).toBe(404);
      expect(reply.json().code).toBe('NOT_FOUND');
    }
    // And the other way round: the Outback vendor cannot reach Harbour's tee or its variants.
    const redS = await idOf('TEE-1-RED-S');
    for (const [method, path, payload, type] of [
      ['GET', `/products/${tee}`],
      ['PATCH', `/products/${tee}/variants/${redS}`, { stock: 0 }],
      ['PUT', `/products/${tee}/colours/${colourId}/photo`, png, 'image/png'],
    ] as [Method, string, unknown?, string?][]) {
      const reply = await call(otherVendor, method, path, payload, type);
      expect(reply.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await detail(operator, bowl)).toEqual(before);
    expect(await auditOf(bowl)).toEqual([]);
    // No picture was stored for a product the vendor may not see.
    expect(await t.db.selectFrom('pictures').select('key').execute()).toEqual([]);
  });

  it('[I16-products] a variant of another product, or a variant id used as a product, is 404', async () => {
    const mug = await idOf('MUG-1');
    const tee = await idOf('TEE-1');
    const redS = await idOf('TEE-1-RED-S');
    expect((await call(vendor, 'PATCH', `/products/${mug}/variants/${redS}`, { stock: 1 })).statusCode).toBe(
      404,
    );
    expect((await call(vendor, 'GET', `/products/${redS}`)).statusCode).toBe(404);
    // A configurable product's own id is no variant of it.
    expect((await call(vendor, 'PATCH', `/products/${tee}/variants/${tee}`, { stock: 1 })).statusCode).toBe(
      404,
    );
  });
});

describe('[I16-products] editing shows on the storefront at once', () => {
  it('[I16-products] a vendor changes a simple product’s price: the storefront product call answers it right after', async () => {
    const mug = await idOf('MUG-1');
    // Read first so the storefront's reply cache holds the old price.
    expect((await storefront(mug)).price).toBe(19.95);
    const reply = await call(vendor, 'PATCH', `/products/${mug}`, { price_cents: 2450 });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<VendorProduct>().price_cents).toBe(2450);
    // 2450 cents = $24.50, answered by the very next storefront read (no waiting on the cache's age).
    expect((await storefront(mug)).price).toBe(24.5);
    const audit = await auditOf(mug);
    expect(audit.at(-1)).toMatchObject({
      action: 'product.updated',
      staff_id: vendor.member.id,
      before: { price_cents: 1995 },
      after: { price_cents: 2450 },
    });
  });

  it('[I16-products] name, description and enabled: the storefront shows the new name, and a disabled product is gone', async () => {
    const cup = await idOf('CUP-3');
    expect((await storefront(cup)).name).toBe('Espresso Cup');
    const renamed = await call(vendor, 'PATCH', `/products/${cup}`, {
      name: '  Flat White Cup ',
      description: '<p>Holds 200 ml.</p>',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await storefront(cup)).name).toBe('Flat White Cup');
    expect((await call(vendor, 'PATCH', `/products/${cup}`, { enabled: false })).statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: `${ns}/product?product_id=${cup}` });
    expect(gone.json()).toMatchObject({ not_exists: true });
    expect((await call(vendor, 'PATCH', `/products/${cup}`, { enabled: true })).statusCode).toBe(200);
    expect((await storefront(cup)).name).toBe('Flat White Cup');
    const audit = await auditOf(cup);
    expect(audit.map((row) => row.action)).toEqual(['product.updated', 'product.updated', 'product.updated']);
    expect(audit[0]).toMatchObject({
      before: { name: 'Espresso Cup', description: '<p>Long text of CUP-3</p>' },
      after: { name: 'Flat White Cup', description: '<p>Holds 200 ml.</p>' },
    });
  });

  it('[I16-products] a variant’s price and stock: the storefront’s child answers them at once', async () => {
    const tee = await idOf('TEE-1');
    const blueL = await idOf('TEE-1-BLUE-L');
    const before = await storefront(tee);
    expect(before.configurable_products.find((child) => child.sku === 'TEE-1-BLUE-L')?.price).toBe(30);
    const reply = await call(operator, 'PATCH', `/products/${tee}/variants/${blueL}`, {
      price_cents: 2799,
      stock: 7,
      expected_stock: 0,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const child = (await storefront(tee)).configurable_products.find((c) => c.sku === 'TEE-1-BLUE-L');
    expect(child?.price).toBe(27.99);
    expect(reply.json<VendorProduct>().variants.find((v) => v.id === blueL)).toMatchObject({
      price_cents: 2799,
      stock: 7,
    });
    expect((await auditOf(tee)).at(-1)).toMatchObject({
      action: 'product.variant_updated',
      staff_id: operator.member.id,
      before: { sku: 'TEE-1-BLUE-L', price_cents: 3000, qty: 0 },
      after: { sku: 'TEE-1-BLUE-L', price_cents: 2799, qty: 7 },
    });
  });
});

describe('[I16-products] operators', () => {
  it('[I16-products] an operator edits any seller’s product; an edit that changes nothing writes no audit line', async () => {
    const bowl = await idOf('BOWL-1');
    const reply = await call(operator, 'PATCH', `/products/${bowl}/variants/${bowl}`, { enabled: false });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<VendorProduct>().variants[0]?.enabled).toBe(false);
    expect(await auditOf(bowl)).toEqual([
      expect.objectContaining({
        action: 'product.variant_updated',
        staff_id: operator.member.id,
        before: { sku: 'BOWL-1', enabled: true },
        after: { sku: 'BOWL-1', enabled: false },
      }),
    ]);
    const same = await call(operator, 'PATCH', `/products/${bowl}/variants/${bowl}`, { enabled: false });
    expect(same.statusCode).toBe(200);
    expect(await auditOf(bowl)).toHaveLength(1);
    expect(
      (await call(operator, 'PATCH', `/products/${bowl}/variants/${bowl}`, { enabled: true })).statusCode,
    ).toBe(200);
  });
});

describe('[I16-products] stock and a shopper buying at the same time', () => {
  it('[I16-products] a sale between loading and saving: the stock set with expected_stock is refused (409) with the stock now', async () => {
    const mug = await idOf('MUG-1');
    const loaded = (await detail(vendor, mug)).variants[0]?.stock ?? -1;
    expect(loaded).toBe(10);
    await anOrder(t, [['MUG-1', 3]]); // 10 − 3 = 7 left
    const reply = await call(vendor, 'PATCH', `/products/${mug}/variants/${mug}`, {
      stock: 12,
      expected_stock: loaded,
    });
    expect(reply.statusCode, reply.body).toBe(409);
    expect(reply.json().code).toBe('CONFLICT');
    expect(reply.json().message).toContain('is now 7');
    expect((await detail(vendor, mug)).variants[0]?.stock).toBe(7);
    // Saved again against what is there now.
    const again = await call(vendor, 'PATCH', `/products/${mug}/variants/${mug}`, {
      stock: 12,
      expected_stock: 7,
    });
    expect(again.statusCode).toBe(200);
    expect((await detail(vendor, mug)).variants[0]?.stock).toBe(12);
  });

  it('[I16-products] a stock set while orders take stock never goes below zero; the order after sees the new figure', async () => {
    const cup = await idOf('CUP-3');
    // Stock set to 2 and an order for 2 race: whichever goes second sees the first's result.
    const [set, order] = await Promise.allSettled([
      call(vendor, 'PATCH', `/products/${cup}/variants/${cup}`, { stock: 2 }),
      anOrder(t, [['CUP-3', 2]]),
    ]);
    expect(set.status).toBe('fulfilled');
    const qty = (await detail(vendor, cup)).variants[0]?.stock ?? -1;
    // Either the order came first (1000 − 2, then set to 2) or the set did (2, then 2 − 2 = 0).
    expect(order.status === 'fulfilled' ? [0, 2] : [2]).toContain(qty);
    expect(qty).toBeGreaterThanOrEqual(0);
  });
});

describe('[I16-products] bad input: a clear 4xx and nothing lost', () => {
  it('[I16-products] price, stock, name and unknown fields are refused with the field named', async () => {
    const mug = await idOf('MUG-1');
    const tee = await idOf('TEE-1');
    const before = await detail(vendor, mug);
    const bad: [string, unknown][] = [
      [`/products/${mug}`, { price_cents: -1 }],
      [`/products/${mug}`, { price_cents: 12.5 }],
      [`/products/${mug}`, { price_cents: 100_000_001 }],
      [`/products/${mug}`, { name: '   ' }],
      [`/products/${mug}`, { name: 'x'.repeat(201) }],
      [`/products/${mug}`, { sku: 'NEW' }],
      [`/products/${mug}`, {}],
      [`/products/${mug}/variants/${mug}`, { stock: -3 }],
      [`/products/${mug}/variants/${mug}`, { stock: 1.5 }],
      [`/products/${mug}/variants/${mug}`, { expected_stock: 1 }],
    ];
    for (const [path, body] of bad) {
      const reply = await call(vendor, 'PATCH', path, body);
      expect(reply.statusCode, `${JSON.stringify(body)}: ${reply.body}`).toBe(400);
      expect(reply.json().message).toBeTruthy();
    }
    // A product with variants has no price of its own to set.
    const teePrice = await call(vendor, 'PATCH', `/products/${tee}`, { price_cents: 100 });
    expect(teePrice.statusCode).toBe(400);
    expect(teePrice.json().message).toMatch(/price of each variant/);
    expect(await detail(vendor, mug)).toEqual(before);
  });
});

describe('[I16-products] photos through the media store', () => {
  it('[I16-products] an upload is checked and stored by the media store, and the storefront shows it', async () => {
    const mug = await idOf('MUG-1');
    // Make room (4 at most): remove the last photo first.
    const removed = await call(vendor, 'DELETE', `/products/${mug}/photos/3`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<VendorProduct>().photos).toHaveLength(3);
    const photo = await makePicture('webp', { width: 640, height: 480 });
    const reply = await call(vendor, 'POST', `/products/${mug}/photos`, photo, 'image/webp');
    expect(reply.statusCode, reply.body).toBe(200);
    const url = reply.json<VendorProduct>().photos[3] ?? '';
    // Kept as a clean JPEG (opaque) under its hash.
    expect(url).toMatch(/^\/media\/products\/[a-f0-9]{32}\.jpg$/);
    const key = /([a-f0-9]{32})/.exec(url)?.[1] ?? '';
    expect(
      await t.db
        .selectFrom('pictures')
        .select(['format', 'width', 'height'])
        .where('key', '=', key)
        .executeTakeFirst(),
    ).toEqual({ format: 'jpg', width: 640, height: 480 });
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    // The storefront's product answers it among its pictures, right away.
    expect((await storefront(mug)).images).toContain(url);

    // Reordered: the new photo first becomes the main picture on the storefront.
    const current = reply.json<VendorProduct>().photos;
    const order = [url, ...current.filter((photoUrl) => photoUrl !== url)];
    const moved = await call(vendor, 'PUT', `/products/${mug}/photos/order`, { photos: order });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await storefront(mug)).image).toBe(url);
    expect((await auditOf(mug)).map((row) => row.action)).toEqual(
      expect.arrayContaining(['product.photo_removed', 'product.photo_added', 'product.photos_reordered']),
    );
  });

  it('[I16-products] a fifth photo, a non-picture, an SVG, a JSON body and a wrong order are refused; nothing changes', async () => {
    const mug = await idOf('MUG-1');
    const before = await detail(vendor, mug);
    expect(before.photos).toHaveLength(4);
    const fifth = await call(
      vendor,
      'POST',
      `/products/${mug}/photos`,
      await makePicture('png'),
      'image/png',
    );
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().message).toMatch(/at most 4 photos/);
    await call(vendor, 'DELETE', `/products/${mug}/photos/3`);
    const trimmed = await detail(vendor, mug);
    const notPicture = await call(vendor, 'POST', `/products/${mug}/photos`, 'hello', 'image/jpeg');
    expect(notPicture.statusCode).toBe(400);
    expect(notPicture.json().message).toMatch(/The photo is not a picture/);
    const svg = await call(vendor, 'POST', `/products/${mug}/photos`, photoSvg(100, 100), 'image/png');
    expect(svg.json().message).toMatch(/SVG is not taken in/);
    const json = await call(vendor, 'POST', `/products/${mug}/photos`, { url: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/Send the photo itself/);
    const text = await call(vendor, 'POST', `/products/${mug}/photos`, 'abc', 'text/csv');
    expect(text.statusCode).toBe(415);
    const wrongOrder = await call(vendor, 'PUT', `/products/${mug}/photos/order`, {
      photos: ['/media/products/other.png', ...trimmed.photos.slice(1)],
    });
    expect(wrongOrder.statusCode).toBe(400);
    expect(wrongOrder.json().message).toMatch(/reload/);
    expect((await call(vendor, 'DELETE', `/products/${mug}/photos/3`)).statusCode).toBe(404);
    expect(await detail(vendor, mug)).toEqual(trimmed);
  });

  it('[I16-products] a picture too large for MEDIA_MAX_BYTES is refused with 413', async () => {
    const small = await createTestApp({
      AUTH_SECRET: TEST_AUTH_SECRET,
      PUBLIC_URL: ORIGIN,
      MEDIA_MAX_BYTES: '2000',
    });
    try {
      await importTestCatalogue(small.db, { sellers: [aSeller()], products: [aSimpleProduct('JUG-1')] });
      const previous = t;
      t = small;
      try {
        const member = await signedIn(small, 'vendor', { sellerUrl: 'harbour-goods' });
        const jug = await idOf('JUG-1');
        const big = await makePicture('png', { width: 400, height: 400 });
        expect(big.length).toBeGreaterThan(2000);
        const reply = await call(member, 'POST', `/products/${jug}/photos`, big, 'image/png');
        expect(reply.statusCode).toBe(413);
      } finally {
        t = previous;
      }
    } finally {
      await small.close();
    }
  });

  it('[I16-products] the last photo cannot be removed', async () => {
    const bowl = await idOf('BOWL-1');
    for (const position of [3, 2, 1])
      expect((await call(otherVendor, 'DELETE', `/products/${bowl}/photos/${position}`)).statusCode).toBe(
        200,
      );
    const last = await call(otherVendor, 'DELETE', `/products/${bowl}/photos/0`);
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toMatch(/at least one photo/);
    expect((await detail(otherVendor, bowl)).photos).toHaveLength(1);
  });

  it('[I16-products] a picture per colour: every variant of that colour shows it on the storefront; removed, none', async () => {
    const tee = await idOf('TEE-1');
    const blue = (await detail(vendor, tee)).colour_photos.find((colour) => colour.colour === 'Blue');
    const picture = await makePicture('png', { width: 300, height: 360, alpha: true, hue: '#1144cc' });
    const reply = await call(
      vendor,
      'PUT',
      `/products/${tee}/colours/${blue?.colour_id}/photo`,
      picture,
      'image/png',
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const url =
      reply.json<VendorProduct>().colour_photos.find((colour) => colour.colour === 'Blue')?.url ?? '';
    // Transparent: kept as PNG.
    expect(url).toMatch(/^\/media\/products\/[a-f0-9]{32}\.png$/);
    const children = (await storefront(tee)).configurable_products;
    expect(children.filter((child) => child.sku.includes('BLUE')).map((child) => child.image)).toEqual([
      url,
      url,
      url,
    ]);
    expect(children.filter((child) => child.sku.includes('RED')).map((child) => child.image ?? null)).toEqual(
      [null, null, null],
    );
    const cleared = await call(vendor, 'DELETE', `/products/${tee}/colours/${blue?.colour_id}/photo`);
    expect(cleared.statusCode).toBe(200);
    expect((await storefront(tee)).configurable_products.every((child) => !child.image)).toBe(true);
    expect((await auditOf(tee)).slice(-2).map((row) => [row.action, row.before, row.after])).toEqual([
      [
        'product.colour_photo_set',
        { colour_id: blue?.colour_id, url: null },
        { colour_id: blue?.colour_id, url },
      ],
      [
        'product.colour_photo_removed',
        { colour_id: blue?.colour_id, url },
        { colour_id: blue?.colour_id, url: null },
      ],
    ]);
    // A colour the product does not have: 404.
    const none = await call(vendor, 'DELETE', `/products/${tee}/colours/999999/photo`);
    expect(none.statusCode).toBe(404);
  });
});

describe('[I27-text] awkward text in a product is a 400 with the field named, never a 500', () => {
  it('[I27-text] a name with a lone surrogate, of only zero-width characters or with U+202E is refused; nothing changes', async () => {
    const mug = await idOf('MUG-1');
    const before = await detail(vendor, mug);
    const audits = (await auditOf(mug)).length;
    const bad: [unknown, string, string][] = [
      [{ name: 'a\ud800b' }, 'name', 'must not contain a broken character (an unpaired surrogate)'],
      [{ name: '\u200b\u200b\u200b' }, 'name', 'must contain a visible character'],
      [
        { name: 'Harbour \u202egpj.exe' },
        'name',
        'must not contain text-direction controls (such as U+202E)',
      ],
      [
        { description: '<p>A mug \udc00</p>' },
        'description',
        'must not contain a broken character (an unpaired surrogate)',
      ],
    ];
    for (const [body, field, message] of bad) {
      const reply = await call(vendor, 'PATCH', `/products/${mug}`, body);
      expect(reply.statusCode, `${JSON.stringify(body)}: ${reply.body}`).toBe(400);
      expect(reply.json()).toMatchObject({
        code: 'INPUT_VALIDATION',
        input_validation: { [field]: [message] },
      });
    }
    // In a query string too: the search refuses a right-to-left override.
    const search = await call(vendor, 'GET', `/products?q=${encodeURIComponent('mug\u202e')}`);
    expect(search.statusCode, search.body).toBe(400);
    expect(await detail(vendor, mug)).toEqual(before);
    expect(await auditOf(mug)).toHaveLength(audits);
    // Other scripts and emoji (surrogate pairs) are names like any other.
    const kangaroo = await call(vendor, 'PATCH', `/products/${mug}`, { name: 'Harbour Mug 🦘 港' });
    expect(kangaroo.statusCode, kangaroo.body).toBe(200);
    expect((await storefront(mug)).name).toBe('Harbour Mug 🦘 港');
  });
});

describe('[I27-amounts] the API takes a price as integer cents, never as a decimal string', () => {
  it('[I27-amounts] "36,50", "36.50" and "3650" as strings, and 36.5, are 400 naming price_cents; nothing changes', async () => {
    const mug = await idOf('MUG-1');
    const before = await detail(vendor, mug);
    for (const price of ['36,50', '36.50', '3650', 36.5]) {
      for (const path of [`/products/${mug}`, `/products/${mug}/variants/${mug}`]) {
        const reply = await call(vendor, 'PATCH', path, { price_cents: price });
        expect(reply.statusCode, `${path} ${JSON.stringify(price)}: ${reply.body}`).toBe(400);
        expect(Object.keys(reply.json().input_validation ?? {})).toEqual(['price_cents']);
      }
    }
    expect(await detail(vendor, mug)).toEqual(before);
  });
});

describe('[I27-price-step-up] a price below $1.00 or moved by more than half asks for the passkey', () => {
  it('[I27-price-step-up] with a passkey check older than 5 minutes: $0, 50 cents, double and under half are 403 STEP_UP_REQUIRED and nothing changes; after a check, $0 saves', async () => {
    const bowl = await idOf('BOWL-1');
    const priceNow = async () => (await detail(otherVendor, bowl)).variants[0]?.price_cents ?? -1;
    const start = await priceNow();
    expect(start).toBe(750);
    const audits = (await auditOf(bowl)).length;
    t.clock.advance(5 * 60_000 + 1_000); // every session's passkey check is now stale
    const product = `/products/${bowl}`;
    const variant = `/products/${bowl}/variants/${bowl}`;
    for (const [path, cents] of [
      [product, 0],
      [variant, 0],
      [variant, 50],
      [variant, 1500],
      [product, 374],
    ] as const) {
      const reply = await call(otherVendor, 'PATCH', path, { price_cents: cents });
      expect(reply.statusCode, `${path} ${cents}: ${reply.body}`).toBe(403);
      expect(reply.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    }
    // The same for an operator; and a price sent with other changes saves none of them.
    const mixed = await call(operator, 'PATCH', variant, { price_cents: 0, stock: 5, expected_stock: 1000 });
    expect(mixed.statusCode).toBe(403);
    expect(await priceNow()).toBe(start);
    expect((await detail(otherVendor, bowl)).variants[0]?.stock).toBe(1000);
    expect(await auditOf(bowl)).toHaveLength(audits);

    // Within half and not below $1.00: no passkey asked, even with a stale check.
    const small = await call(otherVendor, 'PATCH', variant, { price_cents: 900 });
    expect(small.statusCode, small.body).toBe(200);
    expect(await priceNow()).toBe(900);

    // After a passkey check the same change to $0 saves, and is audited.
    await stepUp(t, otherVendor);
    const free = await call(otherVendor, 'PATCH', product, { price_cents: 0 });
    expect(free.statusCode, free.body).toBe(200);
    expect(await priceNow()).toBe(0);
    expect((await auditOf(bowl)).at(-1)).toMatchObject({
      action: 'product.updated',
      before: { price_cents: 900 },
      after: { price_cents: 0 },
    });
    expect((await call(otherVendor, 'PATCH', variant, { price_cents: 750 })).statusCode).toBe(200);
  });
});

describe('[I33] Search products: the storefront’s search, over every product the editor may see', () => {
  it('[I33] a typo ("hodie") and a SKU fragment find a product off sale or waiting for review; a vendor only their own', async () => {
    await importTestCatalogue(t.db, {
      sellers: [
        aSeller({ name: 'Harbour Goods' }),
        aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' }),
      ],
      products: [
        aSimpleProduct('HD-NAVY-01', { name: 'Navy Hoodie', enabled: false }),
        aSimpleProduct('HD-GREY-02', { name: 'Grey Hoodie', seller: 'outback-outfitters' }),
      ],
    });
    await t.db
      .updateTable('products')
      .set({ review_status: 'waiting' })
      .where('sku', '=', 'HD-GREY-02')
      .execute();
    const found = async (session: Session, q: string, paging = '') => {
      const reply = await call(session, 'GET', `/products?q=${encodeURIComponent(q)}${paging}`);
      expect(reply.statusCode, reply.body).toBe(200);
      const list = reply.json<VendorProductListReply>();
      return { total: list.total, skus: list.items.map((item) => item.sku) };
    };
    // Off sale, so never on the storefront: its vendor finds it by a typo and by part of its SKU.
    expect(await found(vendor, 'hodie')).toEqual({ total: 1, skus: ['HD-NAVY-01'] });
    expect(await found(vendor, 'navy-0')).toEqual({ total: 1, skus: ['HD-NAVY-01'] });
    // Waiting for review at the other seller: its vendor finds it, this vendor does not, an operator both.
    expect(await found(otherVendor, 'GREY-02')).toEqual({ total: 1, skus: ['HD-GREY-02'] });
    expect(await found(vendor, 'GREY-02')).toEqual({ total: 0, skus: [] });
    const both = await found(operator, 'hodie');
    expect(both.total).toBe(2);
    expect([...both.skus].sort()).toEqual(['HD-GREY-02', 'HD-NAVY-01']);
    // Paged from the search: one a page, each once.
    const first = await found(operator, 'hoodie', '&page_size=1');
    const second = await found(operator, 'hoodie', '&page_size=1&page=2');
    expect([first.total, second.total]).toEqual([2, 2]);
    expect([...first.skus, ...second.skus].sort()).toEqual(['HD-GREY-02', 'HD-NAVY-01']);
    // The storefront's search shows neither.
    const shop = await t.app.inject({ method: 'GET', url: `${ns}/search?q=hodie` });
    expect(shop.json<{ total_count: number }>().total_count).toBe(0);
  });
});
