import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aShopper, call, NS, REST, REST_AU } from '../../test/cart-factory.ts';
import { aSimpleProduct, importTestCatalogue } from '../../test/catalog-factory.ts';
import { aLinkToken, aMobile, aRegistration, TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// [I12-8] The text fields the fuzzer broke with a NUL byte (a 500 on both databases). Every
// one is refused by the contract's text schema with a 400 {message, code} before it reaches SQL.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET });
  await importTestCatalogue(t.db, { products: [aSimpleProduct('MUG-1')] });
});
afterAll(() => t.close());

const NUL = 'Sam\u0000';
const refused = {
  status: 400,
  body: { code: 'INPUT_VALIDATION', message: expect.stringContaining('control') },
};

const newAddress = (overrides: Record<string, unknown>) => ({
  firstname: 'Sam',
  lastname: 'Walker',
  telephone: '0412555777',
  street: ['12 Swan St'],
  city: 'Richmond',
  postcode: '3121',
  region_code: 'VIC',
  country_id: 'AU',
  ...overrides,
});

describe('control characters in request text', () => {
  it('[I12-8] a NUL in an address, account, cart, registration, sign-in or search field is a 400, never a 500', async () => {
    const shopper = await aShopper(t);
    const member = { headers: shopper.headers };
    for (const field of ['firstname', 'lastname', 'city', 'postcode', 'telephone']) {
      const shipping = await call(t.app, 'POST', `${REST_AU}/carts/mine/shipping-information`, {
        ...member,
        payload: { addressInformation: { shipping_address: newAddress({ [field]: NUL }) } },
      });
      expect(shipping, field).toMatchObject(refused);
    }
    const street = await call(t.app, 'POST', `${REST}/carts/mine/estimate-shipping-methods`, {
      ...member,
      payload: { address: newAddress({ street: [NUL] }) },
    });
    expect(street).toMatchObject(refused);
    const me = await call(t.app, 'PUT', `${REST}/customers/me`, {
      ...member,
      payload: { customer: { firstname: NUL } },
    });
    expect(me).toMatchObject(refused);
    const sku = await call(t.app, 'POST', `${REST}/carts/mine/items`, {
      ...member,
      payload: { cartItem: { sku: 'MUG-1\u0000', qty: 1 } },
    });
    expect(sku).toMatchObject(refused);
    const mobile = aMobile();
    const jwt = await aLinkToken({ mobile }, { now: t.clock.now(), ttlSeconds: 1800 });
    for (const overrides of [{ firstname: NUL }, { city: NUL }, { email: 'sam\u0000@example.com' }]) {
      const account = await call(t.app, 'POST', `${NS}/createAccount`, {
        payload: aRegistration(mobile, { ...overrides, jwt }),
      });
      expect(account).toMatchObject(refused);
    }
    const code = await call(t.app, 'POST', `${NS}/confirmmobilecode`, {
      payload: { mobile: `${mobile}\u0000`, code: '123456' },
    });
    expect(code).toMatchObject(refused);
    const places = await call(t.app, 'GET', `${NS}/places?query=Rich%00mond`, {});
    expect(places).toMatchObject(refused);
  });
});

describe('lengths of request text', () => {
  it('[I12-10] a 150,000- or 101-character name is a 400 in an address, the account and registration', async () => {
    const shopper = await aShopper(t);
    const tooLong = { status: 400, body: { code: 'INPUT_VALIDATION', message: expect.any(String) } };
    for (const name of ['S'.repeat(150_000), 'S'.repeat(101)]) {
      const shipping = await call(t.app, 'POST', `${REST}/carts/mine/estimate-shipping-methods`, {
        headers: shopper.headers,
        payload: { address: newAddress({ firstname: name }) },
      });
      expect(shipping).toMatchObject(tooLong);
      const me = await call(t.app, 'PUT', `${REST}/customers/me`, {
        headers: shopper.headers,
        payload: { customer: { lastname: name } },
      });
      expect(me).toMatchObject(tooLong);
      const mobile = aMobile();
      const jwt = await aLinkToken({ mobile }, { now: t.clock.now(), ttlSeconds: 1800 });
      const account = await call(t.app, 'POST', `${NS}/createAccount`, {
        payload: aRegistration(mobile, { firstname: name, jwt }),
      });
      expect(account).toMatchObject(tooLong);
    }
    const street = await call(t.app, 'POST', `${REST}/carts/mine/estimate-shipping-methods`, {
      headers: shopper.headers,
      payload: { address: newAddress({ street: ['1'.repeat(256)] }) },
    });
    expect(street).toMatchObject({ status: 400 });
  });
});
