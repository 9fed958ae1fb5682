import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openTestDatabase } from '../../db/database.ts';
import { createProviders } from '../providers.ts';
import { TwilioMessaging } from './twilio-messaging.ts';

// Real messages go through the Twilio SDK. Here the SDK's own HTTP client talks to a local stand-in for
// api.twilio.com, so the test sees the exact request Twilio would get: path, credentials and form.

interface Received {
  method?: string;
  path?: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

/** Twilio's RequestClient, sending every request to the local server instead of api.twilio.com. */
class LocalRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super();
  }

  override request<TData>(options: RequestClient.RequestOptions<TData>) {
    const target = new URL(options.uri);
    return super.request({ ...options, uri: `${this.base}${target.pathname}${target.search}` });
  }
}

// Some tests here start an app or a process of their own: slow on a busy machine.
describe('Twilio messaging', { timeout: 120_000 }, () => {
  let server: Server;
  let base: string;
  const received: Received[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        received.push({
          method: request.method,
          path: request.url,
          headers: request.headers,
          form: new URLSearchParams(body),
        });
        response.statusCode = 201;
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({ sid: `SM${String(received.length).padStart(32, '0')}`, status: 'queued' }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const messaging = () =>
    new TwilioMessaging({
      accountSid: 'AC0123456789abcdef0123456789abcdef',
      authToken: 'auth-token-1',
      from: '+61400000000',
      clientOptions: { httpClient: new LocalRequestClient(base) },
    });

  it('sends a text with messages.create({to, from, body}) and answers the message SID', async () => {
    const sent = await messaging().sendSms('+61412345678', '123456 is your code');
    expect(sent.providerMessageId).toMatch(/^SM\d{32}$/);
    const request = received.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Messages.json');
    const credentials = Buffer.from('AC0123456789abcdef0123456789abcdef:auth-token-1').toString('base64');
    expect(request?.headers.authorization).toBe(`Basic ${credentials}`);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+61412345678',
      From: '+61400000000',
      Body: '123456 is your code',
    });
  });

  it('sends a picture message with its mediaUrl', async () => {
    await messaging().sendMms('+61412345678', 'A gift for you', 'https://shop.example/media/card.png');
    const form = received.at(-1)?.form;
    expect(form?.get('MediaUrl')).toBe('https://shop.example/media/card.png');
    expect(form?.get('Body')).toBe('A gift for you');
  });

  it('is the messaging provider when TWILIO_* keys are set, with no sandbox outbox', async () => {
    const config = loadConfig({
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+61400000000',
    });
    const database = await openTestDatabase();
    try {
      const providers = createProviders(config, database.db);
      expect(providers.messaging).toBeInstanceOf(TwilioMessaging);
      expect(providers.outbox).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
