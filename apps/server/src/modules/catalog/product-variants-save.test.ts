// [I34-variants] One Save for every variant of a product (PATCH /admin/api/products/:id/variants): several
// rows in one transaction, each checked, an error naming the row and field, nothing saved if any row
// fails, one audit line per variant changed. [I34-photos] A new photo in the place of one
// (PUT /admin/api/products/:id/photos/:position), so a product with 4 photos needs no Remove first.

import type { Product } from '@quokka/contract/api/catalog';
import type { VendorProduct, VendorVariantChange } from '@quokka/contract/api/vendor-products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_OPENAPI_PATH } from '../../http/openapi-back-office.ts';
import {
  aConfigurableProduct,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
} from '../../test/catalog-factory.ts';
import { TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makePicture } from '../media/test-pictures.ts';
import { anOrder, ORIGIN, type Session, signedIn, stepUp } from '../orders/test/orders-test-kit.ts';

const ns = '/rest/default/V1/storefront';
let t: TestApp;
let vendor: Session; // Harbour Goods
let otherVendor: Session; // Outback Outfitters
let operator: Session;

const COLOURS = ['Red', 'Blue', 'Green', 'Sand'];
const SIZES = ['S', 'M', 'L', 'XL'];

function call(session: Session, method: string, path: string, payload?: unknown, contentType?: string) {
  return t.app.inject({
    method: method as 'PATCH',
    url: `/admin/api${path}`,
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

const saveVariants = (session: Session, productId: number, variants: VendorVariantChange[]) =>
  call(session, 'PATCH', `/products/${productId}/variants`, { variants });

async function idOf(sku: string): Promise<number> {
  return (await t.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow()).id;
}

async function detail(session: Session, id: number): Promise<VendorProduct> {
  const reply = await call(session, 'GET', `/products/${id}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<VendorProduct>();
}

async function variantOf(session: Session, productId: number, sku: string) {
  const found = (await detail(session, productId)).variants.find((variant) => variant.sku === sku);
  if (!found) throw new Error(`no variant ${sku}`);
  return found;
}

async function auditOf(id: number) {
  return t.db
    .selectFrom('staff_audit')
    .select(['action', 'staff_id', 'before', 'after'])
    .where('subject', '=', `product:${id}`)
    .orderBy('id')
    .execute();
}

async function storefront(id: number): Promise<Product> {
  const reply = await t.app.inject({ method: 'GET', url: `${ns}/product?product_id=${id}` });
  expect(reply.statusCode).toBe(200);
  return reply.json<Product>();
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN });
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller({ name: 'Harbour Goods' }),
      aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' }),
    ],
    products: [
      // The product of the complaint: 4 colours × 4 sizes = 16 variants.
      aConfigurableProduct('RASH-1', {
        name: 'Rash Vest',
        options: { color: COLOURS.map((title) => ({ title })), size: SIZES.map((title) => ({ title })) },
        variants: COLOURS.flatMap((color) =>
          SIZES.map((size) => ({ sku: `RASH-1-${color}-${size}`.toUpperCase(), color, size, qty: 5 })),
        ),
      }),
      aConfigurableProduct('TEE-1'),
      aSimpleProduct('MUG-1', { name: 'Harbour Mug', price: 19.95, qty: 10 }),
      aSimpleProduct('BOWL-1', { name: 'Outback Bowl', price: 7.5, qty: 100, seller: 'outback-outfitters' }),
    ],
  });
  vendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
  otherVendor = await signedIn(t, 'vendor', { sellerUrl: 'outback-outfitters', name: 'Olive Outback' });
  operator = await signedIn(t, 'operator');
});
afterAll(() => t?.close());

describe('[I34-variants] one save for several variants', () => {
  it('[I34-variants] all 16 variants of a product saved at once: each shows on the storefront, each audited as today', async () => {
    const rash = await idOf('RASH-1');
    const before = await detail(vendor, rash);
    expect(before.variants).toHaveLength(16);
    const audits = (await auditOf(rash)).length;
    // Every variant's stock to 12, the Sand ones to $45.00, the XLs off sale.
    const rows: VendorVariantChange[] = before.variants.map((variant) => ({
      id: variant.id,
      stock: 12,
      expected_stock: variant.stock,
      ...(variant.colour === 'Sand' ? { price_cents: 4500 } : {}),
      ...(variant.size === 'XL' ? { enabled: false } : {}),
    }));
    const reply = await saveVariants(vendor, rash, rows);
    expect(reply.statusCode, reply.body).toBe(200);
    const after = reply.json<VendorProduct>();
    expect(after.variants.map((variant) => variant.stock)).toEqual(Array(16).fill(12));
    expect(after.variants.filter((variant) => variant.price_cents === 4500).map((v) => v.sku)).toEqual(
      SIZES.map((size) => `RASH-1-SAND-${size}`),
    );
    expect(after.variants.filter((variant) => !variant.enabled).map((v) => v.colour)).toEqual(COLOURS);

    // The storefront's child answers the new price and stock at once.
    const child = (await storefront(rash)).configurable_products.find((c) => c.sku === 'RASH-1-SAND-M');
    expect(child?.price).toBe(45);

    // One audit line per variant changed, as one variant's save writes it: by whom, before and after.
    const lines = (await auditOf(rash)).slice(audits);
    expect(lines).toHaveLength(16);
    expect(lines.every((line) => line.action === 'product.variant_updated')).toBe(true);
    expect(lines.every((line) => line.staff_id === vendor.member.id)).toBe(true);
    expect(lines.find((line) => (line.after as { sku: string }).sku === 'RASH-1-SAND-XL')).toMatchObject({
      before: { sku: 'RASH-1-SAND-XL', price_cents: 3000, qty: 5, enabled: true },
      after: { sku: 'RASH-1-SAND-XL', price_cents: 4500, qty: 12, enabled: false },
    });

    // A row that changes nothing (its values as they are) writes no line; the others still save.
    const redS = after.variants[0]!;
    const same = await saveVariants(vendor, rash, [
      { id: redS.id, stock: redS.stock, expected_stock: redS.stock },
      { id: after.variants[1]!.id, stock: 3, expected_stock: 12 },
    ]);
    expect(same.statusCode, same.body).toBe(200);
    expect((await auditOf(rash)).slice(audits + 16)).toEqual([
      expect.objectContaining({
        before: { sku: 'RASH-1-RED-M', qty: 12 },
        after: { sku: 'RASH-1-RED-M', qty: 3 },
      }),
    ]);
  });

  it('[I34-variants] a simple product saves its one row (its own id) through the same call', async () => {
    const mug = await idOf('MUG-1');
    const reply = await saveVariants(vendor, mug, [
      { id: mug, price_cents: 2100, stock: 9, expected_stock: 10 },
    ]);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<VendorProduct>().variants[0]).toMatchObject({ price_cents: 2100, stock: 9 });
    expect((await auditOf(mug)).at(-1)).toMatchObject({
      action: 'product.variant_updated',
      before: { sku: 'MUG-1', price_cents: 1995, qty: 10 },
      after: { sku: 'MUG-1', price_cents: 2100, qty: 9 },
    });
  });
});

describe('[I34-variants] one bad row saves nothing and names the row', () => {
  /** The tee's variants and audit lines as they are, to prove a refused save changed neither. */
  async function snapshot() {
    const tee = await idOf('TEE-1');
    return { tee, product: await detail(operator, tee), audits: (await auditOf(tee)).length };
  }
  async function unchanged(before: Awaited<ReturnType<typeof snapshot>>) {
    expect((await detail(operator, before.tee)).variants).toEqual(before.product.variants);
    expect(await auditOf(before.tee)).toHaveLength(before.audits);
  }

  it('[I34-variants] a bad figure in the third row: 400 naming variants.2 and its field; the good rows are not saved', async () => {
    const before = await snapshot();
    const [a, b, c] = before.product.variants;
    for (const [bad, field, words] of [
      [{ price_cents: -100 }, 'price_cents', 'must be 0 or more'],
      [{ price_cents: 12.5 }, 'price_cents', 'must be a whole number of cents'],
      [{ stock: 10_000_001, expected_stock: c!.stock }, 'stock', 'must be at most 10,000,000'],
      [{ price_cents: '36,50' }, 'price_cents', ''],
      [{ enabled: false, expected_stock: 3 }, 'expected_stock', 'expected_stock goes with stock'],
      [{ colour: 'Teal' }, '', ''],
    ] as const) {
      const reply = await saveVariants(operator, before.tee, [
        { id: a!.id, price_cents: 2600 },
        { id: b!.id, stock: 30, expected_stock: b!.stock },
        { id: c!.id, ...(bad as object) },
      ]);
      expect(reply.statusCode, reply.body).toBe(400);
      const body = reply.json<{ message: string; input_validation: Record<string, string[]> }>();
      const key = field ? `variants.2.${field}` : 'variants.2';
      expect(Object.keys(body.input_validation), JSON.stringify(bad)).toEqual([key]);
      expect(body.message).toContain(key);
      if (words) expect(body.input_validation[key]).toEqual([words]);
    }
    await unchanged(before);
  });

  it('[I34-variants] a row twice, no rows, or a row changing nothing: 400 naming it', async () => {
    const before = await snapshot();
    const [a, b] = before.product.variants;
    const twice = await saveVariants(operator, before.tee, [
      { id: a!.id, price_cents: 2600 },
      { id: b!.id, price_cents: 2600 },
      { id: a!.id, price_cents: 2700 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().input_validation).toEqual({ 'variants.2.id': ['is in this save twice'] });
    const none = await saveVariants(operator, before.tee, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().input_validation).toEqual({ variants: ['change at least one variant'] });
    const idle = await saveVariants(operator, before.tee, [{ id: a!.id, price_cents: 2600 }, { id: b!.id }]);
    expect(idle.statusCode).toBe(400);
    expect(idle.json().input_validation).toEqual({ 'variants.1': ['nothing to change'] });
    await unchanged(before);
  });

  it('[I34-variants] a row that is not this product’s variant (another product’s, the product itself): 404 naming the row; nothing saved', async () => {
    const before = await snapshot();
    const [a] = before.product.variants;
    const mug = await idOf('MUG-1');
    for (const stray of [mug, before.tee, await idOf('RASH-1-RED-S'), 99_999]) {
      const reply = await saveVariants(operator, before.tee, [
        { id: a!.id, price_cents: 2600 },
        { id: stray, stock: 1 },
      ]);
      expect(reply.statusCode, reply.body).toBe(404);
      expect(reply.json()).toEqual({
        code: 'NOT_FOUND',
        message: `There is no such variant of this product. Not found: row 2 (variant ${stray}). Nothing was saved.`,
      });
    }
    await unchanged(before);
    // Another seller's product is not found at all, for every row.
    const bowl = await idOf('BOWL-1');
    const theirs = await saveVariants(vendor, bowl, [{ id: bowl, stock: 0 }]);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('There is no such product.');
    expect((await detail(otherVendor, bowl)).variants[0]?.stock).toBe(100);
  });

  it('[I34-variants] an order took stock of one row since the page loaded: 409 naming that SKU; the other rows are not saved', async () => {
    const before = await snapshot();
    const [redS, redM] = before.product.variants;
    expect(redM!.sku).toBe('TEE-1-RED-M');
    await anOrder(t, [['TEE-1-RED-M', 1]]);
    const reply = await saveVariants(vendor, before.tee, [
      { id: redS!.id, stock: 8, expected_stock: redS!.stock, price_cents: 2600 },
      { id: redM!.id, stock: 8, expected_stock: redM!.stock },
    ]);
    expect(reply.statusCode, reply.body).toBe(409);
    expect(reply.json().message).toBe(
      `The stock of TEE-1-RED-M is now ${redM!.stock - 1} (it was ${redM!.stock} when you opened it; an order may have taken some). Check it and save again. Nothing was saved.`,
    );
    expect(await variantOf(vendor, before.tee, 'TEE-1-RED-S')).toEqual(redS);
    expect((await variantOf(vendor, before.tee, 'TEE-1-RED-M')).stock).toBe(redM!.stock - 1);
    expect(await auditOf(before.tee)).toHaveLength(before.audits);
  });

  it('[I34-variants] [I27-price-step-up] one row’s price moved by more than half with a stale passkey check: 403 for the whole save; after a check it saves', async () => {
    const before = await snapshot();
    const [redS, redM] = before.product.variants;
    t.clock.advance(5 * 60_000 + 1_000); // every session's passkey check is now stale
    const rows: VendorVariantChange[] = [
      { id: redS!.id, price_cents: redS!.price_cents + 100 }, // small: no passkey needed alone
      { id: redM!.id, price_cents: redM!.price_cents * 2 }, // double: needs the passkey
    ];
    const refused = await saveVariants(vendor, before.tee, rows);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    await unchanged(before);

    await stepUp(t, vendor);
    const saved = await saveVariants(vendor, before.tee, rows);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved
        .json<VendorProduct>()
        .variants.slice(0, 2)
        .map((v) => v.price_cents),
    ).toEqual([redS!.price_cents + 100, redM!.price_cents * 2]);
    expect((await auditOf(before.tee)).slice(before.audits).map((line) => line.action)).toEqual([
      'product.variant_updated',
      'product.variant_updated',
    ]);
  });
});

describe('[I34-photos] a new photo in the place of one', () => {
  it('[I34-photos] a product with its 4 photos takes a new main photo without a Remove; the storefront shows it; audited', async () => {
    const mug = await idOf('MUG-1');
    const before = await detail(vendor, mug);
    expect(before.photos).toHaveLength(4);
    const reply = await call(
      vendor,
      'PUT',
      `/products/${mug}/photos/0`,
      await makePicture('png'),
      'image/png',
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const photos = reply.json<VendorProduct>().photos;
    expect(photos).toHaveLength(4);
    expect(photos[0]).toMatch(/^\/media\/products\/[a-f0-9]{32}\.(png|jpg)$/);
    expect(photos.slice(1)).toEqual(before.photos.slice(1));
    expect((await storefront(mug)).image).toBe(photos[0]);
    expect((await auditOf(mug)).at(-1)).toMatchObject({
      action: 'product.photo_replaced',
      before: { photos: before.photos },
      after: { photos },
    });
  });

  it('[I34-photos] no photo at that place is 404, a non-picture 400 (415 for a non-image type), another seller’s product 404; nothing changes', async () => {
    const tee = await idOf('TEE-1');
    const before = await detail(vendor, tee);
    const png = await makePicture('png', { width: 300, height: 300 });
    // The tee has 4 photos (0–3); the schema allows 0–3, so remove one to leave place 3 empty.
    const removed = await call(vendor, 'DELETE', `/products/${tee}/photos/3`);
    expect(removed.statusCode).toBe(200);
    const nowhere = await call(vendor, 'PUT', `/products/${tee}/photos/3`, png, 'image/png');
    expect(nowhere.statusCode, nowhere.body).toBe(404);
    expect(nowhere.json().message).toBe('This product has no photo there.');
    const beyond = await call(vendor, 'PUT', `/products/${tee}/photos/4`, png, 'image/png');
    expect(beyond.statusCode).toBe(400);
    const notPicture = await call(vendor, 'PUT', `/products/${tee}/photos/0`, 'hello', 'image/jpeg');
    expect(notPicture.statusCode).toBe(400);
    expect(notPicture.json().message).toMatch(/The photo is not a picture/);
    const text = await call(vendor, 'PUT', `/products/${tee}/photos/0`, 'abc', 'text/csv');
    expect(text.statusCode).toBe(415);
    expect((await detail(vendor, tee)).photos).toEqual(before.photos.slice(0, 3));
    const bowl = await idOf('BOWL-1');
    const theirs = await call(vendor, 'PUT', `/products/${bowl}/photos/0`, png, 'image/png');
    expect(theirs.statusCode).toBe(404);
    expect((await detail(otherVendor, bowl)).photos).toEqual([
      `/media/products/bowl-1-1.png`,
      ...[2, 3, 4].map((n) => `/media/products/bowl-1-${n}.png`),
    ]);
  });
});

describe('[I34-variants] [I34-photos] the two calls are in the back office’s API reference', () => {
  it('[API-01] PATCH …/variants (its rows, at most 200) and PUT …/photos/{position} (a picture body) are documented', async () => {
    const reply = await t.app.inject({ url: BACK_OFFICE_OPENAPI_PATH });
    expect(reply.statusCode).toBe(200);
    const paths = reply.json().paths;
    const save = paths['/admin/api/products/{id}/variants']?.patch;
    expect(save?.tags).toEqual(['Back office: products']);
    const body = save?.requestBody?.content?.['application/json']?.schema;
    expect(body?.properties?.variants).toMatchObject({ type: 'array', minItems: 1, maxItems: 200 });
    expect(Object.keys(save?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '404', '409']));
    const replace = paths['/admin/api/products/{id}/photos/{position}']?.put;
    expect(Object.keys(replace?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '404', '413', '415']),
    );
  });
});

describe('[I34-photos] [I32] under PRODUCT_REVIEW=manual', () => {
  it('[I34-photos] a vendor’s replaced photo of an approved product waits for an operator; one Save of prices applies at once', async () => {
    const manual = await createTestApp({
      AUTH_SECRET: TEST_AUTH_SECRET,
      PUBLIC_URL: ORIGIN,
      PRODUCT_REVIEW: 'manual',
    });
    try {
      await importTestCatalogue(manual.db, {
        sellers: [aSeller({ name: 'Harbour Goods' })],
        products: [aConfigurableProduct('TEE-9')],
      });
      const seller = await signedIn(manual, 'vendor', { sellerUrl: 'harbour-goods' });
      const inject = (method: 'GET' | 'PUT' | 'PATCH', path: string, payload?: unknown, type?: string) =>
        manual.app.inject({
          method,
          url: `/admin/api${path}`,
          headers: {
            cookie: seller.cookie,
            'x-csrf-token': seller.csrf,
            ...(type ? { 'content-type': type } : {}),
          },
          ...(payload === undefined ? {} : { payload: payload as string }),
        });
      const tee = (
        await manual.db
          .selectFrom('products')
          .select('id')
          .where('sku', '=', 'TEE-9')
          .executeTakeFirstOrThrow()
      ).id;
      const before = (await inject('GET', `/products/${tee}`)).json<VendorProduct>();
      const replaced = await inject(
        'PUT',
        `/products/${tee}/photos/1`,
        await makePicture('png'),
        'image/png',
      );
      expect(replaced.statusCode, replaced.body).toBe(200);
      const held = replaced.json<VendorProduct>();
      expect(held.photos).toEqual(before.photos);
      expect(held.pending_change?.photos?.[0]).toBe(before.photos[0]);
      expect(held.pending_change?.photos?.[1]).not.toBe(before.photos[1]);
      const shop = await manual.app.inject({ method: 'GET', url: `${ns}/product?product_id=${tee}` });
      expect(shop.json<Product>().images).toEqual(before.photos);

      const [first] = before.variants;
      const saved = await inject('PATCH', `/products/${tee}/variants`, {
        variants: [{ id: first!.id, price_cents: first!.price_cents + 100 }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<VendorProduct>().variants[0]?.price_cents).toBe(first!.price_cents + 100);
    } finally {
      await manual.close();
    }
  });
});
