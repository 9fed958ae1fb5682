import { adminMemberReplySchema, adminMembersReplySchema } from '@quokka/contract/api/members';
import { adminSellerReplySchema, adminSellersReplySchema } from '@quokka/contract/api/sellers';
import type { E164Mobile } from '@quokka/contract/mobile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  aShopper,
  call,
  NS,
  placeOrder,
  type Shopper,
  saveShipping,
} from '../../test/cart-factory.ts';
import {
  aCategory,
  aGiftCard,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
} from '../../test/catalog-factory.ts';
import { aLinkToken, TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  adminCall,
  anOrder,
  ORIGIN,
  outbox,
  type Session,
  sellerId,
  signedIn,
  stepUp,
} from '../orders/test/orders-test-kit.ts';

// [I32] Suspending a seller or a member, and lifting it (suspension-routes.ts), through app.inject on the
// real app and database. MUG-1 $19.95 and CUP-3 $10.00 (Harbour Goods, in 'kitchen'), BOWL-1 $7.50
// (Outback Outfitters, in 'kitchen'), GIFT (Harbour Goods' gift card).

let t: TestApp;
let operator: Session;
let vendor: Session;
let harbour: number;
let products: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN, STORE_NAME: 'Quokka' });
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller({ name: 'Harbour Goods' }),
      aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' }),
    ],
    categories: [aCategory('kitchen')],
    products: [
      aSimpleProduct('MUG-1', { price: 19.95, qty: 1000, categories: ['kitchen'] }),
      aSimpleProduct('CUP-3', { price: 10, qty: 1000, categories: ['kitchen'] }),
      aSimpleProduct('BOWL-1', {
        price: 7.5,
        qty: 1000,
        seller: 'outback-outfitters',
        categories: ['kitchen'],
      }),
      aGiftCard('GIFT'),
    ],
  });
  operator = await signedIn(t, 'operator', { name: 'Jo Operator' });
  vendor = await signedIn(t, 'vendor', { name: 'Sam Seller', sellerUrl: 'harbour-goods' });
  harbour = await sellerId(t, 'harbour-goods');
  const rows = await t.db.selectFrom('products').select(['id', 'sku']).execute();
  products = Object.fromEntries(rows.map((row) => [row.sku, row.id]));
}, 120_000);
afterAll(() => t?.close());

const suspend = (id: number, reason: unknown, session: Session = operator) =>
  adminCall(t, 'POST', `/sellers/${id}/suspend`, session, { reason });
const lift = (id: number, session: Session = operator) =>
  adminCall(t, 'POST', `/sellers/${id}/lift`, session);

const browseIds = async () =>
  (await call<{ data: { id: number }[] }>(t.app, 'GET', `${NS}/browseProducts?page=1`)).body.data.map(
    (tile) => tile.id,
  );
const categoryIds = async () => {
  const category = await t.db
    .selectFrom('categories')
    .select('id')
    .where('code', '=', 'kitchen')
    .executeTakeFirstOrThrow();
  return (
    await call<{ products: { id: number }[] }>(
      t.app,
      'GET',
      `${NS}/categoryProducts?category_id=${category.id}&page=1`,
    )
  ).body.products.map((tile) => tile.id);
};
const productPage = async (sku: string) =>
  (await call<Record<string, unknown>>(t.app, 'GET', `${NS}/product?product_id=${products[sku]}`)).body;
const profile = async (url = 'harbour-goods') =>
  call<{
    status: boolean;
    seller: { id: number; name: string };
    products: { id: number }[];
    selling: boolean;
    shipping_info: string;
  }>(t.app, 'GET', `${NS}/sellerInformation?seller_url=${url}&page=1`);

async function readyShopper(lines: [string, number][]): Promise<Shopper> {
  const shopper = await aShopper(t);
  for (const [sku, qty] of lines) expect((await addToCart(t.app, shopper, sku, qty)).status).toBe(200);
  expect((await saveShipping(t.app, shopper)).status).toBe(200);
  return shopper;
}

describe('[I32] who may suspend', () => {
  it('[I32] operators only: a vendor gets 403 on every route, no session 401', async () => {
    for (const [method, path] of [
      ['GET', '/sellers'],
      ['POST', `/sellers/${harbour}/suspend`],
      ['POST', `/sellers/${harbour}/lift`],
      ['GET', '/members?q=0412'],
      ['POST', '/members/1/suspend'],
      ['POST', '/members/1/lift'],
    ] as const) {
      const reply = await adminCall(t, method, path, vendor, { reason: 'No' });
      expect(reply.statusCode, `${method} ${path}`).toBe(403);
      expect((await adminCall(t, method, path, undefined, { reason: 'No' })).statusCode).toBe(401);
    }
  });

  it('[I32] GET /admin/api/sellers lists every seller with its suspension', async () => {
    const reply = await adminCall(t, 'GET', '/sellers', operator);
    expect(reply.statusCode).toBe(200);
    const { items } = adminSellersReplySchema.parse(reply.json());
    expect(items.map((s) => [s.name, s.seller_url, s.suspended_at])).toEqual([
      ['Harbour Goods', 'harbour-goods', null],
      ['Outback Outfitters', 'outback-outfitters', null],
    ]);
  });

  it('[I32] a bad request is a 400 with a message; no such seller 404; lifting a selling seller 409', async () => {
    const blank = await suspend(harbour, '   ');
    expect([blank.statusCode, blank.json().message]).toEqual([400, expect.stringContaining('reason')]);
    expect((await suspend(harbour, 'x'.repeat(501))).statusCode).toBe(400);
    expect((await suspend(harbour, 42)).statusCode).toBe(400);
    expect((await suspend(999_999, 'Fraud')).statusCode).toBe(404);
    expect((await adminCall(t, 'POST', '/sellers/abc/suspend', operator, { reason: 'x' })).statusCode).toBe(
      400,
    );
    const notSuspended = await lift(harbour);
    expect([notSuspended.statusCode, notSuspended.json().message]).toEqual([
      409,
      'This seller is not suspended.',
    ]);
  });
});

describe('[I32] suspending a seller', { timeout: 120_000 }, () => {
  it('[I32] its products leave the storefront at once; profile says not selling; orders still ship and refund; lifting restores', async () => {
    // An order placed before; a cart holding its product; the seller's own switch off on CUP-3.
    const order = await anOrder(t, [
      ['MUG-1', 1],
      ['BOWL-1', 1],
    ]);
    const waiting = await readyShopper([['MUG-1', 1]]);
    await t.db.updateTable('products').set({ enabled: false }).where('sku', '=', 'CUP-3').execute();
    await t.db
      .updateTable('sellers')
      .set({ shipping_info: 'Posted within 2 days.' })
      .where('id', '=', harbour)
      .execute();
    // Every reply in the caches first (a repeat is a cache hit).
    for (let n = 0; n < 2; n++) {
      expect(await browseIds()).toContain(products['MUG-1']);
      expect(await categoryIds()).toContain(products['MUG-1']);
      expect(await productPage('MUG-1')).toMatchObject({ id: products['MUG-1'] });
      expect((await profile()).body.products.map((p) => p.id)).toContain(products['MUG-1']);
    }
    expect((await profile()).body).toMatchObject({ selling: true, shipping_info: 'Posted within 2 days.' });

    const reply = await suspend(harbour, 'Goods not as described.\nSee ticket 12.');
    expect(reply.statusCode, reply.body).toBe(200);
    const { seller } = adminSellerReplySchema.parse(reply.json());
    expect(seller).toMatchObject({
      id: harbour,
      suspended_at: t.clock.now().toISOString(),
      suspended_reason: 'Goods not as described.\nSee ticket 12.',
    });
    // Texted to its live staff; audited.
    expect(await outbox(t, vendor.member.mobile)).toContain(
      'Quokka: Harbour Goods is suspended from selling: Goods not as described. See ticket 12. Your products are hidden until the suspension is lifted.',
    );
    const audit = await t.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('subject', '=', `seller:${harbour}`)
      .orderBy('id')
      .execute();
    expect(audit.at(-1)).toMatchObject({ action: 'seller.suspended', staff_id: operator.member.id });
    const rows = await t.db.selectFrom('products').select(['sku', 'listed', 'seller_active']).execute();
    expect(rows.filter((row) => row.sku !== 'BOWL-1').every((row) => !row.seller_active && !row.listed)).toBe(
      true,
    );

    // Gone from the lists, its category, its page; the other seller's stay.
    expect(await browseIds()).not.toContain(products['MUG-1']);
    expect(await browseIds()).toContain(products['BOWL-1']);
    expect(await categoryIds()).toEqual([products['BOWL-1']]);
    expect(await productPage('MUG-1')).toEqual({ status: false, not_exists: true });
    const sellerOf = await call(t.app, 'GET', `${NS}/seller?product_id=${products['MUG-1']}`);
    expect(sellerOf.status).toBe(404);
    // The profile answers, with no products and the flag.
    const page = await profile();
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      status: true,
      seller: { id: harbour, name: 'Harbour Goods' },
      products: [],
      selling: false,
      shipping_info: 'Posted within 2 days.',
    });
    // Not added to a cart, not bought from one that held it.
    const shopper = await aShopper(t);
    const added = await addToCart(t.app, shopper, 'MUG-1');
    expect(added.status).toBe(400);
    expect(added.body.message).toBeTruthy();
    const placed = await placeOrder(t.app, waiting);
    expect(placed.status, JSON.stringify(placed.body)).toBe(400);

    // A link naming the seller opens the shop without it (no affiliate seller).
    const shopperLink = await aLinkToken(
      { mobile: shopper.mobile as E164Mobile, sellerUrl: 'harbour-goods' },
      { now: t.clock.now() },
    );
    const authed = await call<Record<string, unknown>>(t.app, 'POST', `${NS}/auth`, {
      payload: { jwt: shopperLink },
    });
    expect(authed.status, JSON.stringify(authed.body)).toBe(200);
    expect(authed.body).toMatchObject({ status: true, seller: null });

    // The order placed before still ships and refunds.
    const shipped = await adminCall(t, 'POST', `/orders/${order.id}/shipments`, operator, {
      seller_id: harbour,
      carrier: 'Australia Post',
      tracking_number: '33ABC0012345',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const detail = (await adminCall(t, 'GET', `/orders/${order.id}`, operator)).json() as {
      items: { id: number; sku: string }[];
    };
    const mug = detail.items.find((item) => item.sku === 'MUG-1');
    await stepUp(t, operator);
    const refunded = await adminCall(t, 'POST', `/orders/${order.id}/refunds`, operator, {
      lines: [{ order_item_id: mug?.id, qty: 1 }],
      restock: true,
      reason: 'Chipped',
      idempotency_key: `suspension-refund-${Date.now()}`,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    // Suspending again: 409.
    expect((await suspend(harbour, 'Again')).statusCode).toBe(409);

    // Lifting: listed again at once, the seller's own switch as it was (CUP-3 stays off).
    t.clock.advance(60_000);
    const lifted = await lift(harbour);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(adminSellerReplySchema.parse(lifted.json()).seller).toMatchObject({
      suspended_at: null,
      suspended_reason: null,
    });
    expect(await outbox(t, vendor.member.mobile)).toContain(
      'Quokka: Harbour Goods can sell again: your products are back in the shop.',
    );
    expect(await browseIds()).toContain(products['MUG-1']);
    expect(await browseIds()).not.toContain(products['CUP-3']);
    expect(await categoryIds()).toEqual(expect.arrayContaining([products['MUG-1'], products['BOWL-1']]));
    expect(await productPage('MUG-1')).toMatchObject({ id: products['MUG-1'] });
    expect((await profile()).body).toMatchObject({ selling: true });
    expect((await profile()).body.products.map((p) => p.id)).toContain(products['MUG-1']);
    expect((await addToCart(t.app, shopper, 'MUG-1')).status).toBe(200);
    const cup = await t.db
      .selectFrom('products')
      .select(['enabled', 'listed', 'seller_active'])
      .where('sku', '=', 'CUP-3')
      .executeTakeFirstOrThrow();
    expect(cup).toEqual({ enabled: false, listed: false, seller_active: true });
    const lastAudit = await t.db
      .selectFrom('staff_audit')
      .select('action')
      .where('subject', '=', `seller:${harbour}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(lastAudit.action).toBe('seller.suspension_lifted');
    await t.db.updateTable('products').set({ enabled: true }).where('sku', '=', 'CUP-3').execute();
  });
});

describe('[I32] suspending a member', { timeout: 120_000 }, () => {
  const find = (q: string) => adminCall(t, 'GET', `/members?q=${encodeURIComponent(q)}`, operator);
  const suspendMember = (id: number, reason: unknown) =>
    adminCall(t, 'POST', `/members/${id}/suspend`, operator, { reason });
  const liftMember = (id: number) => adminCall(t, 'POST', `/members/${id}/lift`, operator);

  async function freshCode(mobile: string): Promise<string> {
    t.clock.advance(61_000);
    const sent = await call(t.app, 'POST', `${NS}/sendmobilecode`, {
      payload: { mobile, r_token: 'sandbox-token' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const texts = (await t.app.inject('/dev/messages.json')).json() as { to: string; body: string }[];
    const mine = texts.filter((m) => m.to === mobile);
    return /\b(\d{6})\b/.exec(mine[0]?.body ?? '')?.[1] ?? '';
  }
  const confirm = (mobile: string, code: string) =>
    call<{ message?: string; jwt?: string }>(t.app, 'POST', `${NS}/confirmmobilecode`, {
      payload: { mobile, code, expired: false, expired_jwt: null, r_token: 'sandbox-token' },
    });

  it('[I32] finds members by mobile (as typed) or email; a short search is a 400', async () => {
    const shopper = await aShopper(t, { email: 'kim.search@example.com' });
    const national = `0${shopper.mobile.slice(3)}`;
    for (const q of [national, shopper.mobile, 'KIM.SEARCH@example']) {
      const reply = await find(q);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(adminMembersReplySchema.parse(reply.json()).items.map((m) => m.id)).toEqual([shopper.id]);
    }
    expect((await find('04')).statusCode).toBe(400);
    expect((await find('nobody-at-all@example.com')).json()).toEqual({ items: [] });
  });

  it('[I32] a suspended member cannot sign in, order or use a gift card; their card still works for its recipient; lifting restores', async () => {
    const shopper = await readyShopper([['MUG-1', 1]]);
    // A gift card the member sent (bought and delivered to a recipient).
    const card = await aSentCard(shopper.id);
    const recipient = await readyShopper([['MUG-1', 1]]);

    const reply = await suspendMember(shopper.id, 'Chargebacks');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(adminMemberReplySchema.parse(reply.json()).member).toMatchObject({
      id: shopper.id,
      suspended_reason: 'Chargebacks',
      suspended_at: t.clock.now().toISOString(),
    });
    expect((await suspendMember(shopper.id, 'Again')).statusCode).toBe(409);
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['action', 'staff_id'])
      .where('subject', '=', `customer:${shopper.id}`)
      .execute();
    expect(audit).toEqual([{ action: 'member.suspended', staff_id: operator.member.id }]);

    // Their sessions ended: no order, no gift card check, no account.
    expect((await placeOrder(t.app, shopper)).status).toBe(401);
    const check = await call(t.app, 'POST', `${NS}/checkgiftcard`, {
      headers: shopper.headers,
      payload: { gift_card_number: card },
    });
    expect(check.status).toBe(401);
    // Signing in again: the right code is refused with the message; so is a link.
    const refused = await confirm(shopper.mobile, await freshCode(shopper.mobile));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^This account is suspended\. Contact .+\.$/);
    const link = await aLinkToken({ mobile: shopper.mobile as E164Mobile }, { now: t.clock.now() });
    const authed = await call<{ message?: string }>(t.app, 'POST', `${NS}/auth`, { payload: { jwt: link } });
    expect(authed.status).toBe(403);
    expect(authed.body.message).toMatch(/^This account is suspended/);

    // The card they sent is the recipient's to spend.
    const checked = await call(t.app, 'POST', `${NS}/checkgiftcard`, {
      headers: recipient.headers,
      payload: { gift_card_number: card },
    });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);

    // Lifting: they sign in again and order.
    const lifted = await liftMember(shopper.id);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(adminMemberReplySchema.parse(lifted.json()).member.suspended_at).toBeNull();
    expect((await liftMember(shopper.id)).statusCode).toBe(409);
    const accepted = await confirm(shopper.mobile, await freshCode(shopper.mobile));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const signedIn = await call<{ token?: string }>(t.app, 'POST', `${NS}/auth`, {
      payload: { jwt: accepted.body.jwt },
    });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.token ?? '';
    const again = { ...shopper, token, headers: { authorization: `Bearer ${token}` } };
    expect((await saveShipping(t.app, again)).status).toBe(200);
    expect((await placeOrder(t.app, again)).status).toBe(200);
  });
});

/** A gift card bought by the member and sent to a recipient (rows as the gift card flow writes them). */
async function aSentCard(customerId: number): Promise<string> {
  const bought = await anOrder(t, [['CUP-3', 1]]);
  await t.db
    .updateTable('orders')
    .set({ status: 'approved', customer_id: customerId })
    .where('id', '=', bought.id)
    .execute();
  const order = await t.db
    .selectFrom('orders')
    .select(['cart_id'])
    .where('id', '=', bought.id)
    .executeTakeFirstOrThrow();
  const number = `4${String(Date.now()).slice(-12)}${String(customerId).padStart(3, '0')}`.slice(0, 16);
  const now = t.clock.now();
  const card = await t.db
    .insertInto('gift_card_details')
    .values({
      customer_id: customerId,
      cart_id: order.cart_id,
      product_id: products.GIFT ?? 0,
      configurable_product_sku: 'GIFT-50',
      product_name: 'Gift Card GIFT',
      amount_cents: 5000,
      gift_card_no: number,
      recipient_firstname: 'Ava',
      recipient_lastname: 'Nguyen',
      recipient_mobile: '+61412345678',
      recipient_message: 'Enjoy',
      purchaser_mobile: '+61400000000',
      scheduled_at: now,
      delivery_timezone: 'Australia/Sydney',
      valid_until: new Date(now.getTime() + 3 * 365 * 24 * 60 * 60_000),
      order_id: bought.id,
      voided_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('sent_messages')
    .values({
      provider: 'sandbox',
      provider_message_id: `K${card.id}`,
      kind: 'mms',
      purpose: 'gift_card',
      to_number: '+61412345678',
      gift_card_id: card.id,
      body: 'Gift card',
      send_state: 'sent',
      next_attempt_at: now,
      sent_at: now,
    })
    .execute();
  return number;
}
