import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { FakeClock } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { openTestDatabase } from '../../db/database.ts';
import { loggerOptions } from '../../logger.ts';
import { aLinkToken, aMember, TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { fakeWebDist } from '../../test/test-app.ts';

// Nothing logs a one-time code or a token in production (DECISIONS.md "Sign-in"): the whole sign-in
// runs on an app configured for production (in sandbox mode, allowed), its pino output captured through
// the logger stream, and not one line may carry the code, the verified-mobile token or the bearer token.
// In development the same run shows the code in the log, which proves the capture sees what is logged.

const ns = '/rest/default/V1/storefront';

async function signInWithLoggedApp(env: Record<string, string>) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const config = loadConfig({
    LOG_LEVEL: 'trace',
    SEED_DEMO: '0',
    WORKER: '0',
    AUTH_SECRET: TEST_AUTH_SECRET,
    ...env,
  });
  const options = loggerOptions(config);
  if (typeof options !== 'object' || options === null) throw new Error('expected pino options');
  const database = await openTestDatabase();
  const clock = new FakeClock();
  const app: FastifyInstance = await buildApp({
    config,
    db: database.db,
    clock,
    webDistDir: fakeWebDist(),
    logger: { ...options, stream },
  });
  try {
    const member = await aMember(database.db);
    const post = (path: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: `${ns}/${path}`, payload, headers });

    await post('sendmobilecode', { mobile: member.mobile, r_token: 'x' });
    const [message] = await database.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('to_number', '=', member.mobile)
      .execute();
    const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
    if (!code) throw new Error('no code sent');

    // A wrong try, a malformed body around the code, then the right code.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await post('confirmmobilecode', { mobile: member.mobile, code: wrong, r_token: 'x' });
    await app.inject({
      method: 'POST',
      url: `${ns}/confirmmobilecode`,
      headers: { 'content-type': 'application/json' },
      payload: `{"mobile":"${member.mobile}","code":"${code}"`,
    });
    const confirmed = await post('confirmmobilecode', { mobile: member.mobile, code, r_token: 'x' });
    const jwt = confirmed.json().jwt as string;
    const signedIn = await post('auth', { jwt, autologin: false });
    const token = signedIn.json().token as string;
    const link = await aLinkToken({ mobile: member.mobile }, { now: clock.now() });
    await post('auth', { jwt: link, autologin: true });
    await post('signout', {}, { authorization: `Bearer ${token}` });
    await post('signout', {}, { authorization: `Bearer ${token}` });
    return { log: lines.join(''), lines, code, jwt, token, link, mobile: member.mobile };
  } finally {
    await app.close();
    await database.close();
  }
}

// Some tests here start an app or a process of their own: slow on a busy machine.
describe('logging of sign-in', { timeout: 120_000 }, () => {
  it('never logs a code or a token in production (NODE_ENV=production, ALLOW_SANDBOX=1)', async () => {
    const run = await signInWithLoggedApp({ NODE_ENV: 'production', ALLOW_SANDBOX: '1' });
    expect(run.jwt).toMatch(/^ey/);
    expect(run.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The log did record the requests, at trace level…
    expect(run.lines.length).toBeGreaterThan(10);
    expect(run.log).toContain('/confirmmobilecode');
    // …but none of the secrets.
    // Digits inside timestamps are not the code: only the code standing alone counts.
    expect(run.log).not.toMatch(new RegExp(`(?<!\\d)${run.code}(?!\\d)`));
    expect(run.log).not.toContain(run.jwt);
    expect(run.log).not.toContain(run.jwt.split('.')[2]);
    expect(run.log).not.toContain(run.link.split('.')[2]);
    expect(run.log).not.toContain(run.token);
    expect(run.log).not.toContain('sandbox code');
  });

  it('shows each code in the development log in sandbox mode', async () => {
    const run = await signInWithLoggedApp({ NODE_ENV: 'development' });
    expect(run.log).toContain(`sandbox code for ${run.mobile}: ${run.code}`);
    expect(run.log).not.toContain(run.token);
    expect(run.log).not.toContain(run.jwt);
  });
});

describe('[I12-2] sign-in links in the request log', { timeout: 120_000 }, () => {
  it('[I12-2] never writes the token of GET /autologin/<jwt> or a token-bearing query to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'production',
      ALLOW_SANDBOX: '1',
      LOG_LEVEL: 'info',
      SEED_DEMO: '0',
      WORKER: '0',
      AUTH_SECRET: TEST_AUTH_SECRET,
    });
    const options = loggerOptions(config);
    if (typeof options !== 'object' || options === null) throw new Error('expected pino options');
    const database = await openTestDatabase();
    const clock = new FakeClock();
    const app = await buildApp({
      config,
      db: database.db,
      clock,
      webDistDir: fakeWebDist(),
      logger: { ...options, stream },
    });
    try {
      const member = await aMember(database.db);
      const link = await aLinkToken({ mobile: member.mobile }, { now: clock.now() });
      const page = await app.inject({ method: 'GET', url: `/autologin/${link}` });
      expect(page.statusCode).toBe(200);
      // An unknown route logs its URL in the message text; a query can carry a token too.
      await app.inject({ method: 'GET', url: `/no-such-route?jwt=${link}&token=abc123secret` });
      const log = lines.join('');
      expect(log).toContain('/autologin/[redacted]');
      expect(log).toContain('no-such-route');
      expect(log).not.toContain(link.split('.')[2]);
      expect(log).not.toContain(link.split('.')[1]);
      expect(log).not.toContain('abc123secret');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
