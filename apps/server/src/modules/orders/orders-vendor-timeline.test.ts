import { randomInt } from 'node:crypto';
import { type AdminOrder, adminOrderSchema } from '@quokka/contract/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, aShopper, call, REST, saveShipping } from '../../test/cart-factory.ts';
import type { TestApp } from '../../test/test-app.ts';
import { adminCall, anOrder, ordersTestApp, type Session, signedIn, stepUp } from './test/orders-test-kit.ts';

// [I27-vendor-timeline] On an order of two sellers, each seller's staff see the timeline cut to their own
// lines and amounts: never the other seller's lines, the whole order's total or refund, or the payment's
// events (a gift card's part, the hold and its release). Orders go through the real checkout, refunds,
// cancellations and refusals through the real routes, under ORDER_REVIEW=manual.
//
// Figures by hand: MUG-1 $19.95, CUP-3 $10.00 (Harbour Goods), BOWL-1 $7.50 (Outback Outfitters),
// flat-rate shipping $9.95. MUG-1 × 2 + BOWL-1 × 1 = 39.90 + 7.50 + 9.95 = $57.35.

let t: TestApp;
let operator: Session;
let harbourVendor: Session;
let outbackVendor: Session;

beforeAll(async () => {
  t = await ordersTestApp({ ORDER_REVIEW: 'manual' });
  operator = await signedIn(t, 'operator', { name: 'Jo Operator' });
  harbourVendor = await signedIn(t, 'vendor', { name: 'Hal Harbour', sellerUrl: 'harbour-goods' });
  outbackVendor = await signedIn(t, 'vendor', { name: 'Olive Outback', sellerUrl: 'outback-outfitters' });
});
afterAll(() => t?.close());

const orderAs = async (id: number, session: Session): Promise<AdminOrder> => {
  const reply = await adminCall(t, 'GET', `/orders/${id}`, session);
  expect(reply.statusCode, reply.body).toBe(200);
  return adminOrderSchema.parse(reply.json());
};
const post = async (path: string, body: object) => {
  const reply = await adminCall(t, 'POST', path, operator, body);
  expect(reply.statusCode, reply.body).toBe(200);
  return adminOrderSchema.parse(reply.json());
};
/** Which of these amounts (cents) a timeline says, as cents or as dollars ($7.50 or 750). */
const amountsIn = (order: AdminOrder, cents: number[]) =>
  cents.filter((amount) => {
    const dollars = (amount / 100).toFixed(2).replace('.', '\\.');
    return new RegExp(`(?<![\\d.])(${dollars}|${amount})(?![\\d])`).test(said(order));
  });
/** Everything a timeline says, summaries and data, as one text to search. */
const said = (order: AdminOrder) => JSON.stringify(order.timeline.map((e) => [e.type, e.summary, e.data]));

describe('a seller’s timeline of a shared order', { timeout: 180_000 }, () => {
  it('[I27-vendor-timeline] refunded then cancelled: each seller sees only its own lines and amounts, never the order’s', async () => {
    const order = await anOrder(t, [
      ['MUG-1', 2],
      ['BOWL-1', 1],
    ]);
    await post(`/orders/${order.id}/approve`, {});
    await stepUp(t, operator);
    const whole = await orderAs(order.id, operator);
    const mug = whole.items.find((item) => item.sku === 'MUG-1');
    // One mug refunded (Harbour's line): $19.95.
    await post(`/orders/${order.id}/refunds`, {
      lines: [{ order_item_id: mug?.id, qty: 1 }],
      idempotency_key: 'vendor-timeline-1',
    });
    // Then the order cancelled: the rest, $57.35 − $19.95 = $37.40 (a mug $19.95, the bowl $7.50, shipping $9.95).
    const cancelled = await post(`/orders/${order.id}/cancel`, { reason: 'Shopper moved' });
    expect(cancelled.timeline.find((e) => e.type === 'cancelled')?.summary).toBe(
      'Cancelled: Shopper moved (refunded $37.40, restocked)',
    );

    const outback = await orderAs(order.id, outbackVendor);
    // Its own seller's text about the new order, and the order's events cut to its lines.
    // [I34] and the text to its staff about the cancellation of its lines, after it.
    expect(outback.timeline.map((e) => e.type)).toEqual([
      'placed',
      'approved',
      'vendor_notified',
      'cancelled',
      'vendor_notified',
    ]);
    expect(outback.timeline.find((e) => e.type === 'cancelled')).toMatchObject({
      summary: 'Cancelled: Shopper moved (refunded $7.50 of your items, restocked)',
      data: { reason: 'Shopper moved', restocked: true, payment_state: 'refunded', refunded_cents: 750 },
    });

    const harbour = await orderAs(order.id, harbourVendor);
    expect(harbour.timeline.map((e) => e.type)).toEqual([
      'placed',
      'approved',
      'vendor_notified',
      'refunded',
      'vendor_notified',
      'cancelled',
      'vendor_notified',
    ]);
    expect(harbour.timeline.find((e) => e.type === 'refunded')).toMatchObject({
      summary: 'Refunded $19.95 of your items (1 × Product MUG-1)',
      data: { amount_cents: 1995, lines: [{ order_item_id: mug?.id, qty: 1, amount_cents: 1995 }] },
    });
    expect(harbour.timeline.find((e) => e.type === 'cancelled')?.summary).toBe(
      'Cancelled: Shopper moved (refunded $19.95 of your items, restocked)',
    );

    // Never the whole order's money, nor the other seller's lines or the shipping, in any summary or data.
    const wholeOrder = [3740, 5735, 995];
    expect(amountsIn(outback, [...wholeOrder, 1995])).toEqual([]);
    expect(said(outback)).not.toContain(`"order_item_id":${mug?.id}`);
    expect(amountsIn(harbour, [...wholeOrder, 750])).toEqual([]);
    expect(said(harbour)).not.toContain('BOWL');
  });

  it('[I27-vendor-timeline] refused with a gift card’s part: the other seller sees no gift card, hold or release, and only its own restock', async () => {
    const card = await aHarbourCard(5000);
    const shopper = await aShopper(t);
    for (const [sku, qty] of [
      ['MUG-1', 1],
      ['BOWL-1', 2],
    ] as const)
      expect((await addToCart(t.app, shopper, sku, qty)).status).toBe(200);
    expect((await saveShipping(t.app, shopper)).status).toBe(200);
    // 19.95 + 15.00 + 9.95 = $44.90: Harbour's card pays its mug ($19.95), the card the rest ($24.95).
    const placed = await call<string>(t.app, 'POST', `${REST}/carts/mine/payment-information`, {
      headers: shopper.headers,
      remoteAddress: shopper.remoteAddress,
      payload: {
        billingAddress: { customer_address_id: shopper.addressId },
        paymentMethod: {
          method: 'stripe_payments',
          additional_data: { cc_save: false, token: 'pm_card_visa' },
        },
        gift_card_number: card,
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = Number(placed.body);
    await stepUp(t, operator);
    const refused = await post(`/orders/${orderId}/refuse`, { reason: 'Cannot deliver there' });
    expect(refused.timeline.map((e) => e.type)).toEqual(
      expect.arrayContaining(['gift_card_applied', 'payment_authorised', 'refused', 'payment_released']),
    );

    const outback = await orderAs(orderId, outbackVendor);
    expect(outback.timeline.map((e) => e.type)).toEqual(['placed', 'refused']);
    const bowl = outback.items[0]?.sku === 'BOWL-1' ? await productId('BOWL-1') : -1;
    expect(outback.timeline.find((e) => e.type === 'refused')).toMatchObject({
      summary: 'Refused: Cannot deliver there',
      data: { reason: 'Cannot deliver there', restocked: [{ product_id: bowl, qty: 2 }] },
    });
    expect(amountsIn(outback, [1995, 2495, 4490, 5000])).toEqual([]);
    for (const text of ['Gift card', 'gift_card', card.slice(-4)])
      expect(said(outback), text).not.toContain(text);
    const harbour = await orderAs(orderId, harbourVendor);
    expect(harbour.timeline.map((e) => e.type)).toEqual(['placed', 'refused']);
    expect(amountsIn(harbour, [2495, 4490])).toEqual([]);
  });
});

const productId = async (sku: string) =>
  (await t.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow()).id;

/**
 * A gift card of Harbour Goods, sent and valid, as the gift card flow leaves it (rows written as that flow
 * writes them; checkout-giftcard.test.ts does the same): its number.
 */
async function aHarbourCard(amountCents: number): Promise<string> {
  const bought = await anOrder(t, [['CUP-3', 1]]);
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
      product_id: await productId('CUP-3'),
      configurable_product_sku: 'GIFT-50',
      product_name: 'Gift Card',
      amount_cents: amountCents,
      gift_card_no: number,
      recipient_firstname: 'Ava',
      recipient_lastname: 'Nguyen',
      recipient_mobile: '+61412345678',
      recipient_message: 'Enjoy',
      purchaser_mobile: bought.shopper.mobile,
      scheduled_at: now,
      delivery_timezone: 'Australia/Sydney',
      valid_until: new Date(now.getTime() + 3 * 365 * 24 * 3_600_000),
      order_id: bought.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Its picture message, sent (modules/giftcards/gift-card-sending.ts).
  await t.db
    .insertInto('sent_messages')
    .values({
      provider: 'sandbox',
      provider_message_id: `K${card.id}`,
      kind: 'mms',
      purpose: 'gift_card',
      to_number: '+61412345678',
      gift_card_id: card.id,
      send_state: 'sent',
      sent_at: now,
    })
    .execute();
  await t.db.updateTable('orders').set({ status: 'approved' }).where('id', '=', bought.id).execute();
  return number;
}
