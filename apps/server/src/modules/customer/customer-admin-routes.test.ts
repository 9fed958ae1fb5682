import { type AdminCustomerReply, adminCustomerReplySchema } from '@quokka/contract/api/customer-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, aShopper, placeOrder, type Shopper, saveShipping } from '../../test/cart-factory.ts';
import { aPaidGiftCard, aRecipient, giftCardCatalogue } from '../../test/gift-card-factory.ts';
import type { TestApp } from '../../test/test-app.ts';
import { recordConsent, stopAll, unsubscribeSeller } from '../campaigns/consent.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import {
  adminCall,
  ordersTestApp,
  type Session,
  sellerId,
  signedIn,
} from '../orders/test/orders-test-kit.ts';

// [I34] The operators' customer page (GET /admin/api/customers/:id): the member, their orders, the gift
// cards they bought or hold (masked as the console masks them), the texts to their mobile (when, what,
// how it went; never the body, which may carry a code or a secret link) and their consent per seller.
// Real orders and gift cards through checkout; consent through the campaigns module's own writers.

const national = (e164: string) => `0${e164.slice(3)}`;

let t: TestApp;
let operator: Session;
let vendor: Session;
let kim: Shopper;
let lou: Shopper;
const placed: number[] = [];
let boughtCard = '';
let heldCard = '';

async function order(shopper: Shopper, sku: string, qty: number): Promise<number> {
  expect((await addToCart(t.app, shopper, sku, qty)).status).toBe(200);
  expect((await saveShipping(t.app, shopper)).status).toBe(200);
  const reply = await placeOrder(t.app, shopper);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return Number(reply.body);
}

async function pageOf(id: number): Promise<AdminCustomerReply> {
  const reply = await adminCall(t, 'GET', `/customers/${id}`, operator);
  expect(reply.statusCode, reply.body).toBe(200);
  return adminCustomerReplySchema.parse(reply.json());
}

beforeAll(async () => {
  t = await ordersTestApp();
  t.clock.set('2026-11-24T23:00:00.000Z');
  const catalogue = await giftCardCatalogue(t.db);
  kim = await aShopper(t, { firstname: 'Kim', lastname: 'Lee', email: 'kim@example.com' });
  lou = await aShopper(t, { firstname: 'Lou', lastname: 'Park' });
  placed.push(await order(kim, 'MUG-1', 2));
  placed.push(await order(kim, 'BOWL-1', 1));
  // Kim buys a card for Lou; Lou buys one for Kim.
  const forLou = await aPaidGiftCard(t, kim, catalogue, {
    amount: 50,
    form: aRecipient({ recipient_mobile: national(lou.mobile), purchaser_mobile: national(kim.mobile) }),
  });
  const forKim = await aPaidGiftCard(t, lou, catalogue, {
    amount: 25,
    form: aRecipient({
      recipient_firstname: 'Kim',
      recipient_lastname: 'Lee',
      recipient_mobile: national(kim.mobile),
      purchaser_mobile: national(lou.mobile),
    }),
  });
  const numberOf = async (id: number | undefined) =>
    (
      await t.db
        .selectFrom('gift_card_details')
        .select('gift_card_no')
        .where('id', '=', id ?? 0)
        .executeTakeFirstOrThrow()
    ).gift_card_no;
  boughtCard = await numberOf(forLou.cards[0]?.id);
  heldCard = await numberOf(forKim.cards[0]?.id);
  // A sign-in code to Kim's mobile: the outbox keeps its body whole.
  await enqueueMessage(
    t.db,
    {
      to: kim.mobile,
      kind: 'sms',
      purpose: 'sign_in_code',
      body: 'Your Wattle code is 482913',
      key: 'kim-code',
    },
    t.clock.now(),
  );
  // Consent: yes to Harbour at checkout; yes to Outback on the account page, then no by its /u link.
  const harbour = await sellerId(t, 'harbour-goods');
  const outback = await sellerId(t, 'outback-outfitters');
  await t.db.transaction().execute(async (trx) => {
    const base = { mobile: kim.mobile, customerId: kim.id, words: 'Text me offers' };
    await recordConsent(
      trx,
      { ...base, sellerId: harbour, source: 'checkout' },
      new Date('2026-11-20T01:00:00Z'),
    );
    await recordConsent(
      trx,
      { ...base, sellerId: outback, source: 'account' },
      new Date('2026-11-21T01:00:00Z'),
    );
    await unsubscribeSeller(
      trx,
      { mobile: kim.mobile, sellerId: outback, via: 'link' },
      new Date('2026-11-22T01:00:00Z'),
    );
  });
  operator = await signedIn(t, 'operator');
  vendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
}, 300_000);
afterAll(() => t?.close());

describe('[I34] the customer page', { timeout: 120_000 }, () => {
  it('[I34] who they are, and their orders newest first with number, date, total and state', async () => {
    const page = await pageOf(kim.id);
    expect(page.customer).toMatchObject({
      id: kim.id,
      firstname: 'Kim',
      lastname: 'Lee',
      mobile: kim.mobile,
      email: 'kim@example.com',
      suspended_at: null,
    });
    // Two orders of goods and the gift card's own order: MUG-1 × 2 = $39.90 + $9.95 shipping = $49.85;
    // BOWL-1 $7.50 + $9.95 = $17.45.
    expect(page.orders.total).toBe(3);
    const goods = page.orders.items.filter((item) => placed.includes(item.id));
    expect(goods.map((item) => [item.id, item.grand_total_cents, item.status])).toEqual([
      [placed[1], 1745, 'approved'],
      [placed[0], 4985, 'approved'],
    ]);
    expect(goods[0]?.increment_id).toMatch(/^\d{9}$/);
    // Lou's orders are Lou's.
    expect((await pageOf(lou.id)).orders.items.some((item) => placed.includes(item.id))).toBe(false);
  });

  it('[I34] gift cards they bought or hold, masked as the console shows them', async () => {
    const page = await pageOf(kim.id);
    expect(page.gift_cards.total).toBe(2);
    const byRole = Object.fromEntries(page.gift_cards.items.map((card) => [card.role, card]));
    expect(byRole.bought).toMatchObject({
      gift_card_no: `•••• •••• •••• ${boughtCard.slice(-4)}`,
      amount_cents: 5000,
      balance_cents: 5000,
      voided_at: null,
    });
    expect(byRole.holds).toMatchObject({
      gift_card_no: `•••• •••• •••• ${heldCard.slice(-4)}`,
      amount_cents: 2500,
      recipient_name: 'Kim Lee',
    });
    const body = JSON.stringify(page);
    expect(body).not.toContain(boughtCard);
    expect(body).not.toContain(heldCard);
  });

  it('[I34] texts to their mobile: when, what and how it went, never the body (a code is not shown)', async () => {
    const reply = await adminCall(t, 'GET', `/customers/${kim.id}`, operator);
    expect(reply.body).not.toContain('482913');
    expect(reply.body).not.toContain('"body"');
    const page = adminCustomerReplySchema.parse(reply.json());
    const purposes = page.texts.items.map((text) => text.purpose);
    expect(purposes).toContain('sign_in_code');
    expect(purposes.filter((purpose) => purpose === 'order_receipt').length).toBeGreaterThanOrEqual(2);
    expect(page.texts.total).toBe(page.texts.items.length);
    const code = page.texts.items.find((text) => text.purpose === 'sign_in_code');
    expect(code).toMatchObject({ channel: 'sms', order_id: null, created_at: expect.any(String) });
    // Only texts to Kim's number.
    const lous = await pageOf(lou.id);
    expect(lous.texts.items.some((text) => text.purpose === 'sign_in_code')).toBe(false);
  });

  it('[I34] consent per seller: how and when given, when and how withdrawn; a STOP holds them all', async () => {
    let page = await pageOf(kim.id);
    const bySeller = new Map(page.consent.sellers.map((consent) => [consent.seller_id, consent]));
    expect(page.consent.sellers).toHaveLength(2);
    expect(bySeller.get(await sellerId(t, 'harbour-goods'))).toMatchObject({
      state: 'subscribed',
      source: 'checkout',
      subscribed_at: '2026-11-20T01:00:00.000Z',
      unsubscribed_at: null,
      unsubscribed_via: null,
    });
    expect(bySeller.get(await sellerId(t, 'outback-outfitters'))).toMatchObject({
      seller_name: 'Outback Outfitters',
      state: 'unsubscribed',
      source: 'account',
      subscribed_at: '2026-11-21T01:00:00.000Z',
      unsubscribed_at: '2026-11-22T01:00:00.000Z',
      unsubscribed_via: 'link',
    });
    expect(page.consent.stopped_all).toBeNull();
    await t.db
      .transaction()
      .execute((trx) =>
        stopAll(trx, { mobile: kim.mobile, via: 'keyword' }, new Date('2026-11-23T01:00:00Z')),
      );
    page = await pageOf(kim.id);
    expect(page.consent.stopped_all).toEqual({ at: '2026-11-23T01:00:00.000Z', via: 'keyword' });
  });

  it('[I34] operators only: a seller’s staff get 403; no such member 404; a bad id 400 naming it', async () => {
    const refused = await adminCall(t, 'GET', `/customers/${kim.id}`, vendor);
    expect(refused.statusCode).toBe(403);
    const missing = await adminCall(t, 'GET', '/customers/999999', operator);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'There is no such member.' });
    const bad = await adminCall(t, 'GET', '/customers/kim', operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('id');
  });
});
