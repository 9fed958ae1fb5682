import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { PaymentsProvider } from '../../providers/payments/payments-provider.ts';
import {
  addToCart,
  aShopper,
  placeOrder,
  type Shopper,
  saveShipping,
  stockOf,
} from '../../test/cart-factory.ts';
import { aSeller, aSimpleProduct, importTestCatalogue } from '../../test/catalog-factory.ts';
import { aMobile, TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { SoftwareAuthenticator } from '../../test/software-authenticator.ts';
import { createTestApp, fakeWebDist, type TestApp } from '../../test/test-app.ts';
import { createStaffAccounts, type StaffMember } from '../staff/staff-accounts.ts';
import { NOT_REVIEWED_IN_TIME, ORDER_REVIEW_TEXT, REVIEW_WINDOW_MS } from './order-review.ts';

// [I15-review] Approve and refuse through the back-office API on the real app and database, under
// ORDER_REVIEW=manual (orders wait for an operator). Staff sign in as they do in the browser: a code,
// then a passkey (test/software-authenticator.ts). Money in integer cents, figured by hand:
// MUG-1 $19.95, TEE-1 $25.00, the cheapest shipping $9.95.

const ORIGIN = 'https://shop.example';
const RP_ID = 'shop.example';
const SETTINGS = { AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN, ORDER_REVIEW: 'manual' };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(SETTINGS);
  await importTestCatalogue(t.db, {
    sellers: [aSeller()],
    products: [
      aSimpleProduct('MUG-1', { price: 19.95, qty: 100 }),
      aSimpleProduct('TEE-1', { price: 25, qty: 50 }),
    ],
  });
});
afterAll(() => t?.close());

// ---- staff sessions, as staff-routes.test.ts makes them

interface Session {
  cookie: string;
  csrf: string;
}

const accounts = () => createStaffAccounts({ db: t.db, clock: t.clock, findSellerId: async () => 1 });

function cookieOf(reply: LightMyRequestResponse): string {
  const value = /^quokka_staff=([^;]*)/.exec(String(reply.headers['set-cookie'] ?? ''))?.[1];
  if (!value) throw new Error(`no staff cookie in ${reply.statusCode} ${reply.body}`);
  return `quokka_staff=${value}`;
}

const admin = (path: string, session?: Partial<Session>, payload: unknown = {}, headers = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/admin/api${path}`,
    headers: {
      ...(session?.cookie ? { cookie: session.cookie } : {}),
      ...(session?.csrf ? { 'x-csrf-token': session.csrf } : {}),
      ...headers,
    },
    payload: payload as object,
  });

async function lastCode(mobile: string): Promise<string> {
  const reply = await t.app.inject('/dev/messages.json');
  const bodies = (reply.json() as { to: string; body: string }[]).filter((m) => m.to === mobile);
  const code = /\b(\d{6})\b/.exec(bodies[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${mobile}`);
  return code;
}

/** A member of staff signed in with a code and a passkey: a full session. */
async function signedIn(member: StaffMember): Promise<Session> {
  t.clock.advance(31_000);
  expect((await admin('/sign-in/code', undefined, { mobile: member.mobile })).statusCode).toBe(200);
  const reply = await admin('/sign-in/code/confirm', undefined, {
    mobile: member.mobile,
    code: await lastCode(member.mobile),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const session = { cookie: cookieOf(reply), csrf: reply.json().csrf_token as string };
  const authenticator = new SoftwareAuthenticator({ rpId: RP_ID, origin: ORIGIN });
  const options = await admin('/passkeys/options', session);
  const added = await admin('/passkeys', session, { response: authenticator.register(options.json()) });
  expect(added.statusCode, added.body).toBe(200);
  return session;
}

const anOperator = async () => {
  const member = await accounts().add({ mobile: aMobile(), name: 'Jo Operator', role: 'operator' });
  return { member, session: await signedIn(member) };
};

// ---- orders

/** A shopper's order of 2 × MUG-1 and 1 × TEE-1: 39.90 + 25.00 + 9.95 shipping = $74.85. */
async function anOrder(): Promise<{ orderId: number; shopper: Shopper }> {
  const shopper = await aShopper(t);
  await addToCart(t.app, shopper, 'MUG-1', 2);
  await addToCart(t.app, shopper, 'TEE-1', 1);
  await saveShipping(t.app, shopper);
  const placed = await placeOrder(t.app, shopper);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return { orderId: Number(placed.body), shopper };
}
const GRAND_TOTAL = 7485;

const orderRow = (orderId: number) =>
  t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
const chargeOf = async (orderId: number) => {
  const { payment_id } = await orderRow(orderId);
  return t.db
    .selectFrom('sandbox_charges')
    .selectAll()
    .where('id', '=', payment_id ?? '')
    .executeTakeFirstOrThrow();
};
const eventsOf = (orderId: number) =>
  t.db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
const auditOf = (orderId: number) =>
  t.db
    .selectFrom('staff_audit')
    .selectAll()
    .where('subject', '=', `order:${orderId}`)
    .orderBy('id')
    .execute();

describe('placing an order authorises the card [I15-review]', { timeout: 120_000 }, () => {
  it('[I15-review] the order waits for review: authorised for the grand total, nothing captured, the mobile and capture_by set, placed and payment_authorised on the timeline', async () => {
    const { orderId, shopper } = await anOrder();
    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      status: 'pending_review',
      payment_state: 'authorised',
      grand_total_cents: GRAND_TOTAL,
      authorised_cents: GRAND_TOTAL,
      captured_cents: 0,
      customer_mobile: shopper.mobile,
      card_brand: 'visa',
      card_last4: '4242',
    });
    expect(order.capture_by?.getTime()).toBe(t.clock.now().getTime() + REVIEW_WINDOW_MS);
    expect(await chargeOf(orderId)).toMatchObject({
      status: 'authorised',
      amount_cents: GRAND_TOTAL,
      captured_cents: 0,
    });
    expect((await eventsOf(orderId)).map((e) => [e.type, e.actor, e.summary])).toEqual([
      ['placed', 'shopper', 'Order placed'],
      ['payment_authorised', 'shopper', 'Authorised $74.85 on visa •••• 4242'],
    ]);
  });
});

describe('approve and refuse [I15-review]', { timeout: 180_000 }, () => {
  let operator: Awaited<ReturnType<typeof anOperator>>;
  beforeAll(async () => {
    operator = await anOperator();
  });

  it('[I15-review] approve captures the authorised amount: order approved and captured, the sandbox charge captured, timeline and audit', async () => {
    const { orderId } = await anOrder();
    const reply = await admin(`/orders/${orderId}/approve`, operator.session, { note: 'Looks fine' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'approved',
      payment_state: 'captured',
      authorised_cents: GRAND_TOTAL,
      captured_cents: GRAND_TOTAL,
      reviewed_by: operator.member.id,
    });
    expect((await orderRow(orderId)).reviewed_at).not.toBeNull();
    expect(await chargeOf(orderId)).toMatchObject({ status: 'captured', captured_cents: GRAND_TOTAL });
    const actor = `staff:${operator.member.id}`;
    expect((await eventsOf(orderId)).slice(2).map((e) => [e.type, e.actor, e.staff_id, e.summary])).toEqual([
      ['approved', actor, operator.member.id, 'Approved'],
      ['payment_captured', actor, operator.member.id, 'Captured $74.85'],
    ]);
    const audit = await auditOf(orderId);
    expect(audit.map((a) => [a.action, a.actor])).toEqual([['order.approved', actor]]);
    expect(audit[0]?.after).toMatchObject({
      status: 'approved',
      captured_cents: GRAND_TOTAL,
      note: 'Looks fine',
    });

    // Approving again answers the order as it is: no second capture, no second event or audit line.
    const again = await admin(`/orders/${orderId}/approve`, operator.session);
    expect(again.statusCode).toBe(200);
    expect((await eventsOf(orderId)).filter((e) => e.type === 'payment_captured')).toHaveLength(1);
    expect(await auditOf(orderId)).toHaveLength(1);
  });

  it('[I15-review] refuse releases the hold, gives every line its stock back, and texts the shopper the reason', async () => {
    const mugs = await stockOf(t.db, 'MUG-1');
    const tees = await stockOf(t.db, 'TEE-1');
    const { orderId, shopper } = await anOrder();
    expect([await stockOf(t.db, 'MUG-1'), await stockOf(t.db, 'TEE-1')]).toEqual([mugs - 2, tees - 1]);

    const reply = await admin(`/orders/${orderId}/refuse`, operator.session, {
      reason: 'Address looks wrong',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect([await stockOf(t.db, 'MUG-1'), await stockOf(t.db, 'TEE-1')]).toEqual([mugs, tees]);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'refused',
      payment_state: 'released',
      captured_cents: 0,
      refusal_reason: 'Address looks wrong',
      reviewed_by: operator.member.id,
    });
    expect(await chargeOf(orderId)).toMatchObject({ status: 'released', captured_cents: 0 });

    const { increment_id } = await orderRow(orderId);
    const text = `Quokka: sorry, we could not accept order ${increment_id}. Your card was not charged; the hold on it is released. Reason: Address looks wrong`;
    expect(ORDER_REVIEW_TEXT.refusedSms('Quokka', increment_id, 'Address looks wrong')).toBe(text);
    const outbox = await t.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('to_number', '=', shopper.mobile)
      .where('body', '=', text)
      .execute();
    expect(outbox).toHaveLength(1);
    // Sent ones: the outbox also holds the order's receipt, queued for a worker that does not run here.
    const sent = await t.db
      .selectFrom('sent_messages')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('send_state', '=', 'sent')
      .execute();
    expect(sent.map((m) => [m.purpose, m.kind, m.to_number])).toEqual([
      ['order_refused', 'sms', shopper.mobile],
    ]);

    const actor = `staff:${operator.member.id}`;
    const events = (await eventsOf(orderId)).slice(2);
    expect(events.map((e) => [e.type, e.actor, e.summary, e.message_id])).toEqual([
      ['refused', actor, 'Refused: Address looks wrong', sent[0]?.id],
      ['payment_released', actor, 'Released the hold of $74.85', null],
    ]);
    expect((await auditOf(orderId)).map((a) => a.action)).toEqual(['order.refused']);

    // Refusing again changes nothing and texts nobody; approving a refused order is a conflict.
    expect((await admin(`/orders/${orderId}/refuse`, operator.session, { reason: 'again' })).statusCode).toBe(
      200,
    );
    expect(
      await t.db
        .selectFrom('sent_messages')
        .select('id')
        .where('order_id', '=', orderId)
        .where('send_state', '=', 'sent')
        .execute(),
    ).toHaveLength(1);
    expect([await stockOf(t.db, 'MUG-1'), await stockOf(t.db, 'TEE-1')]).toEqual([mugs, tees]);
    const approve = await admin(`/orders/${orderId}/approve`, operator.session);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe(ORDER_REVIEW_TEXT.notAwaitingReview(increment_id, 'refused'));
    expect(await chargeOf(orderId)).toMatchObject({ status: 'released', captured_cents: 0 });
  });

  it('[I15-review] an approved order cannot be refused (409); the hold, stock and status stay', async () => {
    const { orderId } = await anOrder();
    expect((await admin(`/orders/${orderId}/approve`, operator.session)).statusCode).toBe(200);
    const mugs = await stockOf(t.db, 'MUG-1');
    const refuse = await admin(`/orders/${orderId}/refuse`, operator.session, { reason: 'Too late' });
    expect(refuse.statusCode).toBe(409);
    expect(await stockOf(t.db, 'MUG-1')).toBe(mugs);
    expect(await orderRow(orderId)).toMatchObject({ status: 'approved', captured_cents: GRAND_TOTAL });
  });

  it('[I15-review] bad input: no reason, a blank reason, an unknown order, a made-up id', async () => {
    const { orderId } = await anOrder();
    expect((await admin(`/orders/${orderId}/refuse`, operator.session, {})).statusCode).toBe(400);
    expect((await admin(`/orders/${orderId}/refuse`, operator.session, { reason: '   ' })).statusCode).toBe(
      400,
    );
    const unknown = await admin('/orders/999999/approve', operator.session);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ORDER_REVIEW_TEXT.orderNotFound);
    expect((await admin('/orders/abc/approve', operator.session)).statusCode).toBe(400);
    expect((await orderRow(orderId)).status).toBe('pending_review');
  });

  it('[I15-review] two approves racing: one capture, one pair of events, one audit line', async () => {
    const { orderId } = await anOrder();
    const second = await anOperator();
    const replies = await Promise.all([
      admin(`/orders/${orderId}/approve`, operator.session),
      admin(`/orders/${orderId}/approve`, second.session),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    const events = await eventsOf(orderId);
    expect(events.filter((e) => e.type === 'payment_captured')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'approved')).toHaveLength(1);
    expect(await auditOf(orderId)).toHaveLength(1);
    expect(await chargeOf(orderId)).toMatchObject({ status: 'captured', captured_cents: GRAND_TOTAL });
  });

  it('[I15-review] an approve and a refuse racing: exactly one wins, the other is a 409', async () => {
    const mugs = await stockOf(t.db, 'MUG-1');
    const { orderId } = await anOrder();
    const replies = await Promise.all([
      admin(`/orders/${orderId}/approve`, operator.session),
      admin(`/orders/${orderId}/refuse`, operator.session, { reason: 'Racing' }),
    ]);
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409].sort());
    const order = await orderRow(orderId);
    const charge = await chargeOf(orderId);
    if (order.status === 'approved') {
      expect(charge).toMatchObject({ status: 'captured', captured_cents: GRAND_TOTAL });
      expect(await stockOf(t.db, 'MUG-1')).toBe(mugs - 2);
    } else {
      expect(order.status).toBe('refused');
      expect(charge).toMatchObject({ status: 'released', captured_cents: 0 });
      expect(await stockOf(t.db, 'MUG-1')).toBe(mugs);
    }
  });

  it('[I15-review] refused: a vendor, a shopper token, a second operator without a session, a request without its CSRF token, a session still needing its passkey', async () => {
    const { orderId, shopper } = await anOrder();
    const vendor = await accounts().add({
      mobile: aMobile(),
      name: 'Sam Seller',
      role: 'vendor',
      sellerUrl: 'harbour-goods',
    });
    const vendorSession = await signedIn(vendor);
    expect((await admin(`/orders/${orderId}/approve`, vendorSession)).statusCode).toBe(403);
    expect((await admin(`/orders/${orderId}/refuse`, vendorSession, { reason: 'No' })).statusCode).toBe(403);
    // A shopper's bearer token never opens /admin.
    expect((await admin(`/orders/${orderId}/approve`, undefined, {}, shopper.headers)).statusCode).toBe(401);
    // A second operator who has not signed in: no session.
    await accounts().add({ mobile: aMobile(), name: 'Al Other', role: 'operator' });
    expect((await admin(`/orders/${orderId}/approve`)).statusCode).toBe(401);
    // The operator's cookie without its CSRF token.
    expect((await admin(`/orders/${orderId}/approve`, { cookie: operator.session.cookie })).statusCode).toBe(
      403,
    );
    // A code sign-in that has not added its passkey yet.
    const newcomer = await accounts().add({ mobile: aMobile(), name: 'New Operator', role: 'operator' });
    t.clock.advance(31_000);
    await admin('/sign-in/code', undefined, { mobile: newcomer.mobile });
    const half = await admin('/sign-in/code/confirm', undefined, {
      mobile: newcomer.mobile,
      code: await lastCode(newcomer.mobile),
    });
    const halfSession = { cookie: cookieOf(half), csrf: half.json().csrf_token as string };
    expect((await admin(`/orders/${orderId}/approve`, halfSession)).statusCode).toBe(403);

    expect(await orderRow(orderId)).toMatchObject({ status: 'pending_review', captured_cents: 0 });
    expect(await chargeOf(orderId)).toMatchObject({ status: 'authorised' });
    expect(await auditOf(orderId)).toEqual([]);
  });

  it('[I15-review] the refusal reason for the deadline is the DESIGN text', () => {
    expect(NOT_REVIEWED_IN_TIME).toBe('Not reviewed in time');
  });
});

describe('automatic approval [I15-auto]', { timeout: 120_000 }, () => {
  /** Another app on the same database (a second test database in one process trips Kysely's check). */
  async function autoApp(payments?: PaymentsProvider) {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      WORKER: '0',
      MEDIA_STORE: 'memory',
      ...SETTINGS,
      ORDER_REVIEW: 'auto',
    });
    const providers = { ...t.app.deps.providers, ...(payments ? { payments } : {}) };
    return buildApp({ config, db: t.db, clock: t.clock, providers, webDistDir: fakeWebDist() });
  }

  async function orderOn(app: FastifyInstance): Promise<number> {
    const shopper = await aShopper(t);
    await addToCart(app, shopper, 'MUG-1', 1);
    await saveShipping(app, shopper);
    const placed = await placeOrder(app, shopper);
    expect(placed.status).toBe(200);
    return Number(placed.body);
  }

  it('[I15-auto] ORDER_REVIEW=auto approves at checkout: captured by the system, the hold taken in full', async () => {
    const auto = await autoApp();
    try {
      const orderId = await orderOn(auto);
      // 19.95 + 9.95 = $29.90
      expect(await orderRow(orderId)).toMatchObject({
        status: 'approved',
        payment_state: 'captured',
        authorised_cents: 2990,
        captured_cents: 2990,
        reviewed_by: null,
      });
      expect(await chargeOf(orderId)).toMatchObject({ status: 'captured', captured_cents: 2990 });
      // [I16-vendor-sms] After the approval, the seller's vendor staff (made by earlier tests) are texted.
      expect(
        (await eventsOf(orderId)).filter((e) => e.type !== 'vendor_notified').map((e) => [e.type, e.actor]),
      ).toEqual([
        ['placed', 'shopper'],
        ['payment_authorised', 'shopper'],
        ['approved', 'system'],
        ['payment_captured', 'system'],
      ]);
      expect(await auditOf(orderId)).toEqual([]);
    } finally {
      await auto.close();
    }
  });

  it('[I15-auto] a capture that fails at checkout leaves the order placed and pending, its hold intact', async () => {
    const sandbox = t.app.deps.providers.payments;
    const failing: PaymentsProvider = {
      mode: sandbox.mode,
      name: sandbox.name,
      preparePayer: (db, payer) => sandbox.preparePayer(db, payer),
      charge: (db, request) => sandbox.charge(db, request),
      authoriseOffSession: (db, request) => sandbox.authoriseOffSession(db, request),
      refund: (db, id) => sandbox.refund(db, id),
      release: (db, id) => sandbox.release(db, id),
      refundAmount: (db, id, request) => sandbox.refundAmount(db, id, request),
      savedCards: (db, payer) => sandbox.savedCards(db, payer),
      capture: async () => {
        throw new Error('the provider is down');
      },
    };
    const auto = await autoApp(failing);
    try {
      const orderId = await orderOn(auto);
      expect(await orderRow(orderId)).toMatchObject({
        status: 'pending_review',
        payment_state: 'authorised',
        captured_cents: 0,
      });
      expect(await chargeOf(orderId)).toMatchObject({ status: 'authorised' });
      expect((await eventsOf(orderId)).map((e) => e.type)).toEqual(['placed', 'payment_authorised']);
    } finally {
      await auto.close();
    }
  });

  it('[I15-auto] ORDER_REVIEW=manual (this app) leaves the order pending, authorised', async () => {
    const { orderId } = await anOrder();
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending_review', payment_state: 'authorised' });
    expect((await eventsOf(orderId)).map((e) => e.type)).toEqual(['placed', 'payment_authorised']);
  });
});
