import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aSeller, importTestCatalogue } from '../../test/catalog-factory.ts';
import { aMember, aMobile, TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { SoftwareAuthenticator } from '../../test/software-authenticator.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { issueCustomerToken } from '../auth/token-service.ts';
import { createStaffAccounts, type StaffMember } from './staff-accounts.ts';

// [I15] The back office's sign-in, sessions, CSRF, passkeys, step-up and roles, through app.inject on the
// real app and database. Passkeys are answered by a software authenticator (test/software-authenticator.ts)
// and verified by the real @simplewebauthn/server.

const ORIGIN = 'https://shop.example';
const RP_ID = 'shop.example';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN });
  await importTestCatalogue(t.db, { sellers: [aSeller()] });
});
afterAll(() => t?.close());

const accounts = () => createStaffAccounts({ db: t.db, clock: t.clock, findSellerId: async () => 1 });
const anOperator = () => accounts().add({ mobile: aMobile(), name: 'Jo Operator', role: 'operator' });
const aVendor = () =>
  accounts().add({ mobile: aMobile(), name: 'Sam Seller', role: 'vendor', sellerUrl: 'harbour-goods' });

interface Session {
  cookie: string;
  csrf: string;
}

function cookieOf(reply: LightMyRequestResponse): string {
  const header = String(reply.headers['set-cookie'] ?? '');
  const value = /^quokka_staff=([^;]*)/.exec(header)?.[1];
  if (!value) throw new Error(`no staff cookie in ${reply.statusCode} ${reply.body}`);
  return `quokka_staff=${value}`;
}

const admin = (method: 'GET' | 'POST', path: string, session?: Partial<Session>, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/admin/api${path}`,
    headers: {
      ...(session?.cookie ? { cookie: session.cookie } : {}),
      ...(session?.csrf ? { 'x-csrf-token': session.csrf } : {}),
    },
    ...(method === 'POST' ? { payload: (payload ?? {}) as object } : {}),
  });

async function messagesTo(mobile: string): Promise<string[]> {
  const reply = await t.app.inject('/dev/messages.json');
  return (reply.json() as { to: string; body: string }[]).filter((m) => m.to === mobile).map((m) => m.body);
}

async function lastCode(mobile: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await messagesTo(mobile))[0] ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${mobile}`);
  return code;
}

async function codeSignIn(member: StaffMember): Promise<Session> {
  t.clock.advance(31_000);
  expect((await admin('POST', '/sign-in/code', undefined, { mobile: member.mobile })).statusCode).toBe(200);
  const reply = await admin('POST', '/sign-in/code/confirm', undefined, {
    mobile: member.mobile,
    code: await lastCode(member.mobile),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return { cookie: cookieOf(reply), csrf: reply.json().csrf_token };
}

async function addPasskey(
  session: Session,
  authenticator = new SoftwareAuthenticator({ rpId: RP_ID, origin: ORIGIN }),
) {
  const options = await admin('POST', '/passkeys/options', session);
  expect(options.statusCode, options.body).toBe(200);
  const reply = await admin('POST', '/passkeys', session, {
    response: authenticator.register(options.json()),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return authenticator;
}

async function passkeySignIn(authenticator: SoftwareAuthenticator, overrides: { origin?: string } = {}) {
  const options = await admin('POST', '/sign-in/passkey/options');
  expect(options.statusCode).toBe(200);
  return admin('POST', '/sign-in/passkey', undefined, {
    response: authenticator.authenticate(options.json(), overrides),
  });
}

async function fullSession(member: StaffMember) {
  const session = await codeSignIn(member);
  const authenticator = await addPasskey(session);
  return { session, authenticator };
}

describe('back-office sign-in with a code', { timeout: 120_000 }, () => {
  it('[I15-code-sign-in] an unknown mobile gets the same answer as staff; a code gives a needs-passkey session cookie', async () => {
    const member = await anOperator();
    const stranger = aMobile();
    const known = await admin('POST', '/sign-in/code', undefined, { mobile: member.mobile });
    const unknown = await admin('POST', '/sign-in/code', undefined, { mobile: stranger });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(known.json()).toEqual({ status: true });
    expect(await messagesTo(stranger)).toEqual([]);
    expect((await messagesTo(member.mobile))[0]).toMatch(/^\d{6} is your .* back-office sign-in code/);
    // The unknown mobile's confirm fails exactly as a wrong code does.
    const strangerConfirm = await admin('POST', '/sign-in/code/confirm', undefined, {
      mobile: stranger,
      code: '123456',
    });
    const code = await lastCode(member.mobile);
    const wrong = await admin('POST', '/sign-in/code/confirm', undefined, {
      mobile: member.mobile,
      code: String((Number(code) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect([strangerConfirm.statusCode, strangerConfirm.json()]).toEqual([wrong.statusCode, wrong.json()]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().input_validation).toEqual({ code: ['Please enter a valid code'] });
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const ok = await admin('POST', '/sign-in/code/confirm', undefined, { mobile: member.mobile, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      status: true,
      stage: 'needs_passkey',
      staff: { id: member.id, role: 'operator' },
    });
    const cookie = String(ok.headers['set-cookie']);
    expect(cookie).toMatch(
      /^quokka_staff=[\w-]{43}; Path=\/admin; HttpOnly; SameSite=Strict; Max-Age=43200; Secure$/,
    );
    // A code works once.
    const again = await admin('POST', '/sign-in/code/confirm', undefined, { mobile: member.mobile, code });
    expect(again.statusCode).toBe(400);
    // The needs-passkey session sees who it is, and may do nothing but add a passkey or sign out.
    const session = { cookie: cookieOf(ok), csrf: ok.json().csrf_token };
    expect((await admin('GET', '/me', session)).json()).toMatchObject({
      stage: 'needs_passkey',
      passkey_fresh: false,
    });
    const blocked = await admin('POST', '/step-up-check', session);
    expect([blocked.statusCode, blocked.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await admin('GET', '/audit', session)).statusCode).toBe(403);
  });

  it('[I15-code-sign-in] a bad mobile is refused; sends are rate limited; a shopper code does not open the back office', async () => {
    const bad = await admin('POST', '/sign-in/code', undefined, { mobile: '02 9999 9999' });
    expect([bad.statusCode, bad.json().input_validation]).toEqual([
      400,
      { mobile: ['Please enter a valid mobile'] },
    ]);
    const member = await anOperator();
    expect((await admin('POST', '/sign-in/code', undefined, { mobile: member.mobile })).statusCode).toBe(200);
    const soon = await admin('POST', '/sign-in/code', undefined, { mobile: member.mobile });
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBeDefined();
    expect(soon.json().message).toMatch(/Please wait .* before asking for another/);

    // The shopper's code for the same number is a different code, in a different slot.
    t.clock.advance(31_000);
    const shopperSend = await t.app.inject({
      method: 'POST',
      url: '/rest/default/V1/storefront/sendmobilecode',
      payload: { mobile: member.mobile, r_token: 'sandbox-token' },
    });
    expect(shopperSend.statusCode, shopperSend.body).toBe(200);
    const shopperCode = await lastCode(member.mobile);
    const refused = await admin('POST', '/sign-in/code/confirm', undefined, {
      mobile: member.mobile,
      code: shopperCode,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('[I15-code-sign-in, I28-outbox] a staff code sent is recorded in sent_messages as sent, without the code', async () => {
    const member = await anOperator();
    const stranger = aMobile();
    t.clock.advance(31_000);
    expect((await admin('POST', '/sign-in/code', undefined, { mobile: member.mobile })).statusCode).toBe(200);
    expect((await admin('POST', '/sign-in/code', undefined, { mobile: stranger })).statusCode).toBe(200);
    const code = await lastCode(member.mobile);
    const rows = await t.db
      .selectFrom('sent_messages')
      .selectAll()
      .where('to_number', 'in', [member.mobile, stranger])
      .execute();
    // Only the text that went is recorded: nothing is sent, so nothing recorded, for a stranger.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      to_number: member.mobile,
      purpose: 'staff_sign_in_code',
      kind: 'sms',
      provider: 'sandbox',
      send_state: 'sent',
      body: null,
      order_id: null,
    });
    expect(rows[0]?.provider_message_id).toMatch(/^sandbox-\d+$/);
    // The code is in no column of the row.
    expect(JSON.stringify(rows[0])).not.toContain(code);
  });
});

describe('back-office sessions', { timeout: 120_000 }, () => {
  it('[I15-sessions] no cookie, idle time, absolute age and removal each end access at once', async () => {
    expect((await admin('GET', '/me')).json()).toMatchObject({ code: 'SIGN_IN_REQUIRED' });
    expect((await admin('GET', '/me', { cookie: 'quokka_staff=made-up' })).statusCode).toBe(401);

    const member = await anOperator();
    const { session } = await fullSession(member);
    t.clock.advance(29 * 60_000);
    expect((await admin('GET', '/me', session)).statusCode).toBe(200);
    t.clock.advance(29 * 60_000); // 29 minutes since the last request: still alive
    expect((await admin('GET', '/me', session)).statusCode).toBe(200);
    t.clock.advance(30 * 60_000 + 1);
    const idle = await admin('GET', '/me', session);
    expect([idle.statusCode, idle.json().code]).toEqual([401, 'SESSION_EXPIRED']);

    // Busy all day: still ends 12 hours after sign-in.
    const busy = (await fullSession(member)).session;
    for (let hour = 0; hour < 11; hour += 1) {
      for (let step = 0; step < 3; step += 1) {
        t.clock.advance(20 * 60_000);
        expect((await admin('GET', '/me', busy)).statusCode).toBe(200);
      }
    }
    t.clock.advance(61 * 60_000 - 1000);
    expect((await admin('GET', '/me', busy)).statusCode).toBe(401);

    // Removed by the CLI: the live session stops working on the next request.
    const live = (await fullSession(member)).session;
    expect((await admin('GET', '/me', live)).statusCode).toBe(200);
    await accounts().remove(member.mobile);
    expect((await admin('GET', '/me', live)).statusCode).toBe(401);
    // And a removed member cannot sign in again: no text, and no code would work.
    t.clock.advance(31_000);
    const before = (await messagesTo(member.mobile)).length;
    expect((await admin('POST', '/sign-in/code', undefined, { mobile: member.mobile })).statusCode).toBe(200);
    expect((await messagesTo(member.mobile)).length).toBe(before);
  });

  it('[I15-csrf] a state-changing request needs the session’s token in X-CSRF-Token; sign-out ends the session', async () => {
    const member = await anOperator();
    const { session } = await fullSession(member);
    const missing = await admin('POST', '/sign-out', { cookie: session.cookie });
    expect([missing.statusCode, missing.json().code]).toEqual([403, 'FORBIDDEN']);
    const other = (await fullSession(await anOperator())).session;
    const wrong = await admin('POST', '/sign-out', { cookie: session.cookie, csrf: other.csrf });
    expect(wrong.statusCode).toBe(403);
    expect(
      (await admin('POST', '/step-up-check', { cookie: session.cookie, csrf: 'x'.repeat(43) })).statusCode,
    ).toBe(403);
    // Reads need no token; the session survived the refused calls.
    expect((await admin('GET', '/me', { cookie: session.cookie })).json().csrf_token).toBe(session.csrf);

    const out = await admin('POST', '/sign-out', session);
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^quokka_staff=; Path=\/admin; .*Max-Age=0/);
    expect((await admin('GET', '/me', session)).statusCode).toBe(401);
  });

  it('[I15-separation] a shopper token never opens /admin/api and the staff cookie never acts as a shopper', async () => {
    const shopper = await aMember(t.db);
    const token = await issueCustomerToken(t.db, shopper.id, t.clock);
    const asShopper = await t.app.inject({
      url: '/admin/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asShopper.statusCode).toBe(401);
    // The token is live: the shopper API takes it.
    const me = await t.app.inject({
      url: '/rest/default/V1/customers/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);

    const { session } = await fullSession(await anOperator());
    const staffAsShopper = await t.app.inject({
      url: '/rest/default/V1/customers/me',
      headers: { cookie: session.cookie },
    });
    expect(staffAsShopper.statusCode).toBe(401);
    const cookieAsBearer = await t.app.inject({
      url: '/rest/default/V1/customers/me',
      headers: { authorization: `Bearer ${session.cookie.split('=')[1]}` },
    });
    expect(cookieAsBearer.statusCode).toBe(401);
  });
});

describe('passkeys', { timeout: 120_000 }, () => {
  it('[I15-passkeys] a code session adds a passkey (full session), then the passkey signs in; bad answers are refused', async () => {
    const member = await anOperator();
    const session = await codeSignIn(member);
    const authenticator = await addPasskey(session);
    expect((await admin('GET', '/me', session)).json()).toMatchObject({ stage: 'full', passkey_fresh: true });
    expect((await admin('POST', '/sign-out', session)).statusCode).toBe(200);

    const signedIn = await passkeySignIn(authenticator);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ stage: 'full', staff: { id: member.id }, passkey_fresh: true });
    const full = { cookie: cookieOf(signedIn), csrf: signedIn.json().csrf_token };
    expect((await admin('POST', '/step-up-check', full)).statusCode).toBe(200);

    // A challenge works once.
    const options = (await admin('POST', '/sign-in/passkey/options')).json();
    const answer = authenticator.authenticate(options);
    expect((await admin('POST', '/sign-in/passkey', undefined, { response: answer })).statusCode).toBe(200);
    const replay = await admin('POST', '/sign-in/passkey', undefined, { response: answer });
    expect([replay.statusCode, replay.json().message]).toEqual([
      400,
      'This passkey could not be verified. Please try again.',
    ]);
    // Another site's origin, an unknown passkey, and no user verification are refused.
    expect((await passkeySignIn(authenticator, { origin: 'https://evil.example' })).statusCode).toBe(400);
    expect((await passkeySignIn(new SoftwareAuthenticator({ rpId: RP_ID, origin: ORIGIN }))).statusCode).toBe(
      400,
    );
    const careless = new SoftwareAuthenticator({ rpId: RP_ID, origin: ORIGIN, userVerified: false });
    const registerOptions = await admin('POST', '/passkeys/options', await codeSignIn(member));
    expect(registerOptions.statusCode).toBe(200);
    const second = await codeSignIn(member);
    const options2 = (await admin('POST', '/passkeys/options', second)).json();
    expect(
      (await admin('POST', '/passkeys', second, { response: careless.register(options2) })).statusCode,
    ).toBe(400);
    // A removed member's passkey no longer signs in.
    await accounts().remove(member.mobile);
    expect((await passkeySignIn(authenticator)).statusCode).toBe(400);

    const actions = await t.db
      .selectFrom('staff_audit')
      .select(['action', 'actor'])
      .where('subject', '=', `staff:${member.id}`)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      'staff.added',
      'sign_in.code',
      'passkey.added',
      'sign_out',
      'sign_in.passkey',
      'sign_in.passkey',
      'sign_in.code',
      'sign_in.code',
      'staff.removed',
    ]);
    expect(actions[1]?.actor).toBe(`staff:${member.id}`);
  });

  it('[I15-step-up] a passkey check older than 5 minutes is refused until the passkey is checked again', async () => {
    const member = await anOperator();
    const { session, authenticator } = await fullSession(member);
    expect((await admin('POST', '/step-up-check', session)).statusCode).toBe(200);
    t.clock.advance(5 * 60_000 + 1000);
    const stale = await admin('POST', '/step-up-check', session);
    expect([stale.statusCode, stale.json().code]).toEqual([403, 'STEP_UP_REQUIRED']);
    expect((await admin('GET', '/me', session)).json()).toMatchObject({
      stage: 'full',
      passkey_fresh: false,
    });
    // Adding another passkey to a full session needs a fresh check too.
    expect((await admin('POST', '/passkeys/options', session)).json().code).toBe('STEP_UP_REQUIRED');

    const options = await admin('POST', '/step-up/options', session);
    expect(options.json().allowCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);
    // Another member's passkey cannot answer this member's check.
    const otherMember = await fullSession(await anOperator());
    const wrongKey = await admin('POST', '/step-up', session, {
      response: otherMember.authenticator.authenticate(options.json()),
    });
    expect(wrongKey.statusCode).toBe(400);
    const options2 = await admin('POST', '/step-up/options', session);
    const checked = await admin('POST', '/step-up', session, {
      response: authenticator.authenticate(options2.json()),
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ passkey_fresh: true });
    expect((await admin('POST', '/step-up-check', session)).statusCode).toBe(200);
  });
});

describe('roles and the audit log', { timeout: 120_000 }, () => {
  it('[I15-roles] operators read the audit log, newest first and paged; vendors are refused', async () => {
    const vendor = await aVendor();
    const vendorSession = (await fullSession(vendor)).session;
    const refused = await admin('GET', '/audit', vendorSession);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await admin('GET', '/me', vendorSession)).json().staff).toMatchObject({
      role: 'vendor',
      seller_id: 1,
    });

    const operator = await anOperator();
    const { session } = await fullSession(operator);
    const page = await admin('GET', '/audit?page=1&page_size=2', session);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toMatchObject({ action: 'passkey.added', actor: `staff:${operator.id}` });
    expect(body.items[1]).toMatchObject({ action: 'sign_in.code', subject: `staff:${operator.id}` });
    expect(body.total).toBeGreaterThan(2);
    const next = (await admin('GET', '/audit?page=2&page_size=2', session)).json();
    expect(next.items[0].id).toBeLessThan(body.items[1].id);
    expect((await admin('GET', '/audit?page=0', session)).statusCode).toBe(400);
  });
});
