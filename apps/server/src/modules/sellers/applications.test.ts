import {
  type AdminSellerApplication,
  type ApproveSellerApplicationReply,
  SELLER_APPLICATION_TEXTS,
  type SellerApplicationListReply,
  VENDOR_TERMS_VERSION,
} from '@quokka/contract/api/seller-applications';
import { MSG } from '@quokka/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, NS } from '../../test/cart-factory.ts';
import { aLinkToken, aMobile } from '../../test/customer-factory.ts';
import type { TestApp } from '../../test/test-app.ts';
import {
  adminCall,
  ORIGIN,
  ordersTestApp,
  outbox,
  type Session,
  signedIn,
} from '../orders/test/orders-test-kit.ts';
import { SELLER_APPLICATIONS_PER_HOUR } from './application-routes.ts';

// [I32] Applying to sell (docs/sellers.md "Applying to sell"): POST {ns}/sellerApplications with a mobile
// proven by the one-time code, and the back office's Sellers › Applications (list, approve, refuse),
// through the real app on PGlite with the app's test clock. The catalogue has Harbour Goods
// (harbour-goods) and Outback Outfitters; STORE_NAME is the default.

const T = SELLER_APPLICATION_TEXTS;
let t: TestApp;
let operator: Session;
let vendor: Session;
let storeName: string;

beforeAll(async () => {
  t = await ordersTestApp();
  storeName = t.config.STORE_NAME;
  operator = await signedIn(t, 'operator');
  vendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
}, 180_000);
afterAll(() => t?.close());

let addresses = 0;
/** Each application from its own client address, unless one is given (the per-address limit). */
const nextAddress = () => `203.0.113.${(addresses++ % 250) + 1}`;

function aForm(mobile: string, overrides: Record<string, unknown> = {}) {
  return {
    business_name: 'Saltline Surf Co',
    abn: '51 824 753 556',
    contact_name: 'Kim Nguyen',
    mobile,
    email: 'kim@saltline.example',
    sells: 'Surf wax, leashes and hand-made boardshorts.',
    website: 'instagram.com/saltlinesurf',
    terms_accepted: true,
    ...overrides,
  };
}

async function apply(body: Record<string, unknown>, remoteAddress = nextAddress()) {
  return call<{ id: number; mobile: string; message?: string; input_validation?: Record<string, string[]> }>(
    t.app,
    'POST',
    `${NS}/sellerApplications`,
    { payload: body, remoteAddress },
  );
}

/** A valid application from a new mobile, with its proof: the application's id. */
async function anApplication(
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; mobile: string }> {
  const mobile = String(overrides.mobile ?? aMobile());
  const jwt = await aLinkToken({ mobile: mobile as `+614${string}` }, { now: t.clock.now() });
  const reply = await apply({ ...aForm(mobile, overrides), jwt });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { id: reply.body.id, mobile };
}

const approve = (id: number, session: Session = operator) =>
  adminCall(t, 'POST', `/seller-applications/${id}/approve`, session);
const refuse = (id: number, reason: unknown, session: Session = operator) =>
  adminCall(t, 'POST', `/seller-applications/${id}/refuse`, session, { reason });
const list = (status?: string, session: Session = operator) =>
  adminCall(t, 'GET', `/seller-applications${status ? `?status=${status}` : ''}`, session);

const applicationRow = (id: number) =>
  t.db.selectFrom('seller_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('[I32] POST {ns}/sellerApplications (Sell with us)', () => {
  it('[I32-apply] a visitor proves the mobile with the one-time code and applies; the terms version and address are kept', async () => {
    const mobile = aMobile();
    t.clock.advance(31_000);
    const sent = await call(t.app, 'POST', `${NS}/sendmobilecode`, { payload: { mobile, r_token: 'x' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const code = /\b(\d{6})\b/.exec((await outbox(t, mobile)).at(-1) ?? '')?.[1];
    const confirmed = await call<{ jwt: string }>(t.app, 'POST', `${NS}/confirmmobilecode`, {
      payload: { mobile, code, r_token: 'x' },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const national = `0${mobile.slice(3, 6)} ${mobile.slice(6, 9)} ${mobile.slice(9)}`;
    const reply = await apply(
      {
        ...aForm(national, { abn: '51824753556', business_name: '  Saltline Surf Co  ' }),
        jwt: confirmed.body.jwt,
      },
      '198.51.100.7',
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ status: true, id: expect.any(Number), mobile: national });
    const row = await applicationRow(reply.body.id);
    expect(row).toMatchObject({
      business_name: 'Saltline Surf Co',
      abn: '51 824 753 556',
      contact_name: 'Kim Nguyen',
      mobile,
      email: 'kim@saltline.example',
      sells: 'Surf wax, leashes and hand-made boardshorts.',
      website: 'instagram.com/saltlinesurf',
      terms_version: VENDOR_TERMS_VERSION,
      client_address: '198.51.100.7',
      status: 'waiting',
      seller_id: null,
    });
    expect(row.terms_accepted_at.getTime()).toBe(t.clock.now().getTime());
  });

  it.each([
    ['business_name', '', T.businessName],
    ['business_name', 'A', T.businessName],
    ['business_name', 'x'.repeat(121), T.businessName],
    ['abn', '', T.abnMissing],
    ['abn', '12 345 678 901', T.abnInvalid],
    ['abn', '1234567901', T.abnInvalid],
    ['abn', 'ABN 51824753556', T.abnInvalid],
    ['contact_name', ' ', T.contactName],
    ['mobile', '02 9999 0000', MSG.validMobile],
    ['mobile', 'my mobile', MSG.validMobile],
    ['email', 'kim@', MSG.validEmail],
    ['email', '', MSG.validEmail],
    ['sells', 'Wax', T.sells],
    ['sells', 'x'.repeat(1001), T.sells],
    ['website', '', T.website],
    ['website', 'my website', T.website],
    ['website', 'saltline', T.website],
    ['terms_accepted', false, T.acceptTerms],
  ])('[I32-apply] %s %j answers 400 with the field’s words', async (field, value, message) => {
    const mobile = aMobile();
    const jwt = await aLinkToken({ mobile }, { now: t.clock.now() });
    const reply = await apply({ ...aForm(mobile, { [field]: value }), jwt });
    expect(reply.status).toBe(400);
    expect(reply.body.input_validation?.[field]).toEqual([message]);
    expect(Object.keys(reply.body.input_validation ?? {})).toEqual([field]);
  });

  it('[I32-apply] the links a seller has are accepted: a web address with or without https, a social profile', async () => {
    for (const website of [
      'https://saltline.example.com',
      'saltline.com.au',
      'https://www.facebook.com/saltline?ref=x',
    ]) {
      const { id } = await anApplication({ website });
      expect((await applicationRow(id)).website).toBe(website);
    }
  });

  it('[I32-apply] a missing field or a text with control characters is a 400 naming the field', async () => {
    const mobile = aMobile();
    const jwt = await aLinkToken({ mobile }, { now: t.clock.now() });
    const { business_name: _, ...missing } = aForm(mobile);
    expect((await apply({ ...missing, jwt })).status).toBe(400);
    const control = await apply({ ...aForm(mobile, { contact_name: 'Kim\u0000' }), jwt });
    expect(control.status).toBe(400);
    expect(Object.keys(control.body.input_validation ?? {})).toContain('contact_name');
  });

  it('[I32-apply] the mobile must be the one the code proved: another number, a bad token or an expired one are refused', async () => {
    const mobile = aMobile();
    const other = await aLinkToken({ mobile: aMobile() }, { now: t.clock.now() });
    const mismatch = await apply({ ...aForm(mobile), jwt: other });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.input_validation).toEqual({ mobile: [T.mobileMismatch] });

    const forged = await aLinkToken({ mobile }, { now: t.clock.now(), secret: 'y'.repeat(40) });
    const invalid = await apply({ ...aForm(mobile), jwt: forged });
    expect(invalid.status).toBe(400);
    expect(invalid.body.input_validation).toEqual({ mobile: [T.codeInvalid] });

    const old = await aLinkToken(
      { mobile },
      { now: new Date(t.clock.now().getTime() - 3_600_000), ttlSeconds: 60 },
    );
    const expired = await apply({ ...aForm(mobile), jwt: old });
    expect(expired.status).toBe(400);
    expect(expired.body.input_validation).toEqual({ mobile: [T.codeExpired] });

    const none = await apply({ ...aForm(mobile), jwt: '' });
    expect(none.status).toBe(400);
    expect(
      await t.db.selectFrom('seller_applications').select('id').where('mobile', '=', mobile).execute(),
    ).toEqual([]);
  });

  it('[I32-apply] one waiting application per mobile; once it is decided the mobile may apply again', async () => {
    const { id, mobile } = await anApplication();
    const jwt = await aLinkToken({ mobile: mobile as `+614${string}` }, { now: t.clock.now() });
    const again = await apply({ ...aForm(mobile, { business_name: 'Another Shop' }), jwt });
    expect(again.status).toBe(400);
    expect(again.body.input_validation).toEqual({ mobile: [T.alreadyWaiting] });
    // Two at once: the unique index keeps one.
    const both = await Promise.all([apply({ ...aForm(mobile), jwt }), apply({ ...aForm(mobile), jwt })]);
    expect(both.map((reply) => reply.status)).toEqual([400, 400]);

    expect((await refuse(id, 'Not a fit for this marketplace.')).statusCode).toBe(200);
    const after = await apply({ ...aForm(mobile), jwt });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
  });

  it('[I32-apply] is rate limited per client address, as the other visitor writes', async () => {
    const address = '192.0.2.99';
    const mobile = aMobile();
    for (let i = 0; i < SELLER_APPLICATIONS_PER_HOUR; i++) {
      expect((await apply({ ...aForm(mobile, { abn: '' }), jwt: 'x' }, address)).status).toBe(400);
    }
    expect((await apply({ ...aForm(mobile, { abn: '' }), jwt: 'x' }, address)).status).toBe(429);
  });
});

describe('[I32] Sellers › Applications (/admin/api/seller-applications)', () => {
  it('[I32-decide] lists waiting applications (oldest first) with every field; decided ones by filter', async () => {
    const first = await anApplication({ business_name: 'List One' });
    const second = await anApplication({ business_name: 'List Two' });
    const reply = await list();
    expect(reply.statusCode, reply.body).toBe(200);
    const items = (reply.json() as SellerApplicationListReply).items;
    const ids = items.map((item) => item.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(items.every((item) => item.status === 'waiting')).toBe(true);
    expect(items.find((item) => item.id === first.id)).toEqual({
      id: first.id,
      business_name: 'List One',
      abn: '51 824 753 556',
      contact_name: 'Kim Nguyen',
      mobile: first.mobile,
      email: 'kim@saltline.example',
      sells: 'Surf wax, leashes and hand-made boardshorts.',
      website: 'instagram.com/saltlinesurf',
      terms_version: VENDOR_TERMS_VERSION,
      terms_accepted_at: expect.any(String),
      client_address: expect.any(String),
      status: 'waiting',
      created_at: expect.any(String),
      decided_at: null,
      decided_by: null,
      refusal_reason: null,
      seller_id: null,
    } satisfies AdminSellerApplication);

    expect((await refuse(second.id, 'Incomplete details.')).statusCode).toBe(200);
    const refused = (await list('refused')).json() as SellerApplicationListReply;
    expect(refused.items[0]).toMatchObject({
      id: second.id,
      status: 'refused',
      refusal_reason: 'Incomplete details.',
      decided_by: operator.member.id,
    });
    expect(
      ((await list('waiting')).json() as SellerApplicationListReply).items.map((i) => i.id),
    ).not.toContain(second.id);
    expect((await list('everything')).statusCode).toBe(400);
  });

  it('[I32-decide] operators only: a seller’s staff get 403, no session 401', async () => {
    const { id } = await anApplication();
    expect((await list(undefined, vendor)).statusCode).toBe(403);
    expect((await approve(id, vendor)).statusCode).toBe(403);
    expect((await refuse(id, 'No', vendor)).statusCode).toBe(403);
    expect((await adminCall(t, 'GET', '/seller-applications')).statusCode).toBe(401);
    expect(
      (await adminCall(t, 'POST', `/seller-applications/${id}/approve`, { cookie: operator.cookie }))
        .statusCode,
    ).toBe(403);
    expect((await applicationRow(id)).status).toBe('waiting');
  });

  it('[I32-approve] approval makes the seller, its owner’s account and invite, and texts the applicant, in one go', async () => {
    const { id, mobile } = await anApplication({
      business_name: 'Bush Tucker Co',
      contact_name: 'Ari Walker',
    });
    const profile = () =>
      call<{ seller?: { name?: string } }>(
        t.app,
        'GET',
        `${NS}/sellerInformation?seller_url=bush-tucker-co&page=1`,
      );
    expect((await profile()).status).toBe(404);
    const reply = await approve(id);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json() as ApproveSellerApplicationReply;
    expect(body.seller.seller_url).toBe('bush-tucker-co');
    expect(body.application).toMatchObject({
      id,
      status: 'approved',
      seller_id: body.seller.id,
      decided_by: operator.member.id,
    });

    const seller = await t.db
      .selectFrom('sellers')
      .selectAll()
      .where('id', '=', body.seller.id)
      .executeTakeFirstOrThrow();
    expect(seller).toMatchObject({
      name: 'Bush Tucker Co',
      seller_url: 'bush-tucker-co',
      description: '',
      logo_url: '',
      banner_url: '',
      suspended_at: null,
    });
    // The storefront's cached replies see the new seller at once.
    const shown = await profile();
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(JSON.stringify(shown.body)).toContain('Bush Tucker Co');
    const staff = await t.db
      .selectFrom('staff')
      .selectAll()
      .where('id', '=', body.staff_id)
      .executeTakeFirstOrThrow();
    expect(staff).toMatchObject({
      mobile,
      name: 'Ari Walker',
      role: 'vendor',
      seller_id: body.seller.id,
      seller_owner: true,
      removed_at: null,
    });
    const invites = await t.db
      .selectFrom('staff_invites')
      .selectAll()
      .where('staff_id', '=', staff.id)
      .execute();
    expect(invites).toHaveLength(1);
    expect(invites[0]?.created_by).toBe(operator.member.id);

    // The texts went before the reply (the dev provider has them): the invite's link, then the approval.
    const sent = await outbox(t, mobile);
    const texts = (
      await t.db
        .selectFrom('sent_messages')
        .select(['purpose', 'body'])
        .where('to_number', '=', mobile)
        .orderBy('id')
        .execute()
    ).map((row) => row.body ?? '');
    expect([...sent].sort()).toEqual([...texts].sort());
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(
      new RegExp(
        `^${storeName}: Ari Walker, you're invited to the back office as the owner of Bush Tucker Co\\. .*${ORIGIN}/admin/invite/[\\w-]+$`,
      ),
    );
    expect(texts[1]).toBe(
      `${storeName}: Bush Tucker Co, your application to sell is approved. We've texted you a link to set up your shop.`,
    );
    const purposes = await t.db
      .selectFrom('sent_messages')
      .select(['purpose'])
      .where('to_number', '=', mobile)
      .orderBy('id')
      .execute();
    expect(purposes.map((row) => row.purpose)).toEqual(['staff_invite', 'seller_application']);

    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['action', 'subject', 'staff_id'])
      .where('subject', 'in', [`seller_application:${id}`, `staff:${staff.id}`])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'staff.added', subject: `staff:${staff.id}`, staff_id: operator.member.id },
      {
        action: 'seller_application.approved',
        subject: `seller_application:${id}`,
        staff_id: operator.member.id,
      },
    ]);
  });

  it('[I32-approve] a taken seller_url gets -2, -3…', async () => {
    const first = await anApplication({ business_name: 'Harbour Goods' });
    const second = await anApplication({ business_name: 'Harbour  Goods!' });
    const a = (await approve(first.id)).json() as ApproveSellerApplicationReply;
    const b = (await approve(second.id)).json() as ApproveSellerApplicationReply;
    expect([a.seller.seller_url, b.seller.seller_url]).toEqual(['harbour-goods-2', 'harbour-goods-3']);
    const accented = await anApplication({ business_name: 'Café & Co.' });
    expect(((await approve(accented.id)).json() as ApproveSellerApplicationReply).seller.seller_url).toBe(
      'cafe-and-co',
    );
  });

  it('[I32-approve] a mobile with a live staff account is refused with a clear 400, and nothing is made', async () => {
    const { id } = await anApplication({ mobile: vendor.member.mobile, business_name: 'Second Shop' });
    const sellersBefore = await t.db.selectFrom('sellers').select('id').execute();
    const reply = await approve(id);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(T.mobileHasStaff);
    expect(await t.db.selectFrom('sellers').select('id').execute()).toHaveLength(sellersBefore.length);
    expect((await applicationRow(id)).status).toBe('waiting');
  });

  it('[I32-refuse] refusal texts the reason; a blank reason is a 400', async () => {
    const { id, mobile } = await anApplication({ business_name: 'Kite Corner' });
    const blank = await refuse(id, '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().input_validation).toEqual({ reason: [T.reason] });
    const reply = await refuse(id, ' We only take Australian-made goods for now. ');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      status: 'refused',
      refusal_reason: 'We only take Australian-made goods for now.',
      seller_id: null,
    });
    expect(await outbox(t, mobile)).toEqual([
      `${storeName}: your application to sell as Kite Corner was not approved: We only take Australian-made goods for now.`,
    ]);
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['action', 'after'])
      .where('subject', '=', `seller_application:${id}`)
      .execute();
    expect(audit).toEqual([
      {
        action: 'seller_application.refused',
        after: { status: 'refused', reason: 'We only take Australian-made goods for now.' },
      },
    ]);
  });

  it('[I32-decide] deciding twice is a clear 400; two operators at once, one wins; an unknown id 404', async () => {
    const { id } = await anApplication({ business_name: 'Twice Shop' });
    const [a, b] = await Promise.all([approve(id), approve(id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const loser = a.statusCode === 400 ? a : b;
    expect(loser.json().message).toBe(T.alreadyDecided('approved'));
    expect(
      await t.db.selectFrom('sellers').select('id').where('name', '=', 'Twice Shop').execute(),
    ).toHaveLength(1);

    const refusedTwice = await refuse(id, 'Changed my mind');
    expect(refusedTwice.statusCode).toBe(400);
    expect(refusedTwice.json().message).toBe(T.alreadyDecided('approved'));

    const other = await anApplication();
    expect((await refuse(other.id, 'No stock list.')).statusCode).toBe(200);
    const approveRefused = await approve(other.id);
    expect(approveRefused.statusCode).toBe(400);
    expect(approveRefused.json().message).toBe(T.alreadyDecided('refused'));

    expect((await approve(999_999)).statusCode).toBe(404);
  });
});
