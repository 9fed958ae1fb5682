import { OTP_MAX_ATTEMPTS, OTP_TTL_S, VERIFIED_MOBILE_TOKEN_TTL_S } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aSimpleProduct, importTestCatalogue } from '../../test/catalog-factory.ts';
import { aLinkToken, aMember, aMobile, TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { deriveAuthKeys } from './auth-secret.ts';
import { TEXT } from './auth-texts.ts';
import { SIGN_IN_EXPIRED, SIGN_IN_REQUIRED } from './customer-auth.ts';
import { LINK_TOKEN_AUDIENCE, LINK_TOKEN_ISSUER, LINK_TOKEN_TYPE } from './link-tokens.ts';

// Sign-in over HTTP against the real app and database: one-time codes (DECISIONS.md "Sign-in"), the
// verified-mobile token, the auth call and sign-out, and the abuse cases: guessing, replay, flooding.

const ns = '/rest/default/V1/storefront';
const MINUTE = 60_000;

let t: TestApp;
let productId: number;

// Each request comes from its own client address unless a test says otherwise, so the per-address limit
// only bites where it is under test.
let addressSerial = 0;
const nextAddress = () => `10.1.${Math.floor(++addressSerial / 250)}.${addressSerial % 250}`;

async function post(path: string, payload: unknown, options: { token?: string; from?: string } = {}) {
  const reply = await t.app.inject({
    method: 'POST',
    url: `${ns}/${path}`,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.from ?? nextAddress(),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
  return { status: reply.statusCode, body: reply.json(), headers: reply.headers };
}

const sendCode = (mobile: string, from?: string) =>
  post('sendmobilecode', { mobile, r_token: 'sandbox-token' }, from ? { from } : {});

const confirm = (mobile: string, code: string, extra: Record<string, unknown> = {}) =>
  post('confirmmobilecode', {
    mobile,
    code,
    expired: false,
    expired_jwt: null,
    r_token: 'sandbox-token',
    ...extra,
  });

/** The newest code texted to the mobile, read from the sandbox outbox as a developer or e2e test would. */
async function lastCodeFor(mobile: string): Promise<string> {
  const reply = await t.app.inject('/dev/messages.json');
  const messages = reply.json() as { to: string; body: string }[];
  const message = messages.find((entry) => entry.to === mobile);
  const code = message && /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`no code was sent to ${mobile}`);
  return code;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A new code for the mobile, past the resend interval of any earlier one. */
async function freshCode(mobile: string): Promise<string> {
  t.clock.advance(31_000);
  const sent = await sendCode(mobile);
  expect(sent.status).toBe(200);
  return lastCodeFor(mobile);
}

const auth = (jwt: unknown) => post('auth', { jwt, autologin: true });

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET });
  await importTestCatalogue(t.db, {
    products: [aSimpleProduct('LINK-1', { name: 'Linked lamp', price: 42.5, qty: 3 })],
  });
  const row = await t.db
    .selectFrom('products')
    .select('id')
    .where('sku', '=', 'LINK-1')
    .executeTakeFirstOrThrow();
  productId = row.id;
});
afterAll(() => t.close());

describe('sendmobilecode', () => {
  it('[API-07, REG-01] texts a 6-digit code to a valid mobile and answers {status:true}', async () => {
    const reply = await post('sendmobilecode', { mobile: '0412 345 678', r_token: 'sandbox-token' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true });
    const code = await lastCodeFor('+61412345678');
    expect(code).toMatch(/^\d{6}$/);
    // Only a keyed hash of it is stored.
    const row = await t.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('mobile', '=', '+61412345678')
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expires_at.getTime() - t.clock.now().getTime()).toBe(OTP_TTL_S * 1000);
  });

  it('[REG-02, CONST-28] takes 04xx, 4xx and +614 forms of the same Australian mobile', async () => {
    for (const [typed, stored] of [
      ['0413 111 222', '+61413111222'],
      ['413 111 223', '+61413111223'],
      ['+61 413 111 224', '+61413111224'],
    ] as const) {
      expect((await post('sendmobilecode', { mobile: typed, r_token: 'x' })).status).toBe(200);
      expect(await lastCodeFor(stored)).toMatch(/^\d{6}$/);
    }
  });

  it('[VAL-01] answers 400 input_validation for an empty, non-numeric or non-Australian mobile', async () => {
    for (const mobile of ['', 'abc', '02 9999 9999', '+64 21 123 4567', '0412-345-678', undefined]) {
      const reply = await post('sendmobilecode', { mobile, r_token: 'x' });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ status: false, input_validation: { mobile: [MSG.validMobile] } });
    }
  });

  it('refuses a missing or empty bot-check token with 400 {message}', async () => {
    for (const payload of [
      { mobile: aMobile() },
      { mobile: aMobile(), r_token: '' },
      { mobile: aMobile(), r_token: '  ' },
    ]) {
      const reply = await post('sendmobilecode', payload);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ message: TEXT.botCheckFailed, code: 'INVALID_DATA' });
    }
  });

  it('gives a member and a stranger the same reply, and texts both a code', async () => {
    const member = await aMember(t.db);
    const stranger = aMobile();
    const [forMember, forStranger] = [await sendCode(member.mobile), await sendCode(stranger)];
    expect(forMember.status).toBe(forStranger.status);
    expect(forMember.body).toEqual(forStranger.body);
    const headerNames = (headers: Record<string, unknown>) => Object.keys(headers).sort();
    expect(headerNames(forMember.headers)).toEqual(headerNames(forStranger.headers));
    expect(forMember.headers['content-length']).toBe(forStranger.headers['content-length']);
    expect(await lastCodeFor(member.mobile)).toMatch(/^\d{6}$/);
    expect(await lastCodeFor(stranger)).toMatch(/^\d{6}$/);
  });

  it('answers 429 with Retry-After when a number asks again within OTP_SEND_INTERVAL_S', async () => {
    const mobile = aMobile();
    expect((await sendCode(mobile)).status).toBe(200);
    t.clock.advance(10_000);
    const again = await sendCode(mobile);
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ message: TEXT.waitBeforeResend('20 seconds'), code: 'TOO_MANY_REQUESTS' });
    expect(again.headers['retry-after']).toBe('20');
    t.clock.advance(20_000);
    expect((await sendCode(mobile)).status).toBe(200);
  });

  it('answers 429 after OTP_SENDS_PER_NUMBER_PER_HOUR sends to one number, until the hour has passed', async () => {
    const mobile = aMobile();
    for (let i = 0; i < 5; i += 1) {
      expect((await sendCode(mobile)).status).toBe(200);
      t.clock.advance(60_000);
    }
    const sixth = await sendCode(mobile);
    expect(sixth.status).toBe(429);
    // The first send was 5 minutes ago: the window frees up 55 minutes from now.
    expect(sixth.body).toEqual({ message: TEXT.tooManyForNumber('55 minutes'), code: 'TOO_MANY_REQUESTS' });
    expect(sixth.headers['retry-after']).toBe(String(55 * 60));
    t.clock.advance(55 * MINUTE);
    expect((await sendCode(mobile)).status).toBe(200);
  });

  it('answers 429 after OTP_SENDS_PER_ADDRESS_PER_HOUR (100, sized for a shared NAT) sends from one client address', async () => {
    const address = '203.0.113.9';
    expect(t.config.OTP_SENDS_PER_ADDRESS_PER_HOUR).toBe(100);
    for (let i = 0; i < 100; i += 1) expect((await sendCode(aMobile(), address)).status).toBe(200);
    const next = await sendCode(aMobile(), address);
    expect(next.status).toBe(429);
    expect(next.body).toEqual({ message: TEXT.tooManyFromAddress('60 minutes'), code: 'TOO_MANY_REQUESTS' });
    expect(next.headers['retry-after']).toBe('3600');
    // Another address is not held back, and the first one is free again after the hour.
    expect((await sendCode(aMobile(), '203.0.113.10')).status).toBe(200);
    t.clock.advance(60 * MINUTE);
    expect((await sendCode(aMobile(), address)).status).toBe(200);
  });

  it('counts parallel sends to one number in the database: exactly one of ten gets through', async () => {
    const mobile = aMobile();
    const replies = await Promise.all(Array.from({ length: 10 }, () => sendCode(mobile)));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(9);
    const sends = await t.db.selectFrom('otp_sends').select('id').where('mobile', '=', mobile).execute();
    expect(sends).toHaveLength(1);
  });
});

describe('confirmmobilecode', () => {
  it('[API-08] answers {status:true, jwt} for the right code: a verified-mobile token for that mobile', async () => {
    const mobile = aMobile();
    await sendCode(mobile);
    const reply = await confirm(mobile.replace('+61', '0'), await lastCodeFor(mobile));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true, jwt: expect.any(String) });
    const claims = decodeJwt(reply.body.jwt);
    expect(claims).toMatchObject({
      sub: mobile,
      aud: LINK_TOKEN_AUDIENCE,
      iss: LINK_TOKEN_ISSUER,
      typ: LINK_TOKEN_TYPE,
    });
    expect(claims.exp! - claims.iat!).toBe(VERIFIED_MOBILE_TOKEN_TTL_S);
  });

  it('[VAL-02] answers 400 input_validation for an empty code, and for an invalid mobile', async () => {
    const emptyCode = await confirm(aMobile(), '');
    expect(emptyCode.status).toBe(400);
    expect(emptyCode.body).toEqual({
      status: false,
      message: MSG.validCode,
      code: 'INPUT_VALIDATION',
      input_validation: { code: [MSG.validCode] },
    });
    const badMobile = await confirm('12', '123456');
    expect(badMobile.status).toBe(400);
    expect(badMobile.body.input_validation).toEqual({ mobile: [MSG.validMobile] });
  });

  it('refuses a missing bot-check token with 400 {message}', async () => {
    const reply = await post('confirmmobilecode', { mobile: aMobile(), code: '123456' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: TEXT.botCheckFailed, code: 'INVALID_DATA' });
  });

  it('refuses a wrong code with {status:false, input_validation:{code}}', async () => {
    const mobile = aMobile();
    const code = await freshCode(mobile);
    const reply = await confirm(mobile, otherCode(code));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      status: false,
      message: MSG.validCode,
      code: 'INPUT_VALIDATION',
      input_validation: { code: [MSG.validCode] },
    });
  });

  it('lets a code work only once', async () => {
    const mobile = aMobile();
    const code = await freshCode(mobile);
    expect((await confirm(mobile, code)).status).toBe(200);
    const again = await confirm(mobile, code);
    expect(again.status).toBe(400);
    expect(again.body.input_validation).toEqual({ code: [MSG.validCode] });
  });

  it('refuses a code after its 10 minutes (fake clock)', async () => {
    const mobile = aMobile();
    const code = await freshCode(mobile);
    t.clock.advance(OTP_TTL_S * 1000);
    expect((await confirm(mobile, code)).status).toBe(400);
  });

  it('takes a code just before its 10 minutes are up', async () => {
    const mobile = aMobile();
    const code = await freshCode(mobile);
    t.clock.advance(OTP_TTL_S * 1000 - 1000);
    expect((await confirm(mobile, code)).status).toBe(200);
  });

  it('kills the old code when a new one is sent', async () => {
    const mobile = aMobile();
    const first = await freshCode(mobile);
    const second = await freshCode(mobile);
    if (first === second) return; // one in a million: nothing to tell apart
    expect((await confirm(mobile, first)).status).toBe(400);
    expect((await confirm(mobile, second)).status).toBe(200);
  });

  it(`kills a code after ${OTP_MAX_ATTEMPTS} wrong tries: the right one then fails`, async () => {
    const mobile = aMobile();
    const code = await freshCode(mobile);
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i += 1)
      expect((await confirm(mobile, otherCode(code))).status).toBe(400);
    const right = await confirm(mobile, code);
    expect(right.status).toBe(400);
    expect(right.body.input_validation).toEqual({ code: [MSG.validCode] });
  });

  it('still takes the right code after fewer wrong tries, and a resend starts the count again', async () => {
    const mobile = aMobile();
    let code = await freshCode(mobile);
    for (let i = 0; i < OTP_MAX_ATTEMPTS - 1; i += 1) await confirm(mobile, otherCode(code));
    code = await freshCode(mobile);
    for (let i = 0; i < OTP_MAX_ATTEMPTS - 1; i += 1) await confirm(mobile, otherCode(code));
    expect((await confirm(mobile, code)).status).toBe(200);
  });

  it('counts parallel wrong tries atomically: 12 at once never buy more than 5', async () => {
    const mobile = aMobile();
    const code = await freshCode(mobile);
    const replies = await Promise.all(Array.from({ length: 12 }, () => confirm(mobile, otherCode(code))));
    // [I12-7] Past the number's daily cap of wrong codes the rest are refused before any look at the code.
    const cap = t.app.deps.config.OTP_FAILED_CONFIRMS_PER_NUMBER_PER_DAY;
    expect(replies.filter((reply) => reply.status === 400)).toHaveLength(Math.min(12, cap));
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(12 - Math.min(12, cap));
    const row = await t.db
      .selectFrom('otp_codes')
      .select('attempts')
      .where('mobile', '=', mobile)
      .executeTakeFirst();
    // Either the spent row is still there with exactly 5 tries, or a later try already swept it away.
    expect(row === undefined || row.attempts === OTP_MAX_ATTEMPTS).toBe(true);
    expect([400, 429]).toContain((await confirm(mobile, code)).status);
  });

  it('gives exactly one success to 50 parallel confirms of one code', async () => {
    const mobile = aMobile();
    const code = await freshCode(mobile);
    const replies = await Promise.all(Array.from({ length: 50 }, () => confirm(mobile, code)));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    // The used code is refused as any wrong code is, up to the number's daily cap; then 429.
    const cap = t.app.deps.config.OTP_FAILED_CONFIRMS_PER_NUMBER_PER_DAY;
    expect(replies.filter((reply) => reply.status === 400)).toHaveLength(cap);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(49 - cap);
  });

  it('[AUTH-12..14] carries the expired link’s product, campaign and seller into the new token', async () => {
    const mobile = aMobile();
    const expiredLink = await aLinkToken(
      { mobile, productId, campaignId: 'spring-24', sellerUrl: 'harbour-goods' },
      { now: new Date(t.clock.now().getTime() - 8 * 24 * 3600 * 1000), ttlSeconds: 7 * 24 * 3600 },
    );
    expect((await auth(expiredLink)).body).toEqual({ status: true, expired_link: true, mobile });
    const code = await freshCode(mobile);
    const reply = await confirm(mobile, code, { expired: true, expired_jwt: expiredLink });
    expect(reply.status).toBe(200);
    expect(decodeJwt(reply.body.jwt)).toMatchObject({
      sub: mobile,
      product_id: productId,
      campaign_id: 'spring-24',
      seller_url: 'harbour-goods',
    });
    // The new token signs in where the link was going.
    expect((await auth(reply.body.jwt)).body).toMatchObject({
      status: true,
      new_user: true,
      mobile,
      product_id: productId,
      campaign_id: 'spring-24',
    });
  });

  it('carries nothing from an expired token of another mobile or with a forged signature', async () => {
    const mobile = aMobile();
    const past = new Date(t.clock.now().getTime() - 8 * 24 * 3600 * 1000);
    const othersLink = await aLinkToken({ mobile: aMobile(), productId, campaignId: 'x' }, { now: past });
    const forged = await aLinkToken(
      { mobile, productId, campaignId: 'x' },
      { now: past, secret: 'f'.repeat(40) },
    );
    for (const expiredJwt of [othersLink, forged, 'garbage']) {
      const code = await freshCode(mobile);
      const reply = await confirm(mobile, code, { expired: true, expired_jwt: expiredJwt });
      expect(reply.status).toBe(200);
      const claims = decodeJwt(reply.body.jwt);
      expect(claims.sub).toBe(mobile);
      expect(claims.product_id).toBeUndefined();
      expect(claims.campaign_id).toBeUndefined();
    }
  });
});

describe('[I12-7] code guessing', () => {
  const confirmFrom = (from: string, mobile: string, code: string) =>
    post('confirmmobilecode', { mobile, code, expired: false, expired_jwt: null, r_token: 'x' }, { from });
  const settings = () => t.app.deps.config;

  it('[I12-7] after the daily cap of wrong codes a number needs a fresh code after the cool-down', async () => {
    const mobile = aMobile();
    const cap = settings().OTP_FAILED_CONFIRMS_PER_NUMBER_PER_DAY;
    let failures = 0;
    let code = '';
    // Wrong tries spread over fresh codes (each code allows only OTP_MAX_ATTEMPTS), up to the cap.
    while (failures < cap) {
      code = await freshCode(mobile);
      const tries = Math.min(OTP_MAX_ATTEMPTS - 1, cap - failures);
      for (let i = 0; i < tries; i++) {
        expect((await confirm(mobile, otherCode(code))).status).toBe(400);
        failures++;
      }
    }
    // Even the right code of the live one is refused now, and no new code is sent until the cool-down.
    const locked = await confirm(mobile, code);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.any(String) });
    expect(locked.headers['retry-after']).toBeDefined();
    t.clock.advance(31_000);
    expect((await sendCode(mobile)).status).toBe(429);
    // After the cool-down a fresh code works.
    t.clock.advance(settings().OTP_FAILED_CONFIRMS_COOLDOWN_S * 1000);
    const fresh = await freshCode(mobile);
    expect((await confirm(mobile, fresh)).status).toBe(200);
  });

  it('[I12-7] counts wrong codes per client address too, across numbers', async () => {
    const from = '10.99.0.1';
    const cap = settings().OTP_FAILED_CONFIRMS_PER_ADDRESS_PER_HOUR;
    for (let i = 0; i < cap; i++) {
      expect((await confirmFrom(from, aMobile(), '123456')).status).toBe(400);
    }
    const mobile = aMobile();
    const code = await freshCode(mobile);
    const refused = await confirmFrom(from, mobile, code);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // The same right code from another address is fine: only that address is held back.
    expect((await confirm(mobile, code)).status).toBe(200);
  });
});

describe('auth', () => {
  const { tokenKey } = deriveAuthKeys(TEST_AUTH_SECRET);
  const now = () => t.clock.now();
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  /** A token like ours with one thing changed. */
  function craft(
    mobile: string,
    change: { aud?: string; typ?: string; iss?: string; key?: Uint8Array } = {},
  ) {
    return new SignJWT({ typ: change.typ ?? LINK_TOKEN_TYPE })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(change.iss ?? LINK_TOKEN_ISSUER)
      .setAudience(change.aud ?? LINK_TOKEN_AUDIENCE)
      .setSubject(mobile)
      .setIssuedAt(seconds(now()))
      .setExpirationTime(seconds(now()) + 600)
      .sign(change.key ?? tokenKey);
  }

  it('[DATA-32, API-06] signs a member in: existing_user with a bearer token and the link’s product', async () => {
    const member = await aMember(t.db);
    const link = await aLinkToken(
      { mobile: member.mobile, productId, campaignId: 'c-7', sellerUrl: 'harbour-goods' },
      { now: now() },
    );
    const reply = await auth(link);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      status: true,
      existing_user: true,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      mobile: member.mobile,
      country_code: 'AU',
      currency_rate: 1,
      campaign_id: 'c-7',
      product_id: productId,
      seller_url: 'harbour-goods',
      seller: {
        id: expect.any(Number),
        name: 'Seller harbour-goods',
        seller_url: 'harbour-goods',
        image: expect.any(String),
      },
      product: {
        id: productId,
        name: 'Linked lamp',
        sku: 'LINK-1',
        qty: 3,
        image: expect.any(String),
        price: 42.5,
        type_id: 'simple',
        is_giftcard: false,
        product_option: { extension_attributes: { configurable_item_options: [] } },
      },
    });
    // [ROLE-05] The token is a working bearer token, stored only as a hash.
    const stored = await t.db.selectFrom('customer_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(reply.body.token);
    expect((await post('signout', {}, { token: reply.body.token })).status).toBe(200);
  });

  it('answers product and seller null when the link names none that exist', async () => {
    const member = await aMember(t.db);
    const withMissing = await auth(
      await aLinkToken({ mobile: member.mobile, productId: 999_999 }, { now: now() }),
    );
    expect(withMissing.body).toMatchObject({ existing_user: true, product_id: 999_999, product: null });
    const without = await auth(await aLinkToken({ mobile: member.mobile }, { now: now() }));
    expect(without.body).toMatchObject({
      existing_user: true,
      product_id: null,
      campaign_id: null,
      product: null,
    });
  });

  it('[AUTH-09] answers new_user with the mobile, campaign and product for a number with no member', async () => {
    const mobile = aMobile();
    const reply = await auth(await aLinkToken({ mobile, productId, campaignId: 'welcome' }, { now: now() }));
    expect(reply.body).toEqual({
      status: true,
      new_user: true,
      mobile,
      campaign_id: 'welcome',
      product_id: productId,
      seller_url: null,
      seller: null,
    });
  });

  it('[AUTH-12] answers expired_link with the mobile for a link past its expiry', async () => {
    const mobile = aMobile();
    const link = await aLinkToken({ mobile }, { now: now(), ttlSeconds: 30 });
    t.clock.advance(31_000);
    expect((await auth(link)).body).toEqual({ status: true, expired_link: true, mobile });
  });

  it('[I12-2] signs in once: the same link used again answers as an expired link, mobile prefilled', async () => {
    const member = await aMember(t.db);
    const link = await aLinkToken({ mobile: member.mobile }, { now: now() });
    const first = await auth(link);
    expect(first.body).toMatchObject({ existing_user: true, token: expect.any(String) });
    // Even after the first session signed out, the link gives no other.
    expect((await post('signout', {}, { token: first.body.token })).status).toBe(200);
    const second = await auth(link);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ status: true, expired_link: true, mobile: member.mobile });
    // A fresh link for the same member still works.
    expect((await auth(await aLinkToken({ mobile: member.mobile }, { now: now() }))).body).toMatchObject({
      existing_user: true,
    });
  });

  it('[I12-2] of 10 parallel uses of one link exactly one signs in', async () => {
    const member = await aMember(t.db);
    const link = await aLinkToken({ mobile: member.mobile }, { now: now() });
    const replies = await Promise.all(Array.from({ length: 10 }, () => auth(link)));
    const signedIn = replies.filter((reply) => reply.body.existing_user === true);
    expect(signedIn).toHaveLength(1);
    expect(replies.filter((reply) => reply.body.expired_link === true)).toHaveLength(9);
    const sessions = await t.db
      .selectFrom('customer_tokens')
      .select('token_hash')
      .where('customer_id', '=', member.id)
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it('[ERR-11, AUTH-15] answers {status:false} for garbage, a wrong secret, audience, type or issuer', async () => {
    const mobile = aMobile();
    const cases = {
      garbage: 'not.a.jwt',
      empty: '',
      missing: undefined,
      number: 42,
      wrongSecret: await craft(mobile, {
        key: new TextEncoder().encode('another-secret-another-secret-12345'),
      }),
      wrongAudience: await craft(mobile, { aud: 'api' }),
      wrongType: await craft(mobile, { typ: 'access' }),
      wrongIssuer: await craft(mobile, { iss: 'someone-else' }),
      rawSecretNotDerivedKey: await craft(mobile, { key: new TextEncoder().encode(TEST_AUTH_SECRET) }),
    };
    for (const [name, jwt] of Object.entries(cases)) {
      const reply = await auth(jwt);
      expect({ name, status: reply.status, body: reply.body }).toEqual({
        name,
        status: 200,
        body: { status: false },
      });
    }
    // The crafted tokens are otherwise right: with our key and claims the same recipe signs in.
    expect((await auth(await craft(mobile))).body).toMatchObject({ status: true, new_user: true });
  });

  it('refuses a token with alg "none", and one signed with another algorithm', async () => {
    const mobile = aMobile();
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = {
      sub: mobile,
      aud: LINK_TOKEN_AUDIENCE,
      iss: LINK_TOKEN_ISSUER,
      typ: LINK_TOKEN_TYPE,
      iat: seconds(now()),
      exp: seconds(now()) + 600,
    };
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
    expect((await auth(unsigned)).body).toEqual({ status: false });
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(tokenKey);
    expect((await auth(hs512)).body).toEqual({ status: false });
  });

  it('refuses a customer bearer token used as a link', async () => {
    const member = await aMember(t.db);
    const signedIn = await auth(await aLinkToken({ mobile: member.mobile }, { now: now() }));
    expect((await auth(signedIn.body.token)).body).toEqual({ status: false });
  });
});

describe('bearer tokens and signout', () => {
  async function signIn() {
    const member = await aMember(t.db);
    const reply = await auth(await aLinkToken({ mobile: member.mobile }, { now: t.clock.now() }));
    return reply.body.token as string;
  }

  it('[ROLE-05] answers 401 {message} without a token, with a malformed one or an unknown one', async () => {
    expect(await post('signout', {})).toMatchObject({
      status: 401,
      body: { message: SIGN_IN_REQUIRED, code: 'SIGN_IN_REQUIRED' },
    });
    for (const authorization of [
      'Bearer',
      'Basic abc',
      `Bearer ${'a'.repeat(42)}`,
      `Bearer ${'a'.repeat(43)}`,
    ]) {
      const reply = await t.app.inject({ method: 'POST', url: `${ns}/signout`, headers: { authorization } });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ message: SIGN_IN_EXPIRED, code: 'SESSION_EXPIRED' });
    }
  });

  it('[I12-6] sign out everywhere ends every session of the member, and only theirs', async () => {
    const member = await aMember(t.db);
    const sessions: string[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await auth(await aLinkToken({ mobile: member.mobile }, { now: t.clock.now() }));
      sessions.push(reply.body.token as string);
    }
    const bystander = await signIn();
    const [phone = '', ...others] = sessions;
    expect(await post('signouteverywhere', {}, { token: phone })).toMatchObject({
      status: 200,
      body: { status: true },
    });
    for (const token of [phone, ...others]) {
      expect(await post('signout', {}, { token })).toMatchObject({
        status: 401,
        body: { code: 'SESSION_EXPIRED' },
      });
    }
    expect((await post('signout', {}, { token: bystander })).status).toBe(200);
    expect(await post('signouteverywhere', {})).toMatchObject({
      status: 401,
      body: { code: 'SIGN_IN_REQUIRED' },
    });
  });

  it('[AUTH-05] signout revokes the token: it fails from then on', async () => {
    const token = await signIn();
    expect(await post('signout', {}, { token })).toMatchObject({ status: 200, body: { status: true } });
    expect(await post('signout', {}, { token })).toMatchObject({
      status: 401,
      body: { message: SIGN_IN_EXPIRED },
    });
  });

  it('honours a token for 60 minutes on the server clock, then answers 401', async () => {
    const kept = await signIn();
    const expiring = await signIn();
    t.clock.advance(59 * MINUTE);
    expect((await post('signout', {}, { token: kept })).status).toBe(200);
    t.clock.advance(MINUTE);
    expect((await post('signout', {}, { token: expiring })).status).toBe(401);
  });

  it('answers under the /rest/au/V1 prefix too', async () => {
    const token = await signIn();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/rest/au/V1/storefront/signout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.statusCode).toBe(200);
  });
});
