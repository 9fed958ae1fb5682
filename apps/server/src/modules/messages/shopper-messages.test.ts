import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxMessaging } from '../../providers/messaging/sandbox-messaging.ts';
import { aShopper } from '../../test/cart-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { enqueueMessage } from './outbox.ts';
import { recordShopperMessage } from './shopper-messages.ts';

// [I15-messages] How a message is recorded, on the sandbox: each message the outbox sends is in the
// sandbox's outbox and in sent_messages with its purpose, its order, and the sandbox's status at once; a
// sign-in code's record (recordShopperMessage) keeps one row per provider message.

let t: TestApp;
let outbox: SandboxMessaging;

beforeAll(async () => {
  t = await createTestApp();
  const sandbox = t.app.deps.providers.outbox;
  if (!sandbox) throw new Error('the test app runs messaging in sandbox mode');
  outbox = sandbox;
  t.clock.set('2026-11-22T03:04:05Z');
});
afterAll(() => t?.close());

let keys = 0;
/** Queues the message in the outbox and sends it as a request does (sendNow); answers its row. */
async function send(message: {
  to: string;
  kind: 'sms' | 'mms';
  body: string;
  mediaUrl?: string;
  purpose: string;
}) {
  const id = await enqueueMessage(t.db, { ...message, key: `recording-${++keys}` }, t.clock.now());
  await t.app.services.outbox.sendNow([id]);
  return t.db.selectFrom('sent_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('[I15-messages] sandbox statuses', () => {
  it('a text sent in sandbox mode is recorded delivered at once', async () => {
    const shopper = await aShopper(t);
    const row = await send({
      to: shopper.mobile,
      kind: 'sms',
      body: 'Quokka: your order is on its way',
      purpose: 'order_shipped',
    });
    expect(row.provider_message_id).toMatch(/^sandbox-/);
    expect(row).toMatchObject({
      provider: 'sandbox',
      send_state: 'sent',
      kind: 'sms',
      purpose: 'order_shipped',
      to_number: shopper.mobile,
      status: 'delivered',
      error_code: null,
    });
    expect(row.status_at?.toISOString()).toBe('2026-11-22T03:04:05.000Z');
    expect((await outbox.list(1))[0]).toMatchObject({
      body: 'Quokka: your order is on its way',
      status: 'delivered',
    });
  });

  it('a picture message to 0491 570 110 (the sandbox failing number) is recorded undelivered with error 30003', async () => {
    const row = await send({
      to: '+61491570110',
      kind: 'mms',
      body: 'A gift for you',
      mediaUrl: 'https://shop.example.com/media/card.png',
      purpose: 'gift_card',
    });
    expect(row).toMatchObject({ kind: 'mms', status: 'undelivered', error_code: '30003' });
  });

  it('GET /dev/messages.json shows each message with the status the sandbox reported', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/dev/messages.json' });
    expect(reply.statusCode).toBe(200);
    const [failed, delivered] = reply.json() as { status: string; error_code: string | null }[];
    expect(failed).toMatchObject({ to: '+61491570110', status: 'undelivered', error_code: '30003' });
    expect(delivered).toMatchObject({ status: 'delivered', error_code: null });
    const page = await t.app.inject({ method: 'GET', url: '/dev/messages' });
    expect(page.body).toContain('undelivered (error 30003)');
  });

  it('recording the same provider message twice keeps one row', async () => {
    const record = {
      to: '+61412000999',
      kind: 'sms' as const,
      purpose: 'order_receipt',
      providerMessageId: 'sandbox-x1',
    };
    const first = await recordShopperMessage(t.db, outbox, record, t.clock.now());
    const again = await recordShopperMessage(t.db, outbox, record, t.clock.now());
    expect(again).toBe(first);
    const rows = await t.db
      .selectFrom('sent_messages')
      .select('id')
      .where('provider_message_id', '=', 'sandbox-x1')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
