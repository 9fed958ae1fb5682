// A variant's own picture (the product in that colour): imported with the variant, answered with the
// child by the product call, so the product page can show the chosen colour, and answered as the
// picture of a cart line of that variant.

import type { CartItem } from '@quokka/contract/api/cart';
import type { Product } from '@quokka/contract/api/catalog';
import { OPTION_ID } from '@quokka/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, aShopper, call, optionValueId, REST } from '../../test/cart-factory.ts';
import { aCatalogue, aConfigurableProduct, aSeller } from '../../test/catalog-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { importCatalogue } from './catalog-importer.ts';

let t: TestApp;
const ns = '/rest/default/V1/storefront';
const RED = '/media/products/tee-red.svg';
const BLUE = '/media/products/tee-blue.svg';

/** A tee whose red variants have the red picture and whose blue ones have `blue` (none when null). */
function teeFile(blue: string | null) {
  const tee = aConfigurableProduct('TEE-PIC');
  return aCatalogue({
    sellers: [aSeller()],
    products: [
      {
        ...tee,
        variants: tee.variants.map((variant) => {
          const image = variant.color === 'Red' ? RED : blue;
          return image ? { ...variant, image } : variant;
        }),
      },
    ],
  });
}

async function product(): Promise<Product> {
  const { id } = await t.db
    .selectFrom('products')
    .select('id')
    .where('sku', '=', 'TEE-PIC')
    .executeTakeFirstOrThrow();
  const reply = await t.app.inject({ method: 'GET', url: `${ns}/product?product_id=${id}` });
  expect(reply.statusCode).toBe(200);
  return reply.json<Product>();
}

const imageBySku = (body: Product) =>
  Object.fromEntries(body.configurable_products.map((child) => [child.sku, child.image ?? null]));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('variant pictures', () => {
  it('[I11-17] [DATA-24] the product call answers each child with its own picture, and none for a child without', async () => {
    await importCatalogue(t.db, teeFile(BLUE));
    const body = await product();
    expect(imageBySku(body)).toEqual({
      'TEE-PIC-RED-S': RED,
      'TEE-PIC-RED-M': RED,
      'TEE-PIC-RED-L': RED,
      'TEE-PIC-BLUE-S': BLUE,
      'TEE-PIC-BLUE-M': BLUE,
      'TEE-PIC-BLUE-L': BLUE,
    });
    // The product's own pictures are untouched by its variants'.
    expect(body.images).toEqual(aConfigurableProduct('TEE-PIC').images);
  });

  it('[I11-17] a re-import that drops a variant picture removes it, and counts the product as updated once', async () => {
    await importCatalogue(t.db, teeFile(BLUE));
    const summary = await importCatalogue(t.db, teeFile(null));
    expect(summary.products).toEqual({ created: 0, updated: 1, unchanged: 0 });
    const body = await product();
    expect(imageBySku(body)['TEE-PIC-BLUE-M']).toBeNull();
    expect(imageBySku(body)['TEE-PIC-RED-M']).toBe(RED);
    const again = await importCatalogue(t.db, teeFile(null));
    expect(again.products).toEqual({ created: 0, updated: 0, unchanged: 1 });
  });

  it('[I11-17] a variant picture is a relative path, a data: or http(s) URL or a /media path; never a path elsewhere', async () => {
    const file = teeFile('/home/me/blue.svg');
    await expect(importCatalogue(t.db, file)).rejects.toThrow(
      /variants\[3\]\.image: must be a path relative to the file, a data: URL, an http\(s\) URL or a \/media\/ path/,
    );
  });

  it('[I11-17] [CART-01] a cart line of a variant with its own picture shows that picture; without one, the product’s', async () => {
    await importCatalogue(t.db, teeFile(null));
    const shopper = await aShopper(t);
    const choice = async (colour: string) => [
      { option_id: OPTION_ID.color, option_value: await optionValueId(t.db, 'color', colour) },
      { option_id: OPTION_ID.size, option_value: await optionValueId(t.db, 'size', 'M') },
    ];
    expect((await addToCart(t.app, shopper, 'TEE-PIC', 1, await choice('Red'))).status).toBe(200);
    expect((await addToCart(t.app, shopper, 'TEE-PIC', 1, await choice('Blue'))).status).toBe(200);
    const { body } = await call<CartItem[]>(t.app, 'GET', `${REST}/carts/mine/items`, {
      headers: shopper.headers,
    });
    const imageOf = (sku: string) => body.find((line) => line.sku === sku)?.extension_attributes?.image;
    expect(imageOf('TEE-PIC-RED-M')).toBe(RED);
    expect(imageOf('TEE-PIC-BLUE-M')).toBe(aConfigurableProduct('TEE-PIC').images[0]);
  });
});
