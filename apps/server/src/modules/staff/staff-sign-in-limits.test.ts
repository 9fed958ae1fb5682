import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMobile, TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaffAccounts } from './staff-accounts.ts';

// [I15-code-sign-in, I15-sessions] Settings the main suite leaves at their defaults: the cookie is Secure
// only when the request came over TLS (here through a trusted proxy, no https PUBLIC_URL), and wrong codes
// for a staff mobile hit the shoppers' guessing limits.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    AUTH_SECRET: TEST_AUTH_SECRET,
    TRUST_PROXY: '1',
    OTP_FAILED_CONFIRMS_PER_NUMBER_PER_DAY: '3',
  });
});
afterAll(() => t?.close());

const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/admin/api${path}`, payload, headers });

async function sendAndRead(mobile: string, headers: Record<string, string> = {}): Promise<string> {
  t.clock.advance(31_000);
  expect((await post('/sign-in/code', { mobile }, headers)).statusCode).toBe(200);
  const messages = (await t.app.inject('/dev/messages.json')).json() as { to: string; body: string }[];
  const code = /\b(\d{6})\b/.exec(messages.find((m) => m.to === mobile)?.body ?? '')?.[1];
  if (!code) throw new Error('no code');
  return code;
}

describe('back-office sign-in settings', { timeout: 120_000 }, () => {
  it('[I15-sessions] the session cookie is Secure when the request came over TLS, not over plain HTTP', async () => {
    const member = await createStaffAccounts({
      db: t.db,
      clock: t.clock,
      findSellerId: async () => undefined,
    }).add({
      mobile: aMobile(),
      name: 'Jo Operator',
      role: 'operator',
    });
    const plain = await post('/sign-in/code/confirm', {
      mobile: member.mobile,
      code: await sendAndRead(member.mobile),
    });
    expect(plain.statusCode).toBe(200);
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/);
    const tls = { 'x-forwarded-proto': 'https' };
    const secure = await post(
      '/sign-in/code/confirm',
      { mobile: member.mobile, code: await sendAndRead(member.mobile, tls) },
      tls,
    );
    expect(String(secure.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Strict; .*; Secure$/);
  });

  it('[I15-code-sign-in] wrong codes for a staff mobile are capped; then even the right code waits', async () => {
    const member = await createStaffAccounts({
      db: t.db,
      clock: t.clock,
      findSellerId: async () => undefined,
    }).add({
      mobile: aMobile(),
      name: 'Al Operator',
      role: 'operator',
    });
    const code = await sendAndRead(member.mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 3; i += 1)
      expect((await post('/sign-in/code/confirm', { mobile: member.mobile, code: wrong })).statusCode).toBe(
        400,
      );
    const locked = await post('/sign-in/code/confirm', { mobile: member.mobile, code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many wrong codes/);
    expect(locked.headers['set-cookie']).toBeUndefined();
  });
});
