import type { Customer as AccountCustomerWire, Order as OrderWire } from '@quokka/contract/api/customer';
import { MSG } from '@quokka/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  aShopper,
  call,
  NS,
  placeOrder,
  REST,
  type Shopper,
  saveShipping,
} from '../../test/cart-factory.ts';
import { aSeller, aSimpleProduct, importTestCatalogue } from '../../test/catalog-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { issueCustomerToken } from '../auth/token-service.ts';
import { CUSTOMER_TEXT } from './customer-service.ts';

// My Account over HTTP (SPEC.md §7 Account; DECISIONS.md "Wire"): customers/me as Magento answers it,
// the address book replaced the way Magento's PUT does, the defaults, the orders; and two members
// trying to read and change each other's things, refused with 404 and nothing changed.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await importTestCatalogue(t.db, {
    sellers: [aSeller()],
    products: [aSimpleProduct('MUG-1', { price: 19.95, qty: 500, name: 'Harbour Mug' })],
  });
});
afterAll(() => t.close());

const ME = `${REST}/customers/me`;

const getMe = (shopper: Shopper) => call<AccountCustomerWire>(t.app, 'GET', ME, { headers: shopper.headers });

const putMe = (shopper: Shopper, customer: object) =>
  call<
    AccountCustomerWire & { message?: string; code?: string; input_validation?: Record<string, string[]> }
  >(t.app, 'PUT', ME, { headers: shopper.headers, payload: { customer } });

const setDefault = (shopper: Shopper, kind: 'billing' | 'shipping', addressId: unknown) =>
  call<{ status?: boolean; message?: string }>(t.app, 'POST', `${NS}/setdefault${kind}`, {
    headers: shopper.headers,
    payload: { address_id: addressId },
  });

/** An address as the web app's form sends it (Magento's shape), valid unless overridden. */
function anAddress(overrides: Record<string, unknown> = {}) {
  return {
    firstname: 'Sam',
    lastname: 'Walker',
    telephone: '0412 555 777',
    street: ['12 Swan St'],
    city: 'Richmond',
    postcode: '3121',
    region: { region: 'Victoria', region_code: 'VIC', region_id: 571 },
    region_id: 571,
    country_id: 'AU',
    ...overrides,
  };
}

const addressRows = (customerId: number) =>
  t.db
    .selectFrom('customer_addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();

const customerRow = (customerId: number) =>
  t.db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirstOrThrow();

/** Everything of a member that the account calls could change. */
async function snapshot(shopper: Shopper) {
  const { default_billing_id, default_shipping_id, email, firstname, lastname } = await customerRow(
    shopper.id,
  );
  return {
    customer: { default_billing_id, default_shipping_id, email, firstname, lastname },
    addresses: await addressRows(shopper.id),
  };
}

/** A member with one placed order of `qty` mugs. */
async function orderFor(shopper: Shopper, qty = 1): Promise<number> {
  expect((await addToCart(t.app, shopper, 'MUG-1', qty)).status).toBe(200);
  expect((await saveShipping(t.app, shopper)).status).toBe(200);
  const placed = await placeOrder(t.app, shopper);
  expect(placed.status).toBe(200);
  return Number(placed.body);
}

describe('GET customers/me', () => {
  it('[DATA-34] [DATA-36] [DATA-37] [DATA-38] answers the member with addresses and default ids as strings', async () => {
    const shopper = await aShopper(t, { firstname: 'Jane', lastname: 'Citizen' });
    const reply = await getMe(shopper);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body).toEqual({
      id: shopper.id,
      email: shopper.email,
      firstname: 'Jane',
      lastname: 'Citizen',
      fullname: 'Jane Citizen',
      mobile: shopper.mobile,
      store_id: 19,
      website_id: 1,
      default_billing: String(shopper.addressId),
      default_shipping: String(shopper.addressId),
      custom_attributes: [{ attribute_code: 'mobile', value: shopper.mobile }],
      addresses: [
        {
          id: shopper.addressId,
          customer_id: shopper.id,
          firstname: 'Jane',
          lastname: 'Citizen',
          telephone: shopper.mobile,
          street: ['1 Harbour St'],
          city: 'Sydney',
          postcode: '2000',
          region: { region: 'New South Wales', region_code: 'NSW', region_id: 570 },
          region_id: 570,
          country_id: 'AU',
          default_billing: true,
          default_shipping: true,
        },
      ],
    });
  });

  it('[ROLE-08] [AUTH-24] answers 401 without a token or with an unknown one', async () => {
    expect((await call(t.app, 'GET', ME)).status).toBe(401);
    const unknown = { authorization: `Bearer ${'x'.repeat(43)}` };
    expect((await call(t.app, 'GET', ME, { headers: unknown })).status).toBe(401);
    expect((await call(t.app, 'GET', `${NS}/orders`)).status).toBe(401);
    expect(
      (await call(t.app, 'POST', `${NS}/setdefaultshipping`, { payload: { address_id: 1 } })).status,
    ).toBe(401);
  });
});

describe('PUT customers/me', () => {
  it('[I12-6] a new email ends every other session of the member; the one that changed it stays', async () => {
    const shopper = await aShopper(t);
    const other = await issueCustomerToken(t.db, shopper.id, t.clock);
    const otherShopper = { ...shopper, token: other, headers: { authorization: `Bearer ${other}` } };
    // Names alone change nothing about the sessions.
    expect((await putMe(shopper, { firstname: 'Renamed', lastname: 'Member' })).status).toBe(200);
    expect((await getMe(otherShopper)).status).toBe(200);
    const changed = await putMe(shopper, { email: `new.${shopper.email}` });
    expect(changed.status).toBe(200);
    expect((await getMe(otherShopper)).status).toBe(401);
    expect((await getMe(shopper)).status).toBe(200);
  });

  it('[API-31] [ROLE-07] adds a new address and keeps the id of the one that stays', async () => {
    const shopper = await aShopper(t);
    const me = (await getMe(shopper)).body;
    const reply = await putMe(shopper, { ...me, addresses: [...me.addresses, anAddress()] });
    expect(reply.status).toBe(200);
    expect(reply.body.addresses).toHaveLength(2);
    expect(reply.body.addresses[0]).toMatchObject({ id: shopper.addressId, city: 'Sydney' });
    const added = reply.body.addresses[1];
    expect(added).toMatchObject({
      firstname: 'Sam',
      lastname: 'Walker',
      telephone: '+61412555777',
      street: ['12 Swan St'],
      city: 'Richmond',
      postcode: '3121',
      region: { region: 'Victoria', region_code: 'VIC', region_id: 571 },
      region_id: 571,
      country_id: 'AU',
      default_shipping: false,
      default_billing: false,
    });
    // The defaults stay where they were; the rows are what the reply says.
    expect(reply.body.default_shipping).toBe(String(shopper.addressId));
    const rows = await addressRows(shopper.id);
    expect(rows.map((row) => row.id)).toEqual([shopper.addressId, added?.id]);
    expect(rows[1]).toMatchObject({ street: ['12 Swan St'], region_code: 'VIC', telephone: '+61412555777' });
  });

  it('[API-31] updates an address in place (same id) and deletes the ones left out, as Magento does', async () => {
    const shopper = await aShopper(t);
    const me = (await getMe(shopper)).body;
    const two = await putMe(shopper, {
      addresses: [...me.addresses, anAddress(), anAddress({ city: 'Carlton' })],
    });
    const [first, second, third] = two.body.addresses;
    expect(third?.city).toBe('Carlton');

    const reply = await putMe(shopper, {
      addresses: [
        { ...second, street: ['99 Chapel St', 'Level 2'], city: 'Prahran', postcode: '3181' },
        first,
      ],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.addresses.map((address) => address.id)).toEqual([first?.id, second?.id]);
    expect(reply.body.addresses.find((address) => address.id === second?.id)).toMatchObject({
      street: ['99 Chapel St', 'Level 2'],
      city: 'Prahran',
      postcode: '3181',
    });
    expect((await addressRows(shopper.id)).map((row) => row.id)).toEqual([first?.id, second?.id]);
  });

  it('[API-31] an address marked default becomes the default; deleting the default unsets it', async () => {
    const shopper = await aShopper(t);
    const me = (await getMe(shopper)).body;
    const reply = await putMe(shopper, {
      addresses: [...me.addresses, anAddress({ default_shipping: true })],
    });
    const added = reply.body.addresses[1];
    expect(reply.body.default_shipping).toBe(String(added?.id));
    expect(reply.body.default_billing).toBe(String(shopper.addressId));
    expect(added).toMatchObject({ default_shipping: true, default_billing: false });

    // The list without the billing address: it is deleted, and no billing default is left.
    const only = await putMe(shopper, { addresses: [added] });
    expect(only.body.addresses.map((address) => address.id)).toEqual([added?.id]);
    expect(only.body.default_billing).toBeUndefined();
    expect(only.body.default_shipping).toBe(String(added?.id));
    expect((await customerRow(shopper.id)).default_billing_id).toBeNull();
  });

  it('without an address list leaves the addresses alone; the name splits at the first word', async () => {
    const shopper = await aShopper(t);
    const before = await addressRows(shopper.id);
    const reply = await putMe(shopper, {
      firstname: 'Mary Anne',
      lastname: 'van Dyke',
      email: shopper.email,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ firstname: 'Mary', lastname: 'Anne van Dyke' });
    expect(await addressRows(shopper.id)).toEqual(before);
  });

  it('[VAL-22] [VAL-23] an address name splits at the first word, as the form does', async () => {
    const shopper = await aShopper(t);
    const reply = await putMe(shopper, { addresses: [anAddress({ firstname: 'Jo Ann', lastname: 'Lee' })] });
    expect(reply.body.addresses[0]).toMatchObject({ firstname: 'Jo', lastname: 'Ann Lee' });
  });

  describe('answers 400 with the §5 message beside the field, and changes nothing', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['[VAL-20] a missing mobile', { telephone: '' }, 'mobile', MSG.validMobile],
      ['[VAL-20] a mobile that is not Australian', { telephone: '+64211234567' }, 'mobile', MSG.validMobile],
      ['[VAL-21] a one-word name', { firstname: 'Cher', lastname: '' }, 'fullname', MSG.fullName],
      ['[VAL-24] a missing street address', { street: [''] }, 'street_address', MSG.missingStreet],
      ['[VAL-25] a missing suburb', { city: ' ' }, 'suburb', MSG.missingSuburb],
      [
        '[VAL-26] an unknown region',
        { region: { region: 'X', region_code: 'XX', region_id: 999 }, region_id: 999 },
        'state',
        MSG.missingState,
      ],
      ['[VAL-27] [VAL-30] a country other than AU', { country_id: 'NZ' }, 'country', MSG.missingCountry],
      ['[VAL-28] a missing postcode', { postcode: '' }, 'postcode', MSG.missingPostcode],
    ];
    it.each(cases)('%s', async (_name, overrides, field, message) => {
      const shopper = await aShopper(t);
      const before = await snapshot(shopper);
      const me = (await getMe(shopper)).body;
      const reply = await putMe(shopper, { addresses: [...me.addresses, anAddress(overrides)] });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ status: false, message, input_validation: { [field]: [message] } });
      expect(await snapshot(shopper)).toEqual(before);
    });

    it('every broken field at once, each with its own message', async () => {
      const shopper = await aShopper(t);
      const reply = await putMe(shopper, {
        addresses: [{ firstname: '', lastname: '', street: [], country_id: 'US' }],
      });
      expect(reply.body.input_validation).toEqual({
        mobile: [MSG.validMobile],
        fullname: [MSG.fullName],
        street_address: [MSG.missingStreet],
        suburb: [MSG.missingSuburb],
        state: [MSG.missingState],
        country: [MSG.missingCountry],
        postcode: [MSG.missingPostcode],
      });
    });

    it('a bad address after a good one: the good one is not saved either', async () => {
      const shopper = await aShopper(t);
      const before = await snapshot(shopper);
      const reply = await putMe(shopper, { addresses: [anAddress(), anAddress({ postcode: '' })] });
      expect(reply.status).toBe(400);
      expect(await snapshot(shopper)).toEqual(before);
    });

    it('a bad or taken email, a one-word name', async () => {
      const shopper = await aShopper(t);
      const other = await aShopper(t);
      const before = await snapshot(shopper);
      expect((await putMe(shopper, { email: 'nope@' })).body.input_validation).toEqual({
        email: [MSG.validEmail],
      });
      const taken = await putMe(shopper, { email: other.email.toUpperCase() });
      expect(taken.body.input_validation).toEqual({ email: [MSG.emailExists] });
      expect(taken.body.code).toBe('EMAIL_TAKEN');
      expect((await putMe(shopper, { firstname: 'Cher', lastname: '' })).body.input_validation).toEqual({
        fullname: [MSG.fullName],
      });
      expect(await snapshot(shopper)).toEqual(before);
    });

    it('the same address id twice', async () => {
      const shopper = await aShopper(t);
      const me = (await getMe(shopper)).body;
      const reply = await putMe(shopper, { addresses: [me.addresses[0], me.addresses[0]] });
      expect(reply).toMatchObject({ status: 400, body: { message: CUSTOMER_TEXT.duplicateAddress } });
    });
  });
});

describe('setdefaultbilling and setdefaultshipping', () => {
  it('[API-32] [API-33] [ACCT-07] set the member’s defaults, and the cart shows them', async () => {
    const shopper = await aShopper(t);
    const me = (await getMe(shopper)).body;
    const added = (await putMe(shopper, { addresses: [...me.addresses, anAddress()] })).body.addresses[1];
    const id = added?.id;

    expect(await setDefault(shopper, 'shipping', id)).toMatchObject({ status: 200, body: { status: true } });
    expect((await customerRow(shopper.id)).default_shipping_id).toBe(id);
    expect((await customerRow(shopper.id)).default_billing_id).toBe(shopper.addressId);

    // A digit string, as some clients send ids.
    expect(await setDefault(shopper, 'billing', String(id))).toMatchObject({
      status: 200,
      body: { status: true },
    });
    expect((await customerRow(shopper.id)).default_billing_id).toBe(id);

    // [DATA-35] The cart's customer (what the checkout preselects from) agrees.
    const cart = await call<{ customer: AccountCustomerWire }>(t.app, 'GET', `${REST}/carts/mine`, {
      headers: shopper.headers,
    });
    expect(cart.body.customer).toMatchObject({ default_shipping: String(id), default_billing: String(id) });
  });

  it('refuses a missing or malformed address id with 400, an unknown one with 404', async () => {
    const shopper = await aShopper(t);
    expect((await setDefault(shopper, 'shipping', undefined)).status).toBe(400);
    expect((await setDefault(shopper, 'shipping', 'abc')).status).toBe(400);
    expect(await setDefault(shopper, 'billing', 2_000_000)).toMatchObject({
      status: 404,
      body: { message: CUSTOMER_TEXT.addressNotFound },
    });
  });
});

describe('orders', () => {
  it('[API-34] [DATA-41] lists the member’s orders newest first, with items and addresses', async () => {
    const shopper = await aShopper(t, { firstname: 'Ola', lastname: 'Nguyen' });
    const first = await orderFor(shopper, 2);
    const second = await orderFor(shopper, 1);
    const reply = await call<{ status: boolean; data: OrderWire[] }>(t.app, 'GET', `${NS}/orders`, {
      headers: shopper.headers,
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body.data.map((order) => order.id)).toEqual([second, first]);
    const older = reply.body.data[1];
    expect(older).toMatchObject({
      id: first,
      increment_id: expect.stringMatching(/^\d{9}$/),
      customer_name: 'Ola Nguyen',
      created_at: expect.any(String),
      items: [{ name: 'Harbour Mug', price: 19.95, qty: 2, total: 39.9 }],
      shipping_address: { street: ['1 Harbour St'], city: 'Sydney', region_id: 570 },
      billing_address: { street: ['1 Harbour St'], city: 'Sydney' },
    });
    // [CONST-13] total = lines + shipping.
    expect(older?.grand_total).toBeCloseTo(39.9 + (older?.shipping_amount ?? 0), 2);
  });

  it('[API-35] [DATA-41] answers one order by order_id', async () => {
    const shopper = await aShopper(t);
    const id = await orderFor(shopper);
    const reply = await call<{ status: boolean; data: OrderWire }>(
      t.app,
      'GET',
      `${NS}/order?order_id=${id}`,
      {
        headers: shopper.headers,
      },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      id,
      items: [{ name: 'Harbour Mug', qty: 1, price: 19.95, total: 19.95 }],
      shipping_amount: expect.any(Number),
      grand_total: expect.any(Number),
    });
    expect((await call(t.app, 'GET', `${NS}/order?order_id=abc`, { headers: shopper.headers })).status).toBe(
      400,
    );
    expect((await call(t.app, 'GET', `${NS}/order`, { headers: shopper.headers })).status).toBe(400);
  });

  it('a member without orders gets an empty list', async () => {
    const shopper = await aShopper(t);
    const reply = await call(t.app, 'GET', `${NS}/orders`, { headers: shopper.headers });
    expect(reply).toMatchObject({ status: 200, body: { status: true, data: [] } });
  });
});

describe('two members: each sees and changes only their own (404, nothing changed)', () => {
  let alice: Shopper;
  let bob: Shopper;
  let bobOrder: number;
  let aliceOrder: number;
  let bobSecondAddress: number;

  beforeAll(async () => {
    alice = await aShopper(t, { firstname: 'Alice', lastname: 'Ng' });
    bob = await aShopper(t, { firstname: 'Bob', lastname: 'Tran' });
    aliceOrder = await orderFor(alice);
    bobOrder = await orderFor(bob);
    const bobMe = (await getMe(bob)).body;
    const added = (await putMe(bob, { addresses: [...bobMe.addresses, anAddress({ city: 'Fitzroy' })] }))
      .body;
    bobSecondAddress = added.addresses[1]?.id ?? 0;
  });

  it("[ROLE-07] Alice cannot read Bob's order: 404, the same as an order that does not exist", async () => {
    const reply = await call(t.app, 'GET', `${NS}/order?order_id=${bobOrder}`, { headers: alice.headers });
    const missing = await call(t.app, 'GET', `${NS}/order?order_id=2000000`, { headers: alice.headers });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(missing.body);
    expect(JSON.stringify(reply.body)).not.toContain('Bob');
  });

  it("[ROLE-07] Alice's orders list holds only her order, Bob's only his", async () => {
    const aliceList = await call<{ data: OrderWire[] }>(t.app, 'GET', `${NS}/orders`, {
      headers: alice.headers,
    });
    const bobList = await call<{ data: OrderWire[] }>(t.app, 'GET', `${NS}/orders`, { headers: bob.headers });
    expect(aliceList.body.data.map((order) => order.id)).toEqual([aliceOrder]);
    expect(bobList.body.data.map((order) => order.id)).toEqual([bobOrder]);
  });

  it("[ROLE-07] Alice's customers/me shows none of Bob's addresses", async () => {
    const me = (await getMe(alice)).body;
    expect(me.addresses.map((address) => address.id)).toEqual([alice.addressId]);
  });

  it("[ROLE-07] Alice cannot change Bob's address through PUT customers/me", async () => {
    const [aliceBefore, bobBefore] = [await snapshot(alice), await snapshot(bob)];
    const me = (await getMe(alice)).body;
    const reply = await putMe(alice, {
      addresses: [...me.addresses, anAddress({ id: bob.addressId, street: ['1 Hijack Rd'] })],
    });
    expect(reply).toMatchObject({ status: 404, body: { message: CUSTOMER_TEXT.addressNotFound } });
    expect(await snapshot(alice)).toEqual(aliceBefore);
    expect(await snapshot(bob)).toEqual(bobBefore);
  });

  it("[ROLE-07] Alice cannot take over Bob's address by listing only it (her own would be deleted)", async () => {
    const [aliceBefore, bobBefore] = [await snapshot(alice), await snapshot(bob)];
    const reply = await putMe(alice, {
      addresses: [anAddress({ id: bobSecondAddress, default_shipping: true })],
    });
    expect(reply.status).toBe(404);
    expect(await snapshot(alice)).toEqual(aliceBefore);
    expect(await snapshot(bob)).toEqual(bobBefore);
  });

  it("[ROLE-07] Alice cannot make Bob's address her default billing or shipping address", async () => {
    const [aliceBefore, bobBefore] = [await snapshot(alice), await snapshot(bob)];
    for (const kind of ['billing', 'shipping'] as const) {
      for (const id of [bob.addressId, bobSecondAddress]) {
        const reply = await setDefault(alice, kind, id);
        expect(reply).toMatchObject({ status: 404, body: { message: CUSTOMER_TEXT.addressNotFound } });
      }
    }
    expect(await snapshot(alice)).toEqual(aliceBefore);
    expect(await snapshot(bob)).toEqual(bobBefore);
  });

  it("[ROLE-07] nor can Bob change Alice's defaults, and both keep their orders", async () => {
    const aliceBefore = await snapshot(alice);
    expect((await setDefault(bob, 'shipping', alice.addressId)).status).toBe(404);
    expect(
      (await call(t.app, 'GET', `${NS}/order?order_id=${aliceOrder}`, { headers: bob.headers })).status,
    ).toBe(404);
    expect(await snapshot(alice)).toEqual(aliceBefore);
    const orders = await t.db
      .selectFrom('orders')
      .select(['id', 'customer_id'])
      .where('id', 'in', [aliceOrder, bobOrder])
      .orderBy('id')
      .execute();
    expect(orders).toEqual([
      { id: aliceOrder, customer_id: alice.id },
      { id: bobOrder, customer_id: bob.id },
    ]);
  });
});
