import type { AdminGiftCard, GiftCardListReply } from '@quokka/contract/api/admin';
import type { GiftCardDetails as GiftCardDetailsWire } from '@quokka/contract/api/giftcards';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MessagingProvider } from '../../providers/messaging/messaging-provider.ts';
import type { SandboxMessaging } from '../../providers/messaging/sandbox-messaging.ts';
import { aShopper, type Shopper } from '../../test/cart-factory.ts';
import { aMobile, TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { aPaidGiftCard, type GiftCardCatalogue, giftCardCatalogue } from '../../test/gift-card-factory.ts';
import { SoftwareAuthenticator } from '../../test/software-authenticator.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaffAccounts, type StaffMember } from '../staff/staff-accounts.ts';
import { recordStaffAction } from '../staff/staff-audit.ts';
import { formatValidUntil } from './gift-card-message.ts';
import { validUntilFrom } from './gift-card-validity.ts';
import { createGiftCardConsole } from './giftcards-console.ts';
import { aGiftCardSender, deliveryKeyOf, pictureRowOf } from './test/gift-card-sender.ts';

// [I15-giftcards] The gift card console through app.inject on the real app and a fresh PGlite: cards bought
// and paid for through the shopper API, delivered by the outbox's real sender through the sandbox,
// staff signed in with a code and a software passkey. The clock is fake: 2026-11-21T00:00:00Z is 11:00 in
// Sydney.
//
// The sandbox records a message as 'delivered' at once (docs/webhooks.md); the tests change a message's
// status as the provider's status callback would ('sent' before delivery, 'undelivered' with error 30003).

const ORIGIN = 'https://shop.example';
const RP_ID = 'shop.example';
const START = '2026-11-21T00:00:00Z';

let t: TestApp;
let catalogue: GiftCardCatalogue;
let outbox: SandboxMessaging;
let shopper: Shopper;

interface Session {
  cookie: string;
  csrf: string;
  authenticator: SoftwareAuthenticator;
}
let operator: Session;
let operatorMember: StaffMember;
let vendor: Session;

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN });
  t.clock.set(START);
  catalogue = await giftCardCatalogue(t.db);
  const sandbox = t.app.deps.providers.outbox;
  if (!sandbox) throw new Error('the test app runs messaging in sandbox mode');
  outbox = sandbox;
  const accounts = createStaffAccounts({ db: t.db, clock: t.clock, findSellerId: async () => 1 });
  operatorMember = await accounts.add({ mobile: aMobile(), name: 'Jo Operator', role: 'operator' });
  operator = await fullSession(operatorMember);
  vendor = await fullSession(
    await accounts.add({ mobile: aMobile(), name: 'Sam Seller', role: 'vendor', sellerUrl: 'any' }),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  shopper = await aShopper(t);
});

// ---------------------------------------------------------------- staff sign-in (as staff-routes.test.ts)

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

function cookieOf(reply: LightMyRequestResponse): string {
  const value = /^quokka_staff=([^;]*)/.exec(String(reply.headers['set-cookie'] ?? ''))?.[1];
  if (!value) throw new Error(`no staff cookie in ${reply.statusCode} ${reply.body}`);
  return `quokka_staff=${value}`;
}

async function fullSession(member: StaffMember): Promise<Session> {
  t.clock.advance(31_000);
  expect((await admin('POST', '/sign-in/code', undefined, { mobile: member.mobile })).statusCode).toBe(200);
  const sent = (await outbox.list(50)).find((message) => message.to === member.mobile);
  const code = /\b(\d{6})\b/.exec(sent?.body ?? '')?.[1];
  const confirmed = await admin('POST', '/sign-in/code/confirm', undefined, { mobile: member.mobile, code });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const session = { cookie: cookieOf(confirmed), csrf: confirmed.json().csrf_token as string };
  const authenticator = new SoftwareAuthenticator({ rpId: RP_ID, origin: ORIGIN });
  const options = await admin('POST', '/passkeys/options', session);
  const added = await admin('POST', '/passkeys', session, {
    response: authenticator.register(options.json()),
  });
  expect(added.statusCode, added.body).toBe(200);
  return { ...session, authenticator };
}

async function stepUp(session: Session) {
  const options = await admin('POST', '/step-up/options', session);
  const checked = await admin('POST', '/step-up', session, {
    response: session.authenticator.authenticate(options.json()),
  });
  expect(checked.statusCode, checked.body).toBe(200);
}

// ---------------------------------------------------------------- cards

async function aCard(options: Parameters<typeof aPaidGiftCard>[3] = {}) {
  const paid = await aPaidGiftCard(t, shopper, catalogue, options);
  const card = paid.cards[0] as GiftCardDetailsWire;
  const order = await t.db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', Number(card.order_id))
    .executeTakeFirstOrThrow();
  return { card, order };
}

async function deliverDue() {
  return aGiftCardSender(t, { publicUrl: ORIGIN }).runOnce();
}

/** The card's queued picture message, as a sender that claimed it (or gave it up) leaves it. */
async function pictureRowBecomes(
  cardId: number,
  changes: { send_state: 'sending' | 'failed'; attempts?: number; last_error?: string },
) {
  const row = await pictureRowOf(t.db, cardId);
  if (!row) throw new Error(`card ${cardId} has no picture message queued`);
  await t.db
    .updateTable('sent_messages')
    .set(
      changes.send_state === 'sending'
        ? {
            send_state: 'sending',
            lease_owner: 'a-worker',
            lease_until: new Date(t.clock.now().getTime() + 60 * 60_000),
          }
        : { ...changes, status: 'failed', error_code: 'send_failed' },
    )
    .where('id', '=', row.id)
    .execute();
}

/** A card sent now by the worker. */
async function aSentCard(options: Parameters<typeof aPaidGiftCard>[3] = {}) {
  const made = await aCard(options);
  await deliverDue();
  return made;
}

const list = async (query: string, session: Partial<Session> = operator) => {
  const reply = await admin('GET', `/gift-cards${query}`, session);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as GiftCardListReply;
};
const getCard = async (id: number) =>
  (await admin('GET', `/gift-cards/${id}`, operator)).json() as AdminGiftCard;

const keyOf = (cardId: number) => deliveryKeyOf(t.db, cardId);

/** Picture messages of the card in the sandbox outbox (its reference line), oldest first. */
async function pictureMessagesOf(cardId: number) {
  const key = await keyOf(cardId);
  return (await outbox.list(10_000)).filter((message) => message.body.includes(`Ref G-${key}`)).reverse();
}

/** What the provider would have reported for the card's picture message (see the header). */
/**
 * The provider's status callback for the card's picture message: the worker recorded the message when it
 * sent it (sandbox: 'delivered' at once), so the callback changes that row, as the Twilio webhook does.
 * A card whose message was never recorded gets one.
 */
async function providerReports(cardId: number, status: 'delivered' | 'undelivered', to: string) {
  const errorCode = status === 'undelivered' ? '30003' : null;
  const updated = await t.db
    .updateTable('sent_messages')
    .set({ status, error_code: errorCode, status_at: t.clock.now() })
    .where('gift_card_id', '=', cardId)
    .where('purpose', '=', 'gift_card')
    .where('to_number', '=', to)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await t.db
    .insertInto('sent_messages')
    .values({
      provider: 'sandbox',
      provider_message_id: `SMtest${cardId}${status}${Math.random().toString(36).slice(2)}`,
      kind: 'mms',
      purpose: 'gift_card',
      to_number: to,
      gift_card_id: cardId,
      status,
      error_code: errorCode,
      status_at: t.clock.now(),
    })
    .execute();
}

const national = (e164: string) => `0${e164.slice(3, 6)} ${e164.slice(6, 9)} ${e164.slice(9)}`;

// ---------------------------------------------------------------- tests

describe('the list and search', { timeout: 120_000 }, () => {
  it('[I15-giftcards] finds a card by number (spaces allowed), recipient or purchaser mobile in any form, or order number', async () => {
    const { card, order } = await aCard({ at: '2026-12-01 10:00:00' });
    const spaced = card.gift_card_no.replace(/(\d{4})(?=\d)/g, '$1 ');
    const queries = [
      card.gift_card_no,
      spaced,
      national(card.recipient_mobile),
      card.recipient_mobile,
      `+61 ${card.purchaser_mobile.slice(3, 6)} ${card.purchaser_mobile.slice(6)}`,
      order.increment_id,
      String(Number(order.increment_id)),
    ];
    for (const q of queries) {
      const found = await list(`?q=${encodeURIComponent(q)}`);
      expect(
        found.items.map((item) => item.id),
        q,
      ).toEqual([card.id]);
      expect(found.total, q).toBe(1);
    }
    const [item] = (await list(`?q=${card.gift_card_no}`)).items;
    expect(item).toMatchObject({
      id: card.id,
      // [I27-mask] Found by its whole number, shown by its last 4.
      gift_card_no: `•••• •••• •••• ${card.gift_card_no.slice(-4)}`,
      state: 'scheduled',
      amount_cents: 5000,
      balance_cents: 5000,
      recipient_name: 'Ava Nguyen',
      recipient_mobile: card.recipient_mobile,
      purchaser_mobile: card.purchaser_mobile,
      order_id: order.id,
      order_increment_id: order.increment_id,
      scheduled_at: '2026-11-30T23:00:00.000Z', // 10:00 AEDT
      delivery_timezone: 'Australia/Sydney',
      sent_at: null,
      voided_at: null,
      messages: [],
      actions: { resend: false, reschedule: true, void: true },
    });
    expect(item?.seller_id).toEqual(expect.any(Number));
    // Nothing matches: an empty page, not an error.
    expect((await list('?q=nobody')).total).toBe(0);
    expect((await list('?q=0299999999')).total).toBe(0);
  });

  it('[I15-giftcards] is newest first and paged', async () => {
    const first = (await aCard({ at: '2026-12-01 10:00:00' })).card;
    const second = (await aCard({ at: '2026-12-01 10:00:00' })).card;
    const page1 = await list('?page=1&page_size=1');
    const page2 = await list('?page=2&page_size=1');
    expect(page1.items.map((item) => item.id)).toEqual([second.id]);
    expect(page2.items.map((item) => item.id)).toEqual([first.id]);
    expect(page1).toMatchObject({ page: 1, page_size: 1 });
    expect(page1.total).toBeGreaterThanOrEqual(2);
  });

  it('[I15-giftcards, I15-roles] operators only: a vendor is refused, a shopper token and no session open nothing', async () => {
    const { card } = await aCard({ at: '2026-12-01 10:00:00' });
    const byVendor = await admin('GET', '/gift-cards', vendor);
    expect([byVendor.statusCode, byVendor.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await admin('GET', `/gift-cards/${card.id}`, vendor)).statusCode).toBe(403);
    const vendorResend = await admin('POST', `/gift-cards/${card.id}/void`, vendor, { reason: 'x' });
    expect(vendorResend.statusCode).toBe(403);
    const byShopper = await t.app.inject({
      method: 'GET',
      url: '/admin/api/gift-cards',
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect([byShopper.statusCode, byShopper.json().code]).toEqual([401, 'SIGN_IN_REQUIRED']);
    expect((await admin('GET', '/gift-cards')).statusCode).toBe(401);
    // A change without the CSRF token is refused even with the cookie.
    const noCsrf = await admin(
      'POST',
      `/gift-cards/${card.id}/void`,
      { cookie: operator.cookie },
      { reason: 'x' },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect((await admin('GET', '/gift-cards/999999', operator)).statusCode).toBe(404);
    expect((await admin('GET', '/gift-cards/abc', operator)).statusCode).toBe(400);
    expect((await admin('GET', '/gift-cards?state=lost', operator)).statusCode).toBe(400);
  });
});

describe('states', { timeout: 120_000 }, () => {
  it('[I15-giftcards] scheduled, sending, sent, delivered, failed (delivery failed, or its MMS undelivered) and voided; the state filter', async () => {
    const scheduled = (await aCard({ at: '2026-12-01 10:00:00' })).card;
    const sending = (await aCard({ at: '2026-12-01 10:00:00' })).card;
    await pictureRowBecomes(sending.id, { send_state: 'sending' });
    const sent = (await aSentCard()).card;
    // A live provider has taken it but not yet reported delivery.
    await t.db
      .updateTable('sent_messages')
      .set({ status: 'sent' })
      .where('gift_card_id', '=', sent.id)
      .execute();
    const delivered = (await aSentCard()).card;
    await providerReports(delivered.id, 'delivered', delivered.recipient_mobile);
    const undelivered = (await aSentCard()).card;
    await providerReports(undelivered.id, 'undelivered', undelivered.recipient_mobile);
    const gaveUp = (await aCard({ at: '2026-12-01 10:00:00' })).card;
    await pictureRowBecomes(gaveUp.id, { send_state: 'failed', last_error: 'provider refused', attempts: 8 });

    const expected = {
      [scheduled.id]: ['scheduled', { resend: false, reschedule: true, void: true }],
      [sending.id]: ['sending', { resend: false, reschedule: false, void: true }],
      [sent.id]: ['sent', { resend: true, reschedule: false, void: true }],
      [delivered.id]: ['delivered', { resend: true, reschedule: false, void: true }],
      [undelivered.id]: ['failed', { resend: true, reschedule: false, void: true }],
      [gaveUp.id]: ['failed', { resend: true, reschedule: false, void: true }],
    } as const;
    for (const [id, [state, actions]] of Object.entries(expected)) {
      const card = await getCard(Number(id));
      expect([card.state, card.actions], `card ${id}`).toEqual([state, actions]);
    }
    expect((await getCard(sent.id)).sent_at).toEqual(expect.any(String));
    // The card's picture message (its receipt text to the purchaser is among its messages too).
    const failedMessages = (await getCard(undelivered.id)).messages.filter((m) => m.purpose === 'gift_card');
    expect(failedMessages).toEqual([
      expect.objectContaining({
        purpose: 'gift_card',
        status: 'undelivered',
        error_code: '30003',
        kind: 'mms',
      }),
    ]);

    // The filter answers only cards in that state.
    for (const state of ['scheduled', 'sending', 'sent', 'delivered', 'failed'] as const) {
      const page = await list(`?state=${state}&page_size=200`);
      expect(
        page.items.every((item) => item.state === state),
        state,
      ).toBe(true);
      const ids = page.items.map((item) => item.id);
      for (const [id, [expectedState]] of Object.entries(expected)) {
        expect(ids.includes(Number(id)), `${state} ${id}`).toBe(expectedState === state);
      }
    }
  });
});

describe('resend', { timeout: 120_000 }, () => {
  it('[I15-giftcards] a failed MMS is resent once per request key, even when the same click arrives twice at once', async () => {
    const { card } = await aSentCard();
    await providerReports(card.id, 'undelivered', card.recipient_mobile);
    const [original] = await pictureMessagesOf(card.id);
    expect((await getCard(card.id)).state).toBe('failed');

    const request = { request_key: 'resend-key-0001' };
    const replies = await Promise.all([
      admin('POST', `/gift-cards/${card.id}/resend`, operator, request),
      admin('POST', `/gift-cards/${card.id}/resend`, operator, request),
    ]);
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    const messages = await pictureMessagesOf(card.id);
    expect(messages).toHaveLength(2); // the worker's and one resend
    // The same picture message as the worker's: text (reference line included), picture, number.
    expect(messages[1]).toMatchObject({
      to: card.recipient_mobile,
      kind: 'mms',
      body: original?.body,
      media_url: original?.media_url,
    });
    const after = await getCard(card.id);
    expect(after.state).toBe('delivered'); // the sandbox delivers at once
    expect(
      after.messages.filter((message) => message.status === 'delivered' && message.purpose === 'gift_card'),
    ).toEqual([expect.objectContaining({ purpose: 'gift_card', to: card.recipient_mobile, kind: 'mms' })]);

    // A retried click later: the card, nothing sent.
    const again = await admin('POST', `/gift-cards/${card.id}/resend`, operator, request);
    expect(again.statusCode).toBe(200);
    expect(await pictureMessagesOf(card.id)).toHaveLength(2);
    // A new click (new key) sends again.
    expect(
      (await admin('POST', `/gift-cards/${card.id}/resend`, operator, { request_key: 'resend-key-0002' }))
        .statusCode,
    ).toBe(200);
    expect(await pictureMessagesOf(card.id)).toHaveLength(3);
    // A key is one card's: used for another card it is refused.
    const other = (await aSentCard()).card;
    const reused = await admin('POST', `/gift-cards/${other.id}/resend`, operator, request);
    expect(reused.statusCode).toBe(409);

    const resends = await t.db
      .selectFrom('gift_card_resends')
      .selectAll()
      .where('card_id', '=', card.id)
      .orderBy('id')
      .execute();
    expect(resends.map((row) => [row.request_key, row.staff_id, row.message_id !== null])).toEqual([
      ['resend-key-0001', operatorMember.id, true],
      ['resend-key-0002', operatorMember.id, true],
    ]);
    const audit = await t.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('subject', '=', `gift_card:${card.id}`)
      .execute();
    expect(audit.map((row) => [row.action, row.actor])).toEqual([
      ['gift_card.resent', `staff:${operatorMember.id}`],
      ['gift_card.resent', `staff:${operatorMember.id}`],
    ]);
  });

  it('[I15-giftcards] to a corrected number: validated, the card keeps it, the audit shows before and after', async () => {
    const { card } = await aSentCard();
    const bad = await admin('POST', `/gift-cards/${card.id}/resend`, operator, {
      mobile: '02 9999 9999',
      request_key: 'resend-bad-0001',
    });
    expect([bad.statusCode, bad.json().input_validation]).toEqual([
      400,
      { mobile: ['Please enter a valid mobile'] },
    ]);
    expect(await pictureMessagesOf(card.id)).toHaveLength(1);

    const corrected = aMobile();
    const reply = await admin('POST', `/gift-cards/${card.id}/resend`, operator, {
      mobile: national(corrected),
      request_key: 'resend-fix-0001',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((reply.json() as AdminGiftCard).recipient_mobile).toBe(corrected);
    const messages = await pictureMessagesOf(card.id);
    expect(messages.map((message) => message.to)).toEqual([card.recipient_mobile, corrected]);
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['action', 'before', 'after'])
      .where('subject', '=', `gift_card:${card.id}`)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'gift_card.resent',
      before: { recipient_mobile: card.recipient_mobile },
      after: { recipient_mobile: corrected },
    });
  });

  it('[I15-giftcards] is refused for a card not sent yet, being sent, or voided', async () => {
    const { card } = await aCard({ at: '2026-12-01 10:00:00' });
    const early = await admin('POST', `/gift-cards/${card.id}/resend`, operator, {
      request_key: 'too-early-01',
    });
    expect(early.statusCode).toBe(409);
    // Refused requests leave their key unused.
    expect(
      await t.db
        .selectFrom('gift_card_resends')
        .select('id')
        .where('request_key', '=', 'too-early-01')
        .execute(),
    ).toEqual([]);
    const bad = await admin('POST', `/gift-cards/${card.id}/resend`, operator, { request_key: 'short' });
    expect(bad.statusCode).toBe(400);
    await pictureRowBecomes(card.id, { send_state: 'sending' });
    const busy = await admin('POST', `/gift-cards/${card.id}/resend`, operator, {
      request_key: 'while-sending',
    });
    expect([busy.statusCode, busy.json().message]).toEqual([
      409,
      'This gift card is being sent right now. Try again in a minute.',
    ]);
  });

  it('[I15-giftcards] a provider that refuses the resend: 409 with its reason; the key stays used, nothing recorded', async () => {
    const { card } = await aSentCard();
    const refuse = () => Promise.reject(new Error('21211 invalid To number'));
    const failing: MessagingProvider = { mode: 'sandbox', sendSms: refuse, sendMms: refuse };
    const giftCards = createGiftCardConsole({
      db: t.db,
      clock: t.clock,
      outbox: aGiftCardSender(t, { publicUrl: ORIGIN, messaging: failing }),
      refunds: t.app.services.refunds,
      sender: { publicUrl: ORIGIN, storeName: t.config.STORE_NAME, identity: t.config.identity },
      audit: recordStaffAction,
      log: { warn() {} },
    });
    const attempt = () =>
      giftCards.resend(operatorMember.id, card.id, { request_key: 'refused-0001' }, async () => {});
    await expect(attempt()).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('could not be sent (21211 invalid To number)'),
    });
    // The same key again sends nothing (the provider may have sent it); nothing is in sent_messages.
    const recorded = await attempt();
    expect(recorded.id).toBe(card.id);
    expect(recorded.messages.filter((message) => message.provider_message_id.startsWith('SM'))).toEqual([]);
    expect(recorded.messages).toHaveLength((await getCard(card.id)).messages.length);
    expect(await pictureMessagesOf(card.id)).toHaveLength(1);
  });

  it('[I15-giftcards, GIFT-03] a card whose delivery failed is sent for the first time by Resend: valid 3 years from then', async () => {
    const { card } = await aCard({ at: '2026-12-01 10:00:00' });
    await pictureRowBecomes(card.id, { send_state: 'failed', last_error: 'provider refused', attempts: 8 });
    // Its schedule was a month ago; it was never sent. Resend sends it now: valid 3 years from now.
    const monthAgo = new Date(t.clock.now().getTime() - 30 * 86_400_000);
    await t.db
      .updateTable('gift_card_details')
      .set({ scheduled_at: monthAgo, valid_until: validUntilFrom(monthAgo, 'Australia/Sydney') })
      .where('id', '=', card.id)
      .execute();
    const reply = await admin('POST', `/gift-cards/${card.id}/resend`, operator, {
      request_key: 'first-send-01',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const validUntil = validUntilFrom(t.clock.now(), 'Australia/Sydney');
    expect(reply.json()).toMatchObject({ state: 'delivered', valid_until: validUntil.toISOString() });
    const [message] = await pictureMessagesOf(card.id);
    expect(message?.body).toContain(`Valid until: ${formatValidUntil(validUntil, 'Australia/Sydney')}`);
  });
});

describe('reschedule', { timeout: 120_000 }, () => {
  it('[I15-giftcards, VAL-52, CONST-27] moves a waiting card and its queue row; quiet hours and the shopper’s rules apply', async () => {
    const { card } = await aCard({ at: '2026-12-01 10:00:00' });
    const reply = await admin('POST', `/gift-cards/${card.id}/reschedule`, operator, {
      scheduled_delivery: '2026-12-03 09:30:00',
      delivery_timezone: 'Australia/Perth',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      state: 'scheduled',
      scheduled_at: '2026-12-03T01:30:00.000Z', // 09:30 AWST (UTC+8)
      delivery_timezone: 'Australia/Perth',
      valid_until: '2029-12-03T01:30:00.000Z',
    });
    const queued = async () => (await pictureRowOf(t.db, card.id))?.next_attempt_at?.toISOString();
    expect(await queued()).toBe('2026-12-03T01:30:00.000Z');

    // 21:30 in Perth is in quiet hours: the queue waits for 06:00 there (22:00 UTC the day before).
    const night = await admin('POST', `/gift-cards/${card.id}/reschedule`, operator, {
      scheduled_delivery: '2026-12-04 21:30:00',
      delivery_timezone: 'Australia/Perth',
    });
    expect(night.statusCode).toBe(200);
    expect(await queued()).toBe('2026-12-04T22:00:00.000Z');

    const past = await admin('POST', `/gift-cards/${card.id}/reschedule`, operator, {
      scheduled_delivery: '2026-11-20 10:00:00',
      delivery_timezone: 'Australia/Sydney',
    });
    expect([past.statusCode, past.json().input_validation]).toEqual([
      400,
      { scheduled_delivery: ['Date must not be in the past'] },
    ]);
    const abroad = await admin('POST', `/gift-cards/${card.id}/reschedule`, operator, {
      scheduled_delivery: '2026-12-03 09:30:00',
      delivery_timezone: 'Europe/London',
    });
    expect([abroad.statusCode, Object.keys(abroad.json().input_validation)]).toEqual([
      400,
      ['delivery_timezone'],
    ]);
    const audit = await t.db
      .selectFrom('staff_audit')
      .select('action')
      .where('subject', '=', `gift_card:${card.id}`)
      .execute();
    expect(audit).toEqual([{ action: 'gift_card.rescheduled' }, { action: 'gift_card.rescheduled' }]);
  });

  it('[I15-giftcards] is refused once the card is being sent or sent', async () => {
    const sent = (await aSentCard()).card;
    const body = { scheduled_delivery: '2026-12-03 09:30:00', delivery_timezone: 'Australia/Sydney' };
    expect((await admin('POST', `/gift-cards/${sent.id}/reschedule`, operator, body)).statusCode).toBe(409);
    const sending = (await aCard({ at: '2026-12-01 10:00:00' })).card;
    await pictureRowBecomes(sending.id, { send_state: 'sending' });
    expect((await admin('POST', `/gift-cards/${sending.id}/reschedule`, operator, body)).statusCode).toBe(
      409,
    );
  });
});

describe('void', { timeout: 120_000 }, () => {
  it('[I15-giftcards, I15-step-up] refunds exactly the card’s amount, stops its send, and is refused with a stale passkey', async () => {
    // Two $50 cards on one order; one is voided before it is sent.
    const paid = await aPaidGiftCard(t, shopper, catalogue, { at: '2026-12-01 10:00:00', count: 2 });
    const [card, kept] = paid.cards as [GiftCardDetailsWire, GiftCardDetailsWire];
    const orderBefore = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', Number(card.order_id))
      .executeTakeFirstOrThrow();
    expect(orderBefore).toMatchObject({ payment_state: 'captured', refunded_cents: 0 });

    t.clock.advance(5 * 60_000 + 1000); // the passkey check of sign-in is now stale
    const stale = await admin('POST', `/gift-cards/${card.id}/void`, operator, { reason: 'Lost phone' });
    expect([stale.statusCode, stale.json().code]).toEqual([403, 'STEP_UP_REQUIRED']);
    expect((await getCard(card.id)).voided_at).toBeNull();

    await stepUp(operator);
    const empty = await admin('POST', `/gift-cards/${card.id}/void`, operator, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    const reply = await admin('POST', `/gift-cards/${card.id}/void`, operator, { reason: 'Lost phone' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      state: 'voided',
      balance_cents: 0,
      void_reason: 'Lost phone',
      void_refunded_cents: 5000,
      void_note: 'Refunded $50.00 to the purchaser.',
      actions: { resend: false, reschedule: false, void: false },
    });

    // By hand: the card's $50.00 and nothing else.
    const order = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderBefore.id)
      .executeTakeFirstOrThrow();
    expect(order.refunded_cents).toBe(5000);
    expect(order.captured_cents).toBe(orderBefore.captured_cents);
    expect(order.payment_state).toBe('partially_refunded');
    const line = await t.db
      .selectFrom('order_items')
      .select(['id', 'qty', 'refunded_qty', 'refunded_cents'])
      .where('order_id', '=', order.id)
      .where('is_giftcard', '=', true)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ qty: 2, refunded_qty: 1, refunded_cents: 5000 });
    const refunds = await t.db
      .selectFrom('order_refunds')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(refunds).toEqual([
      expect.objectContaining({
        amount_cents: 5000,
        shipping_cents: 0,
        source: 'gift_card_void',
        idempotency_key: `void-card-${card.id}`,
        reason: 'Lost phone',
        staff_id: operatorMember.id,
        lines: [{ order_item_id: line.id, qty: 1, amount_cents: 5000 }],
      }),
    ]);
    const atProvider = await t.db
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('charge_id', '=', String(order.payment_id))
      .execute();
    expect(atProvider.map((row) => [row.amount_cents, row.id])).toEqual([
      [5000, refunds[0]?.provider_refund_id],
    ]);
    const events = await t.db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('type', '=', 'refunded')
      .execute();
    expect(events).toEqual([
      expect.objectContaining({ actor: `staff:${operatorMember.id}`, staff_id: operatorMember.id }),
    ]);
    expect(events[0]?.summary).toMatch(/voided: refunded \$50\.00/);
    // The purchaser is told, once.
    const text = (await outbox.list(20)).filter((message) =>
      message.body.includes('we have refunded $50.00'),
    );
    expect(text).toHaveLength(1);
    expect(events[0]?.message_id).toEqual(expect.any(Number));

    // The send is stopped: the worker never sends it, even when it falls due.
    expect(await pictureRowOf(t.db, card.id)).toMatchObject({
      send_state: 'cancelled',
      last_error: 'voided',
    });
    t.clock.set('2026-12-01T00:00:00Z');
    await deliverDue();
    expect(await pictureMessagesOf(card.id)).toHaveLength(0);
    expect(await pictureMessagesOf(kept.id)).toHaveLength(1);
    t.clock.set(START);
    await stepUp(operator);

    expect((await list('?state=voided&page_size=200')).items.map((item) => item.id)).toContain(card.id);

    // Voided once only; the audit has the void with before and after.
    const twice = await admin('POST', `/gift-cards/${card.id}/void`, operator, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['action', 'before', 'after'])
      .where('subject', '=', `gift_card:${card.id}`)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'gift_card.voided',
        before: expect.objectContaining({ voided_at: null }),
        after: expect.objectContaining({ reason: 'Lost phone', refunded_cents: 5000 }),
      }),
    ]);
    // A voided card can be neither resent nor rescheduled.
    expect(
      (await admin('POST', `/gift-cards/${card.id}/resend`, operator, { request_key: 'after-void-1' }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await admin('POST', `/gift-cards/${card.id}/reschedule`, operator, {
          scheduled_delivery: '2026-12-03 09:30:00',
          delivery_timezone: 'Australia/Sydney',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('[I15-giftcards] an order only authorised is not refunded (and says so); never more than captured − refunded', async () => {
    await stepUp(operator);
    const authorised = await aCard({ at: '2026-12-01 10:00:00' });
    await t.db
      .updateTable('orders')
      .set({ payment_state: 'authorised', captured_cents: 0, status: 'pending_review' })
      .where('id', '=', authorised.order.id)
      .execute();
    await t.db
      .updateTable('sandbox_charges')
      .set({ status: 'authorised', captured_cents: 0 })
      .where('id', '=', String(authorised.order.payment_id))
      .execute();
    const reply = await admin('POST', `/gift-cards/${authorised.card.id}/void`, operator, {
      reason: 'Fraud',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      state: 'voided',
      void_refunded_cents: null,
      void_note: expect.stringMatching(
        /^Not refunded: the order’s payment was only authorised, not captured/,
      ),
    });
    const event = await t.db
      .selectFrom('order_events')
      .select(['type', 'summary'])
      .where('order_id', '=', authorised.order.id)
      .where('type', '=', 'gift_card_voided')
      .executeTakeFirstOrThrow();
    expect(event.summary).toMatch(/Not refunded: the order’s payment was only authorised, not captured/);
    expect(
      await t.db
        .selectFrom('order_refunds')
        .select('id')
        .where('order_id', '=', authorised.order.id)
        .execute(),
    ).toEqual([]);

    // The card's line was already refunded from the order screen: voided, nothing refunded twice.
    const lineRefunded = await aCard({ at: '2026-12-01 10:00:00' });
    await t.db
      .updateTable('order_items')
      .set({ refunded_qty: 1, refunded_cents: 5000 })
      .where('order_id', '=', lineRefunded.order.id)
      .where('is_giftcard', '=', true)
      .execute();
    await t.db
      .updateTable('orders')
      .set({ refunded_cents: 5000, payment_state: 'partially_refunded' })
      .where('id', '=', lineRefunded.order.id)
      .execute();
    const noDouble = await admin('POST', `/gift-cards/${lineRefunded.card.id}/void`, operator, {
      reason: 'Refunded',
    });
    expect(noDouble.statusCode, noDouble.body).toBe(200);
    expect(noDouble.json()).toMatchObject({
      void_refunded_cents: null,
      void_note: 'Not refunded: the card’s order line had already been refunded.',
    });
    expect(
      (
        await t.db
          .selectFrom('orders')
          .select('refunded_cents')
          .where('id', '=', lineRefunded.order.id)
          .executeTakeFirstOrThrow()
      ).refunded_cents,
    ).toBe(5000);

    // Only $49.99 of the captured payment is left: a $50 card cannot be refunded.
    const short = await aCard({ at: '2026-12-01 10:00:00' });
    const refundedBefore = short.order.captured_cents - 4999;
    await t.db
      .updateTable('orders')
      .set({ refunded_cents: refundedBefore, payment_state: 'partially_refunded' })
      .where('id', '=', short.order.id)
      .execute();
    const over = await admin('POST', `/gift-cards/${short.card.id}/void`, operator, { reason: 'Fraud' });
    expect([over.statusCode, over.json().message]).toEqual([
      409,
      'Voiding would refund more than is left of the payment ($49.99 can still be refunded).',
    ]);
    expect((await getCard(short.card.id)).voided_at).toBeNull();
    const order = await t.db
      .selectFrom('orders')
      .select('refunded_cents')
      .where('id', '=', short.order.id)
      .executeTakeFirstOrThrow();
    expect(order.refunded_cents).toBe(refundedBefore);
  });
});

describe('void races', { timeout: 120_000 }, () => {
  it('[I15-giftcards] two voids of one card at once: one refund, the other 409', async () => {
    await stepUp(operator);
    const { card, order } = await aCard({ at: '2026-12-01 10:00:00' });
    const replies = await Promise.all([
      admin('POST', `/gift-cards/${card.id}/void`, operator, { reason: 'First click' }),
      admin('POST', `/gift-cards/${card.id}/void`, operator, { reason: 'Second click' }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const refunds = await t.db
      .selectFrom('order_refunds')
      .select('amount_cents')
      .where('order_id', '=', order.id)
      .execute();
    expect(refunds).toEqual([{ amount_cents: 5000 }]);
    const after = await t.db
      .selectFrom('orders')
      .select('refunded_cents')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(after.refunded_cents).toBe(5000);
  });
});

describe('outstanding', { timeout: 120_000 }, () => {
  it('[I15-giftcards] is the sum of live cards: not voided, not expired', async () => {
    await stepUp(operator);
    const before = (await list('')).outstanding_cents;
    const hundred = await aCard({ amount: 100, at: '2026-12-01 10:00:00' });
    const quarter = await aCard({ amount: 25, at: '2026-12-01 10:00:00' });
    const fifty = await aCard({ amount: 50, at: '2026-12-01 10:00:00' });
    expect((await list('')).outstanding_cents).toBe(before + 10000 + 2500 + 5000);
    // A search does not change what the shop owes.
    expect((await list(`?q=${hundred.card.gift_card_no}`)).outstanding_cents).toBe(before + 17500);

    expect(
      (await admin('POST', `/gift-cards/${quarter.card.id}/void`, operator, { reason: 'Duplicate' }))
        .statusCode,
    ).toBe(200);
    expect((await list('')).outstanding_cents).toBe(before + 10000 + 5000);

    await t.db
      .updateTable('gift_card_details')
      .set({ valid_until: new Date(Date.parse(START) - 1000) })
      .where('id', '=', fifty.card.id)
      .execute();
    expect((await list('')).outstanding_cents).toBe(before + 10000);
  });
});
