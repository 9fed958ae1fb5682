import type { CartItem as CartItemWire, Quote as QuoteWire } from '@quokka/contract/api/cart';
import { OPTION_ID } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aCartItem,
  addToCart,
  aShopper,
  call,
  NS,
  optionValueId,
  REST,
  REST_AU,
  type Shopper,
  setStock,
} from '../../test/cart-factory.ts';
import {
  aConfigurableProduct,
  aGiftCard,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
} from '../../test/catalog-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let red: number;
let blue: number;
let small: number;
let medium: number;
let fifty: number;

beforeAll(async () => {
  t = await createTestApp();
  await importTestCatalogue(t.db, {
    sellers: [aSeller(), aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' })],
    products: [
      aSimpleProduct('MUG-1', { price: 19.95, qty: 5 }),
      aSimpleProduct('HAT-1', { price: 12.5, qty: 0, seller: 'outback-outfitters' }),
      aSimpleProduct('OFF-1', { enabled: false }),
      aConfigurableProduct('TEE-1', { seller: 'outback-outfitters' }),
      aGiftCard('GIFT-1'),
      aSimpleProduct('LAMP-1', { qty: 2 }),
    ],
  });
  red = await optionValueId(t.db, 'color', 'Red');
  blue = await optionValueId(t.db, 'color', 'Blue');
  small = await optionValueId(t.db, 'size', 'S');
  medium = await optionValueId(t.db, 'size', 'M');
  fifty = await optionValueId(t.db, 'gift_card_price', '$50');
});
afterAll(() => t.close());

const getCart = (shopper: Shopper) =>
  call<QuoteWire>(t.app, 'GET', `${REST}/carts/mine`, { headers: shopper.headers });
const items = (shopper: Shopper) =>
  call<CartItemWire[]>(t.app, 'GET', `${REST}/carts/mine/items`, { headers: shopper.headers });

describe('carts/mine', () => {
  it('[API-21, CART-11] POST creates the empty cart and answers its id; again, the same cart', async () => {
    const shopper = await aShopper(t);
    const first = await call<number>(t.app, 'POST', `${REST}/carts/mine`, { headers: shopper.headers });
    expect(first.status).toBe(200);
    expect(typeof first.body).toBe('number');
    const again = await call<number>(t.app, 'POST', `${REST}/carts/mine`, {
      headers: { ...shopper.headers, 'content-type': 'application/json' },
    });
    expect(again.body).toBe(first.body);
    expect((await getCart(shopper)).body).toMatchObject({ id: first.body, items: [], items_count: 0 });
  });

  it('[API-21] many creations at once still make one active cart', async () => {
    const shopper = await aShopper(t);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        call<number>(t.app, 'POST', `${REST}/carts/mine`, { headers: shopper.headers }),
      ),
    );
    expect(new Set(replies.map((reply) => reply.body)).size).toBe(1);
    const carts = await t.db.selectFrom('carts').select('id').where('customer_id', '=', shopper.id).execute();
    expect(carts).toHaveLength(1);
  });

  it('[API-20, DATA-35] GET answers the quote: id, items, the customer with addresses and defaults, billing_address', async () => {
    const shopper = await aShopper(t, { firstname: 'Kim', lastname: 'Lee' });
    await addToCart(t.app, shopper, 'MUG-1', 2);
    const { status, body } = await getCart(shopper);
    expect(status).toBe(200);
    expect(body.items).toHaveLength(1);
    expect(body.items_qty).toBe(2);
    expect(body.customer).toMatchObject({
      id: shopper.id,
      firstname: 'Kim',
      lastname: 'Lee',
      fullname: 'Kim Lee',
      email: shopper.email,
      mobile: shopper.mobile,
      default_shipping: String(shopper.addressId),
      default_billing: String(shopper.addressId),
    });
    expect(body.customer.addresses).toEqual([
      expect.objectContaining({
        id: shopper.addressId,
        street: ['1 Harbour St'],
        city: 'Sydney',
        postcode: '2000',
        region: { region: 'New South Wales', region_code: 'NSW', region_id: 570 },
        region_id: 570,
        country_id: 'AU',
        default_shipping: true,
        default_billing: true,
      }),
    ]);
    expect(body.billing_address).toMatchObject({ customer_address_id: shopper.addressId, city: 'Sydney' });
  });

  it('[API-20] GET without a cart answers a new empty one; without a token a 401', async () => {
    const shopper = await aShopper(t);
    const { status, body } = await getCart(shopper);
    expect(status).toBe(200);
    expect(body).toMatchObject({ items: [], customer: { id: shopper.id } });
    const created = await call<number>(t.app, 'POST', `${REST}/carts/mine`, { headers: shopper.headers });
    expect(created.body).toBe(body.id);
    const anonymous = await call<{ code: string }>(t.app, 'GET', `${REST}/carts/mine`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('SIGN_IN_REQUIRED');
    expect(
      (await call(t.app, 'POST', `${REST}/carts/mine/items`, { payload: aCartItem('MUG-1') })).status,
    ).toBe(401);
  });
});

describe('POST carts/mine/items', () => {
  it('[API-22, ROLE-06] adds a simple product at the catalogue price; a price in the body is ignored', async () => {
    const shopper = await aShopper(t);
    const reply = await call<CartItemWire>(t.app, 'POST', `${REST}/carts/mine/items`, {
      headers: shopper.headers,
      payload: aCartItem('MUG-1', 2, [], { price: 0.01, custom_price: 0.01, row_total: 0.02 }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      sku: 'MUG-1',
      qty: 2,
      name: 'Product MUG-1',
      price: 19.95,
      product_type: 'simple',
      extension_attributes: { row_total: 39.9, is_giftcard: false, seller_url: 'harbour-goods' },
    });
    expect(reply.body.quote_id).toBe(String((await getCart(shopper)).body.id));
  });

  it('[API-22] adding the same product again adds to its line', async () => {
    const shopper = await aShopper(t);
    const first = await addToCart(t.app, shopper, 'MUG-1', 1);
    const second = await addToCart(t.app, shopper, 'MUG-1', 2);
    expect(second.body.item_id).toBe(first.body.item_id);
    expect((await items(shopper)).body).toEqual([expect.objectContaining({ sku: 'MUG-1', qty: 3 })]);
  });

  it('[API-22, CONST-14, CONST-15] a configurable product: parent sku and options pick the child', async () => {
    const shopper = await aShopper(t);
    const reply = await addToCart(t.app, shopper, 'TEE-1', 1, [
      { option_id: String(OPTION_ID.color), option_value: red },
      { option_id: OPTION_ID.size, option_value: String(small) },
    ]);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      sku: 'TEE-1-RED-S',
      price: 25,
      product_type: 'configurable',
      product_option: {
        extension_attributes: {
          configurable_item_options: [
            { option_id: String(OPTION_ID.color), option_value: red },
            { option_id: String(OPTION_ID.size), option_value: small },
          ],
        },
      },
      extension_attributes: { seller_url: 'outback-outfitters' },
    });
  });

  it('[API-22] a configurable product without all its options is refused', async () => {
    const shopper = await aShopper(t);
    const reply = await addToCart(t.app, shopper, 'TEE-1', 1, [
      { option_id: OPTION_ID.color, option_value: red },
    ]);
    expect(reply).toMatchObject({
      status: 400,
      body: { message: 'You need to choose options for your item.' },
    });
  });

  it('[API-22, CONST-16] a gift card: option 216 picks the amount', async () => {
    const shopper = await aShopper(t);
    const reply = await addToCart(t.app, shopper, 'GIFT-1', 2, [
      { option_id: OPTION_ID.gift_card_price, option_value: fifty },
    ]);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      sku: 'GIFT-1-50',
      price: 50,
      qty: 2,
      extension_attributes: { is_giftcard: true },
    });
  });

  it.each([
    ['an unknown sku', 'NOPE-1', []],
    ['a disabled product', 'OFF-1', []],
    ['an out of stock product', 'HAT-1', []],
  ])('[ERR-05] %s: 400 with the out-of-stock message', async (_case, sku, options) => {
    const shopper = await aShopper(t);
    const reply = await addToCart(t.app, shopper, sku, 1, options);
    expect(reply).toMatchObject({ status: 400, body: { message: MSG.productNotAvailable } });
    expect(reply.body).toMatchObject({ code: 'PRODUCT_NOT_AVAILABLE' });
  });

  it('[ERR-05] a sold-out variant, or a combination nobody sells, is not available', async () => {
    const shopper = await aShopper(t);
    const large = await optionValueId(t.db, 'size', 'L');
    const soldOut = await addToCart(t.app, shopper, 'TEE-1', 1, [
      { option_id: OPTION_ID.color, option_value: blue },
      { option_id: OPTION_ID.size, option_value: large },
    ]);
    expect(soldOut).toMatchObject({ status: 400, body: { message: MSG.productNotAvailable } });
    const nonsense = await addToCart(t.app, shopper, 'TEE-1', 1, [
      { option_id: OPTION_ID.color, option_value: fifty },
      { option_id: OPTION_ID.size, option_value: medium },
    ]);
    expect(nonsense).toMatchObject({ status: 400, body: { message: MSG.productNotAvailable } });
  });

  it('[ERR-06] more than the stock, counting what the cart already holds: 400 qty not available', async () => {
    const shopper = await aShopper(t);
    expect((await addToCart(t.app, shopper, 'MUG-1', 6)).body).toMatchObject({
      message: MSG.qtyNotAvailable,
    });
    expect((await addToCart(t.app, shopper, 'MUG-1', 4)).status).toBe(200);
    const over = await addToCart(t.app, shopper, 'MUG-1', 2);
    expect(over).toMatchObject({ status: 400, body: { message: MSG.qtyNotAvailable } });
    expect(over.body).toMatchObject({ code: 'QTY_NOT_AVAILABLE' });
    expect((await items(shopper)).body).toEqual([expect.objectContaining({ qty: 4 })]);
  });

  it.each([0, -1, 1.5, 'two'])('[CONST-11] a quantity of %s is refused', async (qty) => {
    const shopper = await aShopper(t);
    const reply = await call(t.app, 'POST', `${REST}/carts/mine/items`, {
      headers: shopper.headers,
      payload: { cartItem: { sku: 'MUG-1', qty } },
    });
    expect(reply.status).toBe(400);
    expect((await items(shopper)).body).toEqual([]);
  });
});

describe('PUT and DELETE carts/mine/items/{itemId}', () => {
  it('[CART-07, CONST-12] a quantity changes in place; the line total is price × qty', async () => {
    const shopper = await aShopper(t);
    const added = await addToCart(t.app, shopper, 'MUG-1', 1);
    const reply = await call<CartItemWire>(t.app, 'PUT', `${REST}/carts/mine/items/${added.body.item_id}`, {
      headers: shopper.headers,
      payload: { cartItem: { qty: 3, price: 1 } },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ item_id: added.body.item_id, qty: 3, price: 19.95 });
    expect(reply.body.extension_attributes.row_total).toBe(59.85);
    expect((await items(shopper)).body).toEqual([expect.objectContaining({ qty: 3 })]);
  });

  it('[ERR-06, CONST-11] a change above the stock or below 1 is refused and the line stays', async () => {
    const shopper = await aShopper(t);
    const added = await addToCart(t.app, shopper, 'MUG-1', 2);
    const url = `${REST}/carts/mine/items/${added.body.item_id}`;
    const over = await call(t.app, 'PUT', url, {
      headers: shopper.headers,
      payload: { cartItem: { qty: 6 } },
    });
    expect(over).toMatchObject({ status: 400, body: { message: MSG.qtyNotAvailable } });
    const zero = await call(t.app, 'PUT', url, {
      headers: shopper.headers,
      payload: { cartItem: { qty: 0 } },
    });
    expect(zero.status).toBe(400);
    expect((await items(shopper)).body).toEqual([expect.objectContaining({ qty: 2 })]);
  });

  it('[CART-08] DELETE removes the line and answers true', async () => {
    const shopper = await aShopper(t);
    const added = await addToCart(t.app, shopper, 'MUG-1', 1);
    const reply = await call(t.app, 'DELETE', `${REST}/carts/mine/items/${added.body.item_id}`, {
      headers: shopper.headers,
    });
    expect(reply).toMatchObject({ status: 200, body: true });
    expect((await items(shopper)).body).toEqual([]);
  });

  it("another member's cart item is a 404 to change or remove, and stays as it was", async () => {
    const owner = await aShopper(t);
    const other = await aShopper(t);
    await call(t.app, 'POST', `${REST}/carts/mine`, { headers: other.headers });
    const added = await addToCart(t.app, owner, 'MUG-1', 1);
    const url = `${REST}/carts/mine/items/${added.body.item_id}`;
    expect(
      (await call(t.app, 'PUT', url, { headers: other.headers, payload: { cartItem: { qty: 2 } } })).status,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', url, { headers: other.headers })).status).toBe(404);
    expect((await items(owner)).body).toEqual([expect.objectContaining({ qty: 1 })]);
  });
});

describe('{ns}/clearcart', () => {
  it('[API-23, CART-05] empties the cart', async () => {
    const shopper = await aShopper(t);
    await addToCart(t.app, shopper, 'MUG-1', 1);
    await addToCart(t.app, shopper, 'GIFT-1', 1, [
      { option_id: OPTION_ID.gift_card_price, option_value: fifty },
    ]);
    const reply = await call(t.app, 'POST', `${NS}/clearcart`, { headers: shopper.headers });
    expect(reply).toMatchObject({ status: 200, body: { status: true } });
    expect((await items(shopper)).body).toEqual([]);
  });

  it('[ERR-07] answers 404 when there is no cart', async () => {
    const shopper = await aShopper(t);
    const reply = await call<{ message: string; code: string }>(t.app, 'POST', `${NS}/clearcart`, {
      headers: { ...shopper.headers, 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBeTruthy();
    expect(reply.body.code).toBe('CART_NOT_FOUND');
  });

  it('[CART-06] the cart rebuilt after clearing holds exactly the stored items', async () => {
    const shopper = await aShopper(t);
    await addToCart(t.app, shopper, 'MUG-1', 3);
    await call(t.app, 'POST', `${NS}/clearcart`, { headers: shopper.headers });
    await addToCart(t.app, shopper, 'MUG-1', 1);
    await addToCart(t.app, shopper, 'TEE-1', 2, [
      { option_id: OPTION_ID.color, option_value: red },
      { option_id: OPTION_ID.size, option_value: medium },
    ]);
    expect((await items(shopper)).body.map((line) => [line.sku, line.qty])).toEqual([
      ['MUG-1', 1],
      ['TEE-1-RED-M', 2],
    ]);
  });
});

describe('stock seen by the cart', () => {
  it('[ERR-05] a product that sells out after it was added cannot be raised', async () => {
    const shopper = await aShopper(t);
    const added = await addToCart(t.app, shopper, 'LAMP-1', 1);
    await setStock(t.db, 'LAMP-1', 0);
    const reply = await call(t.app, 'PUT', `${REST_AU}/carts/mine/items/${added.body.item_id}`, {
      headers: shopper.headers,
      payload: { cartItem: { qty: 2 } },
    });
    expect(reply).toMatchObject({ status: 400, body: { message: MSG.productNotAvailable } });
  });
});
