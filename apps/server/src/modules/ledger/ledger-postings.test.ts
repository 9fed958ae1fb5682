import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { giftCardBalances } from '../giftcards/gift-card-balance.ts';
import {
  adminCall,
  anOrder,
  ordersTestApp,
  type Session,
  sellerId,
  signedIn,
} from '../orders/test/orders-test-kit.ts';
import { allocateByLargestRemainder, postCapture, postRefund } from './ledger-postings.ts';

// [I16-ledger] The postings of every refund source and of a capture, on the real app (ORDER_REVIEW=auto:
// the capture happens at checkout through the same approve). MUG-1 $19.95, CUP-3 $10.00 (Harbour Goods,
// H), BOWL-1 $7.50 (Outback Outfitters, O), shipping $9.95 an order.

const SECRET = 'whsec_ledger_postings';
let t: TestApp;
let operator: Session;
let H: number;
let O: number;

const entriesOf = (eventKey: string) =>
  t.db
    .selectFrom('ledger_entries')
    .select(['seller_id', 'kind', 'amount_cents'])
    .where('event_key', '=', eventKey)
    .orderBy('seller_id')
    .orderBy('id')
    .execute();

const refundIdsOf = async (orderId: number) =>
  (
    await t.db
      .selectFrom('order_refunds')
      .select('id')
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute()
  ).map((row) => row.id);

beforeAll(async () => {
  t = await ordersTestApp({ STRIPE_WEBHOOK_SECRET: SECRET });
  H = await sellerId(t, 'harbour-goods');
  O = await sellerId(t, 'outback-outfitters');
  operator = await signedIn(t, 'operator');
}, 60_000);
afterAll(() => t?.close());

describe('[I16-ledger] postings', () => {
  it('allocates by largest remainder, the parts adding up exactly', () => {
    // 1000 over 2563 / 1927: 570 r3700 and 429 r790 → the spare cent to the first.
    expect([
      ...allocateByLargestRemainder(1000, [
        { key: 1, weight: 2563 },
        { key: 2, weight: 1927 },
      ]),
    ]).toEqual([
      [1, 571],
      [2, 429],
    ]);
    // A tie: the lower key first. 1 over 1/1.
    expect([
      ...allocateByLargestRemainder(1, [
        { key: 2, weight: 1 },
        { key: 1, weight: 1 },
      ]),
    ]).toEqual([
      [2, 0],
      [1, 1],
    ]);
  });

  it('ORDER_REVIEW=auto posts the capture once at checkout; posting it again adds nothing', async () => {
    const order = await anOrder(t, [['CUP-3', 1]]);
    // CUP-3 1000 + shipping 995 = 1995: fee 57.855 → 58, commission 31, GST 10% × 89 = 8.9 → 9.
    expect(await entriesOf(`capture:${order.id}`)).toEqual([
      { seller_id: H, kind: 'sale', amount_cents: 1000 },
      { seller_id: H, kind: 'shipping', amount_cents: 995 },
      { seller_id: H, kind: 'service_fee', amount_cents: -58 },
      { seller_id: H, kind: 'commission', amount_cents: -31 },
      { seller_id: H, kind: 'fee_gst', amount_cents: -9 },
    ]);
    expect(await postCapture(t.db, order.id, t.clock.now())).toBe(0);
  });

  it('a cancellation of a paid order gives back all the commission and its GST, keeping the service fee', async () => {
    const order = await anOrder(t, [
      ['MUG-1', 1],
      ['BOWL-1', 2],
    ]);
    // As in statements.test.ts: H 1995 + 568, fee 74, commission 62, GST 14; O 1500 + 427, fee 56,
    // commission 47, GST 10.
    const cancelled = await adminCall(t, 'POST', `/orders/${order.id}/cancel`, operator, {
      reason: 'Out of stock',
      restock: false,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [refundId] = await refundIdsOf(order.id);
    // Everything back: lines + shipping; commission 62 / 47 back; GST: H 10% × 136 = 14 → 10% × 74 =
    // 7.4 → 7: 7 back; O 10% × 103 = 10 → 10% × 56 = 5.6 → 6: 4 back.
    expect(await entriesOf(`refund:${refundId}`)).toEqual([
      { seller_id: H, kind: 'refund', amount_cents: -(1995 + 568) },
      { seller_id: H, kind: 'commission_reversal', amount_cents: 62 },
      { seller_id: H, kind: 'fee_gst_reversal', amount_cents: 7 },
      { seller_id: O, kind: 'refund', amount_cents: -(1500 + 427) },
      { seller_id: O, kind: 'commission_reversal', amount_cents: 47 },
      { seller_id: O, kind: 'fee_gst_reversal', amount_cents: 4 },
    ]);
  });

  it('a refund made at Stripe (amount only) is spread over the sellers', async () => {
    const order = await anOrder(t, [
      ['MUG-1', 1],
      ['BOWL-1', 2],
    ]);
    const row = await t.db
      .selectFrom('orders')
      .select('payment_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const refund = {
      id: 're_ledger_1',
      object: 'refund',
      amount: 1000,
      currency: 'aud',
      payment_intent: row.payment_id,
      reason: 'requested_by_customer',
      status: 'succeeded',
    };
    const event = {
      id: 'evt_ledger_refund_1',
      object: 'event',
      api_version: '2025-08-27.basil',
      created: 1,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'refund.updated',
      data: { object: refund },
    };
    const payload = JSON.stringify(event);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      },
      payload,
    });
    expect(reply.statusCode).toBe(204);
    const [refundId] = await refundIdsOf(order.id);
    // 1000 over H 2563 / O 1927 → H 571, O 429 (see the allocation test); commission back H 62 × 571/1995
    // = 17.745 → 18, GST 14 → 12: 2; O 47 × 429/1500 = 13.442 → 13, GST 10 → 9: 1.
    expect(await entriesOf(`refund:${refundId}`)).toEqual([
      { seller_id: H, kind: 'refund', amount_cents: -571 },
      { seller_id: H, kind: 'commission_reversal', amount_cents: 18 },
      { seller_id: H, kind: 'fee_gst_reversal', amount_cents: 2 },
      { seller_id: O, kind: 'refund', amount_cents: -429 },
      { seller_id: O, kind: 'commission_reversal', amount_cents: 13 },
      { seller_id: O, kind: 'fee_gst_reversal', amount_cents: 1 },
    ]);
  });

  it('a part of a refund given back onto a gift card (key refund:<id>) is posted to the card’s seller', async () => {
    const order = await anOrder(t, [['MUG-1', 1]]);
    const orderRow = await t.db
      .selectFrom('orders')
      .select(['customer_id', 'cart_id'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const product = await t.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', 'MUG-1')
      .executeTakeFirstOrThrow();
    const card = await t.db
      .insertInto('gift_card_details')
      .values({
        customer_id: orderRow.customer_id,
        cart_id: orderRow.cart_id,
        product_id: product.id,
        configurable_product_sku: 'GIFT-50',
        product_name: 'Gift card',
        amount_cents: 5000,
        gift_card_no: '4000999988887777',
        recipient_firstname: 'Ana',
        recipient_lastname: 'Card',
        recipient_mobile: '+61400000001',
        recipient_message: '',
        purchaser_mobile: '+61400000002',
        updated_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await giftCardBalances.spend(t.db, {
      giftCardId: card.id,
      amountCents: 800,
      kind: 'order',
      orderId: order.id,
      key: `order:${order.id}`,
      at: t.clock.now(),
    });
    const item = await t.db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const refunded = await adminCall(t, 'POST', `/orders/${order.id}/refunds`, operator, {
      lines: [{ order_item_id: item.id, qty: 1 }],
      idempotency_key: 'ledger-giveback-1',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [refundId] = await refundIdsOf(order.id);
    // Captured at checkout before the card was spent (auto review): fee 2.9% × 2990 = 86.71 → 87,
    // commission 3.1% × 1995 = 61.845 → 62, GST 10% × 149 = 14.9 → 15. The full refund gives back the
    // 62 and GST 15 → 10% × 87 = 8.7 → 9: 6.
    // The gift card helper gives 800 back onto the card under 'refund:<id>' and posts again: only the
    // give-back's entry is new.
    const added = await t.db.transaction().execute(async (trx) => {
      await giftCardBalances.giveBack(trx, {
        orderId: order.id,
        amountCents: 800,
        key: `refund:${refundId}`,
        at: t.clock.now(),
      });
      return postRefund(trx, refundId ?? 0);
    });
    expect(added).toBe(1);
    expect(await entriesOf(`refund:${refundId}`)).toEqual([
      { seller_id: H, kind: 'refund', amount_cents: -1995 },
      { seller_id: H, kind: 'commission_reversal', amount_cents: 62 },
      { seller_id: H, kind: 'fee_gst_reversal', amount_cents: 6 },
      { seller_id: H, kind: 'gift_card_redemption', amount_cents: 800 },
    ]);
  });
});
