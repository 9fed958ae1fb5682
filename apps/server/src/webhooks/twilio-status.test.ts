import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxSender, enqueueMessage } from '../modules/messages/outbox.ts';
import { type TwilioMessagesApi, TwilioMessaging } from '../providers/messaging/twilio-messaging.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// [I15-webhooks] Twilio's message status callbacks on the real app: form bodies signed the way Twilio
// signs them (twilio.getExpectedTwilioSignature over PUBLIC_URL + path and the form's fields), against
// messages recorded by the shopper-messages recorder with a Twilio provider whose API is a local stand-in.

const AUTH_TOKEN = 'twilio-auth-token-1';
const PUBLIC_URL = 'https://shop.example.com';
const CALLBACK_URL = `${PUBLIC_URL}/webhooks/twilio/status`;

let t: TestApp;
let sids = 0;

/** Twilio's API as far as sending goes: each message gets a new SID. */
const twilioApi: TwilioMessagesApi = {
  messages: {
    create: async () => ({ sid: `SM${String(++sids).padStart(32, '0')}` }),
  },
};

/** A text to a shopper, sent "through Twilio" and recorded; answers its SID. */
async function aSentText(purpose = 'order_shipped'): Promise<string> {
  const messaging = new TwilioMessaging(
    { accountSid: 'AC1', authToken: AUTH_TOKEN, from: '+61400000000' },
    twilioApi,
  );
  // Through the outbox, as every shopper text goes: queued, then sent by a sender on Twilio.
  const key = `twilio-status-${++sids}`;
  const id = await enqueueMessage(
    t.db,
    { kind: 'sms', to: '+61412345678', body: 'Your order is on its way', purpose, key },
    t.clock.now(),
  );
  const sender = createOutboxSender({
    db: t.db,
    clock: t.clock,
    messaging,
    lookup: { findSent: async () => undefined },
    log: { info() {}, warn() {}, error() {} },
  });
  await sender.sendNow([id]);
  const row = await t.db
    .selectFrom('sent_messages')
    .select(['provider_message_id', 'send_state'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(row.send_state).toBe('sent');
  return row.provider_message_id;
}

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** A callback as Twilio sends it: the form, signed with the auth token over the callback URL. */
function statusCallback(
  app: TestApp['app'],
  fields: Record<string, string>,
  options: { signature?: string | null; token?: string } = {},
) {
  const params = { AccountSid: 'AC1', From: '+61400000000', To: '+61412345678', ...fields };
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(options.token ?? AUTH_TOKEN, CALLBACK_URL, params)
      : options.signature;
  return app.inject({
    method: 'POST',
    url: '/webhooks/twilio/status',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature !== null ? { 'x-twilio-signature': signature } : {}),
    },
    payload: form(params),
  });
}

const messageBySid = (sid: string) =>
  t.db
    .selectFrom('sent_messages')
    .selectAll()
    .where('provider_message_id', '=', sid)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp({
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM: '+61400000000',
    PUBLIC_URL,
  });
});
afterAll(() => t?.close());

describe('[I15-webhooks] POST /webhooks/twilio/status', () => {
  it('a message sent through Twilio is recorded queued, with its purpose', async () => {
    const sid = await aSentText('order_refunded');
    expect(await messageBySid(sid)).toMatchObject({
      provider: 'twilio',
      purpose: 'order_refunded',
      status: 'queued',
      error_code: null,
    });
  });

  it('a signed callback moves the message on: sent, then delivered; answered 204 with no body', async () => {
    const sid = await aSentText();
    const sent = await statusCallback(t.app, { MessageSid: sid, MessageStatus: 'sent' });
    expect(sent.statusCode).toBe(204);
    expect(sent.body).toBe('');
    expect(await messageBySid(sid)).toMatchObject({ status: 'sent' });
    t.clock.advance(5_000);
    expect((await statusCallback(t.app, { MessageSid: sid, MessageStatus: 'delivered' })).statusCode).toBe(
      204,
    );
    const row = await messageBySid(sid);
    expect(row).toMatchObject({ status: 'delivered', error_code: null });
    expect(row.status_at?.getTime()).toBe(t.clock.now().getTime());
  });

  it('a missing signature is refused with 403 and changes nothing', async () => {
    const sid = await aSentText();
    const reply = await statusCallback(
      t.app,
      { MessageSid: sid, MessageStatus: 'delivered' },
      { signature: null },
    );
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('X-Twilio-Signature'),
    });
    expect(await messageBySid(sid)).toMatchObject({ status: 'queued' });
  });

  it('a wrong signature (another auth token, or fields changed after signing) is refused with 403', async () => {
    const sid = await aSentText();
    const otherToken = await statusCallback(
      t.app,
      { MessageSid: sid, MessageStatus: 'delivered' },
      { token: 'someone-elses-token' },
    );
    expect(otherToken.statusCode).toBe(403);
    const signedForSent = twilio.getExpectedTwilioSignature(AUTH_TOKEN, CALLBACK_URL, {
      AccountSid: 'AC1',
      From: '+61400000000',
      To: '+61412345678',
      MessageSid: sid,
      MessageStatus: 'sent',
    });
    const tampered = await statusCallback(
      t.app,
      { MessageSid: sid, MessageStatus: 'failed' },
      { signature: signedForSent },
    );
    expect(tampered.statusCode).toBe(403);
    expect(await messageBySid(sid)).toMatchObject({ status: 'queued' });
  });

  it('a replayed callback is handled once (webhook_events twilio, SID:status)', async () => {
    const sid = await aSentText();
    for (let n = 0; n < 3; n++) {
      expect((await statusCallback(t.app, { MessageSid: sid, MessageStatus: 'sent' })).statusCode).toBe(204);
    }
    const events = await t.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('provider', '=', 'twilio')
      .where('event_id', '=', `${sid}:sent`)
      .execute();
    expect(events).toHaveLength(1);
    expect(await messageBySid(sid)).toMatchObject({ status: 'sent' });
  });

  it('statuses never go backwards: a late "sent" or "sending" does not undo "delivered"', async () => {
    const sid = await aSentText();
    await statusCallback(t.app, { MessageSid: sid, MessageStatus: 'delivered' });
    await statusCallback(t.app, { MessageSid: sid, MessageStatus: 'sent' });
    await statusCallback(t.app, { MessageSid: sid, MessageStatus: 'sending' });
    await statusCallback(t.app, { MessageSid: sid, MessageStatus: 'queued' });
    expect(await messageBySid(sid)).toMatchObject({ status: 'delivered' });
  });

  it('"sending" keeps a message queued; "undelivered" with its ErrorCode is final', async () => {
    const sid = await aSentText();
    await statusCallback(t.app, { MessageSid: sid, MessageStatus: 'sending' });
    expect(await messageBySid(sid)).toMatchObject({ status: 'queued' });
    await statusCallback(t.app, { MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003' });
    expect(await messageBySid(sid)).toMatchObject({ status: 'undelivered', error_code: '30003' });
    await statusCallback(t.app, { MessageSid: sid, MessageStatus: 'delivered' });
    await statusCallback(t.app, { MessageSid: sid, MessageStatus: 'failed', ErrorCode: '30008' });
    expect(await messageBySid(sid)).toMatchObject({ status: 'undelivered', error_code: '30003' });
  });

  it('callbacks arriving at once in any order end at the furthest status', async () => {
    const sid = await aSentText();
    const replies = await Promise.all(
      ['delivered', 'sent', 'queued', 'sending', 'sent'].map((status) =>
        statusCallback(t.app, { MessageSid: sid, MessageStatus: status }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual([204, 204, 204, 204, 204]);
    expect(await messageBySid(sid)).toMatchObject({ status: 'delivered' });
  });

  it('a callback about a message Quokka did not record is answered 204 and ignored', async () => {
    const reply = await statusCallback(t.app, { MessageSid: 'SMunknown', MessageStatus: 'delivered' });
    expect(reply.statusCode).toBe(204);
    const events = await t.db
      .selectFrom('webhook_events')
      .select('event_id')
      .where('event_id', 'like', 'SMunknown%')
      .execute();
    expect(events).toHaveLength(0);
  });

  it('a signed callback without MessageSid or MessageStatus is a 400', async () => {
    const reply = await statusCallback(t.app, { MessageStatus: 'delivered' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ message: 'MessageSid and MessageStatus are needed.' });
  });

  it('takes a form with a charset, and without PUBLIC_URL checks the signature over the URL the request came to', async () => {
    const sid = await aSentText();
    const params = { MessageSid: sid, MessageStatus: 'sent' };
    const charset = await t.app.inject({
      method: 'POST',
      url: '/webhooks/twilio/status',
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, CALLBACK_URL, params),
      },
      payload: form(params),
    });
    expect(charset.statusCode).toBe(204);
    expect(await messageBySid(sid)).toMatchObject({ status: 'sent' });

    const direct = await createTestApp({
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: '+61400000000',
    });
    try {
      const own = { MessageSid: 'SM-direct', MessageStatus: 'delivered' };
      const reply = (url: string) =>
        direct.app.inject({
          method: 'POST',
          url: '/webhooks/twilio/status',
          headers: {
            host: 'shop.internal:8080',
            'content-type': 'application/x-www-form-urlencoded',
            'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, own),
          },
          payload: form(own),
        });
      expect((await reply('http://shop.internal:8080/webhooks/twilio/status')).statusCode).toBe(204);
      expect((await reply(CALLBACK_URL)).statusCode).toBe(403);
    } finally {
      await direct.close();
    }
  });

  it('a JSON body is refused (403: Twilio signs forms)', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/webhooks/twilio/status',
      headers: { 'content-type': 'application/json', 'x-twilio-signature': 'abc' },
      payload: JSON.stringify({ MessageSid: 'SM1', MessageStatus: 'delivered' }),
    });
    expect(reply.statusCode).toBe(403);
  });

  it('is 404 when Twilio is not configured (the sandbox)', async () => {
    const sandbox = await createTestApp({ PUBLIC_URL });
    try {
      const reply = await statusCallback(sandbox.app, { MessageSid: 'SM1', MessageStatus: 'delivered' });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await sandbox.close();
    }
  });
});

describe('[I15-webhooks] the status callback URL', () => {
  it('each message asks Twilio for status callbacks at PUBLIC_URL/webhooks/twilio/status', async () => {
    const requests: Parameters<TwilioMessagesApi['messages']['create']>[0][] = [];
    const api: TwilioMessagesApi = {
      messages: {
        create: async (params) => {
          requests.push(params);
          return { sid: 'SM-callback' };
        },
      },
    };
    const options = { accountSid: 'AC1', authToken: AUTH_TOKEN, from: '+61400000000' };
    await new TwilioMessaging({ ...options, statusCallback: CALLBACK_URL }, api).sendSms(
      '+61412345678',
      'Hi',
    );
    await new TwilioMessaging({ ...options, statusCallback: CALLBACK_URL }, api).sendMms(
      '+61412345678',
      'Hi',
      'https://shop.example.com/media/card.png',
    );
    await new TwilioMessaging(options, api).sendSms('+61412345678', 'Hi');
    expect(requests.map((request) => request.statusCallback)).toEqual([
      CALLBACK_URL,
      CALLBACK_URL,
      undefined,
    ]);
  });
});
