import type { GiftCardDetails as GiftCardDetailsWire } from '@quokka/contract/api/giftcards';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, withDatabase } from '../db/database.ts';
import { issueCustomerToken } from '../modules/auth/token-service.ts';
import { giftCardMmsBody, MMS_BODY_LIMIT } from '../modules/giftcards/gift-card-message.ts';
import { stopCardMessages } from '../modules/giftcards/gift-card-sending.ts';
import { aGiftCardSender, deliveryKeyOf, pictureRowOf } from '../modules/giftcards/test/gift-card-sender.ts';
import { OutboxLookup } from '../modules/messages/message-lookup.ts';
import type { OutboxSenderOptions, WorkerLog } from '../modules/messages/outbox.ts';
import type { MessagingProvider, SentMessage } from '../providers/messaging/messaging-provider.ts';
import { type OutboxMessage, SandboxMessaging } from '../providers/messaging/sandbox-messaging.ts';
import { aShopper, call, NS, type Shopper } from '../test/cart-factory.ts';
import {
  aPaidGiftCard,
  buyGiftCard,
  type GiftCardCatalogue,
  giftCardCatalogue,
  payForCart,
  saveGiftCardDetails,
  saveGiftCardOrder,
} from '../test/gift-card-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createPollLoop } from './poll-loop.ts';
import { outboxJob } from './start-worker.ts';

// A gift card's picture message and its purchaser's receipt through the one outbox (gift-card-sends.ts,
// modules/giftcards/gift-card-sending.ts) on real rows: cards bought and paid for through the API, sent
// by the outbox's sender with the app's renderers through the sandbox, with a fake clock (no test depends
// on the hour it runs at). Providers that fail, hang or die mid-send are wrappers around the real sandbox.
// The sender handles rows: a card is two (its picture message, then the receipt that message queues).

let t: TestApp;
let catalogue: GiftCardCatalogue;
let shopper: Shopper;
let outbox: SandboxMessaging;

const PUBLIC_URL = 'https://shop.example.com';

class RecordingLog implements WorkerLog {
  readonly entries: { level: 'info' | 'warn' | 'error'; message: string; details: object }[] = [];
  info(details: object, message: string) {
    this.entries.push({ level: 'info', message, details });
  }
  warn(details: object, message: string) {
    this.entries.push({ level: 'warn', message, details });
  }
  error(details: object, message: string) {
    this.entries.push({ level: 'error', message, details });
  }
}

function aWorker(options: Partial<OutboxSenderOptions> = {}) {
  const log = new RecordingLog();
  const worker = aGiftCardSender(t, { publicUrl: PUBLIC_URL, log, ...options });
  return { worker, log };
}

/** The card's picture message in the outbox (what the delivery queue's row said before). */
const deliveryOf = (cardId: number) => pictureRowOf(t.db, cardId);

/** The purchaser's receipt of the card in the outbox, once its picture message went. */
const receiptRowOf = (cardId: number) =>
  t.db
    .selectFrom('sent_messages')
    .selectAll()
    .where('gift_card_id', '=', cardId)
    .where('purpose', '=', 'gift_card_receipt')
    .executeTakeFirst();

/** The messages of one card, found by its delivery key: picture messages and receipts. */
async function messagesOf(cardId: number): Promise<{ mms: OutboxMessage[]; receipts: OutboxMessage[] }> {
  const key = await deliveryKeyOf(t.db, cardId);
  const all = await outbox.list(10_000);
  return {
    mms: all.filter((message) => message.body.includes(`Ref G-${key}`)),
    receipts: all.filter((message) => message.body.includes(`Ref R-${key}`)),
  };
}

/** The card as the member reads it (with a token fresh on the fake clock, which the tests move). */
async function cardOf(cardId: number): Promise<GiftCardDetailsWire> {
  const token = await issueCustomerToken(t.db, shopper.id, t.clock);
  const reply = await call<{ data: GiftCardDetailsWire }>(
    t.app,
    'GET',
    `${NS}/getgiftcarddetailsbyid?gift_card_details_id=${cardId}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  return reply.body.data;
}

/** A paid card with the given schedule; answers its id. */
async function aCard(options: Parameters<typeof aPaidGiftCard>[3] = {}): Promise<number> {
  const { cards } = await aPaidGiftCard(t, shopper, catalogue, options);
  const card = cards[0];
  if (!card) throw new Error('no card');
  return card.id;
}

/** A messaging provider that behaves like the sandbox except where a test says otherwise. */
function wrapped(overrides: Partial<Pick<MessagingProvider, 'sendMms' | 'sendSms'>>): MessagingProvider {
  return {
    mode: 'sandbox',
    sendSms: overrides.sendSms ?? ((to, body) => outbox.sendSms(to, body)),
    sendMms: overrides.sendMms ?? ((to, body, media) => outbox.sendMms(to, body, media)),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await giftCardCatalogue(t.db);
  const sandbox = t.app.deps.providers.outbox;
  if (!sandbox) throw new Error('the test app runs messaging in sandbox mode');
  outbox = sandbox;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.clock.set('2026-11-21T00:00:00Z'); // 11:00 in Sydney, 08:00 in Perth
  shopper = await aShopper(t);
  // Nothing left over from earlier tests is due.
  await t.db
    .updateTable('sent_messages')
    .set({ send_state: 'sent' })
    .where('send_state', 'in', ['queued', 'sending'])
    .execute();
});

describe('sending', () => {
  it('[GIFT-01, GIFT-02, GIFT-03] Send Now: one picture message with the picture, name, amount, message, number and validity, and one receipt', async () => {
    const { cards } = await aPaidGiftCard(t, shopper, catalogue, {
      form: {
        recipient_mobile: '0412 000 111',
        purchaser_mobile: '0498 000 222',
        recipient_message: 'Enjoy!',
      },
    });
    const card = cards[0] as GiftCardDetailsWire;
    const { worker } = aWorker();
    expect(await worker.runOnce()).toBe(2);

    const { mms, receipts } = await messagesOf(card.id);
    expect(mms).toHaveLength(1);
    expect(mms[0]).toMatchObject({
      to: '+61412000111',
      kind: 'mms',
      media_url: `${PUBLIC_URL}${catalogue.templateUrls[0]}`,
    });
    const body = mms[0]?.body ?? '';
    expect(body).toContain('Ava Nguyen');
    expect(body).toContain('$50.00');
    expect(body).toContain('Enjoy!');
    expect(body).toContain(card.gift_card_no.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(body).toContain('Valid until: 21 November 2029');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ to: '+61498000222', kind: 'sms' });
    expect(receipts[0]?.body).toContain(card.gift_card_no.slice(-4));

    expect(await deliveryOf(card.id)).toMatchObject({
      send_state: 'sent',
      attempts: 1,
      provider_message_id: `sandbox-${mms[0]?.id}`,
      lease_owner: null,
    });
    expect(await receiptRowOf(card.id)).toMatchObject({
      send_state: 'sent',
      attempts: 1,
      provider_message_id: `sandbox-${receipts[0]?.id}`,
      lease_owner: null,
    });
    expect(await cardOf(card.id)).toMatchObject({
      status: 'sent',
      sent_at: '2026-11-21T00:00:00.000Z',
      valid_until: '2029-11-21 11:00:00',
    });

    // Nothing is ever sent twice.
    expect(await worker.runOnce()).toBe(0);
    expect((await messagesOf(card.id)).mms).toHaveLength(1);
  });

  it('[I11-13][I16-redeem] the picture message says who sent it, what it is for, how to use it, where it spends and who to ask', async () => {
    const sender = await aShopper(t, { firstname: 'Leo', lastname: 'Wattle' });
    const { cards } = await aPaidGiftCard(t, sender, catalogue, { form: { recipient_message: 'Enjoy!' } });
    const card = cards[0] as GiftCardDetailsWire;
    await aWorker().worker.runOnce();
    const body = (await messagesOf(card.id)).mms[0]?.body ?? '';
    const seller = await t.db
      .selectFrom('products as p')
      .innerJoin('sellers as s', 's.id', 'p.seller_id')
      .select(['s.name', 's.seller_url'])
      .where('p.id', '=', catalogue.productId)
      .executeTakeFirstOrThrow();
    // Who sent it and what it is.
    expect(body).toContain(`Leo Wattle has sent you a $50.00 gift card for ${seller.name}!`);
    // How to use it: the seller's shop, the number, the expiry.
    expect(body).toContain(
      `To use it, shop ${seller.name} at ${PUBLIC_URL}/sellerprofile/${seller.seller_url} and give the gift card number when you pay.`,
    );
    // [I16-redeem] Where it spends: with its seller, online or in store.
    expect(body).toContain(`It can be spent with ${seller.name}, online or in store.`);
    expect(body).toContain(`Gift card number: ${card.gift_card_no.replace(/(\d{4})(?=\d)/g, '$1 ')}`);
    expect(body).toContain('Valid until: 21 November 2029');
    // Who it comes from and who to ask.
    expect(body).toContain(
      'Sent for Leo Wattle by Quokka (Quokka Marketplace Pty Ltd). Questions? support@example.com or 1300 975 707',
    );
    expect(body.length).toBeLessThanOrEqual(MMS_BODY_LIMIT);
  });

  it('[I11-13] the longest picture message (a 160-character message, long names) stays within the MMS limit', () => {
    const body = giftCardMmsBody(
      {
        recipient_firstname: 'A'.repeat(60),
        recipient_lastname: 'B'.repeat(60),
        recipient_mobile: '+61412000111',
        recipient_message: '🎂'.repeat(80),
        product_name: 'Gift Card',
        amount_cents: 100_000,
        gift_card_no: '1234567890123456',
      },
      { senderName: 'C'.repeat(120), seller: { name: 'D'.repeat(100), url: 'e'.repeat(100) } },
      {
        publicUrl: 'https://a-rather-long-storefront-address.example.com.au',
        storeName: 'F'.repeat(40),
        identity: t.config.identity,
      },
      '21 November 2029',
      'ABCDEF0123456789',
    );
    expect(body.length).toBeLessThanOrEqual(MMS_BODY_LIMIT);
  });

  it('[GIFT-02] a scheduled card goes out at its time, not before', async () => {
    const cardId = await aCard({ at: '2026-11-22 10:00:00', zone: 'Australia/Sydney' });
    const { worker } = aWorker();
    await worker.runOnce();
    t.clock.set('2026-11-21T22:59:59Z');
    await worker.runOnce();
    expect((await messagesOf(cardId)).mms).toHaveLength(0);
    t.clock.set('2026-11-21T23:00:00Z');
    await worker.runOnce();
    expect((await messagesOf(cardId)).mms).toHaveLength(1);
  });

  it('[GIFT-03] valid_until moves to 3 years from the actual send when it is later than scheduled', async () => {
    // 21:00 in Sydney is in quiet hours: sent at 06:00 the next morning.
    const cardId = await aCard({ at: '2026-11-21 21:00:00', zone: 'Australia/Sydney' });
    expect((await cardOf(cardId)).valid_until).toBe('2029-11-21 21:00:00');
    t.clock.set('2026-11-21T19:00:00Z');
    const { worker } = aWorker();
    await worker.runOnce();
    expect((await cardOf(cardId)).valid_until).toBe('2029-11-22 06:00:00');
    expect((await messagesOf(cardId)).mms[0]?.body).toContain('Valid until: 22 November 2029');
  });

  it('polls the queue on its own once started, and stops cleanly', async () => {
    const cardId = await aCard();
    const { worker, log } = aWorker();
    const loop = createPollLoop({ id: worker.id, jobs: [outboxJob(worker, 10)], log });
    loop.start();
    for (let wait = 0; wait < 200 && (await receiptRowOf(cardId))?.send_state !== 'sent'; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await loop.stop();
    expect((await deliveryOf(cardId))?.send_state).toBe('sent');
    expect((await receiptRowOf(cardId))?.send_state).toBe('sent');
  });
});

// [CONST-27] The edges of quiet hours in a zone without daylight saving and one with it.
describe.each([
  {
    zone: 'Australia/Perth',
    day: '2026-11-21',
    next: '2026-11-22',
    // UTC instants of 19:00, 19:59:59, 20:00:00 on `day` and 05:59:59, 06:00:00 on `next` in Perth (UTC+8)
    at1900: '2026-11-21T11:00:00Z',
    at195959: '2026-11-21T11:59:59Z',
    at2000: '2026-11-21T12:00:00Z',
    at055959: '2026-11-21T21:59:59Z',
    at0600: '2026-11-21T22:00:00Z',
  },
  {
    zone: 'Australia/Sydney',
    day: '2026-11-21',
    next: '2026-11-22',
    // … in Sydney (UTC+11 in November)
    at1900: '2026-11-21T08:00:00Z',
    at195959: '2026-11-21T08:59:59Z',
    at2000: '2026-11-21T09:00:00Z',
    at055959: '2026-11-21T18:59:59Z',
    at0600: '2026-11-21T19:00:00Z',
  },
  {
    zone: 'Australia/Sydney',
    // Summer time starts at 02:00 on Sunday 4 October 2026: the night is 9 hours long.
    day: '2026-10-03',
    next: '2026-10-04',
    at1900: '2026-10-03T09:00:00Z',
    at195959: '2026-10-03T09:59:59Z',
    at2000: '2026-10-03T10:00:00Z',
    at055959: '2026-10-03T18:59:59Z',
    at0600: '2026-10-03T19:00:00Z',
  },
  {
    zone: 'Australia/Sydney',
    // Summer time ends at 03:00 on Sunday 5 April 2026: the night is 11 hours long.
    day: '2026-04-04',
    next: '2026-04-05',
    at1900: '2026-04-04T08:00:00Z',
    at195959: '2026-04-04T08:59:59Z',
    at2000: '2026-04-04T09:00:00Z',
    at055959: '2026-04-04T19:59:59Z',
    at0600: '2026-04-04T20:00:00Z',
  },
])(
  '[CONST-27] quiet hours in $zone on $day',
  ({ zone, day, next, at1900, at195959, at2000, at055959, at0600 }) => {
    it('Send Now at 19:59:59 goes out at once', async () => {
      t.clock.set(at195959);
      const cardId = await aCard({ at: 'now', zone });
      expect((await cardOf(cardId)).scheduled_delivery).toBe(`${day} 19:59:59`);
      await aWorker().worker.runOnce();
      expect((await messagesOf(cardId)).mms).toHaveLength(1);
    });

    it('Send Now at 20:00:00 waits until 06:00:00 there: nothing at 05:59:59, sent at 06:00:00', async () => {
      t.clock.set(at2000);
      const cardId = await aCard({ at: 'now', zone });
      const { worker } = aWorker();
      await worker.runOnce();
      expect((await messagesOf(cardId)).mms).toHaveLength(0);
      expect((await deliveryOf(cardId))?.next_attempt_at?.toISOString()).toBe(new Date(at0600).toISOString());
      t.clock.set(at055959);
      await worker.runOnce();
      expect((await messagesOf(cardId)).mms).toHaveLength(0);
      t.clock.set(at0600);
      await worker.runOnce();
      expect((await messagesOf(cardId)).mms).toHaveLength(1);
      expect((await cardOf(cardId)).valid_until).toBe(
        `${Number(next.slice(0, 4)) + 3}${next.slice(4)} 06:00:00`,
      );
    });

    it('Send Now at 05:59:59 waits one second, until 06:00:00', async () => {
      t.clock.set(at055959);
      const cardId = await aCard({ at: 'now', zone });
      const { worker } = aWorker();
      await worker.runOnce();
      expect((await messagesOf(cardId)).mms).toHaveLength(0);
      t.clock.set(at0600);
      await worker.runOnce();
      expect((await messagesOf(cardId)).mms).toHaveLength(1);
    });

    it('a send due at 19:00 that a worker only reaches at 20:00:00 is deferred to 06:00:00, not counted as an attempt', async () => {
      t.clock.set(at1900);
      const cardId = await aCard({ at: 'now', zone });
      t.clock.set(at2000);
      const { worker, log } = aWorker();
      expect(await worker.runOnce()).toBe(1);
      expect((await messagesOf(cardId)).mms).toHaveLength(0);
      expect(await deliveryOf(cardId)).toMatchObject({ send_state: 'queued', attempts: 0 });
      expect((await deliveryOf(cardId))?.next_attempt_at?.toISOString()).toBe(new Date(at0600).toISOString());
      expect(log.entries.some((entry) => entry.message.includes('quiet hours'))).toBe(true);
      t.clock.set(at0600);
      await worker.runOnce();
      expect((await messagesOf(cardId)).mms).toHaveLength(1);
    });
  },
);

describe('provider failures', () => {
  it('retries with exponential backoff, recording attempts and the next attempt, then sends once', async () => {
    const cardId = await aCard();
    let failures = 2;
    const messaging = wrapped({
      sendMms: async (to, body, media) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('Twilio 503: service unavailable');
        }
        return outbox.sendMms(to, body, media);
      },
    });
    const { worker, log } = aWorker({ messaging, backoffBaseMs: 30_000 });
    await worker.runOnce();
    expect(await deliveryOf(cardId)).toMatchObject({
      send_state: 'queued',
      attempts: 1,
      last_error: 'Twilio 503: service unavailable',
    });
    expect((await deliveryOf(cardId))?.next_attempt_at?.toISOString()).toBe('2026-11-21T00:00:30.000Z');
    await worker.runOnce(); // not due yet
    expect((await deliveryOf(cardId))?.attempts).toBe(1);
    t.clock.set('2026-11-21T00:00:30Z');
    await worker.runOnce();
    expect((await deliveryOf(cardId))?.next_attempt_at?.toISOString()).toBe('2026-11-21T00:01:30.000Z');
    t.clock.set('2026-11-21T00:01:30Z');
    await worker.runOnce();
    expect(await deliveryOf(cardId)).toMatchObject({ send_state: 'sent', attempts: 3 });
    expect((await messagesOf(cardId)).mms).toHaveLength(1);
    expect(log.entries.filter((entry) => entry.message.includes('will retry'))).toHaveLength(2);
  });

  it('gives up after the last attempt: failed in the table and an error in the log', async () => {
    const cardId = await aCard();
    const messaging = wrapped({
      sendMms: async () => {
        throw new Error('Twilio 21606: not a valid sender');
      },
    });
    const { worker, log } = aWorker({ messaging, maxAttempts: 3, backoffBaseMs: 1_000 });
    for (let round = 0; round < 5; round++) {
      await worker.runOnce();
      t.clock.advance(60_000);
    }
    const delivery = await deliveryOf(cardId);
    expect(delivery).toMatchObject({
      send_state: 'failed',
      attempts: 3,
      last_error: 'Twilio 21606: not a valid sender',
    });
    expect(delivery?.status_at).not.toBeNull();
    // The card never went: no receipt is ever queued.
    expect(await receiptRowOf(cardId)).toBeUndefined();
    expect((await cardOf(cardId)).status).toBe('failed');
    expect(log.entries.filter((entry) => entry.level === 'error')).toHaveLength(1);
    expect((await messagesOf(cardId)).mms).toHaveLength(0);
  });

  it('a failed receipt is retried without sending the picture message again', async () => {
    const cardId = await aCard();
    let failures = 1;
    const messaging = wrapped({
      sendSms: async (to, body) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('timeout');
        }
        return outbox.sendSms(to, body);
      },
    });
    const { worker } = aWorker({ messaging });
    await worker.runOnce();
    t.clock.advance(30_000);
    await worker.runOnce();
    const { mms, receipts } = await messagesOf(cardId);
    expect(mms).toHaveLength(1);
    expect(receipts).toHaveLength(1);
    expect((await deliveryOf(cardId))?.send_state).toBe('sent');
    expect((await receiptRowOf(cardId))?.send_state).toBe('sent');
  });
});

describe('exactly once', () => {
  it('two workers running at once on one database send each card once', async () => {
    const { cards } = await aPaidGiftCard(t, shopper, catalogue, { count: 6 });
    // A slow provider, so that the two workers' sends overlap.
    const slow = wrapped({
      sendMms: async (to, body, media) => {
        await new Promise((resolve) => setTimeout(resolve, 15));
        return outbox.sendMms(to, body, media);
      },
    });
    const first = aWorker({ messaging: slow, workerId: 'worker-a' });
    const second = aWorker({ messaging: slow, workerId: 'worker-b' });
    const [a, b] = await Promise.all([first.worker.runOnce(), second.worker.runOnce()]);
    expect(a + b).toBe(12);
    for (const card of cards) {
      const { mms, receipts } = await messagesOf(card.id);
      expect(mms, `card ${card.id}`).toHaveLength(1);
      expect(receipts, `card ${card.id}`).toHaveLength(1);
      expect((await deliveryOf(card.id))?.send_state).toBe('sent');
    }
  });

  it('of many senders claiming at the same moment one due card, exactly one sends it', async () => {
    const cardId = await aCard();
    const row = await deliveryOf(cardId);
    if (!row) throw new Error('no picture message queued');
    await Promise.all(
      Array.from({ length: 8 }, (_, n) => aWorker({ workerId: `racer-${n}` }).worker.sendNow([row.id])),
    );
    expect(await deliveryOf(cardId)).toMatchObject({ send_state: 'sent', attempts: 1 });
    expect((await messagesOf(cardId)).mms).toHaveLength(1);
  });

  it('a worker killed after the provider sent but before it recorded: the next worker finds the message and never sends it again', async () => {
    const cardId = await aCard();
    // The first worker's provider sends, then never answers: the process "dies" in the provider call.
    let release: (message: SentMessage) => void = () => {};
    let sent = false;
    const dying = wrapped({
      sendMms: async (to, body, media) => {
        await outbox.sendMms(to, body, media);
        sent = true;
        return new Promise<SentMessage>((resolve) => {
          release = resolve;
        });
      },
    });
    const first = aWorker({ messaging: dying, workerId: 'dies', providerTimeoutMs: 10 * 60_000 });
    const firstRun = first.worker.runOnce();
    while (!sent) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await deliveryOf(cardId)).toMatchObject({ send_state: 'sending', sent_at: null });

    // While its lease lasts nobody touches the send.
    const second = aWorker({ workerId: 'takes-over' });
    expect(await second.worker.runOnce()).toBe(0);
    // After the lease: the new worker asks the provider before sending, finds the message, records it.
    t.clock.advance(5 * 60_000 + 1_000);
    expect(await second.worker.runOnce()).toBe(2);
    const { mms, receipts } = await messagesOf(cardId);
    expect(mms).toHaveLength(1);
    expect(receipts).toHaveLength(1);
    expect(await deliveryOf(cardId)).toMatchObject({
      send_state: 'sent',
      provider_message_id: `sandbox-${mms[0]?.id}`,
    });
    expect(second.log.entries.some((entry) => entry.message.includes('not sending it again'))).toBe(true);

    // The first worker comes back to life: its late answer changes nothing.
    release({ providerMessageId: 'late-answer' });
    await firstRun;
    expect((await deliveryOf(cardId))?.provider_message_id).toBe(`sandbox-${mms[0]?.id}`);
    expect((await messagesOf(cardId)).mms).toHaveLength(1);
    expect(first.log.entries.some((entry) => entry.message.includes('claim lost'))).toBe(true);
  });

  it('a provider call that sent and then failed (a lost answer) is looked up, not repeated', async () => {
    const cardId = await aCard();
    const flaky = wrapped({
      sendMms: async (to, body, media) => {
        await outbox.sendMms(to, body, media);
        throw new Error('socket hang up');
      },
    });
    await aWorker({ messaging: flaky }).worker.runOnce();
    expect(await deliveryOf(cardId)).toMatchObject({ send_state: 'queued', attempts: 1 });
    t.clock.advance(30_000);
    await aWorker().worker.runOnce();
    expect((await messagesOf(cardId)).mms).toHaveLength(1);
    expect((await deliveryOf(cardId))?.send_state).toBe('sent');
  });

  it('a worker killed after recording the intent but before calling the provider: the send happens once', async () => {
    const cardId = await aCard();
    const never = wrapped({
      sendMms: async () => {
        throw new Error('process killed before the request left');
      },
    });
    await aWorker({ messaging: never }).worker.runOnce();
    expect((await deliveryOf(cardId))?.intent_at).not.toBeNull();
    t.clock.advance(30_000);
    await aWorker().worker.runOnce();
    expect((await messagesOf(cardId)).mms).toHaveLength(1);
  });
});

// [I28-outbox] What the one outbox holds a gift card's message to: written in the transaction that makes
// it due, stopped by a void even under a sender's claim, and sent once by two senders on one PostgreSQL.
describe('[I28-outbox] a gift card through the one outbox', () => {
  it('[I28-outbox, GIFT-02] the picture message is written in the transaction that links the card: rolled back, no row and no card linked', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50]);
    const card = (await saveGiftCardDetails(t.app, shopper, line, catalogue)).body.data;
    const orderId = await payForCart(t.app, shopper);
    // A fault late in the link's transaction: the outbox refuses the card's row.
    await sql
      .raw(`create or replace function gift_card_test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'gift card test: % refused', new.purpose; end $$`)
      .execute(t.db);
    await sql
      .raw(`create trigger gift_card_test_refuse after insert on sent_messages for each row
        when (new.purpose = 'gift_card') execute function gift_card_test_refuse()`)
      .execute(t.db);
    try {
      expect((await saveGiftCardOrder(t.app, shopper, line.cartId, orderId)).status).toBe(500);
    } finally {
      await sql.raw('drop trigger if exists gift_card_test_refuse on sent_messages').execute(t.db);
    }
    expect(
      await t.db.selectFrom('sent_messages').select('id').where('gift_card_id', '=', card.id).execute(),
    ).toEqual([]);
    expect((await cardOf(card.id)).order_id).toBeNull();
    // Committed: exactly one row, queued with the link, and the card's key on it.
    expect((await saveGiftCardOrder(t.app, shopper, line.cartId, orderId)).status).toBe(200);
    const rows = await t.db
      .selectFrom('sent_messages')
      .selectAll()
      .where('gift_card_id', '=', card.id)
      .execute();
    expect(rows.map((row) => [row.purpose, row.send_state, row.idempotency_key])).toEqual([
      ['gift_card', 'queued', `gift_card:${await deliveryKeyOf(t.db, card.id)}`],
    ]);
  });

  it('[I28-outbox, I27-void] a void stops a queued card, and a sender that held its claim can neither send it later nor record over it', async () => {
    const waiting = await aCard({ at: '2026-11-22 10:00:00', zone: 'Australia/Sydney' });
    await t.db.transaction().execute((trx) => stopCardMessages(trx, waiting, t.clock.now()));
    t.clock.set('2026-11-22T00:00:00Z');
    expect(await aWorker().worker.runOnce()).toBe(0);
    expect((await messagesOf(waiting)).mms).toHaveLength(0);
    expect(await deliveryOf(waiting)).toMatchObject({ send_state: 'cancelled', last_error: 'voided' });

    // A sender holds the claim (its provider call hangs) when the void commits.
    const claimed = await aCard();
    let release: (message: SentMessage) => void = () => {};
    let calls = 0;
    const hanging = wrapped({
      sendMms: async () => {
        calls += 1;
        return new Promise<SentMessage>((resolve) => {
          release = resolve;
        });
      },
    });
    const run = aWorker({ messaging: hanging, workerId: 'holds-it' }).worker.runOnce();
    while (calls === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await t.db.transaction().execute((trx) => stopCardMessages(trx, claimed, t.clock.now()));
    release({ providerMessageId: 'answered-after-the-void' });
    await run;
    expect(await deliveryOf(claimed)).toMatchObject({ send_state: 'cancelled', last_error: 'voided' });
    expect(await receiptRowOf(claimed)).toBeUndefined();
    t.clock.advance(60 * 60_000);
    expect(await aWorker().worker.runOnce()).toBe(0);
  });

  it('[I28-outbox] two senders, each with its own connections on PostgreSQL, send each of 6 cards and receipts once', async () => {
    const { cards } = await aPaidGiftCard(t, shopper, catalogue, { count: 6 });
    let second: DatabaseHandle | undefined;
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const where = await sql<{ db: string; schema: string }>`select current_database() as db,
        current_schema() as schema`.execute(t.db);
      const at = where.rows[0];
      if (!at) throw new Error('no database name');
      second = await openDatabase({ url: withDatabase(url, at.db), schema: at.schema, poolSize: 4 });
    }
    try {
      const otherDb = second?.db ?? t.db;
      const otherSandbox = new SandboxMessaging(otherDb);
      const [a, b] = await Promise.all([
        aWorker({ workerId: 'a', batchSize: 1 }).worker.runOnce(),
        aWorker({
          workerId: 'b',
          batchSize: 1,
          db: otherDb,
          messaging: otherSandbox,
          lookup: new OutboxLookup(otherSandbox),
        }).worker.runOnce(),
      ]);
      expect(a + b).toBe(12);
    } finally {
      await second?.close();
    }
    for (const card of cards) {
      const { mms, receipts } = await messagesOf(card.id);
      expect([mms.length, receipts.length], `card ${card.id}`).toEqual([1, 1]);
    }
  });
});
