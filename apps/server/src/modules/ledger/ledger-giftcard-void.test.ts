import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aShopper } from '../../test/cart-factory.ts';
import { TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { aPaidGiftCard, giftCardCatalogue } from '../../test/gift-card-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { adminCall, ORIGIN, signedIn } from '../orders/test/orders-test-kit.ts';

// [I16-ledger] A gift card sold, then voided by an operator (the gift card console's refund goes through
// recordRefundRow): the sale is a gift_card_sale, and the void's refund reverses it like any refund.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN });
  t.clock.set('2026-11-25T00:00:00Z');
}, 60_000);
afterAll(() => t?.close());

describe('[I16-ledger] a gift card void', () => {
  it('posts refund:<id> reversing the gift_card_sale and its commission', async () => {
    const catalogue = await giftCardCatalogue(t.db);
    const shopper = await aShopper(t);
    const paid = await aPaidGiftCard(t, shopper, catalogue, { at: '2026-12-01 10:00:00' });
    const card = paid.cards[0];
    if (!card) throw new Error('no card');
    const orderId = Number(card.order_id);
    const order = await t.db
      .selectFrom('orders')
      .select(['shipping_cents', 'grand_total_cents'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const capture = await t.db
      .selectFrom('ledger_entries')
      .select(['seller_id', 'kind', 'amount_cents'])
      .where('event_key', '=', `capture:${orderId}`)
      .orderBy('id')
      .execute();
    const sellerId = capture[0]?.seller_id ?? 0;
    // A $50 card (5000), no shipping: service fee 2.9% × 5000 = 145, commission 3.1% × 5000 = 155,
    // GST 10% × 300 = 30.
    expect(order.shipping_cents).toBe(0);
    expect(capture).toEqual([
      { seller_id: sellerId, kind: 'gift_card_sale', amount_cents: 5000 },
      { seller_id: sellerId, kind: 'service_fee', amount_cents: -145 },
      { seller_id: sellerId, kind: 'commission', amount_cents: -155 },
      { seller_id: sellerId, kind: 'fee_gst', amount_cents: -30 },
    ]);

    const operator = await signedIn(t, 'operator');
    const voided = await adminCall(t, 'POST', `/gift-cards/${card.id}/void`, operator, {
      reason: 'Lost phone',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const refund = await t.db
      .selectFrom('order_refunds')
      .select(['id', 'source'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(refund.source).toBe('gift_card_void');
    // The whole card refunded: sale −5000, commission 155 back; GST on the fees left, 10% × 145 = 14.5
    // → 15 (half-up), so 30 − 15 = 15 back.
    const entries = await t.db
      .selectFrom('ledger_entries')
      .select(['seller_id', 'kind', 'amount_cents', 'occurred_at'])
      .where('event_key', '=', `refund:${refund.id}`)
      .orderBy('id')
      .execute();
    expect(entries.map(({ occurred_at: _, ...entry }) => entry)).toEqual([
      { seller_id: sellerId, kind: 'refund', amount_cents: -5000 },
      { seller_id: sellerId, kind: 'commission_reversal', amount_cents: 155 },
      { seller_id: sellerId, kind: 'fee_gst_reversal', amount_cents: 15 },
    ]);
    // Dated by the app's clock, not the database's.
    expect(entries[0]?.occurred_at).toEqual(t.clock.now());
  });
});
