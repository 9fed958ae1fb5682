import { adminOrderSchema } from '@quokka/contract/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, aShopper, call, REST, type Shopper, saveShipping } from '../../test/cart-factory.ts';
import { aGiftCard, aSeller, aSimpleProduct, importTestCatalogue } from '../../test/catalog-factory.ts';
import { TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { aCard, START, type TestCard } from '../giftcards/test/redeem-test-kit.ts';
import { REFUND_TEXT } from './order-refunds.ts';
import { adminCall, ORIGIN, type Session, signedIn, stepUp } from './test/orders-test-kit.ts';

// [I15-refund, I15-cancel, I15-webhooks, I16-checkout-giftcard] The one refund path
// (order-refunds.ts): the operator's refund and cancel, the gift card void and Stripe's refunds all give
// money back through it, under the order's row lock, so that whatever races never gives back more than
// was captured, and a gift card voided since it paid for an order never has money put back on it.
// The real app on a fresh database (PGlite, or TEST_DATABASE_URL), orders placed through the real
// checkout (ORDER_REVIEW=auto: approved and captured at once), sandbox payments.
//
// Figures by hand: MUG-1 $19.95 (Harbour Goods), flat-rate shipping $9.95, gift cards of $50.00.

let t: TestApp;
let operator: Session;

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN, ORDER_REVIEW: 'auto' });
  t.clock.set(START);
  await importTestCatalogue(t.db, {
    sellers: [aSeller({ name: 'Harbour Goods' })],
    products: [aGiftCard('GIFT'), aSimpleProduct('MUG-1', { price: 19.95, qty: 1000 })],
  });
  operator = await signedIn(t, 'operator');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let keys = 0;
const aKey = () => `refund-race-${++keys}`;

const orderRow = (id: number) =>
  t.db
    .selectFrom('orders')
    .select(['captured_cents', 'refunded_cents', 'payment_state', 'payment_id', 'gift_card_cents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const refundRows = (orderId: number) =>
  t.db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
async function providerRefundedCents(orderId: number): Promise<number> {
  const order = await orderRow(orderId);
  const rows = await t.db
    .selectFrom('sandbox_refunds')
    .select('amount_cents')
    .where('charge_id', '=', String(order.payment_id))
    .execute();
  return rows.reduce((sum, row) => sum + row.amount_cents, 0);
}
const itemsOf = (orderId: number) =>
  t.db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
const balanceOf = async (cardId: number) =>
  (
    await t.db
      .selectFrom('gift_card_details')
      .select('balance_cents')
      .where('id', '=', cardId)
      .executeTakeFirstOrThrow()
  ).balance_cents;

const refund = (orderId: number, body: object) =>
  adminCall(t, 'POST', `/orders/${orderId}/refunds`, operator, body);
const voidCard = (card: TestCard) =>
  adminCall(t, 'POST', `/gift-cards/${card.id}/void`, operator, { reason: 'Reported stolen' });

/** A member's order of MUG-1 × qty, paying part with the gift card `cardNumber` when given. */
async function anOrder(qty: number, cardNumber?: string): Promise<{ id: number; shopper: Shopper }> {
  const shopper = await aShopper(t);
  expect((await addToCart(t.app, shopper, 'MUG-1', qty)).status).toBe(200);
  expect((await saveShipping(t.app, shopper)).status).toBe(200);
  const placed = await call<string | { message: string }>(
    t.app,
    'POST',
    `${REST}/carts/mine/payment-information`,
    {
      headers: shopper.headers,
      remoteAddress: shopper.remoteAddress,
      payload: {
        billingAddress: { customer_address_id: shopper.addressId },
        paymentMethod: {
          method: 'stripe_payments',
          additional_data: { cc_save: false, token: 'pm_card_visa' },
        },
        ...(cardNumber ? { gift_card_number: cardNumber } : {}),
      },
    },
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const id = Number(placed.body);
  await t.db
    .updateTable('orders')
    .set({ customer_mobile: shopper.mobile })
    .where('id', '=', id)
    .where('customer_mobile', 'is', null)
    .execute();
  expect((await orderRow(id)).payment_state).toBe('captured');
  return { id, shopper };
}

describe('[I15-refund] one refund path: never more than was captured, whatever races', {
  timeout: 180_000,
}, () => {
  it('[I15-refund, I27-void] an operator’s refund of a gift card’s line racing its void: $50.00 goes back once, never twice', async () => {
    await stepUp(t, operator);
    for (let round = 0; round < 4; round++) {
      const card = await aCard(t);
      const line = (await itemsOf(card.orderId)).find((item) => item.is_giftcard);
      expect(line).toBeDefined();
      const captured = (await orderRow(card.orderId)).captured_cents;
      expect(captured).toBe(5000);
      const refundIt = () =>
        refund(card.orderId, {
          lines: [{ order_item_id: line?.id, qty: 1 }],
          shipping_cents: 0,
          restock: false,
          idempotency_key: aKey(),
        });
      // Both orders of arrival: the refund first in even rounds, the void first in odd ones.
      const [first, second] =
        round % 2 === 0
          ? await Promise.all([refundIt(), voidCard(card)])
          : await Promise.all([voidCard(card), refundIt()]);
      const codes = [first.statusCode, second.statusCode];
      // Each either gave the $50.00 back or was told why not (409, or a void that refunded nothing).
      for (const reply of [first, second]) expect([200, 409], reply.body).toContain(reply.statusCode);
      expect(codes).toContain(200);
      const rows = await refundRows(card.orderId);
      const total = rows.reduce((sum, row) => sum + row.amount_cents, 0);
      expect(total).toBe(5000);
      expect(rows).toHaveLength(1);
      expect(await providerRefundedCents(card.orderId)).toBe(5000);
      expect(await orderRow(card.orderId)).toMatchObject({ refunded_cents: 5000, payment_state: 'refunded' });
      const [item] = (await itemsOf(card.orderId)).filter((row) => row.is_giftcard);
      expect(item).toMatchObject({ refunded_qty: 1, refunded_cents: 5000 });
    }
  });

  it('[I15-refund, I15-webhooks] an operator’s refund racing a refund made at Stripe: the two together never exceed what was captured', async () => {
    await stepUp(t, operator);
    for (let round = 0; round < 4; round++) {
      // MUG-1 × 2 + shipping = 39.90 + 9.95 = $49.85 captured.
      const order = await anOrder(2);
      const mug = (await itemsOf(order.id))[0];
      const staff = () =>
        refund(order.id, {
          lines: [{ order_item_id: mug?.id, qty: 2 }],
          shipping_cents: 0,
          restock: false,
          idempotency_key: aKey(),
        });
      // Stripe's dashboard refunded $30.00 of it; its event arrives while the operator refunds $39.90.
      const atStripe = () =>
        t.db.transaction().execute((trx) =>
          t.app.services.refunds.giveBack(trx, {
            orderId: order.id,
            what: { kind: 'at_provider', providerRefundId: `re_race_${round}`, cents: 3000 },
            source: 'provider',
            key: `stripe:re_race_${round}`,
            restock: false,
            reason: 'Refunded at Stripe',
            staffId: null,
            at: t.clock.now(),
          }),
        );
      // Started in both orders; whichever takes the order's row lock first is seen whole by the other.
      const [staffReply, stripe] =
        round % 2 === 0
          ? await Promise.all([staff(), atStripe()])
          : await Promise.all([atStripe(), staff()]).then(([given, reply]) => [reply, given] as const);
      const rows = await refundRows(order.id);
      const total = rows.reduce((sum, row) => sum + row.amount_cents, 0);
      expect(total).toBeLessThanOrEqual(4985);
      const after = await orderRow(order.id);
      expect(after.refunded_cents).toBe(total);
      expect(after.refunded_cents).toBeLessThanOrEqual(after.captured_cents);
      if (staffReply.statusCode === 200) {
        // The operator's $39.90 went first: Stripe's $30.00 is recorded as the $9.95 left.
        expect(rows.map((row) => [row.source, row.amount_cents])).toEqual([
          ['staff', 3990],
          ['provider', 995],
        ]);
        expect(stripe.amountCents).toBe(995);
        expect(after.payment_state).toBe('refunded');
      } else {
        // Stripe's $30.00 went first: $39.90 is more than the $19.85 left, refused with the reason.
        expect(staffReply.statusCode, staffReply.body).toBe(409);
        expect(staffReply.json()).toMatchObject({ message: REFUND_TEXT.tooMuchMoney });
        expect(rows.map((row) => [row.source, row.amount_cents])).toEqual([['provider', 3000]]);
        expect(after.payment_state).toBe('partially_refunded');
      }
    }
  });

  it('[I15-refund] the same key twice gives back once: one provider refund, one row, the second answered as the first', async () => {
    await stepUp(t, operator);
    const order = await anOrder(1);
    const mug = (await itemsOf(order.id))[0];
    const body = {
      lines: [{ order_item_id: mug?.id, qty: 1 }],
      shipping_cents: 0,
      restock: false,
      idempotency_key: aKey(),
    };
    const replies = await Promise.all([refund(order.id, body), refund(order.id, body)]);
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    expect((await refundRows(order.id)).map((row) => row.amount_cents)).toEqual([1995]);
    expect(await providerRefundedCents(order.id)).toBe(1995);
    // The same key for something else is refused.
    const other = await refund(order.id, { ...body, shipping_cents: 100 });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ message: REFUND_TEXT.keyReused });
  });
});

describe('[I16-checkout-giftcard] a gift card voided after it paid for an order', {
  timeout: 180_000,
}, () => {
  it('[I16-checkout-giftcard, I27-void] nothing goes back onto it: a refund of its part is refused with the most that can be refunded; the card part refunds; a cancel keeps the voided part and says so', async () => {
    await stepUp(t, operator);
    const card = await aCard(t);
    // MUG-1 × 2 + shipping = $49.85; the card pays Harbour's lines, $39.90, the payment card $9.95.
    const order = await anOrder(2, card.number);
    expect(await orderRow(order.id)).toMatchObject({ captured_cents: 995, gift_card_cents: 3990 });
    expect(await balanceOf(card.id)).toBe(5000 - 3990);

    // The card is voided: its unspent $10.10 goes back to its purchaser.
    const voided = await voidCard(card);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ state: 'voided', void_refunded_cents: 1010 });
    const balanceAfterVoid = await balanceOf(card.id);

    // The order page offers only the payment card's part.
    const page = adminOrderSchema.parse((await adminCall(t, 'GET', `/orders/${order.id}`, operator)).json());
    expect(page.actions.refundable_cents).toBe(995);

    // Refunding one mug ($19.95) needs $9.95 of card and $10.00 of the voided gift card: refused.
    const mug = (await itemsOf(order.id))[0];
    const tooMuch = await refund(order.id, {
      lines: [{ order_item_id: mug?.id, qty: 1 }],
      shipping_cents: 0,
      restock: false,
      idempotency_key: aKey(),
    });
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    expect(tooMuch.json()).toMatchObject({ message: REFUND_TEXT.voidedGiftCard(3990, 995) });
    expect(tooMuch.json().message).toBe(
      '$39.90 of this order was paid with a gift card that has since been voided, so nothing can go back onto it: refund at most $9.95.',
    );
    expect(await refundRows(order.id)).toEqual([]);

    // The shipping ($9.95) is all the payment card's: refunded.
    const shipping = await refund(order.id, {
      lines: [],
      shipping_cents: 995,
      restock: false,
      idempotency_key: aKey(),
    });
    expect(shipping.statusCode, shipping.body).toBe(200);
    expect(adminOrderSchema.parse(shipping.json())).toMatchObject({ refunded_cents: 995 });
    expect(await providerRefundedCents(order.id)).toBe(995);

    // Cancelled: nothing is left on the payment card, and the voided card's $39.90 is kept, not put back.
    const cancelled = await adminCall(t, 'POST', `/orders/${order.id}/cancel`, operator, {
      reason: 'Paid with a stolen gift card',
      restock: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balanceOf(card.id)).toBe(balanceAfterVoid);
    const giveBacks = await t.db
      .selectFrom('gift_card_redemptions')
      .select('amount_cents')
      .where('gift_card_id', '=', card.id)
      .where('amount_cents', '<', 0)
      .execute();
    expect(giveBacks).toEqual([]);
    const event = await t.db
      .selectFrom('order_events')
      .select(['summary', 'data'])
      .where('order_id', '=', order.id)
      .where('type', '=', 'cancelled')
      .executeTakeFirstOrThrow();
    expect(event.summary).toContain('$39.90 paid by a gift card voided since was not given back');
    expect(event.data).toMatchObject({ gift_card_cents: 0, gift_card_kept_cents: 3990 });
    // The shopper is not told the money is back on the card.
    const texts = await t.db
      .selectFrom('sent_messages')
      .select('body')
      .where('order_id', '=', order.id)
      .where('purpose', '=', 'order_cancelled')
      .execute();
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).not.toContain('gift card');
  });
});
