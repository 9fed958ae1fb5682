// [I32] Staff from the back office and the invite link, through app.inject on the real app and database:
// operators manage every member, a seller's owner only their own seller's staff (another seller's member
// is 404 to them, a vendor who is not an owner 403), the invite text's link works once within 72 hours,
// a new invite ends the old one, and removing a member ends their sessions and links at once.

import type { StaffListItem, StaffListReply } from '@quokka/contract/api/staff-admin';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aSeller, importTestCatalogue } from '../../test/catalog-factory.ts';
import { aMobile, TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { SoftwareAuthenticator } from '../../test/software-authenticator.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ORIGIN, outbox, RP_ID, type Session, sellerId, signedIn } from '../orders/test/orders-test-kit.ts';

let t: TestApp;
let operator: Session;
let owner: Session; // Harbour Goods' owner
let otherOwner: Session; // Outback Outfitters' owner
let vendor: Session; // Harbour Goods' staff, not the owner
let harbour: number;
let outback: number;

type Method = 'GET' | 'POST' | 'DELETE';

function call(
  session: { cookie: string; csrf: string } | undefined,
  method: Method,
  path: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/admin/api${path}`,
    headers: session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {},
    ...(method === 'POST' ? { payload: (payload ?? {}) as object } : {}),
  });
}

const listOf = async (session: Session) => {
  const reply = await call(session, 'GET', '/staff');
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<StaffListReply>().items;
};

async function add(session: Session, body: Record<string, unknown>): Promise<StaffListItem> {
  const reply = await call(session, 'POST', '/staff', body);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<StaffListItem>();
}

/** The token of the newest invite text to the mobile. */
async function inviteToken(mobile: string): Promise<string> {
  // The outbox answers newest first.
  const texts = await outbox(t, mobile);
  const token = /\/admin\/invite\/([\w-]+)/.exec(
    texts.find((text) => text.includes('/admin/invite/')) ?? '',
  )?.[1];
  if (!token) throw new Error(`no invite was texted to ${mobile}: ${texts.join(' | ')}`);
  return token;
}

const accept = (token: string) => call(undefined, 'POST', '/invites/accept', { token });

function cookieOf(reply: LightMyRequestResponse) {
  const value = /^quokka_staff=([^;]*)/.exec(String(reply.headers['set-cookie'] ?? ''))?.[1];
  if (!value) throw new Error(`no staff cookie in ${reply.statusCode} ${reply.body}`);
  return { cookie: `quokka_staff=${value}`, csrf: reply.json().csrf_token as string };
}

/** Signs the session's member in again with their passkey (after the test clock ended every session). */
async function signInAgain(session: Session) {
  const options = await call(undefined, 'POST', '/sign-in/passkey/options');
  const reply = await call(undefined, 'POST', '/sign-in/passkey', {
    response: session.authenticator.authenticate(options.json()),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  Object.assign(session, cookieOf(reply));
}

const auditOf = (id: number) =>
  t.db
    .selectFrom('staff_audit')
    .select(['action', 'staff_id'])
    .where('subject', '=', `staff:${id}`)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN, STORE_NAME: 'Wattle Shop' });
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller({ name: 'Harbour Goods' }),
      aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' }),
    ],
  });
  harbour = await sellerId(t, 'harbour-goods');
  outback = await sellerId(t, 'outback-outfitters');
  operator = await signedIn(t, 'operator');
  owner = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods', name: 'Hana Harbour' });
  otherOwner = await signedIn(t, 'vendor', { sellerUrl: 'outback-outfitters', name: 'Olive Outback' });
  vendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods', name: 'Vic Vendor' });
  // The owners as an approved application makes them (modules/sellers).
  await t.db
    .updateTable('staff')
    .set({ seller_owner: true })
    .where('id', 'in', [owner.member.id, otherOwner.member.id])
    .execute();
}, 120_000);
afterAll(() => t?.close());

describe('[I32] Staff: operators', { timeout: 120_000 }, () => {
  it('an operator lists everyone, adds an operator and a seller’s staff, each texted an invite; all audited', async () => {
    const before = await listOf(operator);
    expect(before.map((m) => m.id)).toEqual(
      expect.arrayContaining([operator.member.id, owner.member.id, otherOwner.member.id, vendor.member.id]),
    );
    expect(before.find((m) => m.id === owner.member.id)).toMatchObject({
      role: 'vendor',
      seller_id: harbour,
      seller_name: 'Harbour Goods',
      seller_owner: true,
      invite_state: 'active',
    });

    const mobile = aMobile();
    const added = await add(operator, { name: '  Kim   Staff ', mobile, role: 'vendor', seller_id: outback });
    expect(added).toMatchObject({
      name: 'Kim Staff',
      mobile,
      role: 'vendor',
      seller_id: outback,
      seller_name: 'Outback Outfitters',
      seller_owner: false,
      invite_state: 'invited',
    });
    expect(Date.parse(added.invite_expires_at ?? '') - t.clock.now().getTime()).toBe(72 * 3_600_000);
    const [text] = await outbox(t, mobile);
    expect(text).toMatch(
      /^Wattle Shop: Kim Staff, you're invited to the back office as staff of Outback Outfitters\. Open this link within 72 hours .*https:\/\/shop\.example\/admin\/invite\/[\w-]+$/,
    );
    expect((await auditOf(added.id)).map((a) => [a.action, a.staff_id])).toEqual([
      ['staff.added', operator.member.id],
      ['staff.invited', operator.member.id],
    ]);

    const anotherOperator = await add(operator, {
      name: 'Ola Operator',
      mobile: aMobile(),
      role: 'operator',
    });
    expect(anotherOperator).toMatchObject({ role: 'operator', seller_id: null, seller_name: null });
    expect((await outbox(t, anotherOperator.mobile))[0]).toMatch(/as an operator\./);
  });

  it('bad input is a clear 400 and adds nobody', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 'No Role', mobile: aMobile() }, /Choose the role/],
      [{ name: 'No Seller', mobile: aMobile(), role: 'vendor' }, /Choose the seller/],
      [
        { name: 'Op Seller', mobile: aMobile(), role: 'operator', seller_id: harbour },
        /leave the seller empty/,
      ],
      [{ name: 'Ghost', mobile: aMobile(), role: 'vendor', seller_id: 999_999 }, /no such seller/],
      [{ name: 'Landline', mobile: '02 9999 9999', role: 'operator' }, /is not an Australian mobile/],
      [{ name: 'Taken', mobile: vendor.member.mobile, role: 'operator' }, /already has a staff account/],
    ];
    const count = (await listOf(operator)).length;
    for (const [body, message] of cases) {
      const reply = await call(operator, 'POST', '/staff', body);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json().message).toMatch(message);
    }
    const short = await call(operator, 'POST', '/staff', { name: 'K', mobile: aMobile(), role: 'operator' });
    expect([short.statusCode, short.json().input_validation]).toEqual([
      400,
      { name: ['must be 2 to 80 characters'] },
    ]);
    const role = await call(operator, 'POST', '/staff', { name: 'Kim', mobile: aMobile(), role: 'boss' });
    expect(role.statusCode).toBe(400);
    expect((await listOf(operator)).length).toBe(count);
  });
});

describe('[I32] the invite link', { timeout: 120_000 }, () => {
  it('works once: a session that may only add a passkey; the second use is 400; with a passkey the member is active', async () => {
    const member = await add(operator, {
      name: 'Ivy Invite',
      mobile: aMobile(),
      role: 'vendor',
      seller_id: harbour,
    });
    const token = await inviteToken(member.mobile);
    const first = await accept(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: true, stage: 'needs_passkey', staff: { id: member.id } });
    const session = cookieOf(first);
    expect((await call(session, 'GET', '/me')).json()).toMatchObject({ stage: 'needs_passkey' });
    expect((await call(session, 'GET', '/staff')).statusCode).toBe(403);
    expect((await auditOf(member.id)).map((a) => a.action)).toContain('sign_in.invite');

    const again = await accept(token);
    expect([again.statusCode, again.json().message]).toEqual([
      400,
      'This invite link was used already. Sign in with your mobile instead.',
    ]);
    expect(again.headers['set-cookie']).toBeUndefined();
    const unknown = await accept('not-a-real-token');
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      400,
      'This invite link is not valid. Ask for a new one.',
    ]);

    const authenticator = new SoftwareAuthenticator({ rpId: RP_ID, origin: ORIGIN });
    const options = await call(session, 'POST', '/passkeys/options');
    const added = await call(session, 'POST', '/passkeys', {
      response: authenticator.register(options.json()),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().stage).toBe('full');
    expect((await listOf(operator)).find((m) => m.id === member.id)?.invite_state).toBe('active');
  });

  it('expires after 72 hours; a new invite works and ends the one before it', async () => {
    const member = await add(operator, { name: 'Eve Expired', mobile: aMobile(), role: 'operator' });
    const old = await inviteToken(member.mobile);
    t.clock.advance(72 * 3_600_000);
    // Every back-office session ended meanwhile: sign in again.
    for (const session of [operator, owner, otherOwner, vendor]) await signInAgain(session);
    const expired = await accept(old);
    expect([expired.statusCode, expired.json().message]).toEqual([
      400,
      'This invite link has expired. Ask for a new one.',
    ]);
    expect((await listOf(operator)).find((m) => m.id === member.id)).toMatchObject({
      invite_state: 'invite_expired',
      invite_expires_at: null,
    });

    const resent = await call(operator, 'POST', `/staff/${member.id}/invite`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ id: member.id, invite_state: 'invited' });
    const second = await inviteToken(member.mobile);
    const resentAgain = await call(operator, 'POST', `/staff/${member.id}/invite`);
    expect(resentAgain.statusCode).toBe(200);
    const third = await inviteToken(member.mobile);
    expect(new Set([old, second, third]).size).toBe(3);
    // Only the newest link opens the back office.
    expect((await accept(second)).statusCode).toBe(400);
    expect((await accept(third)).statusCode).toBe(200);
    expect((await auditOf(member.id)).filter((a) => a.action === 'staff.invited')).toHaveLength(3);
  });
});

describe('[I32] Staff: a seller’s owner, and seller isolation', { timeout: 120_000 }, () => {
  it('an owner sees and adds only their own seller’s staff', async () => {
    const mine = await listOf(owner);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((m) => m.role === 'vendor' && m.seller_id === harbour)).toBe(true);
    expect(mine.map((m) => m.id)).toEqual(expect.arrayContaining([owner.member.id, vendor.member.id]));
    expect(mine.map((m) => m.id)).not.toContain(otherOwner.member.id);

    const added = await add(owner, { name: 'Nat New', mobile: aMobile() });
    expect(added).toMatchObject({
      role: 'vendor',
      seller_id: harbour,
      seller_owner: false,
      invite_state: 'invited',
    });
    expect((await outbox(t, added.mobile))[0]).toMatch(/as staff of Harbour Goods\./);
    expect((await listOf(otherOwner)).map((m) => m.id)).not.toContain(added.id);

    for (const body of [
      { name: 'Op Try', mobile: aMobile(), role: 'operator' },
      { name: 'Other Try', mobile: aMobile(), seller_id: outback },
    ]) {
      const refused = await call(owner, 'POST', '/staff', body);
      expect([refused.statusCode, refused.json().message]).toEqual([
        403,
        "You can add staff only to your own seller's shop.",
      ]);
    }
  });

  it('another seller’s owner gets 404 for a member not theirs; a vendor who is not an owner 403', async () => {
    const theirs = await add(owner, { name: 'Harbour Helper', mobile: aMobile() });
    for (const [method, path] of [
      ['DELETE', `/staff/${theirs.id}`],
      ['POST', `/staff/${theirs.id}/invite`],
      ['DELETE', `/staff/${operator.member.id}`],
      ['POST', `/staff/${operator.member.id}/invite`],
    ] as const) {
      const reply = await call(otherOwner, method, path);
      expect([reply.statusCode, reply.json().message], `${method} ${path}`).toEqual([
        404,
        'There is no such member of staff.',
      ]);
    }
    expect((await listOf(owner)).map((m) => m.id)).toContain(theirs.id);
    expect(await outbox(t, theirs.mobile)).toHaveLength(1);

    for (const [method, path] of [
      ['GET', '/staff'],
      ['POST', '/staff'],
      ['DELETE', `/staff/${theirs.id}`],
      ['POST', `/staff/${theirs.id}/invite`],
    ] as const) {
      const reply = await call(vendor, method, path, { name: 'Vic Try', mobile: aMobile() });
      expect([reply.statusCode, reply.json().message], `${method} ${path}`).toEqual([
        403,
        "Only an operator or the seller's owner can manage staff.",
      ]);
    }
    // No session: 401; no CSRF token: 403.
    expect((await call(undefined, 'GET', '/staff')).statusCode).toBe(401);
    const noToken = await t.app.inject({
      method: 'DELETE',
      url: `/admin/api/staff/${theirs.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(noToken.statusCode).toBe(403);
  });

  it('removing a member ends their sessions and invite link at once; an owner cannot remove themselves', async () => {
    const helper = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods', name: 'Rae Removed' });
    expect((await call(helper, 'GET', '/me')).statusCode).toBe(200);
    const resent = await call(owner, 'POST', `/staff/${helper.member.id}/invite`);
    expect(resent.statusCode, resent.body).toBe(200);
    const token = await inviteToken(helper.member.mobile);

    const removed = await call(owner, 'DELETE', `/staff/${helper.member.id}`);
    expect([removed.statusCode, removed.json()]).toEqual([200, { status: true }]);
    expect((await call(helper, 'GET', '/me')).statusCode).toBe(401);
    const link = await accept(token);
    expect([link.statusCode, link.json().message]).toEqual([
      400,
      'This invite link is no longer valid: the account was removed.',
    ]);
    expect((await listOf(owner)).map((m) => m.id)).not.toContain(helper.member.id);
    expect((await auditOf(helper.member.id)).at(-1)).toEqual({
      action: 'staff.removed',
      staff_id: owner.member.id,
    });
    // Gone: removing or inviting again is 404.
    expect((await call(owner, 'DELETE', `/staff/${helper.member.id}`)).statusCode).toBe(404);
    expect((await call(operator, 'POST', `/staff/${helper.member.id}/invite`)).statusCode).toBe(404);

    const self = await call(owner, 'DELETE', `/staff/${owner.member.id}`);
    expect([self.statusCode, self.json().message]).toEqual([
      400,
      "You cannot remove yourself: you are the seller's owner. Ask the shop's operator.",
    ]);
    expect((await call(owner, 'GET', '/me')).statusCode).toBe(200);
  });

  it('an operator removes any member; the last operator cannot be removed', async () => {
    const others = (await listOf(operator)).filter(
      (m) => m.role === 'operator' && m.id !== operator.member.id,
    );
    expect(others.length).toBeGreaterThan(0);
    for (const other of others)
      expect((await call(operator, 'DELETE', `/staff/${other.id}`)).statusCode).toBe(200);
    const last = await call(operator, 'DELETE', `/staff/${operator.member.id}`);
    expect([last.statusCode, last.json().message]).toEqual([
      400,
      'This is the last operator: add another operator before removing them.',
    ]);
    expect((await call(operator, 'GET', '/me')).statusCode).toBe(200);
    // With another operator, an operator may remove themselves: their own session ends with it.
    const next = await signedIn(t, 'operator', { name: 'Nia Next' });
    expect((await call(operator, 'DELETE', `/staff/${operator.member.id}`)).statusCode).toBe(200);
    expect((await call(operator, 'GET', '/me')).statusCode).toBe(401);
    expect((await call(next, 'DELETE', `/staff/${otherOwner.member.id}`)).statusCode).toBe(200);
  });
});
