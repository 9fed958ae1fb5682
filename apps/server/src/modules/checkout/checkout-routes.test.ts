import type { CartItem as CartItemWire } from '@quokka/contract/api/cart';
import type {
  IdShippingMethod as IdShippingMethodWire,
  ShippingInformationReply,
  ShippingMethod as ShippingMethodWire,
} from '@quokka/contract/api/checkout';
import { OPTION_ID } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPayments } from '../../providers/payments/sandbox-payments.ts';
import { createServices } from '../../services.ts';
import {
  addToCart,
  aShopper,
  call,
  NS,
  optionValueId,
  placeOrder,
  REST,
  REST_AU,
  type Shopper,
  saveShipping,
  setStock,
  stockOf,
} from '../../test/cart-factory.ts';
import {
  aConfigurableProduct,
  aGiftCard,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
} from '../../test/catalog-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CHECKOUT_TEXT } from './checkout-text.ts';

let t: TestApp;

/** The checkout service as the app builds it (services.ts), on the test app's database and providers. */
const checkoutService = () =>
  createServices({
    config: t.config,
    db: t.db,
    clock: t.clock,
    providers: t.app.deps.providers,
    log: { info: () => {}, warn: () => {} },
  }).checkout;
let sandbox: SandboxPayments;
let fifty: number;
let red: number;
let medium: number;

beforeAll(async () => {
  t = await createTestApp();
  const payments = t.app.deps.providers.payments;
  if (!(payments instanceof SandboxPayments)) throw new Error('tests expect the sandbox payments provider');
  sandbox = payments;
  await importTestCatalogue(t.db, {
    sellers: [aSeller(), aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' })],
    products: [
      aSimpleProduct('MUG-1', { price: 19.95, qty: 50 }),
      aSimpleProduct('BOWL-1', { price: 7.5, qty: 50, seller: 'outback-outfitters' }),
      aConfigurableProduct('TEE-1', { seller: 'outback-outfitters' }),
      aGiftCard('GIFT-1'),
    ],
  });
  fifty = await optionValueId(t.db, 'gift_card_price', '$50');
  red = await optionValueId(t.db, 'color', 'Red');
  medium = await optionValueId(t.db, 'size', 'M');
});
afterAll(() => t.close());

const giftCard = [{ option_id: OPTION_ID.gift_card_price, option_value: 0 }];
const addGiftCard = (shopper: Shopper, qty = 1) =>
  addToCart(t.app, shopper, 'GIFT-1', qty, [{ ...giftCard[0]!, option_value: fifty }]);

const cartItems = (shopper: Shopper) =>
  call<CartItemWire[]>(t.app, 'GET', `${REST}/carts/mine/items`, { headers: shopper.headers });

const chargesOf = (customerId: number) =>
  t.db.selectFrom('sandbox_charges').selectAll().where('customer_id', '=', customerId).execute();

const ordersOf = (customerId: number) =>
  t.db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).execute();

/** A member with MUG-1 × 2 and BOWL-1 × 1 in the cart and shipping saved. */
async function readyShopper(method: { carrier?: string; code?: string | number } = {}) {
  const shopper = await aShopper(t);
  await addToCart(t.app, shopper, 'MUG-1', 2);
  await addToCart(t.app, shopper, 'BOWL-1', 1);
  const saved = await saveShipping(t.app, shopper, method);
  expect(saved.status).toBe(200);
  return shopper;
}

describe('shipping methods', () => {
  it('[API-25, DATA-39, SHIP-01] estimates by address id list carrier_code, method_code and amount, cheapest first', async () => {
    const shopper = await aShopper(t);
    await addToCart(t.app, shopper, 'MUG-1', 1);
    const reply = await call<ShippingMethodWire[]>(
      t.app,
      'POST',
      `${REST}/carts/mine/estimate-shipping-methods-by-address-id`,
      { headers: shopper.headers, payload: { addressId: shopper.addressId, address_id: shopper.addressId } },
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      expect.objectContaining({
        carrier_code: 'flatrate',
        method_code: 'standard',
        amount: 9.95,
        available: true,
      }),
      expect.objectContaining({ carrier_code: 'flatrate', method_code: 'express', amount: 19.95 }),
    ]);
  });

  it('[API-26, DATA-39] estimates for a new address; an address breaking §5 rules is a 400 per field', async () => {
    const shopper = await aShopper(t);
    await addToCart(t.app, shopper, 'MUG-1', 1);
    const address = {
      firstname: 'Ana',
      lastname: 'Diaz',
      telephone: '0412 345 678',
      street: ['5 Beach Rd'],
      city: 'Bondi',
      postcode: '2026',
      region_id: 570,
      country_id: 'AU',
    };
    const ok = await call<ShippingMethodWire[]>(
      t.app,
      'POST',
      `${REST}/carts/mine/estimate-shipping-methods`,
      {
        headers: shopper.headers,
        payload: { address },
      },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.map((method) => method.amount)).toEqual([9.95, 19.95]);
    const bad = await call<{ input_validation: Record<string, string[]> }>(
      t.app,
      'POST',
      `${REST}/carts/mine/estimate-shipping-methods`,
      { headers: shopper.headers, payload: { address: { ...address, postcode: '', street: [] } } },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.input_validation).toMatchObject({
      postcode: [MSG.missingPostcode],
      street_address: [MSG.missingStreet],
    });
  });

  it('[API-24, SHIP-02] {ns}/shippingmethods lists id-based methods with a custom carrier code and price', async () => {
    const shopper = await aShopper(t);
    await addToCart(t.app, shopper, 'MUG-1', 1);
    const reply = await call<{ status: boolean; data: IdShippingMethodWire[] }>(
      t.app,
      'GET',
      `${NS}/shippingmethods?addressId=${shopper.addressId}`,
      { headers: shopper.headers },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe(true);
    expect(reply.body.data).toHaveLength(2);
    for (const method of reply.body.data) {
      expect(method).toMatchObject({ carrier_code: 'custom', method_code: String(method.id) });
      expect(method.price).toBe(method.amount);
    }
  });

  it("[SHIP-02] another member's address is a 404 for every shipping call", async () => {
    const shopper = await aShopper(t);
    const other = await aShopper(t);
    await addToCart(t.app, shopper, 'MUG-1', 1);
    const byId = await call(t.app, 'POST', `${REST}/carts/mine/estimate-shipping-methods-by-address-id`, {
      headers: shopper.headers,
      payload: { address_id: other.addressId },
    });
    expect(byId.status).toBe(404);
    const methods = await call(t.app, 'GET', `${NS}/shippingmethods?addressId=${other.addressId}`, {
      headers: shopper.headers,
    });
    expect(methods.status).toBe(404);
    const info = await call(t.app, 'POST', `${REST_AU}/carts/mine/shipping-information`, {
      headers: shopper.headers,
      payload: { addressInformation: { shipping_address: { customer_address_id: other.addressId } } },
    });
    expect(info.status).toBe(404);
  });

  it('[SHIP-01] a cart of gift cards only ships free, and only by the free method', async () => {
    const shopper = await aShopper(t);
    await addGiftCard(shopper, 2);
    const reply = await call<ShippingMethodWire[]>(
      t.app,
      'POST',
      `${REST}/carts/mine/estimate-shipping-methods-by-address-id`,
      { headers: shopper.headers, payload: { addressId: shopper.addressId } },
    );
    expect(reply.body).toEqual([expect.objectContaining({ carrier_code: 'freeshipping', amount: 0 })]);
    const express = await saveShipping(t.app, shopper, { carrier: 'flatrate', code: 'express' });
    expect(express.status).toBe(400);
    const saved = await saveShipping(t.app, shopper);
    expect((saved.body as ShippingInformationReply).totals).toMatchObject({
      shipping_amount: 0,
      grand_total: 100,
    });
  });
});

describe('/rest/au/V1/carts/mine/shipping-information', () => {
  it('[API-27, API-28, SHIP-01, CONST-12, CONST-13] under the au segment; no method chosen → the cheapest; totals from the catalogue', async () => {
    const shopper = await aShopper(t);
    await addToCart(t.app, shopper, 'MUG-1', 2);
    await addToCart(t.app, shopper, 'BOWL-1', 3);
    const reply = await saveShipping(t.app, shopper);
    expect(reply.status).toBe(200);
    const body = reply.body as ShippingInformationReply;
    expect(body.payment_methods).toEqual([expect.objectContaining({ code: 'stripe_payments' })]);
    expect(body.totals).toMatchObject({
      subtotal: 62.4, // 19.95 × 2 + 7.50 × 3
      shipping_amount: 9.95,
      grand_total: 72.35,
      items: [
        expect.objectContaining({ name: 'Product MUG-1', price: 19.95, qty: 2, row_total: 39.9 }),
        expect.objectContaining({ name: 'Product BOWL-1', price: 7.5, qty: 3, row_total: 22.5 }),
      ],
    });
  });

  it('[API-27] a chosen Magento method is kept', async () => {
    const shopper = await aShopper(t);
    await addToCart(t.app, shopper, 'MUG-1', 1);
    const reply = await saveShipping(t.app, shopper, { carrier: 'flatrate', code: 'express' });
    expect((reply.body as ShippingInformationReply).totals).toMatchObject({
      shipping_amount: 19.95,
      grand_total: 39.9,
    });
  });

  it('[SHIP-02] a custom carrier with the method id and its price; a price that is not the database one is refused', async () => {
    const shopper = await aShopper(t);
    await addToCart(t.app, shopper, 'MUG-1', 1);
    const express = await t.db
      .selectFrom('shipping_methods')
      .select('id')
      .where('method_code', '=', 'express')
      .executeTakeFirstOrThrow();
    const ok = await saveShipping(t.app, shopper, {
      carrier: 'custom',
      code: String(express.id),
      amount: 19.95,
    });
    expect(ok.status).toBe(200);
    expect((ok.body as ShippingInformationReply).totals.shipping_amount).toBe(19.95);
    const cheap = await saveShipping(t.app, shopper, { carrier: 'custom', code: express.id, amount: 0.5 });
    expect(cheap.status).toBe(400);
    const unknown = await saveShipping(t.app, shopper, { carrier: 'custom', code: '999999' });
    expect(unknown.status).toBe(400);
  });

  it('a new address is checked with the §5 rules and kept as a snapshot on the order', async () => {
    const shopper = await aShopper(t);
    await addToCart(t.app, shopper, 'MUG-1', 1);
    const address = {
      firstname: 'Ana',
      lastname: 'Diaz',
      telephone: '0412 345 678',
      street: ['5 Beach Rd'],
      city: 'Bondi',
      postcode: '2026',
      region: { region_code: 'NSW' },
      country_id: 'AU',
    };
    const bad = await call<{ input_validation: Record<string, string[]> }>(
      t.app,
      'POST',
      `${REST_AU}/carts/mine/shipping-information`,
      {
        headers: shopper.headers,
        payload: { addressInformation: { shipping_address: { ...address, firstname: '', city: '' } } },
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.input_validation).toMatchObject({
      fullname: [MSG.fullName],
      suburb: [MSG.missingSuburb],
    });
    const ok = await call(t.app, 'POST', `${REST_AU}/carts/mine/shipping-information`, {
      headers: shopper.headers,
      payload: { addressInformation: { shipping_address: address } },
    });
    expect(ok.status).toBe(200);
    const id = await placeOrder(t.app, shopper, 'pm_card_visa');
    expect(id.status).toBe(200);
    const [order] = await ordersOf(shopper.id);
    expect(order?.shipping_address).toMatchObject({
      firstname: 'Ana',
      telephone: '+61412345678',
      street: ['5 Beach Rd'],
      city: 'Bondi',
      region_id: 570,
      region: { region_code: 'NSW', region: 'New South Wales', region_id: 570 },
      country_id: 'AU',
    });
  });
});

describe('carts/mine/payment-information', () => {
  it('[API-29, ROLE-06, CONST-12, CONST-13, DATA-41] places the order: 9-digit number, items with their sellers, addresses and totals; stock taken; cart ordered', async () => {
    const shopper = await readyShopper();
    const before = { mug: await stockOf(t.db, 'MUG-1'), bowl: await stockOf(t.db, 'BOWL-1') };
    const reply = await placeOrder(t.app, shopper);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatch(/^\d+$/);
    const orderId = Number(reply.body);

    const service = checkoutService();
    const order = await service.order(shopper.id, orderId);
    expect(order.increment_id).toMatch(/^\d{9}$/);
    expect(order).toMatchObject({
      id: orderId,
      customer_name: 'Jane Citizen',
      subtotal: 47.4,
      shipping_amount: 9.95,
      grand_total: 57.35,
      shipping_address: { customer_address_id: shopper.addressId, city: 'Sydney', street: ['1 Harbour St'] },
      billing_address: { customer_address_id: shopper.addressId, email: shopper.email },
    });
    const sellers = await t.db.selectFrom('sellers').select(['id', 'seller_url']).execute();
    const sellerId = (url: string) => sellers.find((seller) => seller.seller_url === url)?.id;
    expect(order.items).toEqual([
      expect.objectContaining({
        name: 'Product MUG-1',
        price: 19.95,
        qty: 2,
        total: 39.9,
        seller_id: sellerId('harbour-goods'),
      }),
      expect.objectContaining({
        name: 'Product BOWL-1',
        price: 7.5,
        qty: 1,
        total: 7.5,
        seller_id: sellerId('outback-outfitters'),
      }),
    ]);
    expect(await stockOf(t.db, 'MUG-1')).toBe(before.mug - 2);
    expect(await stockOf(t.db, 'BOWL-1')).toBe(before.bowl - 1);
    // [I15-review] Authorised at checkout, then captured in full by ORDER_REVIEW=auto (the default).
    expect(await chargesOf(shopper.id)).toEqual([
      expect.objectContaining({
        amount_cents: 5735,
        currency: 'aud',
        status: 'captured',
        captured_cents: 5735,
      }),
    ]);
    const placedOrder = await t.db
      .selectFrom('orders')
      .select(['status', 'payment_state', 'authorised_cents', 'captured_cents', 'customer_mobile'])
      .where('customer_id', '=', shopper.id)
      .executeTakeFirstOrThrow();
    expect(placedOrder).toEqual({
      status: 'approved',
      payment_state: 'captured',
      authorised_cents: 5735,
      captured_cents: 5735,
      customer_mobile: shopper.mobile,
    });
    // The cart is ordered: the member's next cart is a new, empty one.
    const cartIds = await t.db
      .selectFrom('carts')
      .select(['id', 'status'])
      .where('customer_id', '=', shopper.id)
      .execute();
    expect(cartIds).toEqual([expect.objectContaining({ status: 'ordered' })]);
    expect((await cartItems(shopper)).body).toEqual([]);
    const next = await call<{ id: number; items: unknown[] }>(t.app, 'GET', `${REST}/carts/mine`, {
      headers: shopper.headers,
    });
    expect(next.body.items).toEqual([]);
    expect(next.body.id).not.toBe(cartIds[0]?.id);
  });

  it('[DATA-41] the increment id grows, 9 digits zero padded', async () => {
    const first = await placeOrder(t.app, await readyShopper());
    const second = await placeOrder(t.app, await readyShopper());
    const rows = await t.db
      .selectFrom('orders')
      .select(['id', 'increment_id'])
      .where('id', 'in', [Number(first.body), Number(second.body)])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.increment_id)).toEqual([
      expect.stringMatching(/^0{3}\d{6}$/),
      expect.stringMatching(/^0{3}\d{6}$/),
    ]);
    expect(Number(rows[1]?.increment_id)).toBeGreaterThan(Number(rows[0]?.increment_id));
  });

  it('a configurable item and a gift card keep their child sku, parent and seller', async () => {
    const shopper = await aShopper(t);
    await addToCart(t.app, shopper, 'TEE-1', 1, [
      { option_id: OPTION_ID.color, option_value: red },
      { option_id: OPTION_ID.size, option_value: medium },
    ]);
    await addGiftCard(shopper);
    await saveShipping(t.app, shopper);
    const before = await stockOf(t.db, 'TEE-1-RED-M');
    const reply = await placeOrder(t.app, shopper);
    expect(reply.status).toBe(200);
    const items = await t.db
      .selectFrom('order_items')
      .select(['sku', 'parent_product_id', 'is_giftcard', 'price_cents'])
      .where('order_id', '=', Number(reply.body))
      .orderBy('id')
      .execute();
    expect(items).toEqual([
      expect.objectContaining({ sku: 'TEE-1-RED-M', is_giftcard: false, price_cents: 3000 }),
      expect.objectContaining({ sku: 'GIFT-1-50', is_giftcard: true, price_cents: 5000 }),
    ]);
    expect(items.every((item) => item.parent_product_id !== null)).toBe(true);
    expect(await stockOf(t.db, 'TEE-1-RED-M')).toBe(before - 1);
  });

  it.each([
    ['pm_card_chargeDeclined', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
  ])(
    '[ERR-08] %s: 400 with the provider reason; cart and stock as they were, nothing charged',
    async (token, reason) => {
      const shopper = await readyShopper();
      const stock = { mug: await stockOf(t.db, 'MUG-1'), bowl: await stockOf(t.db, 'BOWL-1') };
      const charges = sandbox.chargesMade;
      const reply = await placeOrder(t.app, shopper, token);
      expect(reply).toMatchObject({ status: 400, body: { message: reason, code: 'PAYMENT_DECLINED' } });
      expect(await stockOf(t.db, 'MUG-1')).toBe(stock.mug);
      expect(await stockOf(t.db, 'BOWL-1')).toBe(stock.bowl);
      expect((await cartItems(shopper)).body.map((line) => [line.sku, line.qty])).toEqual([
        ['MUG-1', 2],
        ['BOWL-1', 1],
      ]);
      expect(await ordersOf(shopper.id)).toEqual([]);
      expect(sandbox.chargesMade).toBe(charges);
      // The same cart then goes through with a good card.
      expect((await placeOrder(t.app, shopper, 'pm_card_mastercard')).status).toBe(200);
    },
  );

  it('[ERR-08] an unknown card token, a missing token or another payment method is a 400 and nothing changes', async () => {
    const shopper = await readyShopper();
    const stock = await stockOf(t.db, 'MUG-1');
    expect((await placeOrder(t.app, shopper, 'pm_card_made_up')).status).toBe(400);
    const missing = await call<{ message: string }>(t.app, 'POST', `${REST}/carts/mine/payment-information`, {
      headers: shopper.headers,
      payload: { paymentMethod: { method: 'stripe_payments', additional_data: { cc_save: false } } },
    });
    expect(missing).toMatchObject({ status: 400, body: { message: MSG.enterCard } });
    const other = await call(t.app, 'POST', `${REST}/carts/mine/payment-information`, {
      headers: shopper.headers,
      payload: { paymentMethod: { method: 'checkmo', additional_data: { token: 'pm_card_visa' } } },
    });
    expect(other.status).toBe(400);
    expect(await stockOf(t.db, 'MUG-1')).toBe(stock);
    expect(await ordersOf(shopper.id)).toEqual([]);
  });

  it('a price or total sent by the client is ignored: the charge is what the catalogue says', async () => {
    const shopper = await aShopper(t);
    await call(t.app, 'POST', `${REST}/carts/mine/items`, {
      headers: shopper.headers,
      payload: { cartItem: { sku: 'MUG-1', qty: 1, price: 0.01, row_total: 0.01 } },
    });
    await call(t.app, 'POST', `${REST_AU}/carts/mine/shipping-information`, {
      headers: shopper.headers,
      payload: {
        addressInformation: {
          shipping_address: { customer_address_id: shopper.addressId },
          shipping_carrier_code: 'flatrate',
          shipping_method_code: 'standard',
          shipping_amount: 0,
          totals: { grand_total: 0.01 },
        },
      },
    });
    const reply = await call(t.app, 'POST', `${REST}/carts/mine/payment-information`, {
      headers: shopper.headers,
      payload: {
        paymentMethod: { method: 'stripe_payments', additional_data: { token: 'pm_card_visa', amount: 1 } },
        grand_total: 0.01,
        amount: 1,
      },
    });
    expect(reply.status).toBe(200);
    const [charge] = await chargesOf(shopper.id);
    expect(charge?.amount_cents).toBe(1995 + 995);
    const [order] = await ordersOf(shopper.id);
    expect(order).toMatchObject({ subtotal_cents: 1995, shipping_cents: 995, grand_total_cents: 2990 });
  });

  it('[SHIP-01] without shipping-information the order is refused with the shipping message', async () => {
    const shopper = await aShopper(t);
    await addToCart(t.app, shopper, 'MUG-1', 1);
    const reply = await placeOrder(t.app, shopper);
    expect(reply).toMatchObject({ status: 400, body: { message: MSG.completeShipping } });
  });

  it('stock that ran out after the cart was filled: 400, nothing charged, the cart kept', async () => {
    await importTestCatalogue(t.db, {
      sellers: [aSeller()],
      products: [aSimpleProduct('LAST-1', { qty: 2 })],
    });
    const shopper = await aShopper(t);
    await addToCart(t.app, shopper, 'LAST-1', 2);
    await saveShipping(t.app, shopper);
    await setStock(t.db, 'LAST-1', 1);
    const tooMany = await placeOrder(t.app, shopper);
    expect(tooMany).toMatchObject({ status: 400, body: { message: MSG.qtyNotAvailable } });
    await setStock(t.db, 'LAST-1', 0);
    const none = await placeOrder(t.app, shopper);
    expect(none).toMatchObject({ status: 400, body: { message: MSG.productNotAvailable } });
    expect(await chargesOf(shopper.id)).toEqual([]);
    expect((await cartItems(shopper)).body).toEqual([expect.objectContaining({ sku: 'LAST-1', qty: 2 })]);
  });

  it('a retry with the same Idempotency-Key answers the same order and charges once', async () => {
    const shopper = await readyShopper();
    const first = await placeOrder(t.app, shopper, 'pm_card_visa', { idempotencyKey: 'retry-1' });
    expect(first.status).toBe(200);
    const again = await placeOrder(t.app, shopper, 'pm_card_visa', { idempotencyKey: 'retry-1' });
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(await ordersOf(shopper.id)).toHaveLength(1);
    expect(await chargesOf(shopper.id)).toHaveLength(1);
    const bad = await placeOrder(t.app, shopper, 'pm_card_visa', { idempotencyKey: 'has spaces' });
    expect(bad.status).toBe(400);
  });

  it('[I12-11] an Idempotency-Key reused on a new cart is a 409: no old order, no charge, the cart kept', async () => {
    const shopper = await readyShopper();
    const first = await placeOrder(t.app, shopper, 'pm_card_visa', { idempotencyKey: 'order-attempt-1' });
    expect(first.status).toBe(200);
    await addToCart(t.app, shopper, 'MUG-1', 1);
    await saveShipping(t.app, shopper);
    const again = await placeOrder(t.app, shopper, 'pm_card_visa', { idempotencyKey: 'order-attempt-1' });
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: CHECKOUT_TEXT.idempotencyKeyReused },
    });
    expect(await chargesOf(shopper.id)).toHaveLength(1);
    expect((await cartItems(shopper)).body).toEqual([expect.objectContaining({ sku: 'MUG-1', qty: 1 })]);
    // A fresh key orders the new cart.
    const fresh = await placeOrder(t.app, shopper, 'pm_card_visa', { idempotencyKey: 'order-attempt-2' });
    expect(fresh.status).toBe(200);
    expect(fresh.body).not.toEqual(first.body);
  });

  it('[I12-11] with no active cart a placement is a 400, never the earlier order, whatever the card', async () => {
    const shopper = await readyShopper();
    const first = await placeOrder(t.app, shopper);
    expect(first.status).toBe(200);
    for (const token of ['pm_card_visa', 'pm_card_chargeDeclined']) {
      const again = await placeOrder(t.app, shopper, token);
      expect(again).toMatchObject({
        status: 400,
        body: { code: 'INVALID_DATA', message: CHECKOUT_TEXT.noActiveCart },
      });
    }
    expect(await ordersOf(shopper.id)).toHaveLength(1);
    expect(await chargesOf(shopper.id)).toHaveLength(1);
  });

  it('401 without a token', async () => {
    const reply = await call(t.app, 'POST', `${REST}/carts/mine/payment-information`, {
      payload: { paymentMethod: { method: 'stripe_payments', additional_data: { token: 'pm_card_visa' } } },
    });
    expect(reply.status).toBe(401);
  });
});

describe('{ns}/savedcards', () => {
  it('[API-30, DATA-40] a card saved with cc_save is listed with brand, last4 and expiry, and can pay again by id', async () => {
    const shopper = await readyShopper();
    const empty = await call<{ data: unknown[] }>(t.app, 'GET', `${NS}/savedcards`, {
      headers: shopper.headers,
    });
    expect(empty).toMatchObject({ status: 200, body: { data: [] } });
    expect((await placeOrder(t.app, shopper, 'pm_card_mastercard', { save: true })).status).toBe(200);

    const listed = await call<{ data: { id: string }[] }>(t.app, 'GET', `${NS}/savedcards`, {
      headers: shopper.headers,
    });
    expect(listed.body.data).toEqual([
      {
        id: expect.any(String),
        brand: 'mastercard',
        last4: '4444',
        exp_month: 12,
        exp_year: expect.any(Number),
      },
    ]);
    const saved = listed.body.data[0]!.id;

    await addToCart(t.app, shopper, 'MUG-1', 1);
    await saveShipping(t.app, shopper);
    expect((await placeOrder(t.app, shopper, saved)).status).toBe(200);
    expect(await chargesOf(shopper.id)).toHaveLength(2);
  });

  it('a card paid without cc_save is not kept', async () => {
    const shopper = await readyShopper();
    await placeOrder(t.app, shopper, 'pm_card_visa', { save: false });
    const listed = await call<{ data: unknown[] }>(t.app, 'GET', `${NS}/savedcards`, {
      headers: shopper.headers,
    });
    expect(listed.body.data).toEqual([]);
  });

  it("another member's saved card is a 404, and nothing is charged", async () => {
    const owner = await readyShopper();
    await placeOrder(t.app, owner, 'pm_card_visa', { save: true });
    const listed = await call<{ data: { id: string }[] }>(t.app, 'GET', `${NS}/savedcards`, {
      headers: owner.headers,
    });
    const thief = await readyShopper();
    const reply = await placeOrder(t.app, thief, listed.body.data[0]!.id);
    expect(reply.status).toBe(404);
    expect(await chargesOf(thief.id)).toEqual([]);
    const theirs = await call<{ data: unknown[] }>(t.app, 'GET', `${NS}/savedcards`, {
      headers: thief.headers,
    });
    expect(theirs.body.data).toEqual([]);
  });
});

describe('{ns}/checkoutsuccess', () => {
  it('[API-36, DATA-44] the latest order number and the shop name of the seller named, else of the first item', async () => {
    const shopper = await readyShopper();
    const placed = await placeOrder(t.app, shopper);
    const { increment_id } = await t.db
      .selectFrom('orders')
      .select('increment_id')
      .where('id', '=', Number(placed.body))
      .executeTakeFirstOrThrow();
    const outback = await t.db
      .selectFrom('sellers')
      .select('id')
      .where('seller_url', '=', 'outback-outfitters')
      .executeTakeFirstOrThrow();

    const named = await call(
      t.app,
      'GET',
      `${NS}/checkoutsuccess?seller_id=${outback.id}&campaign_id=spring`,
      {
        headers: shopper.headers,
      },
    );
    expect(named).toMatchObject({
      status: 200,
      body: { status: true, data: { order_id: increment_id, shop_name: 'Outback Outfitters' } },
    });
    const byUrl = await call(t.app, 'GET', `${NS}/checkoutsuccess?seller_id=outback-outfitters`, {
      headers: shopper.headers,
    });
    expect(byUrl.body).toMatchObject({ data: { shop_name: 'Outback Outfitters' } });
    const unnamed = await call(t.app, 'GET', `${NS}/checkoutsuccess?seller_id=&campaign_id=`, {
      headers: shopper.headers,
    });
    // MUG-1, the first item, is sold by harbour-goods.
    expect(unnamed.body).toMatchObject({
      data: { order_id: increment_id, shop_name: 'Seller harbour-goods' },
    });
  });

  it('[I11-11] the reply also carries the order for the receipt: items, total, delivery address, the card and its status', async () => {
    const shopper = await readyShopper();
    const placed = await placeOrder(t.app, shopper, 'pm_card_visa');
    const reply = await call<{ data: { order?: Record<string, unknown> } }>(
      t.app,
      'GET',
      `${NS}/checkoutsuccess`,
      { headers: shopper.headers },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data.order).toMatchObject({
      id: Number(placed.body),
      status: 'approved',
      grand_total: 57.35,
      shipping_amount: 9.95,
      items: [
        expect.objectContaining({ sku: 'MUG-1', qty: 2, row_total: 39.9 }),
        expect.objectContaining({ sku: 'BOWL-1', qty: 1, row_total: 7.5 }),
      ],
      shipping_address: expect.objectContaining({ street: expect.any(Array) }),
      payment: { brand: 'visa', last4: '4242' },
    });
    // The account's order answers the same payment.
    const order = await call<{ data: Record<string, unknown> }>(
      t.app,
      'GET',
      `${NS}/order?order_id=${placed.body}`,
      { headers: shopper.headers },
    );
    expect(order.body.data).toMatchObject({ status: 'approved', payment: { brand: 'visa', last4: '4242' } });
  });

  it('[API-36] 404 for a member with no order: nobody sees another member’s order', async () => {
    await placeOrder(t.app, await readyShopper());
    const stranger = await aShopper(t);
    const reply = await call(t.app, 'GET', `${NS}/checkoutsuccess?seller_id=1&campaign_id=1`, {
      headers: stranger.headers,
    });
    expect(reply.status).toBe(404);
  });
});

describe('orders (for the account screens)', () => {
  it("[DATA-41] a member's orders list newest first; another member's order is a 404", async () => {
    const shopper = await readyShopper();
    const first = await placeOrder(t.app, shopper);
    await addGiftCard(shopper);
    await saveShipping(t.app, shopper);
    const second = await placeOrder(t.app, shopper);
    const service = checkoutService();
    const orders = await service.orders(shopper.id);
    expect(orders.map((order) => order.id)).toEqual([Number(second.body), Number(first.body)]);
    expect(orders[0]).toMatchObject({
      shipping_amount: 0,
      grand_total: 50,
      items: [expect.objectContaining({ qty: 1 })],
    });
    const stranger = await aShopper(t);
    await expect(service.order(stranger.id, Number(first.body))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
