import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aGiftCardSender, deliveryKeyOf, pictureRowOf } from '../modules/giftcards/test/gift-card-sender.ts';
import type { WorkerLog } from '../modules/messages/outbox.ts';
import { aShopper, type Shopper } from '../test/cart-factory.ts';
import { aPaidGiftCard, type GiftCardCatalogue, giftCardCatalogue } from '../test/gift-card-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { REVIEW_RECHECK_MS } from './gift-card-sends.ts';

// [I15-review] A gift card is delivered only once its order is approved: under ORDER_REVIEW=manual a paid
// card waits while the order waits for review, goes when an operator approves, and never goes for a
// refused order. (Under the default ORDER_REVIEW=auto the order is approved at checkout, so cards go as
// before: gift-card-sends.test.ts.) The card's picture message is queued in the outbox when it is linked to
// the order; its renderer holds it while the order waits (looked at again every REVIEW_RECHECK_MS) and
// stops it for good when the order is refused.

let t: TestApp;
let catalogue: GiftCardCatalogue;
let shopper: Shopper;
const _silent: WorkerLog = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  t = await createTestApp({ ORDER_REVIEW: 'manual' });
  catalogue = await giftCardCatalogue(t.db);
  shopper = await aShopper(t);
  // 10:00 in Sydney: outside quiet hours.
  t.clock.set('2026-11-21T23:00:00Z');
});
afterAll(() => t?.close());

const outbox = () => {
  const sandbox = t.app.deps.providers.outbox;
  if (!sandbox) throw new Error('the test app runs messaging in sandbox mode');
  return sandbox;
};
const aWorker = () => aGiftCardSender(t, { publicUrl: 'https://shop.example.com' });
const review = () => t.app.services.orderReview;

async function aSentNowCard(): Promise<{ cardId: number; orderId: number }> {
  const { cards } = await aPaidGiftCard(t, shopper, catalogue, { at: 'now' });
  const card = cards[0];
  if (!card || card.order_id === null) throw new Error('no linked card');
  const linked = await t.db
    .selectFrom('gift_card_details')
    .select('order_id')
    .where('id', '=', card.id)
    .executeTakeFirstOrThrow();
  return { cardId: card.id, orderId: linked.order_id ?? 0 };
}

const picturesOf = async (cardId: number) => {
  const key = await deliveryKeyOf(t.db, cardId);
  const all = await outbox().list(10_000);
  return all.filter((message) => message.body.includes(`Ref G-${key}`));
};
const deliveryOf = (cardId: number) => pictureRowOf(t.db, cardId);

describe('gift cards wait for the order’s approval [I15-review]', { timeout: 120_000 }, () => {
  it('[I15-review] a card of an order awaiting review is not sent; once approved it is, once', async () => {
    const { cardId, orderId } = await aSentNowCard();
    expect(
      (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow())
        .status,
    ).toBe('pending_review');
    await aWorker().runOnce();
    expect(await picturesOf(cardId)).toEqual([]);
    expect(await deliveryOf(cardId)).toMatchObject({ send_state: 'queued', attempts: 0 });
    // Looked at again later, the order still waiting: still nothing.
    t.clock.advance(REVIEW_RECHECK_MS);
    await aWorker().runOnce();
    expect(await picturesOf(cardId)).toEqual([]);

    // Approved: its picture message goes with the approval (woken in its transaction, sent after its
    // commit), not at the renderer's next look a minute later.
    await review().approve(orderId, 'system');
    expect(await picturesOf(cardId)).toHaveLength(1);
    // Then the purchaser's receipt (queued when the picture message was recorded sent), and nothing more.
    expect(await aWorker().runOnce()).toBe(1);
    t.clock.advance(REVIEW_RECHECK_MS);
    expect(await aWorker().runOnce()).toBe(0);
    expect(await picturesOf(cardId)).toHaveLength(1);
  });

  it('[I15-review] a card scheduled for later is not sent by the approval: it waits for its time', async () => {
    const later = new Date(t.clock.now().getTime() + 2 * 24 * 3_600_000);
    const at = later.toISOString().slice(0, 10);
    const { cards } = await aPaidGiftCard(t, shopper, catalogue, {
      at: `${at} 10:00:00`,
      zone: 'Australia/Sydney',
    });
    const card = cards[0];
    if (!card) throw new Error('no card');
    const order = await t.db
      .selectFrom('gift_card_details')
      .select('order_id')
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    await review().approve(order.order_id ?? 0, 'system');
    expect(await picturesOf(card.id)).toEqual([]);
    expect(await deliveryOf(card.id)).toMatchObject({ send_state: 'queued' });
    t.clock.advance(3 * 24 * 3_600_000);
    await aWorker().runOnce();
    expect(await picturesOf(card.id)).toHaveLength(1);
  });

  it('[I15-review] a refused order’s cards are never sent', async () => {
    const { cardId, orderId } = await aSentNowCard();
    await review().refuse(orderId, 'Card looks stolen', 'system');
    await aWorker().runOnce();
    t.clock.advance(3 * 24 * 3_600_000);
    expect(await aWorker().runOnce()).toBe(0);
    expect(await picturesOf(cardId)).toEqual([]);
    // Never to be sent: stopped, not left waiting.
    expect(await deliveryOf(cardId)).toMatchObject({ send_state: 'cancelled', last_error: 'order refused' });
  });
});
