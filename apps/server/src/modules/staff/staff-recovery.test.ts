import { formatMobileNational as national } from '@quokka/contract/mobile';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aMobile } from '../../test/customer-factory.ts';
import { SoftwareAuthenticator } from '../../test/software-authenticator.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  adminCall,
  anOrder,
  ORIGIN,
  ordersTestApp,
  outbox,
  RP_ID,
  type Session,
  signedIn,
} from '../orders/test/orders-test-kit.ts';
import { createStaffAccounts, type StaffMember } from './staff-accounts.ts';

// [I27-recovery, I27-guards, I27-cookie] Recovery by a one-time code gives a pending passkey
// that does not count for money actions until the wait (24 h, on the app's FakeClock) is over or another
// operator approves it; operators are texted on every passkey added or removed; the audit log shows it
// all. The staff guards run before body validation, and the cookie takes the __Host- prefix over TLS.
// The real app and database through app.inject; passkeys answered by the software authenticator.

let t: TestApp;
let other: Session;

beforeAll(async () => {
  t = await ordersTestApp();
  other = await signedIn(t, 'operator', { name: 'Ola Other' });
});
afterAll(() => t?.close());
// The other operator signs in again with their passkey before each test (a test may move the clock on).
beforeEach(async () => {
  if (other) other = { ...other, ...(await passkeySignIn(other.authenticator)) };
});

interface Plain {
  cookie: string;
  csrf: string;
}

function cookieOf(reply: LightMyRequestResponse): string {
  const value = /^quokka_staff=([^;]*)/.exec(String(reply.headers['set-cookie'] ?? ''))?.[1];
  if (!value) throw new Error(`no staff cookie in ${reply.statusCode} ${reply.body}`);
  return `quokka_staff=${value}`;
}

const sessionOf = (reply: LightMyRequestResponse): Plain => ({
  cookie: cookieOf(reply),
  csrf: reply.json().csrf_token,
});

/** A code sign-in of an existing member: a needs-passkey session. */
async function codeSignIn(member: StaffMember): Promise<Plain> {
  t.clock.advance(31_000);
  expect((await adminCall(t, 'POST', '/sign-in/code', undefined, { mobile: member.mobile })).statusCode).toBe(
    200,
  );
  const code = /\b(\d{6})\b/.exec((await outbox(t, member.mobile))[0] ?? '')?.[1];
  const reply = await adminCall(t, 'POST', '/sign-in/code/confirm', undefined, {
    mobile: member.mobile,
    code,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return sessionOf(reply);
}

async function addPasskey(session: Plain) {
  const authenticator = new SoftwareAuthenticator({ rpId: RP_ID, origin: ORIGIN });
  const options = await adminCall(t, 'POST', '/passkeys/options', session);
  expect(options.statusCode, options.body).toBe(200);
  const reply = await adminCall(t, 'POST', '/passkeys', session, {
    response: authenticator.register(options.json()),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return { authenticator, reply: reply.json() };
}

async function passkeySignIn(authenticator: SoftwareAuthenticator): Promise<Plain> {
  const options = await adminCall(t, 'POST', '/sign-in/passkey/options');
  const reply = await adminCall(t, 'POST', '/sign-in/passkey', undefined, {
    response: authenticator.authenticate(options.json()),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return sessionOf(reply);
}

async function stepUp(session: Plain, authenticator: SoftwareAuthenticator) {
  const options = await adminCall(t, 'POST', '/step-up/options', session);
  const reply = await adminCall(t, 'POST', '/step-up', session, {
    response: authenticator.authenticate(options.json()),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

/** Refunds one unit of the order's first line: a money action behind the passkey check. */
async function refundOne(session: Plain, orderId: number, key: string) {
  const order = (await adminCall(t, 'GET', `/orders/${orderId}`, session)).json();
  return adminCall(t, 'POST', `/orders/${orderId}/refunds`, session, {
    lines: [{ order_item_id: order.items[0].id, qty: 1 }],
    restock: false,
    reason: 'Chipped',
    idempotency_key: key,
  });
}

const auditOf = (staffId: number) =>
  t.db
    .selectFrom('staff_audit')
    .select(['action', 'actor', 'before', 'after'])
    .where('subject', '=', `staff:${staffId}`)
    .orderBy('id')
    .execute();

const passkeyRows = (staffId: number) =>
  t.db
    .selectFrom('staff_passkeys')
    .select(['id', 'pending_until'])
    .where('staff_id', '=', staffId)
    .orderBy('id')
    .execute();

describe('recovery by a one-time code', { timeout: 240_000 }, () => {
  it('[I27-recovery] a code sign-in by a member with a passkey adds a pending passkey: it signs in, but its step-up does not count for a refund until the 24 h wait is over; operators and the member are texted', async () => {
    const owner = await signedIn(t, 'operator', { name: 'Jo Owner' });
    const order = await anOrder(t, [['MUG-1', 3]]);
    // A first passkey (enrolment) counts at once, and every other operator hears of it.
    expect((await passkeyRows(owner.member.id)).map((row) => row.pending_until)).toEqual([null]);
    expect((await outbox(t, other.member.mobile))[0]).toBe(
      `Quokka back office: a passkey was added to Jo Owner (${national(owner.member.mobile)})'s account.`,
    );

    // Someone with the owner's code (a swapped SIM, an intercepted text) adds their own passkey.
    const stolen = await codeSignIn(owner.member);
    const added = await addPasskey(stolen);
    const until = new Date(t.clock.now().getTime() + 24 * 3_600_000);
    expect(added.reply).toMatchObject({
      stage: 'full',
      passkey_fresh: false,
      passkey_pending_until: until.toISOString(),
    });
    const refused = await refundOne(stolen, order.id, 'recovery-refund-1');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'STEP_UP_REQUIRED']);
    expect(refused.json().message).toMatch(/^Your new passkey counts for this from .*, or sooner when/);
    // Checking the pending passkey again changes nothing.
    expect(await stepUp(stolen, added.authenticator)).toMatchObject({
      passkey_fresh: false,
      passkey_pending_until: until.toISOString(),
    });
    expect((await refundOne(stolen, order.id, 'recovery-refund-2')).statusCode).toBe(403);
    expect((await adminCall(t, 'POST', '/step-up-check', stolen)).json().code).toBe('STEP_UP_REQUIRED');
    // Nor can it add yet another passkey that would count.
    expect((await adminCall(t, 'POST', '/passkeys/options', stolen)).json().code).toBe('STEP_UP_REQUIRED');
    // It signs in on its own, with the same limits.
    const later = await passkeySignIn(added.authenticator);
    expect((await adminCall(t, 'GET', '/me', later)).json().passkey_pending_until).toBe(until.toISOString());
    expect((await refundOne(later, order.id, 'recovery-refund-3')).statusCode).toBe(403);

    // Texted at once: every other operator, and the member's own mobile.
    expect((await outbox(t, other.member.mobile))[0]).toMatch(
      /^Quokka back office: a passkey was added to Jo Owner \(.*\)'s account after a sign-in by text code\. It counts for refunds and other money actions from .*, or sooner if an operator approves it\./,
    );
    expect((await outbox(t, owner.member.mobile))[0]).toMatch(
      /^Quokka back office: a new passkey was added to your account after a sign-in by text code\./,
    );
    // [I27-recovery] Each notice is an outbox row queued with the passkey (one per number, keyed by the
    // passkey), sent before the reply: a crash after the commit leaves it for the worker, never lost.
    const addedId = (await passkeyRows(owner.member.id)).at(-1)?.id;
    const notices = await t.db
      .selectFrom('sent_messages')
      .select(['to_number', 'purpose', 'send_state', 'idempotency_key'])
      .where('idempotency_key', 'like', `passkey_added:${addedId}:%`)
      .orderBy('to_number')
      .execute();
    expect(notices).toEqual(
      [other.member.mobile, owner.member.mobile].sort().map((mobile) => ({
        to_number: mobile,
        purpose: 'staff_passkey_notice',
        send_state: 'sent',
        idempotency_key: `passkey_added:${addedId}:${mobile}`,
      })),
    );

    // After the wait (sessions last at most 12 h: a new sign-in with the same passkey), it counts.
    t.clock.advance(24 * 3_600_000 + 60_000);
    const afterWait = await passkeySignIn(added.authenticator);
    expect((await adminCall(t, 'GET', '/me', afterWait)).json()).toMatchObject({
      passkey_fresh: true,
      passkey_pending_until: null,
    });
    const refunded = await refundOne(afterWait, order.id, 'recovery-refund-4');
    expect(refunded.statusCode, refunded.body).toBe(200);

    const audit = await auditOf(owner.member.id);
    const additions = audit.filter((row) => row.action === 'passkey.added');
    expect(additions.map((row) => row.after)).toEqual([
      expect.objectContaining({ via: 'code', pending_until: null }),
      expect.objectContaining({ via: 'code', pending_until: until.toISOString() }),
    ]);
    expect(audit.filter((row) => row.action === 'passkey.checked').at(-1)?.after).toMatchObject({
      pending_until: until.toISOString(),
    });
  });

  it('[I27-recovery] another operator approves a pending passkey and it counts at once; the owner cancels one with the old passkey, which ends the sessions resting on it; both are texted and audited', async () => {
    const owner = await signedIn(t, 'operator', { name: 'Max Owner' });
    const order = await anOrder(t, [['MUG-1', 3]]);

    // Approval: the owner recovers on a new phone; another operator approves.
    const recovered = await codeSignIn(owner.member);
    const second = await addPasskey(recovered);
    expect((await refundOne(recovered, order.id, 'approve-refund-1')).statusCode).toBe(403);
    const pendingList = await adminCall(t, 'GET', '/passkeys/pending', other);
    expect(pendingList.statusCode).toBe(200);
    const listed = pendingList
      .json()
      .items.find((row: { staff_id: number }) => row.staff_id === owner.member.id);
    expect(listed).toMatchObject({ staff_name: 'Max Owner', pending_until: expect.any(String) });
    // Nobody approves their own: the owner does not even see it in the list, and approving it is a 404.
    expect(
      (await adminCall(t, 'GET', '/passkeys/pending', owner)).json().items.map((r: { id: number }) => r.id),
    ).not.toContain(listed.id);
    expect((await adminCall(t, 'POST', `/passkeys/${listed.id}/approve`, owner)).statusCode).toBe(404);
    t.clock.advance(6 * 60_000); // the other operator's check is stale: approving asks for the passkey
    expect((await adminCall(t, 'POST', `/passkeys/${listed.id}/approve`, other)).json().code).toBe(
      'STEP_UP_REQUIRED',
    );
    await stepUp(other, other.authenticator);
    const approved = await adminCall(t, 'POST', `/passkeys/${listed.id}/approve`, other);
    expect(approved.statusCode, approved.body).toBe(200);
    await stepUp(recovered, second.authenticator);
    expect((await refundOne(recovered, order.id, 'approve-refund-2')).statusCode).toBe(200);
    expect((await outbox(t, owner.member.mobile))[0]).toBe(
      'Quokka back office: Ola Other approved your new passkey: it counts for money actions now.',
    );

    // Cancel: a thief's pending passkey cannot remove the owner's, and the owner removes the thief's.
    const stolen = await codeSignIn(owner.member);
    const thief = await addPasskey(stolen);
    const thiefSession = await passkeySignIn(thief.authenticator);
    const [first] = await passkeyRows(owner.member.id);
    expect((await adminCall(t, 'POST', `/passkeys/${first?.id}/remove`, thiefSession)).json().code).toBe(
      'STEP_UP_REQUIRED',
    );
    const ownerSession = await passkeySignIn(owner.authenticator);
    const mine = (await adminCall(t, 'GET', '/passkeys', ownerSession)).json().items;
    expect(
      mine.map((row: { pending_until: string | null; current: boolean }) => [
        !!row.pending_until,
        row.current,
      ]),
    ).toEqual([
      [false, true],
      [false, false],
      [true, false],
    ]);
    const thiefKey = mine[2].id;
    const cancelled = await adminCall(t, 'POST', `/passkeys/${thiefKey}/remove`, ownerSession);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Every session resting on it has ended, and it no longer signs in.
    expect((await adminCall(t, 'GET', '/me', thiefSession)).statusCode).toBe(401);
    expect((await adminCall(t, 'GET', '/me', stolen)).statusCode).toBe(401);
    const options = await adminCall(t, 'POST', '/sign-in/passkey/options');
    expect(
      (
        await adminCall(t, 'POST', '/sign-in/passkey', undefined, {
          response: thief.authenticator.authenticate(options.json()),
        })
      ).statusCode,
    ).toBe(400);
    expect((await outbox(t, other.member.mobile))[0]).toBe(
      `Quokka back office: a passkey of Max Owner (${national(owner.member.mobile)})'s account was removed.`,
    );
    // A passkey that counts, removed by its owner: texted too, audited as removed.
    expect((await adminCall(t, 'POST', `/passkeys/${mine[1].id}/remove`, ownerSession)).statusCode).toBe(200);
    // The passkey this session rests on is not removed from under it.
    expect((await adminCall(t, 'POST', `/passkeys/${mine[0].id}/remove`, ownerSession)).statusCode).toBe(403);

    const audit = await auditOf(owner.member.id);
    expect(
      audit
        .filter((row) => row.action.startsWith('passkey.') && row.action !== 'passkey.checked')
        .map((row) => [row.action, row.actor]),
    ).toEqual([
      ['passkey.added', `staff:${owner.member.id}`],
      ['passkey.added', `staff:${owner.member.id}`],
      ['passkey.approved', `staff:${other.member.id}`],
      ['passkey.added', `staff:${owner.member.id}`],
      ['passkey.cancelled', `staff:${owner.member.id}`],
      ['passkey.removed', `staff:${owner.member.id}`],
    ]);
    expect(audit.find((row) => row.action === 'passkey.cancelled')?.before).toMatchObject({
      passkey_id: thiefKey,
      pending_until: expect.any(String),
    });
  });
});

describe('guards before validation', { timeout: 120_000 }, () => {
  it('[I27-guards] a POST with a bad body answers 401 without a session and 403 without its CSRF token, before any 400', async () => {
    const order = await anOrder(t, [['MUG-1', 1]]);
    for (const path of ['/passkeys', '/step-up', `/orders/${order.id}/refunds`, '/passkeys/abc/approve']) {
      const anonymous = await adminCall(t, 'POST', path, undefined, { nonsense: true });
      expect([path, anonymous.statusCode, anonymous.json().code]).toEqual([path, 401, 'SIGN_IN_REQUIRED']);
      const noToken = await adminCall(t, 'POST', path, { cookie: other.cookie }, { nonsense: true });
      expect([path, noToken.statusCode, noToken.json().code]).toEqual([path, 403, 'FORBIDDEN']);
    }
    await stepUp(other, other.authenticator);
    const bad = await adminCall(t, 'POST', `/orders/${order.id}/refunds`, other, { nonsense: true });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the staff cookie', { timeout: 120_000 }, () => {
  it('[I27-cookie] over TLS (a trusted proxy says https) it is __Host-quokka_staff, Path=/, Secure; over plain http quokka_staff, Path=/admin; each is read only on its own side', async () => {
    const plain = await createTestApp({ TRUST_PROXY: '1', PUBLIC_URL: 'http://shop.example' });
    try {
      const member = await signedInOn(plain);
      const send = (proto: string) =>
        plain.app.inject({
          method: 'POST',
          url: '/admin/api/sign-in/code/confirm',
          headers: { 'x-forwarded-proto': proto },
          payload: { mobile: member.mobile, code: member.code },
        });
      const tls = await send('https');
      expect(tls.statusCode, tls.body).toBe(200);
      const tlsCookie = String(tls.headers['set-cookie']);
      expect(tlsCookie).toMatch(
        /^__Host-quokka_staff=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200; Secure$/,
      );
      expect(tlsCookie).not.toMatch(/Domain=/i);
      const value = /^__Host-quokka_staff=([\w-]{43})/.exec(tlsCookie)?.[1];
      const me = (proto: string, cookie: string) =>
        plain.app.inject({ url: '/admin/api/me', headers: { 'x-forwarded-proto': proto, cookie } });
      expect((await me('https', `__Host-quokka_staff=${value}`)).statusCode).toBe(200);
      // Over TLS the unprefixed name is not a session (a cookie planted without TLS or by a subdomain).
      expect((await me('https', `quokka_staff=${value}`)).statusCode).toBe(401);
      expect((await me('http', `__Host-quokka_staff=${value}`)).statusCode).toBe(401);

      plain.clock.advance(31_000);
      const again = await signedInOn(plain, member.mobile);
      const http = await plain.app.inject({
        method: 'POST',
        url: '/admin/api/sign-in/code/confirm',
        payload: { mobile: member.mobile, code: again.code },
      });
      expect(http.statusCode, http.body).toBe(200);
      expect(String(http.headers['set-cookie'])).toMatch(
        /^quokka_staff=[\w-]{43}; Path=\/admin; HttpOnly; SameSite=Strict; Max-Age=43200$/,
      );
      // Sign-out over TLS clears the prefixed cookie.
      const signOut = await plain.app.inject({
        method: 'POST',
        url: '/admin/api/sign-out',
        headers: {
          'x-forwarded-proto': 'https',
          cookie: `__Host-quokka_staff=${value}`,
          'x-csrf-token': tls.json().csrf_token,
        },
        payload: {},
      });
      expect(String(signOut.headers['set-cookie'])).toMatch(
        /^__Host-quokka_staff=; Path=\/; .*Max-Age=0; Secure$/,
      );
    } finally {
      await plain.close();
    }
  });
});

/** A member on another app, and a fresh code for it. */
async function signedInOn(app: TestApp, mobile?: string): Promise<{ mobile: string; code: string }> {
  const number =
    mobile ??
    (
      await createStaffAccounts({ db: app.db, clock: app.clock, findSellerId: async () => undefined }).add({
        mobile: aMobile(),
        name: 'Tia Tls',
        role: 'operator',
      })
    ).mobile;
  expect(
    (await app.app.inject({ method: 'POST', url: '/admin/api/sign-in/code', payload: { mobile: number } }))
      .statusCode,
  ).toBe(200);
  const messages = (await app.app.inject('/dev/messages.json')).json() as { to: string; body: string }[];
  const code = /\b(\d{6})\b/.exec(messages.find((m) => m.to === number)?.body ?? '')?.[1] ?? '';
  return { mobile: number, code };
}
