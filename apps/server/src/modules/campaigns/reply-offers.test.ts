import { randomBytes } from 'node:crypto';
import type { Campaign } from '@quokka/contract/api/campaigns';
import { countSms } from '@quokka/contract/sms';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SandboxPayments } from '../../providers/payments/sandbox-payments.ts';
import { addToCart, aShopper, NS, REST, type Shopper } from '../../test/cart-factory.ts';
import {
  aConfigurableProduct,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
} from '../../test/catalog-factory.ts';
import { aMobile, TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { campaignSenderFor } from '../../worker/start-worker.ts';
import type { WorkerLog } from '../messages/outbox.ts';
import { adminCall, ORIGIN, outbox, type Session, signedIn } from '../orders/test/orders-test-kit.ts';
import { runCampaignPass } from './campaign-job.ts';

// [I30] Reply to buy through the real app (PGlite or TEST_DATABASE_URL), the sandbox payments and the app's
// test clock: a real reply-to-buy campaign sent by the worker's campaign sender, then the shopper's BUY and
// YES through the sandbox's reply box (POST /dev/messages/reply, the code the Twilio webhook calls) or the
// inbound service itself where a MessageSid must repeat. Each test has its own members and its own product,
// so a price or stock change is that test's alone. REPLY_TO_BUY_MAX_CENTS is $100 here; delivery $9.95.

let t: TestApp;
let sandbox: SandboxPayments;
let vendor: { session: Session; at: number } | undefined;
let store: string;
const quiet: WorkerLog = { info() {}, warn() {}, error() {} };
const NOON_SYDNEY = '2026-11-24T01:00:00Z';
let products = 0;

beforeAll(async () => {
  t = await createTestApp({
    AUTH_SECRET: TEST_AUTH_SECRET,
    PUBLIC_URL: ORIGIN,
    REPLY_TO_BUY_MAX_CENTS: '10000',
  });
  await importTestCatalogue(t.db, {
    sellers: [aSeller({ name: 'Harbour Goods' }), aSeller({ seller_url: 'kims-kites', name: "Kim's Kites" })],
    products: [
      ...Array.from({ length: 20 }, (_, i) =>
        aSimpleProduct(`TEA-${i + 1}`, { name: `Teapot ${i + 1}`, price: 19.95, qty: 50 }),
      ),
      aConfigurableProduct('TEE', { name: 'Organic Cotton Crew Neck Tee for Long Summer Days' }),
    ],
  });
  const payments = t.app.deps.providers.payments;
  if (!(payments instanceof SandboxPayments)) throw new Error('the tests need the sandbox payments');
  sandbox = payments;
  store = t.config.STORE_NAME;
}, 180_000);
afterAll(() => t?.close());

beforeEach(async () => {
  // Only this test's members are subscribed: each campaign reaches them alone.
  await sql`update text_consents set state = 'unsubscribed'`.execute(t.db);
  await sql`delete from send_rate`.execute(t.db);
  t.clock.set(NOON_SYDNEY);
});

async function vendorSession(): Promise<Session> {
  const now = t.clock.now().getTime();
  if (vendor && now >= vendor.at && now - vendor.at < 10 * 60_000) return vendor.session;
  vendor = { session: await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' }), at: now };
  return vendor.session;
}

/** A product of this test's own: sku, id. */
async function aProduct(): Promise<{ sku: string; id: number }> {
  products += 1;
  const sku = `TEA-${products}`;
  const row = await t.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow();
  return { sku, id: row.id };
}

interface Buyer extends Shopper {
  card: string;
}

/**
 * A member subscribed to Harbour Goods' texts, with a saved card (a sandbox test card) and, unless told
 * otherwise, Buy by reply on with that card.
 */
async function aBuyer(options: { testCard?: string; buyByReply?: boolean } = {}): Promise<Buyer> {
  const shopper = await aShopper(t);
  const card = await sandbox.saveTestCard(t.db, shopper.id, options.testCard ?? 'pm_card_visa');
  const now = t.clock.now();
  if (options.buyByReply !== false)
    await t.db
      .insertInto('reply_to_buy_settings')
      .values({
        customer_id: shopper.id,
        enabled: true,
        payment_method: card,
        card_label: 'Visa •••• 4242',
        words: 'Buy by reply',
        client_address: null,
        turned_on_at: now,
        turned_off_at: null,
        turned_off_via: null,
        updated_at: now,
      })
      .execute();
  const seller = await t.db
    .selectFrom('sellers')
    .select('id')
    .where('seller_url', '=', 'harbour-goods')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('text_consents')
    .values({
      mobile: shopper.mobile,
      seller_id: seller.id,
      customer_id: shopper.id,
      state: 'subscribed',
      source: 'account',
      words: 'Text me offers',
      requested_at: now,
      subscribed_at: now,
      optout_code: randomBytes(5).toString('hex'),
      updated_at: now,
    })
    .execute();
  return { ...shopper, card };
}

/** A reply-to-buy campaign of Harbour Goods for this product, sent to every subscriber by the worker. */
async function textedCampaign(productId: number): Promise<Campaign> {
  const session = await vendorSession();
  const created = await adminCall(t, 'POST', '/campaigns', session, {
    name: 'Teapots',
    message: 'Our teapot is back.',
    product_id: productId,
    audience: { kind: 'all' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const campaign = created.json() as Campaign;
  await t.db
    .updateTable('campaigns')
    .set({ reply_to_buy: true, offer_product_id: productId })
    .where('id', '=', campaign.id)
    .execute();
  const sent = await adminCall(t, 'POST', `/campaigns/${campaign.id}/send`, session);
  expect(sent.statusCode, sent.body).toBe(200);
  const sender = campaignSenderFor(
    {
      config: t.config,
      db: t.db,
      clock: t.clock,
      providers: t.app.deps.providers,
      publicUrl: ORIGIN,
      log: quiet,
    },
    { workerId: 'reply-offers-test' },
  );
  for (let i = 0; i < 5; i++) {
    t.clock.advance(1_000);
    await runCampaignPass(t.db, t.clock.now());
    if ((await sender.runOnce()) === 0 && i > 0) break;
  }
  return campaign;
}

let sids = 0;
/** A text to the shop's number through the sandbox's reply box. */
async function reply(from: string, body: string) {
  const r = await t.app.inject({ method: 'POST', url: '/dev/messages/reply', payload: { from, body } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { handled_as: string; replay: boolean; reply_message_id: number | null };
}

/** The same text through the inbound service, with the MessageSid a retry repeats. */
function receive(from: string, body: string, sid = `SMtest${++sids}${randomBytes(4).toString('hex')}`) {
  return t.app.services.inboundTexts.receive({ sid, from, to: '+61400000000', body });
}

/** Every text to this number, oldest first. */
const textsTo = (mobile: string) =>
  t.db
    .selectFrom('sent_messages')
    .select(['id', 'purpose', 'body', 'send_state', 'order_id'])
    .where('to_number', '=', mobile)
    .orderBy('id')
    .execute();

const lastText = async (mobile: string) => (await textsTo(mobile)).at(-1)?.body ?? '';

const offersOf = (customerId: number) =>
  t.db.selectFrom('reply_offers').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();

const ordersOf = (customerId: number) =>
  t.db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();

const stock = async (sku: string) =>
  (await t.db.selectFrom('products').select('qty').where('sku', '=', sku).executeTakeFirstOrThrow()).qty;

const chargesOf = (customerId: number) =>
  t.db.selectFrom('sandbox_charges').selectAll().where('customer_id', '=', customerId).execute();

const setPrice = (sku: string, cents: number) =>
  t.db.updateTable('products').set({ price_cents: cents }).where('sku', '=', sku).execute();

const terms = (product: string, price: string, total: string, card = 'Visa ending 4242') =>
  `${store}: Confirm: ${product} ${price} + $9.95 delivery = ${total} to 1 Harbour St, Sydney, ${card}. Reply YES within 10 minutes to buy.`;

/**
 * The recipient's own /t/<code> link (what an expired offer sends the shopper to), or its checkout variant
 * /t/<code>/checkout (a declined card, a bank asking to confirm, over the limit).
 */
async function linkOf(mobile: string, campaignId: number, to: 'product' | 'checkout' = 'product') {
  const row = await t.db
    .selectFrom('campaign_recipients')
    .select('code')
    .where('mobile', '=', mobile)
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return `${ORIGIN}/t/${row.code}${to === 'checkout' ? '/checkout' : ''}`;
}

/** Follows a text's link as the web app does: the redirect, then POST auth with the link's token. */
async function openLink(link: string) {
  const opened = await t.app.inject(link.replace(ORIGIN, ''));
  expect(opened.statusCode).toBe(302);
  const jwt = /^\/autologin\/(.+)$/.exec(String(opened.headers.location))?.[1];
  expect(jwt).toBeTruthy();
  const auth = await t.app.inject({
    method: 'POST',
    url: `${NS}/auth`,
    payload: { jwt, autologin: true },
  });
  expect(auth.statusCode).toBe(200);
  return auth.json() as {
    existing_user?: true;
    token: string;
    checkout_product_id?: number;
    product_id: number | null;
  };
}

/** The member's active cart: sku and quantity of each line. */
async function cartOf(token: string) {
  const cart = await t.app.inject({
    method: 'GET',
    url: `${REST}/carts/mine`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(cart.statusCode).toBe(200);
  return (cart.json() as { items: { sku: string; qty: number }[] }).items.map(({ sku, qty }) => ({
    sku,
    qty,
  }));
}

describe('[I30] reply to buy: the campaign text', { timeout: 120_000 }, () => {
  it('[I30] a member with Buy by reply gets "Reply BUY …" in place of the link and is marked; everyone else gets the normal text', async () => {
    const product = await aProduct();
    const buyer = await aBuyer();
    const plain = await aBuyer({ buyByReply: false });
    const campaign = await textedCampaign(product.id);
    const optOut = await t.db
      .selectFrom('text_consents')
      .select('optout_code')
      .where('mobile', '=', buyer.mobile)
      .executeTakeFirstOrThrow();
    expect(await outbox(t, buyer.mobile)).toEqual([
      `Harbour Goods: Our teapot is back.\nReply BUY to get it for $29.90 delivered to Sydney\nOpt out: ${ORIGIN}/u/${optOut.optout_code}`,
    ]);
    const [toPlain] = await outbox(t, plain.mobile);
    expect(toPlain).toContain(await linkOf(plain.mobile, campaign.id));
    expect(toPlain).not.toContain('Reply BUY');
    const marks = await t.db
      .selectFrom('campaign_recipients')
      .select(['mobile', 'reply_to_buy'])
      .where('campaign_id', '=', campaign.id)
      .execute();
    expect(marks.find((m) => m.mobile === buyer.mobile)?.reply_to_buy).toBe(true);
    expect(marks.find((m) => m.mobile === plain.mobile)?.reply_to_buy).toBe(false);
  });

  it('[I30] over REPLY_TO_BUY_MAX_CENTS the member gets the normal text (and a BUY buys nothing)', async () => {
    const product = await aProduct();
    await setPrice(product.sku, 9500); // $95 + $9.95 > $100
    const buyer = await aBuyer();
    await textedCampaign(product.id);
    expect((await outbox(t, buyer.mobile)).join('\n')).not.toContain('Reply BUY');
    expect(await reply(buyer.mobile, 'BUY')).toMatchObject({ handled_as: 'none', reply_message_id: null });
    expect(await offersOf(buyer.id)).toEqual([]);
  });
});

describe('[I30] reply to buy: BUY then YES', { timeout: 120_000 }, () => {
  it('[I30] BUY gets the exact terms (two segments at most), nothing reserved or charged; YES places one order: stock, authorisation, receipt, ledger, attribution, reply_offer_id', async () => {
    const product = await aProduct();
    const buyer = await aBuyer();
    // The member's own cart, which buying by reply must leave as it is.
    expect((await addToCart(t.app, buyer, 'TEA-20', 2)).status).toBe(200);
    const campaign = await textedCampaign(product.id);
    t.clock.advance(3_600_000);

    const buy = await reply(buyer.mobile, ' buy ');
    expect(buy).toMatchObject({ handled_as: 'buy', replay: false });
    const quoted = await lastText(buyer.mobile);
    expect(quoted).toBe(terms(`Teapot ${product.sku.slice(4)}`, '$19.95', '$29.90'));
    expect(countSms(quoted)).toMatchObject({ encoding: 'GSM-7' });
    expect(countSms(quoted).parts).toBeLessThanOrEqual(2);
    const [offer] = await offersOf(buyer.id);
    expect(offer).toMatchObject({ state: 'quoted', campaign_id: campaign.id, product_id: product.id });
    expect(offer?.confirm_by.getTime()).toBe(t.clock.now().getTime() + 10 * 60_000);
    expect(await stock(product.sku)).toBe(50);
    expect(await chargesOf(buyer.id)).toEqual([]);
    expect(await ordersOf(buyer.id)).toEqual([]);

    t.clock.advance(5 * 60_000);
    const yes = await reply(buyer.mobile, 'Yes');
    expect(yes).toMatchObject({ handled_as: 'yes', replay: false });
    const orders = await ordersOf(buyer.id);
    expect(orders).toHaveLength(1);
    const order = orders[0];
    expect(order).toMatchObject({
      reply_offer_id: offer?.id,
      campaign_id: campaign.id,
      grand_total_cents: 2990,
      shipping_cents: 995,
      subtotal_cents: 1995,
      card_last4: '4242',
      customer_mobile: buyer.mobile,
    });
    // ORDER_REVIEW=auto (the default): approved and captured right after it committed.
    expect(order).toMatchObject({ status: 'approved', payment_state: 'captured', captured_cents: 2990 });
    expect(await stock(product.sku)).toBe(49);
    const [charge] = await chargesOf(buyer.id);
    expect(charge).toMatchObject({ amount_cents: 2990, payment_method: buyer.card, status: 'captured' });
    // The receipt answers the YES, and is sent at once.
    const receipt = (await textsTo(buyer.mobile)).find((m) => m.purpose === 'order_receipt');
    expect(receipt).toMatchObject({ order_id: order?.id, send_state: 'sent' });
    expect(yes.reply_message_id).toBe(receipt?.id);
    // The ledger has the seller's sale.
    const ledger = await t.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_cents'])
      .where('order_id', '=', order?.id ?? 0)
      .execute();
    expect(ledger.length).toBeGreaterThan(0);
    expect((await offersOf(buyer.id))[0]).toMatchObject({ state: 'ordered', order_id: order?.id });
    // The campaign's report counts it.
    const report = await adminCall(t, 'GET', `/campaigns/${campaign.id}`, await vendorSession());
    // Revenue is the seller's lines (not the delivery).
    expect(report.json().results).toMatchObject({ orders: 1, revenue_cents: 1995 });
    // The member's own cart is untouched.
    const cart = await t.db
      .selectFrom('carts as c')
      .innerJoin('cart_items as i', 'i.cart_id', 'c.id')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select(['p.sku', 'i.qty'])
      .where('c.customer_id', '=', buyer.id)
      .where('c.status', '=', 'active')
      .execute();
    expect(cart).toEqual([{ sku: 'TEA-20', qty: 2 }]);

    // A later YES, and a BUY, are answered with the order's number; nothing more is bought.
    await reply(buyer.mobile, 'YES');
    expect(await lastText(buyer.mobile)).toBe(
      `${store}: You already bought this: order ${order?.increment_id}. Nothing more was charged.`,
    );
    await reply(buyer.mobile, 'BUY');
    expect(await lastText(buyer.mobile)).toContain(`order ${order?.increment_id}`);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    expect(await chargesOf(buyer.id)).toHaveLength(1);
  });

  it('[I30] YES: an offer within its 10 minutes comes before a consent waiting for YES; the next YES confirms the consent', async () => {
    const product = await aProduct();
    const buyer = await aBuyer();
    await textedCampaign(product.id);
    await reply(buyer.mobile, 'JOIN kims-kites');
    expect(await lastText(buyer.mobile)).toContain("Reply YES to get offers from Kim's Kites");
    await reply(buyer.mobile, 'BUY');
    await reply(buyer.mobile, 'YES');
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    const consent = () =>
      t.db
        .selectFrom('text_consents as c')
        .innerJoin('sellers as s', 's.id', 'c.seller_id')
        .select('c.state')
        .where('c.mobile', '=', buyer.mobile)
        .where('s.seller_url', '=', 'kims-kites')
        .executeTakeFirstOrThrow();
    expect((await consent()).state).toBe('pending');
    await reply(buyer.mobile, 'YES');
    expect((await consent()).state).toBe('subscribed');
    expect(await lastText(buyer.mobile)).toContain("you will get offers by text from Kim's Kites");
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it('[I30] a variant is named with its options; a long product name is cut so the terms stay within two GSM-7 segments', async () => {
    const variant = await t.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', 'TEE-RED-S')
      .executeTakeFirstOrThrow();
    const buyer = await aBuyer();
    await textedCampaign(variant.id);
    await reply(buyer.mobile, 'BUY');
    const quoted = await lastText(buyer.mobile);
    expect(quoted).toBe(terms('Organic Cotton Crew Neck... Red / S', '$25.00', '$34.95'));
    expect(countSms(quoted)).toMatchObject({ encoding: 'GSM-7' });
    expect(countSms(quoted).parts).toBeLessThanOrEqual(2);
    await reply(buyer.mobile, 'YES');
    const [order] = await ordersOf(buyer.id);
    expect(order?.grand_total_cents).toBe(3495);
    const items = await t.db
      .selectFrom('order_items')
      .select(['sku', 'qty'])
      .where('order_id', '=', order?.id ?? 0)
      .execute();
    expect(items).toEqual([{ sku: 'TEE-RED-S', qty: 1 }]);
  });

  it('[I30] a second BUY while quoted answers the same terms from the same offer', async () => {
    const product = await aProduct();
    const buyer = await aBuyer();
    await textedCampaign(product.id);
    await reply(buyer.mobile, 'BUY');
    const first = await lastText(buyer.mobile);
    t.clock.advance(60_000);
    await reply(buyer.mobile, 'BUY');
    expect(await lastText(buyer.mobile)).toBe(first);
    expect(await offersOf(buyer.id)).toHaveLength(1);
  });
});

describe('[I30] reply to buy: exactly one order per confirmation', { timeout: 120_000 }, () => {
  it('[I30] the same MessageSid retried (at once, and later) is one order and one answer', async () => {
    const product = await aProduct();
    const buyer = await aBuyer();
    await textedCampaign(product.id);
    await reply(buyer.mobile, 'BUY');
    const sid = `SMretry${randomBytes(6).toString('hex')}`;
    const results = await Promise.all([receive(buyer.mobile, 'YES', sid), receive(buyer.mobile, 'YES', sid)]);
    expect(results.map((r) => r.replay).sort()).toEqual([false, true]);
    const again = await receive(buyer.mobile, 'YES', sid);
    expect(again.replay).toBe(true);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    expect(await chargesOf(buyer.id)).toHaveLength(1);
    expect(await stock(product.sku)).toBe(49);
  });

  it('[I30] two YES at once: one order, and the other YES is answered with its number', async () => {
    const product = await aProduct();
    const buyer = await aBuyer();
    await textedCampaign(product.id);
    await reply(buyer.mobile, 'BUY');
    const both = await Promise.all([receive(buyer.mobile, 'YES'), receive(buyer.mobile, 'yes')]);
    expect(both.every((r) => r.handledAs === 'yes' && !r.replay)).toBe(true);
    const orders = await ordersOf(buyer.id);
    expect(orders).toHaveLength(1);
    expect(await chargesOf(buyer.id)).toHaveLength(1);
    expect(await stock(product.sku)).toBe(49);
    const texts = (await textsTo(buyer.mobile)).map((m) => m.body ?? '');
    expect(
      texts.filter((body) => body.includes(`You already bought this: order ${orders[0]?.increment_id}`)),
    ).toHaveLength(1);
  });
});

describe('[I30] reply to buy: every refusal is answered and buys nothing', { timeout: 120_000 }, () => {
  it('[I30] the price changed since BUY: YES gets new terms (new figures, new 10 minutes), no charge; YES to them buys at the new price', async () => {
    const product = await aProduct();
    const buyer = await aBuyer();
    await textedCampaign(product.id);
    await reply(buyer.mobile, 'BUY');
    await setPrice(product.sku, 2495);
    t.clock.advance(2 * 60_000);
    await reply(buyer.mobile, 'YES');
    const name = `Teapot ${product.sku.slice(4)}`;
    expect(await lastText(buyer.mobile)).toBe(
      `${store}: The price or delivery changed, nothing was charged. ${terms(name, '$24.95', '$34.90').slice(store.length + 2)}`,
    );
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await chargesOf(buyer.id)).toEqual([]);
    const offers = await offersOf(buyer.id);
    expect(offers.map((o) => o.state)).toEqual(['cancelled', 'quoted']);
    expect(offers[1]?.confirm_by.getTime()).toBe(t.clock.now().getTime() + 10 * 60_000);
    await reply(buyer.mobile, 'YES');
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ grand_total_cents: 3490, reply_offer_id: offers[1]?.id });
  });

  it('[I30] delivery changed since BUY: new terms, no charge', async () => {
    const product = await aProduct();
    const buyer = await aBuyer();
    await textedCampaign(product.id);
    await reply(buyer.mobile, 'BUY');
    const flat = await t.db
      .selectFrom('shipping_methods')
      .select(['id', 'amount_cents'])
      .where('giftcard_only', '=', false)
      .orderBy('amount_cents')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('shipping_methods')
      .set({ amount_cents: 1295 })
      .where('id', '=', flat.id)
      .execute();
    try {
      await reply(buyer.mobile, 'YES');
      expect(await lastText(buyer.mobile)).toContain('$19.95 + $12.95 delivery = $32.90');
      expect(await ordersOf(buyer.id)).toEqual([]);
      expect(await chargesOf(buyer.id)).toEqual([]);
    } finally {
      await t.db
        .updateTable('shipping_methods')
        .set({ amount_cents: flat.amount_cents })
        .where('id', '=', flat.id)
        .execute();
    }
  });

  it('[I30] sold out between BUY and YES: told so; no order, no charge', async () => {
    const product = await aProduct();
    const buyer = await aBuyer();
    await textedCampaign(product.id);
    await reply(buyer.mobile, 'BUY');
    await t.db.updateTable('products').set({ qty: 0 }).where('sku', '=', product.sku).execute();
    await reply(buyer.mobile, 'YES');
    expect(await lastText(buyer.mobile)).toBe(
      `${store}: Sorry, Teapot ${product.sku.slice(4)} has sold out. Nothing was charged.`,
    );
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await chargesOf(buyer.id)).toEqual([]);
    expect((await offersOf(buyer.id))[0]).toMatchObject({ state: 'failed', failure: 'sold_out' });
  });

  it('[I30] over the limit: BUY is told so with the link; a price raised over it after BUY is told so at YES', async () => {
    const product = await aProduct();
    const buyer = await aBuyer();
    const campaign = await textedCampaign(product.id);
    const link = await linkOf(buyer.mobile, campaign.id, 'checkout');
    await reply(buyer.mobile, 'BUY');
    await setPrice(product.sku, 9500);
    await reply(buyer.mobile, 'YES');
    expect(await lastText(buyer.mobile)).toBe(
      `${store}: $104.95 is over the $100.00 limit for buying by reply, so nothing was charged. Buy it here: ${link}`,
    );
    t.clock.advance(60_000);
    await reply(buyer.mobile, 'BUY');
    expect(await lastText(buyer.mobile)).toContain('is over the $100.00 limit');
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await chargesOf(buyer.id)).toEqual([]);
  });

  it('[I30] a declined card: a link that opens checkout with the item; no order, stock untouched', async () => {
    const product = await aProduct();
    const buyer = await aBuyer({ testCard: 'pm_card_chargeDeclined' });
    const campaign = await textedCampaign(product.id);
    await reply(buyer.mobile, 'BUY');
    expect(await lastText(buyer.mobile)).toContain('Visa ending 0002');
    await reply(buyer.mobile, 'YES');
    const link = await linkOf(buyer.mobile, campaign.id, 'checkout');
    expect(await lastText(buyer.mobile)).toBe(
      `${store}: Your card was declined, so nothing was bought. Finish at checkout: ${link}`,
    );
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await stock(product.sku)).toBe(50);
    expect((await offersOf(buyer.id))[0]).toMatchObject({ state: 'failed', failure: 'declined' });
    // The link signs the member in and names the item for the cart, so the web app opens checkout with
    // it (the browser's cart is the shopper's: e2e/campaigns.e2e.ts follows it there). Nothing is reserved.
    const signedIn = await openLink(link);
    expect(signedIn).toMatchObject({
      existing_user: true,
      product_id: product.id,
      checkout_product_id: product.id,
    });
    expect(await stock(product.sku)).toBe(50);
    expect(await cartOf(signedIn.token)).toEqual([]);
    // The campaign's plain link opens the product and names nothing for the cart.
    const plain = await openLink(await linkOf(buyer.mobile, campaign.id));
    expect(plain.existing_user).toBe(true);
    expect(plain.checkout_product_id).toBeUndefined();
  });

  it('[I30] a card whose bank wants authentication (4000 0027 6000 3184): the checkout link; no order', async () => {
    const product = await aProduct();
    const buyer = await aBuyer({ testCard: 'pm_card_authenticationRequired' });
    const campaign = await textedCampaign(product.id);
    await reply(buyer.mobile, 'BUY');
    await reply(buyer.mobile, 'YES');
    expect(await lastText(buyer.mobile)).toBe(
      `${store}: Your bank wants to confirm this payment, so nothing was bought yet. Finish at checkout: ${await linkOf(buyer.mobile, campaign.id, 'checkout')}`,
    );
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await stock(product.sku)).toBe(50);
    expect((await offersOf(buyer.id))[0]).toMatchObject({
      state: 'failed',
      failure: 'authentication_required',
    });
  });

  it('[I30] BUY after 48 hours: the offer is over (with the link); YES after 10 minutes: the confirmation is over; nothing bought', async () => {
    const product = await aProduct();
    const late = await aBuyer();
    const slow = await aBuyer();
    const campaign = await textedCampaign(product.id);
    await reply(slow.mobile, 'BUY');
    t.clock.advance(10 * 60_000 + 1_000);
    await reply(slow.mobile, 'YES');
    expect(await lastText(slow.mobile)).toBe(
      `${store}: The 10 minutes to reply YES are over, so nothing was bought. Reply BUY for the terms again.`,
    );
    expect(await ordersOf(slow.id)).toEqual([]);
    expect((await offersOf(slow.id))[0]?.state).toBe('expired');

    t.clock.advance(48 * 3_600_000);
    await reply(late.mobile, 'BUY');
    expect(await lastText(late.mobile)).toBe(
      `${store}: This offer's 48 hours to reply BUY are over. You can still buy it here: ${await linkOf(late.mobile, campaign.id)}`,
    );
    expect(await offersOf(late.id)).toEqual([]);
    expect(await ordersOf(late.id)).toEqual([]);
  });

  it('[I30] another number, a second member, or a member without Buy by reply: nothing bought, nothing answered, nothing revealed', async () => {
    const product = await aProduct();
    const buyer = await aBuyer();
    const withoutReplyToBuy = await aBuyer({ buyByReply: false });
    await textedCampaign(product.id);
    // A second member with Buy by reply on who was never texted this campaign.
    const second = await aShopper(t);
    const secondCard = await sandbox.saveTestCard(t.db, second.id, 'pm_card_visa');
    await t.db
      .insertInto('reply_to_buy_settings')
      .values({
        customer_id: second.id,
        enabled: true,
        payment_method: secondCard,
        card_label: 'Visa •••• 4242',
        words: 'Buy by reply',
        client_address: null,
        turned_on_at: t.clock.now(),
        turned_off_at: null,
        turned_off_via: null,
        updated_at: t.clock.now(),
      })
      .execute();
    await reply(buyer.mobile, 'BUY');
    const stranger = aMobile();
    for (const from of [stranger, second.mobile, withoutReplyToBuy.mobile]) {
      const before = (await textsTo(from)).length;
      expect(await reply(from, 'BUY')).toMatchObject({ handled_as: 'none', reply_message_id: null });
      expect(await reply(from, 'YES')).toMatchObject({ handled_as: 'none', reply_message_id: null });
      expect(await textsTo(from)).toHaveLength(before);
    }
    expect(await offersOf(second.id)).toEqual([]);
    expect(await offersOf(withoutReplyToBuy.id)).toEqual([]);
    expect(await ordersOf(second.id)).toEqual([]);
    // The member's own offer is still theirs alone, waiting for their YES.
    expect((await offersOf(buyer.id)).map((o) => o.state)).toEqual(['quoted']);
    await reply(buyer.mobile, 'YES');
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it('[I30] Buy by reply turned off between BUY and YES: told so, nothing bought', async () => {
    const product = await aProduct();
    const buyer = await aBuyer();
    await textedCampaign(product.id);
    await reply(buyer.mobile, 'BUY');
    await t.db
      .updateTable('reply_to_buy_settings')
      .set({ enabled: false })
      .where('customer_id', '=', buyer.id)
      .execute();
    await reply(buyer.mobile, 'YES');
    expect(await lastText(buyer.mobile)).toContain('Buy by reply is off');
    expect(await ordersOf(buyer.id)).toEqual([]);
  });
});
