import { countSms } from '@quokka/contract/sms';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutboxLookup } from '../modules/messages/message-lookup.ts';
import {
  createOutboxSender,
  type OutboxSenderOptions,
  outboxRowOf,
  type WorkerLog,
} from '../modules/messages/outbox.ts';
import type { MessagingProvider, SentMessage } from '../providers/messaging/messaging-provider.ts';
import type { OutboxMessage, SandboxMessaging } from '../providers/messaging/sandbox-messaging.ts';
import { addToCart, aShopper, placeOrder, type Shopper, saveShipping } from '../test/cart-factory.ts';
import { aSeller, aSimpleProduct, importTestCatalogue } from '../test/catalog-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  messageRenderers,
  ORDER_RECEIPT,
  orderReceiptSmsBody,
  sellersText,
} from './order-receipt-message.ts';

// [I11-11] The order receipt text on real rows: orders placed and paid through the API, the receipt queued
// in the outbox with the order and sent through the sandbox by the outbox's sender, with a fake clock. Providers that fail, hang or die mid-send
// are wrappers around the real sandbox.

let t: TestApp;
let outbox: SandboxMessaging;

const PUBLIC_URL = 'https://shop.example.com';

class RecordingLog implements WorkerLog {
  readonly messages: string[] = [];
  info(_details: object, message: string) {
    this.messages.push(message);
  }
  warn(_details: object, message: string) {
    this.messages.push(message);
  }
  error(_details: object, message: string) {
    this.messages.push(`ERROR ${message}`);
  }
}

function aWorker(options: Partial<OutboxSenderOptions> = {}) {
  const log = new RecordingLog();
  const worker = createOutboxSender({
    db: t.db,
    clock: t.clock,
    messaging: outbox,
    lookup: new OutboxLookup(outbox),
    renderers: messageRenderers({
      publicUrl: PUBLIC_URL,
      storeName: t.config.STORE_NAME,
      identity: t.config.identity,
    }),
    log,
    ...options,
  });
  return { worker, log };
}

/** The receipt's outbox row, in the words of the receipt queue it replaced. */
async function receiptOf(orderId: number) {
  const row = await outboxRowOf(t.db, { purpose: ORDER_RECEIPT, orderId });
  return (
    row && {
      status: row.send_state,
      to_mobile: row.to_number,
      attempts: row.attempts,
      message_id: row.send_state === 'sent' ? row.provider_message_id : null,
      lease_owner: row.lease_owner,
      next_attempt_at: row.next_attempt_at,
      last_error: row.last_error,
    }
  );
}

function wrapped(sendSms: MessagingProvider['sendSms']): MessagingProvider {
  return { mode: 'sandbox', sendSms, sendMms: (to, body, media) => outbox.sendMms(to, body, media) };
}

/** A paid order of one mug (19.95) and standard shipping (9.95); answers the order id. */
async function aPaidOrder(shopper: Shopper, idempotencyKey?: string): Promise<number> {
  expect((await addToCart(t.app, shopper, 'MUG-1')).status).toBe(200);
  expect((await saveShipping(t.app, shopper)).status).toBe(200);
  const placed = await placeOrder(t.app, shopper, 'pm_card_visa', idempotencyKey ? { idempotencyKey } : {});
  expect(placed.status).toBe(200);
  return Number(placed.body);
}

async function textsTo(mobile: string): Promise<OutboxMessage[]> {
  return (await outbox.list(10_000)).filter((message) => message.to === mobile && message.kind === 'sms');
}

async function incrementIdOf(orderId: number): Promise<string> {
  const row = await t.db
    .selectFrom('orders')
    .select('increment_id')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.increment_id;
}

beforeAll(async () => {
  t = await createTestApp();
  const sandbox = t.app.deps.providers.outbox;
  if (!sandbox) throw new Error('the test app runs messaging in sandbox mode');
  outbox = sandbox;
  await importTestCatalogue(t.db, {
    sellers: [aSeller({ name: 'Harbour Goods' })],
    products: [aSimpleProduct('MUG-1', { price: 19.95, qty: 500 })],
  });
});
afterAll(() => t?.close());
beforeEach(async () => {
  t.clock.set('2026-11-21T10:00:00Z'); // 21:00 in Sydney: receipts are not held in quiet hours
  // Nothing left over from earlier tests is due.
  await t.db
    .updateTable('sent_messages')
    .set({ send_state: 'sent' })
    .where('send_state', '!=', 'sent')
    .execute();
});

describe('[I11-11] the order receipt text', () => {
  it('a paid order is texted once to the member: the order number, the total, the seller, the link to the order and support', async () => {
    const shopper = await aShopper(t);
    const orderId = await aPaidOrder(shopper);
    expect(await receiptOf(orderId)).toMatchObject({ status: 'queued', to_mobile: shopper.mobile });
    expect(await textsTo(shopper.mobile)).toHaveLength(0);

    const { worker } = aWorker();
    expect(await worker.runOnce()).toBe(1);
    const texts = await textsTo(shopper.mobile);
    expect(texts).toHaveLength(1);
    const body = texts[0]?.body ?? '';
    expect(body).toContain(`Quokka receipt: thank you for your order ${await incrementIdOf(orderId)}`);
    expect(body).toContain('from Harbour Goods');
    expect(body).toContain('Total charged: $29.90');
    expect(body).toContain(`View your order: ${PUBLIC_URL}/account/order/${orderId}`);
    // [I11-12] It names who to contact, not just "support".
    expect(body).toContain(
      'Questions? Contact Quokka Marketplace Pty Ltd support: support@example.com or 1300 975 707',
    );
    // Plain GSM text that fits two SMS parts.
    expect(countSms(body)).toMatchObject({ encoding: 'GSM-7' });
    expect(countSms(body).parts).toBeLessThanOrEqual(2);
    expect(await receiptOf(orderId)).toMatchObject({
      status: 'sent',
      attempts: 1,
      message_id: `sandbox-${texts[0]?.id}`,
      lease_owner: null,
    });

    // Nothing is ever sent twice.
    expect(await worker.runOnce()).toBe(0);
    expect(await textsTo(shopper.mobile)).toHaveLength(1);
  });

  it('a retried placement with the same Idempotency-Key queues no second receipt, and a declined card none', async () => {
    const shopper = await aShopper(t);
    const orderId = await aPaidOrder(shopper, 'receipt-retry-1');
    const again = await placeOrder(t.app, shopper, 'pm_card_visa', { idempotencyKey: 'receipt-retry-1' });
    expect(Number(again.body)).toBe(orderId);

    const declined = await aShopper(t);
    await addToCart(t.app, declined, 'MUG-1');
    await saveShipping(t.app, declined);
    expect((await placeOrder(t.app, declined, 'pm_card_chargeDeclined')).status).toBe(400);

    await aWorker().worker.runOnce();
    expect(await textsTo(shopper.mobile)).toHaveLength(1);
    expect(await textsTo(declined.mobile)).toHaveLength(0);
  });

  it('a seller whose name ends in a full stop does not get a second one', () => {
    const body = orderReceiptSmsBody({
      order: {
        id: 7,
        increment_id: '000000007',
        grand_total_cents: 4495,
        seller_names: ['Saltline Surf Co.'],
      },
      storeName: 'Quokka',
      identity: t.config.identity,
      publicUrl: PUBLIC_URL,
      deliveryKey: 'ABC',
    });
    expect(body.split('\n')[0]).toBe(
      'Quokka receipt: thank you for your order 000000007 from Saltline Surf Co.',
    );
  });

  it('[I16-checkout-giftcard] an order partly paid by gift card: the total, the gift card part, and the card charged', () => {
    const body = orderReceiptSmsBody({
      order: {
        id: 8,
        increment_id: '000000008',
        grand_total_cents: 4495,
        gift_card_cents: 2000,
        seller_names: ['Harbour Goods'],
      },
      storeName: 'Quokka',
      identity: t.config.identity,
      publicUrl: PUBLIC_URL,
      deliveryKey: 'ABC',
    });
    // 44.95 − 20.00 = 24.95 charged to the payment card.
    expect(body.split('\n').slice(1, 4)).toEqual([
      'Order total: $44.95',
      'Paid by gift card: $20.00',
      'Total charged: $24.95',
    ]);
  });

  it('names every seller of the order, shortly', () => {
    expect(sellersText(['Harbour Goods'])).toBe('Harbour Goods');
    expect(sellersText(['A', 'B'])).toBe('A and B');
    expect(sellersText(['A', 'B', 'C', 'D'])).toBe('A, B and 2 more');
  });
});

describe('[I11-11] exactly once', () => {
  it('two workers running at once on one database send each receipt once', async () => {
    const shoppers = await Promise.all([1, 2, 3, 4, 5].map(() => aShopper(t)));
    for (const shopper of shoppers) await aPaidOrder(shopper);
    const slow = wrapped(async (to, body) => {
      await new Promise((resolve) => setTimeout(resolve, 15));
      return outbox.sendSms(to, body);
    });
    const [a, b] = await Promise.all([
      aWorker({ messaging: slow, workerId: 'worker-a' }).worker.runOnce(),
      aWorker({ messaging: slow, workerId: 'worker-b' }).worker.runOnce(),
    ]);
    expect(a + b).toBe(5);
    for (const shopper of shoppers) expect(await textsTo(shopper.mobile)).toHaveLength(1);
  });

  it('a provider call that sent and then failed (a lost answer) is looked up, not repeated', async () => {
    const shopper = await aShopper(t);
    const orderId = await aPaidOrder(shopper);
    const flaky = wrapped(async (to, body) => {
      await outbox.sendSms(to, body);
      throw new Error('socket hang up');
    });
    await aWorker({ messaging: flaky }).worker.runOnce();
    expect(await receiptOf(orderId)).toMatchObject({ status: 'queued', last_error: 'socket hang up' });
    t.clock.advance(30_000);
    const { worker, log } = aWorker();
    await worker.runOnce();
    expect(await textsTo(shopper.mobile)).toHaveLength(1);
    expect((await receiptOf(orderId))?.status).toBe('sent');
    expect(log.messages.some((message) => message.includes('not sending it again'))).toBe(true);
  });

  it('a worker that died mid-send: after its lease the next one finds the text, and the late answer changes nothing', async () => {
    const shopper = await aShopper(t);
    const orderId = await aPaidOrder(shopper);
    let release: (message: SentMessage) => void = () => {};
    let sent = false;
    const dying = wrapped(async (to, body) => {
      await outbox.sendSms(to, body);
      sent = true;
      return new Promise<SentMessage>((resolve) => {
        release = resolve;
      });
    });
    const first = aWorker({ messaging: dying, workerId: 'dies', providerTimeoutMs: 10 * 60_000 });
    const firstRun = first.worker.runOnce();
    while (!sent) await new Promise((resolve) => setTimeout(resolve, 5));

    const second = aWorker({ workerId: 'takes-over' });
    expect(await second.worker.runOnce()).toBe(0); // its lease still holds
    t.clock.advance(5 * 60_000 + 1_000);
    expect(await second.worker.runOnce()).toBe(1);
    release({ providerMessageId: 'late-answer' });
    await firstRun;
    const texts = await textsTo(shopper.mobile);
    expect(texts).toHaveLength(1);
    expect((await receiptOf(orderId))?.message_id).toBe(`sandbox-${texts[0]?.id}`);
  });

  it('retries a failing provider with backoff, then gives up after the last attempt with the reason kept', async () => {
    const shopper = await aShopper(t);
    const orderId = await aPaidOrder(shopper);
    const down = wrapped(async () => {
      throw new Error('Twilio 503: service unavailable');
    });
    const { worker, log } = aWorker({ messaging: down, maxAttempts: 3, backoffBaseMs: 1_000 });
    await worker.runOnce();
    expect((await receiptOf(orderId))?.next_attempt_at?.toISOString()).toBe('2026-11-21T10:00:01.000Z');
    for (let round = 0; round < 4; round++) {
      t.clock.advance(60_000);
      await worker.runOnce();
    }
    expect(await receiptOf(orderId)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'Twilio 503: service unavailable',
    });
    expect(log.messages.filter((message) => message.startsWith('ERROR'))).toHaveLength(1);
    expect(await textsTo(shopper.mobile)).toHaveLength(0);
  });
});
