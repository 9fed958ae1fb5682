import type { AdminOrder, OrderListReply } from '@quokka/contract/api/admin';
import { CAMPAIGN_ERRORS, type Campaign } from '@quokka/contract/api/campaigns';
import { REPLY_TO_BUY_MSG, type ReplyToBuyReply, replyToBuyWords } from '@quokka/contract/api/reply-to-buy';
import { countSms } from '@quokka/contract/sms';
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
  aConfigurableProduct,
  aGiftCard,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
} from '../../test/catalog-factory.ts';
import { TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { adminCall, anOrder, ORIGIN, type Session, signedIn } from '../orders/test/orders-test-kit.ts';

// [I30] The member's "Buy by reply" setting (GET/PUT {ns}/replytobuy) and a campaign marked reply-to-buy,
// on the real app (sandbox payments, the app's fake clock): on needs one of the member's own saved cards
// and a default shipping address; the words read are kept with the time and the client address; a STOP
// turns it off and START does not turn it back on. A campaign's reply-to-buy item must be one sellable
// item; its report and the back office's orders carry "bought by reply".

let t: TestApp;
let harbourVendor: Session;
let operator: Session;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN });
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller({ name: 'Harbour Goods' }),
      aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' }),
    ],
    products: [
      aSimpleProduct('MUG-1', { price: 19.95, qty: 1000 }),
      aSimpleProduct('LAMP-9', { price: 450, qty: 10 }),
      aSimpleProduct('OFF-1', { price: 5, qty: 10, enabled: false }),
      aConfigurableProduct('TEE'),
      aConfigurableProduct('HAT', { name: 'Hat HAT' }),
      aGiftCard('GIFT'),
    ],
  });
  for (const sku of ['MUG-1', 'LAMP-9', 'OFF-1', 'TEE', 'TEE-BLUE-M', 'HAT-RED-S', 'GIFT']) {
    ids[sku] = (
      await t.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow()
    ).id;
  }
  harbourVendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
  operator = await signedIn(t, 'operator');
}, 180_000);
afterAll(() => t?.close());

const URL = `${NS}/replytobuy`;

function setting(shopper: Shopper, body?: unknown, remoteAddress = '203.0.113.30') {
  return call<ReplyToBuyReply & { message?: string }>(t.app, body === undefined ? 'GET' : 'PUT', URL, {
    headers: shopper.headers,
    remoteAddress,
    ...(body === undefined ? {} : { payload: body }),
  });
}

/** A member with a Visa saved at a real checkout (cc_save): its id, as {ns}/savedcards lists it. */
async function withSavedCard(shopper: Shopper): Promise<string> {
  expect((await addToCart(t.app, shopper, 'MUG-1', 1)).status).toBe(200);
  expect((await saveShipping(t.app, shopper)).status).toBe(200);
  const placed = await placeOrder(t.app, shopper, 'pm_card_visa', { save: true });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const cards = await call<{ data: { id: string }[] }>(t.app, 'GET', `${NS}/savedcards`, {
    headers: shopper.headers,
  });
  const id = cards.body.data[0]?.id;
  if (!id) throw new Error('no saved card');
  return id;
}

const rowOf = (customerId: number) =>
  t.db
    .selectFrom('reply_to_buy_settings')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();

/** Texts the shop's number from `from`; answers the shop's reply text ('' when none). */
async function text(from: string, body: string): Promise<string> {
  const reply = await t.app.inject({ method: 'POST', url: '/dev/messages/reply', payload: { from, body } });
  expect(reply.statusCode, reply.body).toBe(200);
  const id = (reply.json() as { reply_message_id: number | null }).reply_message_id;
  if (id === null) return '';
  const row = await t.db
    .selectFrom('sent_messages')
    .select('body')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.body ?? '';
}

describe('[I30] Buy by reply: the member turns it on and off', () => {
  it('[I30] shows it off, the words to read with the $300 cap, the default address, and no card yet; needs a sign-in', async () => {
    const shopper = await aShopper(t);
    const reply = await setting(shopper);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body).toEqual({
      enabled: false,
      card: null,
      cards: [],
      address: { street: '1 Harbour St', suburb: 'Sydney' },
      max_cents: 30_000,
      words: replyToBuyWords(30_000),
      turned_on_at: null,
      turned_off_at: null,
      turned_off_via: null,
    });
    expect(reply.body.words).toContain('Up to $300.00 an order');
    expect(reply.body.words).toMatch(/reply BUY .*Reply YES within 10 minutes/);
    expect(reply.body.words).toMatch(/STOP/);
    expect((await call(t.app, 'GET', URL)).status).toBe(401);
    expect((await call(t.app, 'PUT', URL, { payload: { enabled: false } })).status).toBe(401);
  });

  it('[I30] on needs a saved card and a default address: a 400 says which is missing, and nothing is recorded', async () => {
    const shopper = await aShopper(t);
    const noCard = await setting(shopper, { enabled: true, payment_method: 'pm_whatever' });
    expect(noCard.status).toBe(400);
    expect(noCard.body.message).toBe(REPLY_TO_BUY_MSG.noCards);

    await t.db
      .updateTable('customers')
      .set({ default_shipping_id: null })
      .where('id', '=', shopper.id)
      .execute();
    const neither = await setting(shopper, { enabled: true, payment_method: 'pm_whatever' });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toBe(`${REPLY_TO_BUY_MSG.noCards} ${REPLY_TO_BUY_MSG.noAddress}`);

    const withCard = await aShopper(t);
    const card = await withSavedCard(withCard);
    await t.db
      .updateTable('customers')
      .set({ default_shipping_id: null })
      .where('id', '=', withCard.id)
      .execute();
    const noAddress = await setting(withCard, { enabled: true, payment_method: card });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.message).toBe(REPLY_TO_BUY_MSG.noAddress);
    expect((await setting(withCard)).body).toMatchObject({ enabled: false, address: null });

    expect(await rowOf(shopper.id)).toBeUndefined();
    expect(await rowOf(withCard.id)).toBeUndefined();
  });

  it("[I30] on with the member's own saved card: the card, the address, the cap; the words read, the time and the client address are kept", async () => {
    const shopper = await aShopper(t);
    const card = await withSavedCard(shopper);
    const before = await setting(shopper);
    expect(before.body.cards).toEqual([{ id: card, brand: 'visa', last4: '4242', label: 'Visa •••• 4242' }]);

    const noChoice = await setting(shopper, { enabled: true });
    expect(noChoice.status).toBe(400);
    expect(noChoice.body.message).toBe(REPLY_TO_BUY_MSG.chooseCard);

    t.clock.advance(60_000);
    const on = await setting(shopper, { enabled: true, payment_method: card });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({
      enabled: true,
      card: { id: card, label: 'Visa •••• 4242' },
      address: { street: '1 Harbour St', suburb: 'Sydney' },
      max_cents: 30_000,
      turned_on_at: t.clock.now().toISOString(),
      turned_off_via: null,
    });
    expect(await rowOf(shopper.id)).toMatchObject({
      enabled: true,
      payment_method: card,
      card_label: 'Visa •••• 4242',
      words: before.body.words,
      client_address: '203.0.113.30',
      turned_on_at: t.clock.now(),
    });
    const evidence = await t.db
      .selectFrom('text_consent_events')
      .selectAll()
      .where('mobile', '=', shopper.mobile)
      .where('event', '=', 'reply_to_buy_on')
      .execute();
    expect(evidence).toEqual([
      expect.objectContaining({
        source: 'account',
        words: before.body.words,
        client_address: '203.0.113.30',
        detail: 'Visa •••• 4242',
      }),
    ]);
    // What GET shows afterwards is the same.
    expect((await setting(shopper)).body).toEqual(on.body);
  });

  it("[I30] another member's saved card is refused as if it did not exist, and the setting stays as it was", async () => {
    const owner = await aShopper(t);
    const ownersCard = await withSavedCard(owner);
    const other = await aShopper(t);
    const ownCard = await withSavedCard(other);
    const refused = await setting(other, { enabled: true, payment_method: ownersCard });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(REPLY_TO_BUY_MSG.cardNotYours);
    expect(await rowOf(other.id)).toBeUndefined();
    const unknown = await setting(other, { enabled: true, payment_method: 'pm_card_visa' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(REPLY_TO_BUY_MSG.cardNotYours);
    // On with their own card, then the other's card again: still their own card.
    expect((await setting(other, { enabled: true, payment_method: ownCard })).status).toBe(200);
    expect((await setting(other, { enabled: true, payment_method: ownersCard })).status).toBe(400);
    expect(await rowOf(other.id)).toMatchObject({ enabled: true, payment_method: ownCard });
    const bad = await setting(other, { enabled: 'yes' });
    expect(bad.status).toBe(400);
  });

  it('[I30] off at any time: the evidence of turning it on stays, and the card is shown as chosen last', async () => {
    const shopper = await aShopper(t);
    const card = await withSavedCard(shopper);
    expect((await setting(shopper, { enabled: true, payment_method: card })).status).toBe(200);
    const onAt = t.clock.now();
    t.clock.advance(5 * 60_000);
    const off = await setting(shopper, { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      enabled: false,
      card: { id: card },
      turned_on_at: onAt.toISOString(),
      turned_off_at: t.clock.now().toISOString(),
      turned_off_via: 'member',
    });
    expect(await rowOf(shopper.id)).toMatchObject({
      enabled: false,
      turned_off_via: 'member',
      client_address: '203.0.113.30',
      words: replyToBuyWords(30_000),
    });
    // Off again, or off never having been on: nothing changes, no error.
    expect((await setting(shopper, { enabled: false })).status).toBe(200);
    const never = await aShopper(t);
    expect((await setting(never, { enabled: false })).body.enabled).toBe(false);
    expect(await rowOf(never.id)).toBeUndefined();
  });

  it('[I30] a STOP turns it off (via stop); START does not turn it back on', async () => {
    const shopper = await aShopper(t);
    const card = await withSavedCard(shopper);
    const bystander = await aShopper(t);
    const theirCard = await withSavedCard(bystander);
    expect((await setting(shopper, { enabled: true, payment_method: card })).status).toBe(200);
    expect((await setting(bystander, { enabled: true, payment_method: theirCard })).status).toBe(200);

    t.clock.advance(60_000);
    // The STOP's confirmation says Buy by reply is off too.
    expect(await text(shopper.mobile, 'stop')).toBe(
      `${t.config.STORE_NAME}: You will get no more offers by text from any seller, and Buy by reply is off. Texts about your orders still come. Reply START to get offers again.`,
    );
    const stopped = await setting(shopper);
    expect(stopped.body).toMatchObject({
      enabled: false,
      turned_off_via: 'stop',
      turned_off_at: t.clock.now().toISOString(),
    });
    expect(await rowOf(shopper.id)).toMatchObject({ enabled: false, turned_off_via: 'stop' });
    // Another member's number is not touched.
    expect((await setting(bystander)).body.enabled).toBe(true);

    t.clock.advance(60_000);
    await text(shopper.mobile, 'START');
    expect((await setting(shopper)).body).toMatchObject({ enabled: false, turned_off_via: 'stop' });

    // Turned on again by the member, it is on until the next STOP.
    expect((await setting(shopper, { enabled: true, payment_method: card })).body).toMatchObject({
      enabled: true,
      turned_off_via: null,
    });
    await text(shopper.mobile, 'STOP');
    expect((await setting(shopper)).body.enabled).toBe(false);
    // A member without Buy by reply on gets the plain confirmation.
    const plain = await aShopper(t);
    expect(await text(plain.mobile, 'STOP')).toBe(
      `${t.config.STORE_NAME}: You will get no more offers by text from any seller. Texts about your orders still come. Reply START to get offers again.`,
    );
    const events = await t.db
      .selectFrom('text_consent_events')
      .select(['event', 'source'])
      .where('mobile', '=', shopper.mobile)
      .where('event', 'like', 'reply_to_buy%')
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { event: 'reply_to_buy_on', source: 'account' },
      { event: 'reply_to_buy_off', source: 'keyword' },
      { event: 'reply_to_buy_on', source: 'account' },
      { event: 'reply_to_buy_off', source: 'keyword' },
    ]);
  });
});

// ---------------------------------------------------------------- the campaign's flag

function campaignBody(body: object) {
  return {
    name: 'Reply to buy',
    message: 'Our best tee, back in stock.',
    product_id: ids['MUG-1'],
    audience: { kind: 'all' },
    ...body,
  };
}

const postCampaign = (body: object, session = harbourVendor) =>
  adminCall(t, 'POST', '/campaigns', session, campaignBody(body));

describe('[I30] a campaign marked reply-to-buy sells one sellable item', () => {
  it('[I30] the preview also shows what members with Buy by reply get: the BUY line with the item and the default delivery ($19.95 + $9.95 = $29.90), no link', async () => {
    const plain = await adminCall(t, 'POST', '/campaigns/preview', harbourVendor, campaignBody({}));
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().reply_to_buy).toBeNull();
    const reply = await adminCall(
      t,
      'POST',
      '/campaigns/preview',
      harbourVendor,
      campaignBody({ reply_to_buy: true }),
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const preview = reply.json<{ text: string; reply_to_buy: { text: string; segments: number } }>();
    expect(preview.text).toContain('/t/');
    expect(preview.reply_to_buy.text).toBe(
      `Harbour Goods: Our best tee, back in stock.\nReply BUY to get it for $29.90 delivered to Bondi Beach\nOpt out: ${ORIGIN}/u/${'x'.repeat(10)}`,
    );
    expect(preview.reply_to_buy.text).not.toContain('/t/');
    expect(preview.reply_to_buy.segments).toBe(countSms(preview.reply_to_buy.text).parts);
  });

  it('[I30] a simple product is its own item; a configurable one needs its chosen variant', async () => {
    const mug = await postCampaign({ product_id: ids['MUG-1'], reply_to_buy: true });
    expect(mug.statusCode, mug.body).toBe(200);
    expect(mug.json<Campaign>()).toMatchObject({
      reply_to_buy: true,
      offer_product_id: ids['MUG-1'],
      offer_variant: null,
    });
    const tee = await postCampaign({
      product_id: ids.TEE,
      reply_to_buy: true,
      offer_product_id: ids['TEE-BLUE-M'],
    });
    expect(tee.statusCode, tee.body).toBe(200);
    expect(tee.json<Campaign>()).toMatchObject({
      reply_to_buy: true,
      product_id: ids.TEE,
      offer_product_id: ids['TEE-BLUE-M'],
      offer_variant: 'Blue, M',
    });
    const row = await t.db
      .selectFrom('campaigns')
      .select(['reply_to_buy', 'offer_product_id'])
      .where('id', '=', tee.json<Campaign>().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ reply_to_buy: true, offer_product_id: ids['TEE-BLUE-M'] });
    // Read back as it was saved.
    const again = await adminCall(t, 'GET', `/campaigns/${tee.json<Campaign>().id}`, harbourVendor);
    expect(again.json<Campaign>()).toMatchObject({
      offer_product_id: ids['TEE-BLUE-M'],
      offer_variant: 'Blue, M',
    });
  });

  it('[I30] without reply to buy (the default) nothing is offered, whatever variant is named', async () => {
    const plain = await postCampaign({ product_id: ids.TEE });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json<Campaign>()).toMatchObject({
      reply_to_buy: false,
      offer_product_id: null,
      offer_variant: null,
    });
    const named = await postCampaign({ product_id: ids.TEE, offer_product_id: ids['TEE-BLUE-M'] });
    expect(named.json<Campaign>()).toMatchObject({ reply_to_buy: false, offer_product_id: null });
  });

  it('[I30] no product, no variant, a variant of another product, a gift card, an item switched off or dearer than the cap: a 400 that says so, nothing saved', async () => {
    const before = await t.db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [object, string][] = [
      [{ product_id: null, reply_to_buy: true }, CAMPAIGN_ERRORS.replyToBuyNoProduct],
      [{ product_id: ids.TEE, reply_to_buy: true }, CAMPAIGN_ERRORS.replyToBuyChooseVariant],
      [
        { product_id: ids.TEE, reply_to_buy: true, offer_product_id: ids['HAT-RED-S'] },
        CAMPAIGN_ERRORS.replyToBuyVariantNotFound,
      ],
      [
        { product_id: ids['MUG-1'], reply_to_buy: true, offer_product_id: ids['LAMP-9'] },
        CAMPAIGN_ERRORS.replyToBuyVariantNotFound,
      ],
      [{ product_id: ids.GIFT, reply_to_buy: true }, CAMPAIGN_ERRORS.replyToBuyGiftCard],
      [{ product_id: ids['OFF-1'], reply_to_buy: true }, CAMPAIGN_ERRORS.replyToBuyNotSellable],
      [{ product_id: ids['LAMP-9'], reply_to_buy: true }, CAMPAIGN_ERRORS.replyToBuyOverLimit('$300.00')],
    ];
    for (const [body, message] of cases) {
      const reply = await postCampaign(body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().message).toBe(message);
      // The preview says the same before anything is saved.
      const preview = await adminCall(t, 'POST', '/campaigns/preview', harbourVendor, campaignBody(body));
      expect(preview.statusCode).toBe(400);
      expect(preview.json().message).toBe(message);
    }
    const after = await t.db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('[I30] an edit is checked the same way, and can turn reply to buy off', async () => {
    const created = (await postCampaign({ product_id: ids['MUG-1'], reply_to_buy: true })).json<Campaign>();
    const put = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/admin/api/campaigns/${created.id}`,
        headers: { cookie: harbourVendor.cookie, 'x-csrf-token': harbourVendor.csrf },
        payload: campaignBody(body),
      });
    const refused = await put({ product_id: ids.TEE, reply_to_buy: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CAMPAIGN_ERRORS.replyToBuyChooseVariant);
    const variant = await put({
      product_id: ids.TEE,
      reply_to_buy: true,
      offer_product_id: ids['TEE-BLUE-M'],
    });
    expect(variant.statusCode, variant.body).toBe(200);
    expect(variant.json<Campaign>()).toMatchObject({ offer_product_id: ids['TEE-BLUE-M'] });
    const off = await put({ product_id: ids.TEE, reply_to_buy: false, offer_product_id: ids['TEE-BLUE-M'] });
    expect(off.json<Campaign>()).toMatchObject({ reply_to_buy: false, offer_product_id: null });
  });
});

describe('[I30] bought by reply: the campaign report and the back office orders', () => {
  it("[I30] an order bought by reply is counted in its campaign's report and marked on the order list and page, for the seller's staff and operators", async () => {
    const campaign = (await postCampaign({ product_id: ids['MUG-1'], reply_to_buy: true })).json<Campaign>();
    expect(campaign.results.bought_by_reply).toBe(0);
    const byReply = await anOrder(t, [['MUG-1', 1]]);
    const byLink = await anOrder(t, [['MUG-1', 2]]);
    // The campaign's orders: one placed by answering its text (reply-offers sets reply_offer_id when a YES
    // places it), one after a click on its link.
    await t.db
      .updateTable('orders')
      .set({ campaign_id: campaign.id })
      .where('id', 'in', [byReply.id, byLink.id])
      .execute();
    await t.db.updateTable('orders').set({ reply_offer_id: 424_242 }).where('id', '=', byReply.id).execute();

    const report = (await adminCall(t, 'GET', `/campaigns/${campaign.id}`, harbourVendor)).json<Campaign>();
    expect(report.results).toMatchObject({ orders: 2, bought_by_reply: 1 });

    for (const session of [harbourVendor, operator]) {
      const list = (await adminCall(t, 'GET', '/orders?page_size=100', session)).json<OrderListReply>();
      const marked = (id: number) => list.items.find((item) => item.id === id)?.bought_by_reply;
      expect(marked(byReply.id)).toBe(true);
      expect(marked(byLink.id)).toBe(false);
      const page = (await adminCall(t, 'GET', `/orders/${byReply.id}`, session)).json<AdminOrder>();
      expect(page.bought_by_reply).toBe(true);
      const plain = (await adminCall(t, 'GET', `/orders/${byLink.id}`, session)).json<AdminOrder>();
      expect(plain.bought_by_reply).toBe(false);
      // The orders CSV has the mark as its last column.
      const csv = (await adminCall(t, 'GET', '/orders.csv', session)).body.split('\r\n');
      expect(csv[0]?.endsWith(',"bought_by_reply"')).toBe(true);
      const csvLine = (number: string) => csv.find((line) => line.startsWith(`"${number}",`));
      expect(csvLine(byReply.incrementId)?.endsWith(',"yes"')).toBe(true);
      expect(csvLine(byLink.incrementId)?.endsWith(',"no"')).toBe(true);
    }
  });
});
