import { STOCK_ALERT_DAYS, STOCK_ALERT_TEXTS } from '@quokka/contract/api/automations';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
  aCatalogue,
  aConfigurableProduct,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
} from '../../test/catalog-factory.ts';
import { aLinkToken, aMobile, TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { importCatalogue } from '../catalog/catalog-importer.ts';
import {
  adminCall,
  ORIGIN,
  outbox,
  type Session,
  sellerId,
  signedIn,
} from '../orders/test/orders-test-kit.ts';
import { createStockAlertJob, createStockAlerts } from './stock-alerts.ts';

// [I31] Back in stock through the real app (PGlite or TEST_DATABASE_URL) and its test clock: shoppers ask
// on {ns}/stockAlerts (members with their bearer token, visitors with the one-time code's token), and
// every path that brings stock back — the back office's edit, a catalogue import, a refund that restocks —
// queues their texts in order of asking, no more than the units that came back. Each test has its own
// products (MUG-n), so one test's waiters are never another's.

let t: TestApp;
let vendor: { session: Session; at: number } | undefined;
let operator: Session;
let harbour: number;
let products = 0;
const NOON_SYDNEY = '2026-11-24T01:00:00Z';

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN });
  await importTestCatalogue(t.db, {
    sellers: [aSeller({ name: 'Harbour Goods' }), aSeller({ seller_url: 'kims-kites', name: "Kim's Kites" })],
    products: [
      ...Array.from({ length: 16 }, (_, i) =>
        aSimpleProduct(`MUG-${i + 1}`, { name: `Mug ${i + 1}`, qty: 0 }),
      ),
      aSimpleProduct('KITE-1', { name: 'Kite', qty: 0, seller: 'kims-kites' }),
      aSimpleProduct('BOWL-1', { name: 'Bowl', qty: 1000 }),
      aConfigurableProduct('TEE'),
    ],
  });
  harbour = await sellerId(t, 'harbour-goods');
  t.clock.set(NOON_SYDNEY);
  operator = await signedIn(t, 'operator');
  // Harbour Goods sends back-in-stock texts; Kim's Kites does not.
  await t.db
    .insertInto('automations')
    .values({
      seller_id: harbour,
      flow: 'back_in_stock',
      enabled: true,
      message: '{product} is back in stock. Get yours before it goes again:',
      delay_hours: 0,
      product_id: null,
      enabled_at: t.clock.now(),
      updated_at: t.clock.now(),
      updated_by: null,
    })
    .execute();
}, 180_000);
afterAll(() => t?.close());

beforeEach(() => {
  t.clock.set(NOON_SYDNEY);
});

const idOf = async (sku: string) =>
  (await t.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow()).id;

/** A sold-out mug of this test's own. */
async function aMug(): Promise<{ sku: string; id: number }> {
  products += 1;
  const sku = `MUG-${products}`;
  return { sku, id: await idOf(sku) };
}

const ask = (productId: number, options: { shopper?: Shopper; jwt?: string; remoteAddress?: string } = {}) =>
  call<Record<string, unknown>>(t.app, 'POST', `${NS}/stockAlerts`, {
    ...(options.shopper ? { headers: options.shopper.headers } : {}),
    payload: { product_id: productId, ...(options.jwt !== undefined ? { jwt: options.jwt } : {}) },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });

const statusOf = (productId: number, shopper?: Shopper) =>
  call<{ offered: boolean; waiting: number[]; words: string }>(
    t.app,
    'GET',
    `${NS}/stockAlerts?product_id=${productId}`,
    shopper ? { headers: shopper.headers } : {},
  );

const alertsOf = (productId: number) =>
  t.db.selectFrom('stock_alerts').selectAll().where('product_id', '=', productId).orderBy('id').execute();

const sendsOf = (productId: number) =>
  t.db
    .selectFrom('automation_sends as s')
    .innerJoin('stock_alerts as a', 'a.id', 's.stock_alert_id')
    .select(['s.id', 's.mobile', 's.product_id', 's.flow', 's.stock_alert_id', 's.automation_id'])
    .where('a.product_id', '=', productId)
    .orderBy('s.stock_alert_id')
    .execute();

/** The vendor's session, signed in again once the test clock has moved on (the 60 days). */
async function vendorSession(): Promise<Session> {
  const now = t.clock.now().getTime();
  if (vendor && now >= vendor.at && now - vendor.at < 10 * 60_000) return vendor.session;
  vendor = {
    session: await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' }),
    at: t.clock.now().getTime(),
  };
  return vendor.session;
}

/** The back office's stock edit of a simple product (PATCH /admin/api/products/:id/variants/:id). */
async function setStock(productId: number, stock: number, variantId = productId) {
  const session = await vendorSession();
  const reply = await t.app.inject({
    method: 'PATCH',
    url: `/admin/api/products/${productId}/variants/${variantId}`,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    payload: { stock },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

/** Three members waiting for the item, in this order. */
async function threeWaiting(productId: number): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  for (let i = 0; i < 3; i += 1) {
    const shopper = await aShopper(t);
    expect((await ask(productId, { shopper })).status).toBe(200);
    shoppers.push(shopper);
    t.clock.advance(1000);
  }
  return shoppers;
}

describe('[I31] asking for a back-in-stock text', { timeout: 120_000 }, () => {
  it('[I31] a member asks once for a sold-out product: the alert keeps the words, the address and the proof, waits 60 days, and is evidence of consent for that item only', async () => {
    const mug = await aMug();
    const shopper = await aShopper(t);
    const before = await statusOf(mug.id, shopper);
    expect(before.body).toEqual({
      offered: true,
      waiting: [],
      words: STOCK_ALERT_TEXTS.words('Harbour Goods'),
    });
    const reply = await ask(mug.id, { shopper, remoteAddress: '203.0.113.9' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const expires = new Date(t.clock.now().getTime() + STOCK_ALERT_DAYS * 86_400_000).toISOString();
    expect(reply.body).toEqual({
      status: true,
      product_id: mug.id,
      mobile: `${`0${shopper.mobile.slice(3)}`.slice(0, 4)} ••• ${shopper.mobile.slice(-3)}`,
      expires_at: expires,
    });
    const [alert] = await alertsOf(mug.id);
    expect(alert).toMatchObject({
      mobile: shopper.mobile,
      customer_id: shopper.id,
      seller_id: harbour,
      state: 'waiting',
      proof: 'member',
      words: STOCK_ALERT_TEXTS.words('Harbour Goods'),
      client_address: '203.0.113.9',
      send_id: null,
    });
    expect(new Date(alert!.expires_at).toISOString()).toBe(expires);
    const events = await t.db
      .selectFrom('text_consent_events')
      .selectAll()
      .where('mobile', '=', shopper.mobile)
      .execute();
    expect(events).toEqual([
      expect.objectContaining({
        event: 'asked_back_in_stock',
        seller_id: harbour,
        detail: String(mug.id),
        source: 'member',
      }),
    ]);
    // It is not a subscription to the seller's offers.
    const consents = await t.db
      .selectFrom('text_consents')
      .select('id')
      .where('mobile', '=', shopper.mobile)
      .execute();
    expect(consents).toEqual([]);
    expect((await statusOf(mug.id, shopper)).body.waiting).toEqual([mug.id]);
    // A visitor sees the offer, never anyone's waiting items.
    expect((await statusOf(mug.id)).body).toMatchObject({ offered: true, waiting: [] });
  });

  it('[I31] asking twice while waiting answers the same alert: one row, one evidence event', async () => {
    const mug = await aMug();
    const shopper = await aShopper(t);
    const first = await ask(mug.id, { shopper });
    t.clock.advance(60_000);
    const second = await ask(mug.id, { shopper });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await alertsOf(mug.id)).toHaveLength(1);
    const events = await t.db
      .selectFrom('text_consent_events')
      .select('id')
      .where('mobile', '=', shopper.mobile)
      .where('event', '=', 'asked_back_in_stock')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('[I31] a visitor proves the mobile with the one-time code (sendmobilecode, confirmmobilecode) and asks with its token', async () => {
    const mug = await aMug();
    const mobile = aMobile();
    t.clock.advance(31_000);
    const sent = await call(t.app, 'POST', `${NS}/sendmobilecode`, { payload: { mobile, r_token: 'x' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const code = /\b(\d{6})\b/.exec((await outbox(t, mobile)).at(-1) ?? '')?.[1];
    const confirmed = await call<{ jwt: string }>(t.app, 'POST', `${NS}/confirmmobilecode`, {
      payload: { mobile, code, r_token: 'x' },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const reply = await ask(mug.id, { jwt: confirmed.body.jwt });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(await alertsOf(mug.id)).toEqual([
      expect.objectContaining({ mobile, proof: 'code', customer_id: null, state: 'waiting' }),
    ]);
  });

  it('[I31] a visitor without a proof, with a forged token or an expired one is refused with what to do, and nothing is recorded', async () => {
    const mug = await aMug();
    const mobile = aMobile();
    const none = await ask(mug.id);
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(STOCK_ALERT_TEXTS.mobileRequired);
    const forged = await ask(mug.id, {
      jwt: await aLinkToken({ mobile }, { now: t.clock.now(), secret: 'x'.repeat(40) }),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(STOCK_ALERT_TEXTS.codeInvalid);
    const expired = await ask(mug.id, {
      jwt: await aLinkToken(
        { mobile },
        { now: new Date(t.clock.now().getTime() - 3600_000), ttlSeconds: 60 },
      ),
    });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(STOCK_ALERT_TEXTS.codeExpired);
    expect(await alertsOf(mug.id)).toEqual([]);
    const good = await ask(mug.id, { jwt: await aLinkToken({ mobile }, { now: t.clock.now() }) });
    expect(good.status).toBe(200);
  });

  it('[I31] only a sold-out item of a seller whose flow is on: in stock 409, flow off 409, a configurable parent 400, unknown 404', async () => {
    const shopper = await aShopper(t);
    const inStock = await ask(await idOf('BOWL-1'), { shopper });
    expect([inStock.status, inStock.body.message]).toEqual([409, STOCK_ALERT_TEXTS.notSoldOut]);
    const kite = await idOf('KITE-1');
    const off = await ask(kite, { shopper });
    expect([off.status, off.body.message]).toEqual([409, STOCK_ALERT_TEXTS.notOffered]);
    expect((await statusOf(kite)).body).toMatchObject({ offered: false });
    const tee = await idOf('TEE');
    const parent = await ask(tee, { shopper });
    expect([parent.status, parent.body.message]).toEqual([400, STOCK_ALERT_TEXTS.chooseOption]);
    const redS = await ask(await idOf('TEE-RED-S'), { shopper });
    expect(redS.status).toBe(409);
    const unknown = await ask(999_999, { shopper });
    expect([unknown.status, unknown.body.message]).toEqual([404, STOCK_ALERT_TEXTS.productNotFound]);
    expect((await call(t.app, 'GET', `${NS}/stockAlerts?product_id=999999`)).status).toBe(404);
    expect((await call(t.app, 'GET', `${NS}/stockAlerts?product_id=abc`)).status).toBe(400);
    expect((await call(t.app, 'POST', `${NS}/stockAlerts`, { payload: {} })).status).toBe(400);
    const rows = await t.db
      .selectFrom('stock_alerts')
      .select('id')
      .where('mobile', '=', shopper.mobile)
      .execute();
    expect(rows).toEqual([]);
  });

  it('[I31] a sold-out colour and size of a configurable product: the member waits for that child, and the product page lists it', async () => {
    const shopper = await aShopper(t);
    const tee = await idOf('TEE');
    const blueL = await idOf('TEE-BLUE-L');
    expect((await ask(blueL, { shopper })).status).toBe(200);
    expect((await statusOf(tee, shopper)).body).toMatchObject({ offered: true, waiting: [blueL] });
  });

  it('[I31] a member cancels (Don’t text me): the alert stops waiting and a restock does not text them', async () => {
    const mug = await aMug();
    const shopper = await aShopper(t);
    await ask(mug.id, { shopper });
    const cancelled = await call(t.app, 'DELETE', `${NS}/stockAlerts/${mug.id}`, {
      headers: shopper.headers,
    });
    expect(cancelled.status).toBe(200);
    expect((await statusOf(mug.id, shopper)).body.waiting).toEqual([]);
    expect((await call(t.app, 'DELETE', `${NS}/stockAlerts/${mug.id}`)).status).toBe(401);
    await setStock(mug.id, 5);
    expect(await sendsOf(mug.id)).toEqual([]);
    expect((await alertsOf(mug.id)).map((a) => a.state)).toEqual(['cancelled']);
  });
});

describe('[I31] the restock texts the shoppers waiting', { timeout: 180_000 }, () => {
  it('[I31] three wait, the seller restocks two units by an edit: two texts queued in order of asking, the third waits; the next unit texts the third', async () => {
    const mug = await aMug();
    const [first, second, third] = await threeWaiting(mug.id);
    await setStock(mug.id, 2);
    const sends = await sendsOf(mug.id);
    expect(sends.map((s) => s.mobile)).toEqual([first!.mobile, second!.mobile]);
    expect(sends.every((s) => s.flow === 'back_in_stock' && s.product_id === mug.id)).toBe(true);
    const alerts = await alertsOf(mug.id);
    expect(alerts.map((a) => a.state)).toEqual(['queued', 'queued', 'waiting']);
    expect(alerts.slice(0, 2).map((a) => a.send_id)).toEqual(sends.map((s) => s.id));
    // Each send has its outbox row, purpose 'automation'.
    const rows = await t.db
      .selectFrom('sent_messages')
      .select(['automation_send_id', 'purpose'])
      .where(
        'automation_send_id',
        'in',
        sends.map((s) => s.id),
      )
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.purpose === 'automation')).toBe(true);
    // Stock falling is no restock; the third still waits.
    await setStock(mug.id, 1);
    expect(await sendsOf(mug.id)).toHaveLength(2);
    await setStock(mug.id, 2);
    expect((await sendsOf(mug.id)).map((s) => s.mobile)).toEqual([
      first!.mobile,
      second!.mobile,
      third!.mobile,
    ]);
    expect((await alertsOf(mug.id)).map((a) => a.state)).toEqual(['queued', 'queued', 'queued']);
  });

  it('[I31] a sold-out size restocked: the text links to the product page (the parent), for the child’s waiter', async () => {
    const shopper = await aShopper(t);
    const tee = await idOf('TEE');
    const blueL = await idOf('TEE-BLUE-L');
    await ask(blueL, { shopper });
    const waiters = (await alertsOf(blueL)).filter((a) => a.state === 'waiting');
    await setStock(tee, waiters.length, blueL);
    const sends = await sendsOf(blueL);
    expect(sends.map((s) => s.mobile)).toEqual(waiters.map((a) => a.mobile));
    expect(sends.map((s) => s.mobile)).toContain(shopper.mobile);
    expect(sends.every((s) => s.product_id === tee && s.flow === 'back_in_stock')).toBe(true);
  });

  it('[I31] with the seller’s flow off at restock time nobody is texted and everyone keeps waiting', async () => {
    const mug = await aMug();
    await threeWaiting(mug.id);
    await t.db
      .updateTable('automations')
      .set({ enabled: false })
      .where('seller_id', '=', harbour)
      .where('flow', '=', 'back_in_stock')
      .execute();
    try {
      await setStock(mug.id, 5);
    } finally {
      await t.db
        .updateTable('automations')
        .set({ enabled: true })
        .where('seller_id', '=', harbour)
        .where('flow', '=', 'back_in_stock')
        .execute();
    }
    expect(await sendsOf(mug.id)).toEqual([]);
    expect((await alertsOf(mug.id)).map((a) => a.state)).toEqual(['waiting', 'waiting', 'waiting']);
  });

  it('[I31] a catalogue import that brings stock back texts the waiters (no more than the units)', async () => {
    const mug = await aMug();
    const [first, second] = await threeWaiting(mug.id);
    await importCatalogue(
      t.db,
      aCatalogue({
        sellers: [aSeller({ name: 'Harbour Goods' })],
        products: [aSimpleProduct(mug.sku, { name: `Mug ${products}`, qty: 2 })],
      }),
      { keepExistingSellers: true, stockWatch: createStockAlerts({ db: t.db, clock: t.clock }).watch },
    );
    expect((await sendsOf(mug.id)).map((s) => s.mobile)).toEqual([first!.mobile, second!.mobile]);
    expect((await alertsOf(mug.id)).map((a) => a.state)).toEqual(['queued', 'queued', 'waiting']);
  });

  it('[I31] a refund that restocks texts the first waiter (one unit back, one text)', async () => {
    const mug = await aMug();
    await setStock(mug.id, 1);
    const buyer = await aShopper(t);
    expect((await addToCart(t.app, buyer, mug.sku, 1)).status).toBe(200);
    expect((await saveShipping(t.app, buyer)).status).toBe(200);
    const placed = await placeOrder(t.app, buyer);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = Number(placed.body);
    const [first] = await threeWaiting(mug.id);
    const detail = await adminCall(t, 'GET', `/orders/${orderId}`, operator);
    const line = (detail.json() as { items: { id: number; sku: string }[] }).items.find(
      (i) => i.sku === mug.sku,
    );
    const refunded = await adminCall(t, 'POST', `/orders/${orderId}/refunds`, operator, {
      lines: [{ order_item_id: line?.id, qty: 1 }],
      restock: true,
      reason: 'Chipped',
      idempotency_key: `stock-alert-${orderId}`,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await sendsOf(mug.id)).map((s) => s.mobile)).toEqual([first!.mobile]);
    expect((await alertsOf(mug.id)).map((a) => a.state)).toEqual(['queued', 'waiting', 'waiting']);
  });

  it('[I31] after 60 days an alert is expired (by the worker’s pass, and at pick time) and never texted', async () => {
    const mug = await aMug();
    const other = await aMug();
    const shopper = await aShopper(t);
    await ask(mug.id, { shopper });
    await ask(other.id, { shopper });
    t.clock.advance(STOCK_ALERT_DAYS * 86_400_000 + 1000);
    // At pick time: the restock finds it expired.
    await setStock(mug.id, 3);
    expect(await sendsOf(mug.id)).toEqual([]);
    expect((await alertsOf(mug.id)).map((a) => a.state)).toEqual(['expired']);
    // The worker's pass expires the rest.
    const job = createStockAlertJob({ db: t.db, clock: t.clock, log: { info() {}, warn() {}, error() {} } });
    expect(job.name).toBe('stock-alerts');
    expect(await job.runOnce()).toBeGreaterThanOrEqual(1);
    expect((await alertsOf(other.id)).map((a) => a.state)).toEqual(['expired']);
    await setStock(other.id, 3);
    expect(await sendsOf(other.id)).toEqual([]);
    expect((await statusOf(mug.id, shopper)).body.waiting).toEqual([]);
  });

  it('[I31] two restocks at once never text more than the units that came back', async () => {
    const mug = await aMug();
    const waiting = await threeWaiting(mug.id);
    const more = await aShopper(t);
    await ask(mug.id, { shopper: more });
    // Two editors at the same moment both set the stock to 2 (0 → 2 and then 2 → 2): two units came back,
    // so two texts, never four; and three same-moment edits to 3 bring one more unit: one more text.
    const session = await vendorSession();
    const edit = (stock: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/admin/api/products/${mug.id}/variants/${mug.id}`,
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
        payload: { stock },
      });
    const replies = await Promise.all([edit(2), edit(2)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await sendsOf(mug.id)).map((s) => s.mobile)).toEqual(waiting.slice(0, 2).map((s) => s.mobile));
    await Promise.all([edit(3), edit(3), edit(3)]);
    expect((await sendsOf(mug.id)).map((s) => s.mobile)).toEqual(waiting.map((s) => s.mobile));
    expect((await alertsOf(mug.id)).map((a) => a.state)).toEqual(['queued', 'queued', 'queued', 'waiting']);
  });
});
