import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { FakeClock } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { openTestDatabase } from '../../db/database.ts';
import { TEXT } from '../../modules/auth/auth-texts.ts';
import { fakeWebDist } from '../../test/test-app.ts';
import { createProviders } from '../providers.ts';
import { SandboxCaptcha } from './captcha-provider.ts';
import { RecaptchaCaptcha } from './recaptcha.ts';

// The bot check (SPEC.md §7 r_token): the sandbox takes any non-empty token; reCAPTCHA v3 is asked
// through its siteverify endpoint, here a local stand-in that scores tokens by their name.

describe('the sandbox bot check', () => {
  it('passes any non-empty token and refuses an empty one', async () => {
    const captcha = new SandboxCaptcha();
    expect(await captcha.verify('anything')).toBe(true);
    expect(await captcha.verify('')).toBe(false);
    expect(await captcha.verify('   ')).toBe(false);
  });
});

// Some tests here start an app or a process of their own: slow on a busy machine.
describe('reCAPTCHA v3, against a local siteverify', { timeout: 120_000 }, () => {
  let server: Server;
  let verifyUrl: string;
  const received: URLSearchParams[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        const form = new URLSearchParams(body);
        received.push(form);
        const token = form.get('response') ?? '';
        response.setHeader('content-type', 'application/json');
        if (token === 'broken') {
          response.statusCode = 500;
          response.end('{}');
          return;
        }
        if (form.get('secret') !== 'server-secret' || token === 'forged') {
          response.end(JSON.stringify({ success: false, 'error-codes': ['invalid-input-response'] }));
          return;
        }
        const score = token === 'person' ? 0.9 : token === 'borderline' ? 0.5 : 0.1;
        response.end(
          JSON.stringify({ success: true, score, action: 'sendmobilecode', hostname: 'localhost' }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const captcha = (minScore = 0.5) => new RecaptchaCaptcha({ secret: 'server-secret', minScore, verifyUrl });

  it('sends the secret, the token and the client address as a form, and passes a good score', async () => {
    expect(await captcha().verify('person', '203.0.113.5')).toBe(true);
    const form = received.at(-1);
    expect(form?.get('secret')).toBe('server-secret');
    expect(form?.get('response')).toBe('person');
    expect(form?.get('remoteip')).toBe('203.0.113.5');
  });

  it('refuses a score under RECAPTCHA_MIN_SCORE and takes one at it', async () => {
    expect(await captcha().verify('bot')).toBe(false);
    expect(await captcha().verify('borderline')).toBe(true);
    expect(await captcha(0.7).verify('borderline')).toBe(false);
  });

  it('fails closed: a token Google rejects, an error reply or no answer at all is a refusal', async () => {
    const problems: string[] = [];
    expect(await captcha().verify('forged')).toBe(false);
    const reporting = new RecaptchaCaptcha({
      secret: 'server-secret',
      minScore: 0.5,
      verifyUrl,
      onError: (message) => problems.push(message),
    });
    expect(await reporting.verify('broken')).toBe(false);
    const unreachable = new RecaptchaCaptcha({
      secret: 'server-secret',
      minScore: 0.5,
      verifyUrl: 'http://127.0.0.1:9/siteverify',
      timeoutMs: 500,
      onError: (message) => problems.push(message),
    });
    expect(await unreachable.verify('person')).toBe(false);
    expect(problems).toHaveLength(2);
    expect(problems.join(' ')).not.toContain('server-secret');
  });

  it('guards sendmobilecode in the app: a bot score answers 400 {message}, a person gets a code', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      RECAPTCHA_SECRET: 'server-secret',
      RECAPTCHA_SITE_KEY: 'site-key',
    });
    const database = await openTestDatabase();
    const providers = {
      ...createProviders(config, database.db),
      captcha: captcha(config.RECAPTCHA_MIN_SCORE),
    };
    const app = await buildApp({
      config,
      db: database.db,
      providers,
      clock: new FakeClock(),
      webDistDir: fakeWebDist(),
    });
    try {
      expect(config.providers.captcha).toBe('live');
      const send = (r_token: string) =>
        app.inject({
          method: 'POST',
          url: '/rest/default/V1/storefront/sendmobilecode',
          payload: { mobile: '0412 000 111', r_token },
        });
      const bot = await send('bot');
      expect(bot.statusCode).toBe(400);
      expect(bot.json()).toEqual({ message: TEXT.botCheckFailed, code: 'INVALID_DATA' });
      expect((await send('person')).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
