import { randomInt } from 'node:crypto';
import { adminOrderSchema } from '@quokka/contract/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, aShopper, call, NS, REST, type Shopper, saveShipping } from '../../test/cart-factory.ts';
import { aGiftCard, aSeller, aSimpleProduct, importTestCatalogue } from '../../test/catalog-factory.ts';
import { TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  adminCall,
  anOrder,
  ORIGIN,
  type Session,
  sellerId,
  signedIn,
  stepUp,
} from '../orders/test/orders-test-kit.ts';
import { GIFT_CARD_TEXT } from './checkout-gift-card.ts';
import { GIFT_CARD_CHECKS_PER_MEMBER } from './checkout-routes.ts';

// [I16-checkout-giftcard] Gift cards spent at checkout, through app.inject on the real app, database and
// sandbox payments (ORDER_REVIEW=manual, so orders wait for review and an operator approves them).
//
// Figures by hand: MUG-1 $19.95 and CUP-3 $10.00 (Harbour Goods), BOWL-1 $7.50 (Outback Outfitters),
// flat-rate shipping $9.95. The gift cards below are Harbour Goods' (the GIFT product's seller).

let t: TestApp;
let operator: Session;
let harbour: number;
let outback: number;
let giftProductId: number;

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN, ORDER_REVIEW: 'manual' });
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller({ name: 'Harbour Goods' }),
      aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' }),
    ],
    products: [
      aSimpleProduct('MUG-1', { price: 19.95, qty: 1000 }),
      aSimpleProduct('CUP-3', { price: 10, qty: 1000 }),
      aSimpleProduct('BOWL-1', { price: 7.5, qty: 1000, seller: 'outback-outfitters' }),
      aGiftCard('GIFT'),
    ],
  });
  operator = await signedIn(t, 'operator', { name: 'Jo Operator' });
  harbour = await sellerId(t, 'harbour-goods');
  outback = await sellerId(t, 'outback-outfitters');
  giftProductId = (
    await t.db.selectFrom('products').select('id').where('sku', '=', 'GIFT').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

const YEAR_MS = 365 * 24 * 60 * 60_000;

interface CardOptions {
  sent?: boolean;
  voided?: boolean;
  expired?: boolean;
  orderStatus?: 'approved' | 'pending_review';
}

/**
 * A gift card of Harbour Goods as the gift card flow leaves it once sent: bought by an approved order,
 * its picture message sent, valid 3 years from sending (rows written as that flow writes them).
 */
async function aCard(
  amountCents: number,
  options: CardOptions = {},
): Promise<{ id: number; number: string }> {
  const bought = await anOrder(t, [['CUP-3', 1]]);
  await t.db
    .updateTable('orders')
    .set({ status: options.orderStatus ?? 'approved' })
    .where('id', '=', bought.id)
    .execute();
  const order = await t.db
    .selectFrom('orders')
    .select(['cart_id', 'customer_id'])
    .where('id', '=', bought.id)
    .executeTakeFirstOrThrow();
  let number = String(randomInt(1, 10));
  while (number.length < 16) number += String(randomInt(0, 10));
  const now = t.clock.now();
  const card = await t.db
    .insertInto('gift_card_details')
    .values({
      customer_id: order.customer_id,
      cart_id: order.cart_id,
      product_id: giftProductId,
      configurable_product_sku: 'GIFT-50',
      product_name: 'Gift Card GIFT',
      amount_cents: amountCents,
      gift_card_no: number,
      recipient_firstname: 'Ava',
      recipient_lastname: 'Nguyen',
      recipient_mobile: '+61412345678',
      recipient_message: 'Enjoy',
      purchaser_mobile: bought.shopper.mobile,
      scheduled_at: now,
      delivery_timezone: 'Australia/Sydney',
      valid_until: new Date(now.getTime() + (options.expired ? -1000 : 3 * YEAR_MS)),
      order_id: bought.id,
      voided_at: options.voided ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Its picture message in the outbox: sent, or still queued (modules/giftcards/gift-card-sending.ts).
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
      send_state: options.sent === false ? 'queued' : 'sent',
      next_attempt_at: now,
      sent_at: options.sent === false ? null : now,
    })
    .execute();
  return { id: card.id, number };
}

const balanceOf = async (cardId: number) =>
  (
    await t.db
      .selectFrom('gift_card_details')
      .select('balance_cents')
      .where('id', '=', cardId)
      .executeTakeFirstOrThrow()
  ).balance_cents;

async function readyShopper(lines: [string, number][]): Promise<Shopper> {
  const shopper = await aShopper(t);
  for (const [sku, qty] of lines) expect((await addToCart(t.app, shopper, sku, qty)).status).toBe(200);
  expect((await saveShipping(t.app, shopper)).status).toBe(200);
  return shopper;
}

const check = (shopper: Shopper, number: string) =>
  call<{ status: true; data: Record<string, unknown> } | { message: string }>(
    t.app,
    'POST',
    `${NS}/checkgiftcard`,
    { headers: shopper.headers, remoteAddress: shopper.remoteAddress, payload: { gift_card_number: number } },
  );

function pay(
  shopper: Shopper,
  options: { giftCard?: string; token?: string | null; affiliate?: string } = {},
) {
  const token = options.token === undefined ? 'pm_card_visa' : options.token;
  return call<string | { message: string }>(t.app, 'POST', `${REST}/carts/mine/payment-information`, {
    headers: shopper.headers,
    remoteAddress: shopper.remoteAddress,
    payload: {
      billingAddress: { customer_address_id: shopper.addressId },
      paymentMethod: {
        method: 'stripe_payments',
        additional_data: { cc_save: false, ...(token === null ? {} : { token }) },
      },
      ...(options.giftCard ? { gift_card_number: options.giftCard } : {}),
      ...(options.affiliate ? { affiliate_seller: options.affiliate } : {}),
    },
  });
}

const orderRow = (id: number) =>
  t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const detail = async (id: number) =>
  adminOrderSchema.parse((await adminCall(t, 'GET', `/orders/${id}`, operator)).json());
const redemptions = (cardId: number) =>
  t.db
    .selectFrom('gift_card_redemptions')
    .selectAll()
    .where('gift_card_id', '=', cardId)
    .orderBy('id')
    .execute();
const chargesOf = (customerId: number) =>
  t.db.selectFrom('sandbox_charges').selectAll().where('customer_id', '=', customerId).execute();

describe('[I16-checkout-giftcard] checking a card against the cart', () => {
  it('[I16-checkout-giftcard, BIZ-01] says what it pays: its seller’s lines (not shipping), up to the balance', async () => {
    const card = await aCard(5000);
    const shopper = await readyShopper([
      ['MUG-1', 1],
      ['BOWL-1', 1],
    ]);
    const reply = await check(shopper, card.number.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    // Cart 19.95 + 7.50 + 9.95 = $37.40; Harbour's lines = $19.95 ≤ $50 balance → pays 1995; to pay 3740 − 1995 = 1745.
    expect(reply.body).toMatchObject({
      status: true,
      data: {
        last4: card.number.slice(-4),
        seller_id: harbour,
        seller_name: 'Harbour Goods',
        balance_cents: 5000,
        applies_cents: 1995,
        grand_total_cents: 3740,
        to_pay_cents: 1745,
      },
    });
    // A small card pays its balance only: $10 → pays 1000, to pay 3740 − 1000 = 2740.
    const small = await aCard(1000);
    expect((await check(shopper, small.number)).body).toMatchObject({
      data: { applies_cents: 1000, to_pay_cents: 2740 },
    });
  });

  it('[I16-checkout-giftcard] a clear error for a bad number, unknown, unsent, voided, expired, unapproved, empty card, or no items of its seller', async () => {
    const shopper = await readyShopper([['MUG-1', 1]]);
    const messageOf = async (number: string) => {
      const reply = await check(shopper, number);
      expect(reply.status).toBe(400);
      return (reply.body as { message: string }).message;
    };
    expect(await messageOf('1234')).toBe(GIFT_CARD_TEXT.badNumber);
    expect(await messageOf('0000 0000 0000 0000')).toBe(GIFT_CARD_TEXT.notFound);
    expect(await messageOf((await aCard(5000, { sent: false })).number)).toBe(GIFT_CARD_TEXT.notSent);
    expect(await messageOf((await aCard(5000, { voided: true })).number)).toBe(GIFT_CARD_TEXT.voided);
    expect(await messageOf((await aCard(5000, { expired: true })).number)).toMatch(
      /^This gift card expired on/,
    );
    expect(await messageOf((await aCard(5000, { orderStatus: 'pending_review' })).number)).toBe(
      GIFT_CARD_TEXT.notActive,
    );
    const empty = await aCard(5000);
    await t.db
      .updateTable('gift_card_details')
      .set({ balance_cents: 0 })
      .where('id', '=', empty.id)
      .execute();
    expect(await messageOf(empty.number)).toBe(GIFT_CARD_TEXT.noBalance);
    const bowlOnly = await readyShopper([['BOWL-1', 1]]);
    const reply = await check(bowlOnly, (await aCard(5000)).number);
    expect(reply.status).toBe(400);
    expect((reply.body as { message: string }).message).toBe(GIFT_CARD_TEXT.noItems('Harbour Goods'));
  });

  it(`[I16-checkout-giftcard] guessing is limited: ${GIFT_CARD_CHECKS_PER_MEMBER} checks per member in 15 minutes, then 429`, async () => {
    const shopper = await readyShopper([['MUG-1', 1]]);
    for (let i = 0; i < GIFT_CARD_CHECKS_PER_MEMBER; i++)
      expect((await check(shopper, '1111 2222 3333 4444')).status).toBe(400);
    expect((await check(shopper, '1111 2222 3333 4445')).status).toBe(429);
  });
});

describe('[I16-checkout-giftcard] placing the order with a card', () => {
  it('[I16-checkout-giftcard, BIZ-01] spends in the order, authorises only the rest, records the affiliate seller; the order says so', async () => {
    const card = await aCard(1000);
    const shopper = await readyShopper([
      ['MUG-1', 1],
      ['BOWL-1', 1],
    ]);
    const placed = await pay(shopper, { giftCard: card.number, affiliate: 'outback-outfitters' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = Number(placed.body);
    // 3740 − 1000 (the whole $10 balance; Harbour's lines are $19.95) = 2740 authorised.
    expect(await orderRow(orderId)).toMatchObject({
      grand_total_cents: 3740,
      gift_card_cents: 1000,
      authorised_cents: 2740,
      affiliate_seller_id: outback,
      status: 'pending_review',
    });
    expect((await chargesOf(shopper.id)).map((c) => c.amount_cents)).toEqual([2740]);
    expect(await balanceOf(card.id)).toBe(0);
    expect(await redemptions(card.id)).toEqual([
      expect.objectContaining({
        kind: 'order',
        order_id: orderId,
        amount_cents: 1000,
        idempotency_key: `order:${orderId}`,
      }),
    ]);
    const order = await call<{ gift_card_amount: number; card_amount: number }>(
      t.app,
      'GET',
      `${NS}/order?order_id=${orderId}`,
      { headers: shopper.headers, remoteAddress: shopper.remoteAddress },
    );
    expect(order.body).toMatchObject({ data: { gift_card_amount: 10, card_amount: 27.4 } });
    expect((await detail(orderId)).gift_card_cents).toBe(1000);
  });

  it('[I16-checkout-giftcard] without an affiliate seller the order has none', async () => {
    const shopper = await readyShopper([['CUP-3', 1]]);
    const placed = await pay(shopper);
    expect(placed.status).toBe(200);
    expect((await orderRow(Number(placed.body))).affiliate_seller_id).toBeNull();
  });

  it('[I16-checkout-giftcard] a declined card rolls the spend back: balance untouched, no redemption, cart kept', async () => {
    const card = await aCard(5000);
    const shopper = await readyShopper([['MUG-1', 1]]);
    const placed = await pay(shopper, { giftCard: card.number, token: 'pm_card_chargeDeclined' });
    expect(placed.status).toBe(400);
    expect(await balanceOf(card.id)).toBe(5000);
    expect(await redemptions(card.id)).toEqual([]);
    // The same cart then goes through with a good card: 1995 + 995 − 1995 = 995 charged.
    const again = await pay(shopper, { giftCard: card.number });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await orderRow(Number(again.body))).authorised_cents).toBe(995);
    expect(await balanceOf(card.id)).toBe(5000 - 1995);
  });

  it('[I16-checkout-giftcard] a card covering everything authorises nothing; approve captures nothing; a refund goes back onto the card', async () => {
    const card = await aCard(5000);
    const shopper = await readyShopper([['MUG-1', 2]]);
    // Free shipping for this test (a shop may configure it): 2 × 19.95 = 3990, all Harbour's.
    const methods = await t.db.selectFrom('shipping_methods').select(['id', 'amount_cents']).execute();
    await t.db.updateTable('shipping_methods').set({ amount_cents: 0 }).execute();
    try {
      expect((await saveShipping(t.app, shopper)).status).toBe(200);
      const placed = await pay(shopper, { giftCard: card.number, token: null });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const orderId = Number(placed.body);
      expect(await orderRow(orderId)).toMatchObject({
        grand_total_cents: 3990,
        gift_card_cents: 3990,
        authorised_cents: 0,
        payment_id: null,
        payment_provider: 'gift_card',
      });
      expect(await chargesOf(shopper.id)).toEqual([]);
      expect(await balanceOf(card.id)).toBe(5000 - 3990);

      const approved = await adminCall(t, 'POST', `/orders/${orderId}/approve`, operator, {});
      expect(approved.statusCode, approved.body).toBe(200);
      expect(adminOrderSchema.parse(approved.json())).toMatchObject({
        status: 'approved',
        captured_cents: 0,
        gift_card_cents: 3990,
        actions: { refund: true, refundable_cents: 3990 },
      });
      const mug = (await detail(orderId)).items[0];
      await stepUp(t, operator);
      const refunded = await adminCall(t, 'POST', `/orders/${orderId}/refunds`, operator, {
        lines: [{ order_item_id: mug?.id, qty: 1 }],
        shipping_cents: 0,
        restock: false,
        idempotency_key: `gc-full-${orderId}`,
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      // 1995 refunded, nothing to the payment card: all of it back onto the gift card.
      const after = adminOrderSchema.parse(refunded.json());
      expect(after).toMatchObject({
        refunded_cents: 0,
        payment_state: 'partially_refunded',
        actions: { refundable_cents: 3990 - 1995 },
      });
      expect(after.refunds.map((r) => r.amount_cents)).toEqual([1995]);
      expect(await balanceOf(card.id)).toBe(5000 - 3990 + 1995);
      expect((await redemptions(card.id)).at(-1)).toMatchObject({
        kind: 'order_give_back',
        amount_cents: -1995,
        idempotency_key: `refund:${after.refunds[0]?.id}`,
      });
    } finally {
      for (const method of methods)
        await t.db
          .updateTable('shipping_methods')
          .set({ amount_cents: method.amount_cents })
          .where('id', '=', method.id)
          .execute();
    }
  });
});

describe('[I16-checkout-giftcard] give-backs', () => {
  async function paidWithCard(cardCents: number, lines: [string, number][]) {
    const card = await aCard(cardCents);
    const shopper = await readyShopper(lines);
    const placed = await pay(shopper, { giftCard: card.number });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return { card, orderId: Number(placed.body), shopper };
  }

  it('[I16-checkout-giftcard] refusing a pending order gives the card part back (refuse:<id>)', async () => {
    const { card, orderId } = await paidWithCard(5000, [['MUG-1', 1]]);
    expect(await balanceOf(card.id)).toBe(5000 - 1995);
    const reply = await adminCall(t, 'POST', `/orders/${orderId}/refuse`, operator, {
      reason: 'Fraud check',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await balanceOf(card.id)).toBe(5000);
    expect((await redemptions(card.id)).at(-1)).toMatchObject({
      amount_cents: -1995,
      idempotency_key: `refuse:${orderId}`,
    });
    const texts = (await t.app.inject('/dev/messages.json')).json() as { to: string; body: string }[];
    expect(texts.map((m) => m.body)).toContainEqual(
      expect.stringContaining('$19.95 is back on your gift card.'),
    );
  });

  it('[I16-checkout-giftcard] cancelling a pending order gives the card part back (cancel:<id>)', async () => {
    const { card, orderId } = await paidWithCard(5000, [['MUG-1', 1]]);
    await stepUp(t, operator);
    const reply = await adminCall(t, 'POST', `/orders/${orderId}/cancel`, operator, {
      reason: 'Shopper asked',
      restock: true,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await balanceOf(card.id)).toBe(5000);
    expect((await redemptions(card.id)).at(-1)).toMatchObject({
      amount_cents: -1995,
      idempotency_key: `cancel:${orderId}`,
    });
  });

  it('[I16-checkout-giftcard, BIZ-03] a refund of an approved order goes to the payment card first, the rest back onto the gift card', async () => {
    // MUG-1 1995 + shipping 995 = 2990; the $10 card pays 1000; the payment card 1990.
    const { card, orderId } = await paidWithCard(1000, [['MUG-1', 1]]);
    expect((await adminCall(t, 'POST', `/orders/${orderId}/approve`, operator, {})).statusCode).toBe(200);
    const before = await detail(orderId);
    expect(before).toMatchObject({
      captured_cents: 1990,
      gift_card_cents: 1000,
      actions: { refundable_cents: 2990 },
    });
    await stepUp(t, operator);
    // Refund the line and the shipping: 1995 + 995 = 2990 → payment card min(2990, 1990) = 1990, gift card 1000.
    const reply = await adminCall(t, 'POST', `/orders/${orderId}/refunds`, operator, {
      lines: [{ order_item_id: before.items[0]?.id, qty: 1 }],
      shipping_cents: 995,
      restock: false,
      idempotency_key: `gc-split-${orderId}`,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const after = adminOrderSchema.parse(reply.json());
    expect(after).toMatchObject({
      refunded_cents: 1990,
      payment_state: 'refunded',
      actions: { refundable_cents: 0 },
    });
    expect(after.refunds.map((r) => r.amount_cents)).toEqual([2990]);
    expect(await balanceOf(card.id)).toBe(1000);
  });
});

describe('[I16-checkout-giftcard] racing for one balance', () => {
  it('[I16-checkout-giftcard] five orders at once on one $30 card never take it below zero; the parts add up to the card', async () => {
    const card = await aCard(3000);
    const buyers: Shopper[] = [];
    for (let i = 0; i < 5; i++) buyers.push(await readyShopper([['CUP-3', 1]]));
    const replies = await Promise.all(buyers.map((buyer) => pay(buyer, { giftCard: card.number })));
    const placed = replies.filter((reply) => reply.status === 200).map((reply) => Number(reply.body));
    const refused = replies.filter((reply) => reply.status !== 200);
    // 3 orders take 1000 each = 3000; the other two find no balance left (a clear 400/409).
    expect(placed).toHaveLength(3);
    for (const reply of refused) {
      expect([400, 409]).toContain(reply.status);
      expect((reply.body as { message: string }).message).toBe(GIFT_CARD_TEXT.noBalance);
    }
    const parts = await Promise.all(placed.map(async (id) => (await orderRow(id)).gift_card_cents));
    expect(parts.reduce((a, b) => a + b, 0)).toBe(3000);
    expect(await balanceOf(card.id)).toBe(0);
  });
});
