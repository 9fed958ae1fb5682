import type { FastifyInstance } from 'fastify';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { FakeClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openTestDatabase } from '../db/database.ts';
import { isStoppedAll } from '../modules/campaigns/consent.ts';
import { type TwilioMessagesApi, TwilioMessaging } from '../providers/messaging/twilio-messaging.ts';
import { createProviders } from '../providers/providers.ts';
import { aMobile } from '../test/customer-factory.ts';
import { createTestApp, fakeWebDist } from '../test/test-app.ts';

// [I29] POST /webhooks/twilio/inbound on the real app with Twilio configured: forms signed as Twilio signs
// them (twilio.getExpectedTwilioSignature over PUBLIC_URL + path and the fields). Twilio's API itself is a
// local stand-in that records what would have been sent (the only part not ours).

const AUTH_TOKEN = 'twilio-auth-token-29';
const PUBLIC_URL = 'https://shop.example.com';
const INBOUND_URL = `${PUBLIC_URL}/webhooks/twilio/inbound`;

let app: FastifyInstance;
let database: DatabaseHandle;
const sent: { to: string; body: string }[] = [];
let sids = 0;

const twilioApi: TwilioMessagesApi = {
  messages: {
    create: async (params: { to: string; body?: string }) => {
      sent.push({ to: params.to, body: params.body ?? '' });
      return { sid: `SM${String(++sids).padStart(32, '0')}` };
    },
  },
} as TwilioMessagesApi;

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    WORKER: '0',
    MEDIA_STORE: 'memory',
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM: '+61400000000',
    PUBLIC_URL,
  });
  database = await openTestDatabase();
  const providers = {
    ...createProviders(config, database.db),
    messaging: new TwilioMessaging(
      { accountSid: 'AC1', authToken: AUTH_TOKEN, from: '+61400000000' },
      twilioApi,
    ),
  };
  app = await buildApp({
    config,
    db: database.db,
    clock: new FakeClock(),
    providers,
    webDistDir: fakeWebDist(),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

function inbound(
  fields: Record<string, string>,
  options: { signature?: string | null; token?: string } = {},
) {
  const params = { AccountSid: 'AC1', To: '+61400000000', NumMedia: '0', ...fields };
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(options.token ?? AUTH_TOKEN, INBOUND_URL, params)
      : options.signature;
  return app.inject({
    method: 'POST',
    url: '/webhooks/twilio/inbound',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature !== null ? { 'x-twilio-signature': signature } : {}),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

const inboundRows = (sid: string) =>
  database.db.selectFrom('inbound_texts').selectAll().where('message_sid', '=', sid).execute();

describe('[I29] POST /webhooks/twilio/inbound', () => {
  it('[I29] a signed STOP is answered 200 with empty TwiML, stops the number and texts the confirmation once', async () => {
    const mobile = aMobile();
    const fields = { MessageSid: 'SMinbound0001', From: mobile, Body: 'Stop' };
    const first = await inbound(fields);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/xml');
    expect(first.body).toContain('<Response></Response>');
    expect(await isStoppedAll(database.db, mobile)).toBe(true);
    // Twilio retries the same message: answered the same, nothing sent again.
    expect((await inbound(fields)).statusCode).toBe(200);
    const toMobile = sent.filter((text) => text.to === mobile);
    expect(toMobile).toHaveLength(1);
    expect(toMobile[0]?.body).toContain('no more offers');
    expect(await inboundRows('SMinbound0001')).toHaveLength(1);
  });

  it('[I29] a missing signature is 403 and records nothing', async () => {
    const reply = await inbound(
      { MessageSid: 'SMinbound0002', From: aMobile(), Body: 'STOP' },
      { signature: null },
    );
    expect(reply.statusCode).toBe(403);
    expect(await inboundRows('SMinbound0002')).toHaveLength(0);
  });

  it('[I29] a wrong signature (another token, or the fields changed) is 403 and records nothing', async () => {
    const mobile = aMobile();
    const wrongToken = await inbound(
      { MessageSid: 'SMinbound0003', From: mobile, Body: 'STOP' },
      { token: 'other' },
    );
    expect(wrongToken.statusCode).toBe(403);
    const signed = twilio.getExpectedTwilioSignature(AUTH_TOKEN, INBOUND_URL, {
      AccountSid: 'AC1',
      To: '+61400000000',
      NumMedia: '0',
      MessageSid: 'SMinbound0003',
      From: mobile,
      Body: 'HELP',
    });
    const changed = await inbound(
      { MessageSid: 'SMinbound0003', From: mobile, Body: 'STOP' },
      { signature: signed },
    );
    expect(changed.statusCode).toBe(403);
    expect(await inboundRows('SMinbound0003')).toHaveLength(0);
    expect(await isStoppedAll(database.db, mobile)).toBe(false);
  });

  it('[I29] the sandbox reply route is 404 when messaging is live (outside sandbox mode)', async () => {
    const reply = await app.inject({
      method: 'POST',
      url: '/dev/messages/reply',
      payload: { from: aMobile(), body: 'STOP' },
    });
    expect(reply.statusCode).toBe(404);
  });
});

describe('[I29] POST /webhooks/twilio/inbound without Twilio', () => {
  it('[I29] is 404 when TWILIO_AUTH_TOKEN is not set', async () => {
    const t = await createTestApp();
    try {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/webhooks/twilio/inbound',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
        payload: 'MessageSid=SM1&From=%2B61412345678&Body=STOP',
      });
      expect(reply.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
