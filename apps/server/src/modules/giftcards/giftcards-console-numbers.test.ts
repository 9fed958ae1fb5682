import type { AdminGiftCard, GiftCardListReply } from '@quokka/contract/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMobile } from '../../test/customer-factory.ts';
import type { TestApp } from '../../test/test-app.ts';
import { adminCall, type Session, signedIn, stepUp } from '../orders/test/orders-test-kit.ts';
import { aCard, redeemTestApp, type TestCard } from './test/redeem-test-kit.ts';

// [I27-mask, I27-step-up] The gift card parts: a card's whole number spends like cash,
// so the console lists cards masked to their last 4 digits (search by the whole number still works), gives
// one card's whole number only after a fresh passkey check (audited), and resends a card to a number other
// than its own only after one. The real app on a fresh database (PGlite, or TEST_DATABASE_URL); cards
// bought through the shopper API and sent by the real worker; an operator signed in with a code and a
// software passkey. The clock is fake: a passkey check is stale once it moves 5 minutes on.

let t: TestApp;
let operator: Session;

beforeAll(async () => {
  t = await redeemTestApp();
  operator = await signedIn(t, 'operator');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const masked = (card: TestCard) => `•••• •••• •••• ${card.number.slice(-4)}`;
const stale = () => t.clock.advance(5 * 60_000 + 1000);
const resend = (card: TestCard, body: { mobile?: string; request_key: string }) =>
  adminCall(t, 'POST', `/gift-cards/${card.id}/resend`, operator, body);

async function messagesTo(mobile: string) {
  return t.db
    .selectFrom('sent_messages')
    .select(['id', 'gift_card_id'])
    .where('to_number', '=', mobile)
    .where('purpose', '=', 'gift_card')
    .execute();
}

describe('[I27-mask] card numbers in the console', { timeout: 120_000 }, () => {
  it('[I27-mask] the list and a card show the number masked to its last 4, fresh passkey or not; search by the whole number still finds it', async () => {
    const card = await aCard(t);
    for (const fresh of [true, false]) {
      if (fresh) await stepUp(t, operator);
      else stale();
      for (const q of [card.number, card.number.replace(/(\d{4})(?=\d)/g, '$1 ')]) {
        const reply = await adminCall(t, 'GET', `/gift-cards?q=${encodeURIComponent(q)}`, operator);
        expect(reply.statusCode, reply.body).toBe(200);
        const listed = reply.json() as GiftCardListReply;
        expect(listed.items.map((item) => [item.id, item.gift_card_no])).toEqual([[card.id, masked(card)]]);
        // The whole number is nowhere in the reply.
        expect(reply.body).not.toContain(card.number);
      }
      const all = await adminCall(t, 'GET', '/gift-cards?page_size=200', operator);
      expect(all.body).not.toContain(card.number);
      const one = await adminCall(t, 'GET', `/gift-cards/${card.id}`, operator);
      expect((one.json() as AdminGiftCard).gift_card_no).toBe(masked(card));
      expect(one.body).not.toContain(card.number);
    }
  });

  it('[I27-mask] "Show number" gives one card\'s whole number only after a fresh passkey check, and the audit log has it', async () => {
    const card = await aCard(t);
    stale();
    const refused = await adminCall(t, 'POST', `/gift-cards/${card.id}/number`, operator);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'STEP_UP_REQUIRED']);
    expect(refused.body).not.toContain(card.number);

    await stepUp(t, operator);
    const shown = await adminCall(t, 'POST', `/gift-cards/${card.id}/number`, operator);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({ gift_card_no: card.number });
    expect(shown.headers['cache-control']).toBe('no-store');
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['action', 'actor', 'after'])
      .where('subject', '=', `gift_card:${card.id}`)
      .execute();
    expect(audit).toEqual([
      {
        action: 'gift_card.number_shown',
        actor: `staff:${operator.member.id}`,
        after: { last4: card.number.slice(-4) },
      },
    ]);
    // No such card: 404; without the CSRF token: 403.
    expect((await adminCall(t, 'POST', '/gift-cards/999999/number', operator)).statusCode).toBe(404);
    const noCsrf = await adminCall(t, 'POST', `/gift-cards/${card.id}/number`, {
      ...operator,
      csrf: '',
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('[I27-step-up] resend to another mobile', { timeout: 120_000 }, () => {
  it('[I27-step-up] to a new mobile without a fresh check: 403 STEP_UP_REQUIRED and nothing sent; with one: sent', async () => {
    const card = await aCard(t);
    const recipient = card.card.recipient_mobile;
    const stranger = aMobile();
    stale();
    const refused = await resend(card, { mobile: stranger, request_key: 'new-mobile-0001' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'STEP_UP_REQUIRED']);
    expect(await messagesTo(stranger)).toEqual([]);
    const row = await t.db
      .selectFrom('gift_card_details')
      .select('recipient_mobile')
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(row.recipient_mobile).toBe(recipient);
    // The refused request left its key unused: the same click, after the check, goes through.
    await stepUp(t, operator);
    const sent = await resend(card, { mobile: stranger, request_key: 'new-mobile-0001' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json() as AdminGiftCard).recipient_mobile).toBe(stranger);
    expect(await messagesTo(stranger)).toEqual([{ id: expect.any(Number), gift_card_id: card.id }]);
  });

  it('[I27-step-up] to the same mobile (none given, or the same one typed) needs no fresh check', async () => {
    const card = await aCard(t);
    const recipient = card.card.recipient_mobile;
    stale();
    const before = (await messagesTo(recipient)).length;
    const plain = await resend(card, { request_key: 'same-mobile-0001' });
    expect(plain.statusCode, plain.body).toBe(200);
    const national = `0${recipient.slice(3, 6)} ${recipient.slice(6, 9)} ${recipient.slice(9)}`;
    const typed = await resend(card, { mobile: national, request_key: 'same-mobile-0002' });
    expect(typed.statusCode, typed.body).toBe(200);
    expect((await messagesTo(recipient)).length).toBe(before + 2);
  });
});
