import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aGiftCardSender } from '../modules/giftcards/test/gift-card-sender.ts';
import { OutboxLookup } from '../modules/messages/message-lookup.ts';
import { createOutboxSender } from '../modules/messages/outbox.ts';
import type { SandboxMessaging } from '../providers/messaging/sandbox-messaging.ts';
import { addToCart, aShopper, placeOrder, type Shopper, saveShipping } from '../test/cart-factory.ts';
import { aSeller, aSimpleProduct, importTestCatalogue } from '../test/catalog-factory.ts';
import { aPaidGiftCard, type GiftCardCatalogue, giftCardCatalogue } from '../test/gift-card-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { messageRenderers } from './order-receipt-message.ts';

// [I15-messages] What the workers send is recorded in sent_messages with its purpose and the order or
// gift card it is about, and the sandbox's status: delivered at once, or undelivered (30003) to the
// failing number 0491 570 110. Orders and cards are bought through the API; the workers run on a fake
// clock against the sandbox outbox.

let t: TestApp;
let outbox: SandboxMessaging;
let catalogue: GiftCardCatalogue;

const PUBLIC_URL = 'https://shop.example.com';
const FAILING = '+61491570110';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

const workerOptions = () => ({
  db: t.db,
  clock: t.clock,
  messaging: outbox,
  lookup: new OutboxLookup(outbox),
  publicUrl: PUBLIC_URL,
  storeName: t.config.STORE_NAME,
  identity: t.config.identity,
  log: quiet,
});

/** The outbox's sender, as the worker runs it, with the receipt's renderer. */
const createReceiptWorker = (options: ReturnType<typeof workerOptions>) =>
  createOutboxSender({ ...options, renderers: messageRenderers(options) });

async function aPaidOrder(shopper: Shopper): Promise<number> {
  expect((await addToCart(t.app, shopper, 'MUG-1')).status).toBe(200);
  expect((await saveShipping(t.app, shopper)).status).toBe(200);
  const placed = await placeOrder(t.app, shopper);
  expect(placed.status).toBe(200);
  return Number(placed.body);
}

const messagesOfOrder = (orderId: number) =>
  t.db.selectFrom('sent_messages').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

const messagesOfCard = (cardId: number) =>
  t.db.selectFrom('sent_messages').selectAll().where('gift_card_id', '=', cardId).orderBy('id').execute();

beforeAll(async () => {
  t = await createTestApp();
  const sandbox = t.app.deps.providers.outbox;
  if (!sandbox) throw new Error('the test app runs messaging in sandbox mode');
  outbox = sandbox;
  await importTestCatalogue(t.db, {
    sellers: [aSeller({ name: 'Harbour Goods' })],
    products: [aSimpleProduct('MUG-1', { price: 19.95, qty: 500 })],
  });
  catalogue = await giftCardCatalogue(t.db);
});
afterAll(() => t?.close());
beforeEach(async () => {
  t.clock.set('2026-11-21T01:00:00Z'); // 12:00 in Sydney: not quiet hours
  await t.db
    .updateTable('sent_messages')
    .set({ send_state: 'sent' })
    .where('send_state', '!=', 'sent')
    .execute();
});

describe('[I15-messages] the workers record what they send', () => {
  it('an order receipt is recorded once with purpose order_receipt, the order id and the sandbox status delivered', async () => {
    const shopper = await aShopper(t);
    const orderId = await aPaidOrder(shopper);
    expect(await createReceiptWorker(workerOptions()).runOnce()).toBe(1);

    const rows = await messagesOfOrder(orderId);
    expect(rows).toHaveLength(1);
    const [sent] = await outbox.list(1);
    expect(rows[0]).toMatchObject({
      provider: 'sandbox',
      provider_message_id: `sandbox-${sent?.id}`,
      kind: 'sms',
      purpose: 'order_receipt',
      to_number: shopper.mobile,
      order_id: orderId,
      gift_card_id: null,
      status: 'delivered',
      error_code: null,
    });
    expect(rows[0]?.status_at?.toISOString()).toBe('2026-11-21T01:00:00.000Z');
  });

  it('a receipt to the sandbox failing number 0491 570 110 is recorded undelivered with error 30003', async () => {
    const shopper = await aShopper(t, { mobile: FAILING });
    const orderId = await aPaidOrder(shopper);
    expect(await createReceiptWorker(workerOptions()).runOnce()).toBe(1);
    expect(await messagesOfOrder(orderId)).toMatchObject([
      { purpose: 'order_receipt', to_number: FAILING, status: 'undelivered', error_code: '30003' },
    ]);
    // The outbox (GET /dev/messages) says the same.
    expect((await outbox.list(1))[0]).toMatchObject({
      to: FAILING,
      status: 'undelivered',
      error_code: '30003',
    });
  });

  it("a gift card's picture message (purpose gift_card) and the purchaser's receipt (gift_card_receipt) are recorded with the card and order ids; the picture to the failing number is undelivered", async () => {
    const shopper = await aShopper(t);
    const { cards } = await aPaidGiftCard(t, shopper, catalogue, {
      form: { recipient_mobile: '0491 570 110', purchaser_mobile: '0498 000 333' },
    });
    const card = cards[0];
    if (!card) throw new Error('no card');
    expect(await aGiftCardSender(t, { publicUrl: PUBLIC_URL }).runOnce()).toBe(2);

    const details = await t.db
      .selectFrom('gift_card_details')
      .select('order_id')
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(details.order_id).not.toBeNull();
    const rows = await messagesOfCard(card.id);
    expect(rows).toMatchObject([
      {
        kind: 'mms',
        purpose: 'gift_card',
        to_number: FAILING,
        gift_card_id: card.id,
        order_id: details.order_id,
        status: 'undelivered',
        error_code: '30003',
      },
      {
        kind: 'sms',
        purpose: 'gift_card_receipt',
        to_number: '+61498000333',
        gift_card_id: card.id,
        order_id: details.order_id,
        status: 'delivered',
        error_code: null,
      },
    ]);
  });

  it('a message an earlier attempt sent, found again at the provider, is recorded once', async () => {
    const shopper = await aShopper(t);
    const { cards } = await aPaidGiftCard(t, shopper, catalogue);
    const card = cards[0];
    if (!card) throw new Error('no card');
    // The first attempt dies after the picture message went out, before its id was kept.
    const dying = aGiftCardSender(t, {
      publicUrl: PUBLIC_URL,
      messaging: {
        mode: 'sandbox',
        sendMms: async (to, body, media) => {
          await outbox.sendMms(to, body, media);
          throw new Error('connection reset');
        },
        sendSms: (to, body) => outbox.sendSms(to, body),
      },
      backoffBaseMs: 1,
      backoffMaxMs: 1,
    });
    expect(await dying.runOnce()).toBe(1);
    // Queued in the outbox (from the order's link), but nothing recorded as sent.
    expect((await messagesOfCard(card.id)).filter((row) => row.send_state === 'sent')).toHaveLength(0);
    t.clock.advance(60_000);
    expect(await aGiftCardSender(t, { publicUrl: PUBLIC_URL }).runOnce()).toBe(2);
    const rows = await messagesOfCard(card.id);
    expect(rows.map((row) => row.purpose)).toEqual(['gift_card', 'gift_card_receipt']);
  });
});
