import { randomUUID } from 'node:crypto';
import type { RedeemableGiftCard, RedeemGiftCardReply } from '@quokka/contract/api/gift-card-redemption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { fakeWebDist, type TestApp } from '../../test/test-app.ts';
import { adminCall, type Session, signedIn } from '../orders/test/orders-test-kit.ts';
import { MISS_LIMIT, REDEEM_TEXT } from './gift-card-redemption.ts';
import { aCard, redeemTestApp, spaced } from './test/redeem-test-kit.ts';

// [I16-redeem] POST /admin/api/gift-cards/lookup and /redeem through app.inject on the real app: cards
// bought through the shopper API and sent by the real worker; staff signed in with a code and a passkey.

let t: TestApp;
let operator: Session;
let vendor: Session;
let otherVendor: Session;

beforeAll(async () => {
  t = await redeemTestApp();
  operator = await signedIn(t, 'operator');
  vendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
  otherVendor = await signedIn(t, 'vendor', { name: 'Olly Outback', sellerUrl: 'outback-outfitters' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const lookup = (session: Session, number: string) =>
  adminCall(t, 'POST', '/gift-cards/lookup', session, { gift_card_no: number });
const redeem = (session: Session, number: string, amount: number, key = randomUUID()) =>
  adminCall(t, 'POST', '/gift-cards/redeem', session, {
    gift_card_no: number,
    amount_cents: amount,
    idempotency_key: key,
  });

describe('[I16-redeem] look a card up by its number', () => {
  it('[I16-redeem] shows value, balance, Sydney expiry date, seller and status (spaces allowed)', async () => {
    const card = await aCard(t);
    for (const session of [vendor, operator]) {
      const reply = await lookup(session, spaced(card.number));
      expect(reply.statusCode, reply.body).toBe(200);
      const body = reply.json() as RedeemableGiftCard;
      expect(body).toMatchObject({
        id: card.id,
        gift_card_no: spaced(card.number),
        seller_name: 'Harbour Goods',
        amount_cents: 5000,
        balance_cents: 5000,
        status: 'spendable',
        status_text: 'Can be spent: $50.00 left.',
        redemptions: [],
      });
      // Sent 2026-11-21 about 11:01 Sydney (the clock moved while staff signed in): valid 3 years, to
      // 2029-11-21 about 11:01 Sydney (AEDT, +11:00), i.e. 00:01 UTC the same day.
      const row = await t.db
        .selectFrom('gift_card_details')
        .select('valid_until')
        .where('id', '=', card.id)
        .executeTakeFirstOrThrow();
      expect(body.valid_until).toBe(row.valid_until?.toISOString());
      expect(body.valid_until).toMatch(/^2029-11-21T00:0/);
      expect(body.valid_until_date).toBe('2029-11-21');
    }
  });

  it("[I16-redeem] another seller's card answers exactly as a number that does not exist (404)", async () => {
    const card = await aCard(t, 'OGIFT');
    const theirs = await lookup(vendor, card.number);
    const none = await lookup(vendor, '1111222233334444');
    expect(theirs.statusCode).toBe(404);
    expect(none.statusCode).toBe(404);
    expect(theirs.body).toBe(none.body);
    expect(theirs.json().message).toBe(REDEEM_TEXT.notFound);
    // Nor can it be redeemed by them; its own seller's vendor and an operator see it.
    const spent = await redeem(vendor, card.number, 100);
    expect(spent.statusCode).toBe(404);
    expect(spent.body).toBe(none.body);
    expect((await lookup(otherVendor, card.number)).statusCode).toBe(200);
    expect((await lookup(operator, card.number)).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('gift_card_details')
      .select('balance_cents')
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(row.balance_cents).toBe(5000);
  });

  it('[I16-redeem] a number that is not 16 digits is a 400 that says so', async () => {
    const reply = await lookup(vendor, '1234 5678 9012 345');
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain('16 digits');
  });

  it('[I16-redeem] without a session: 401', async () => {
    const reply = await adminCall(t, 'POST', '/gift-cards/lookup', undefined, {
      gift_card_no: '1'.repeat(16),
    });
    expect(reply.statusCode).toBe(401);
  });
});

describe('[I16-redeem] redeem all or part', () => {
  it('[I16-redeem][BIZ-01] a part: balance, ledger entry (amount 0, base = value), audit row, one transaction', async () => {
    const card = await aCard(t);
    const key = randomUUID();
    const reply = await redeem(vendor, spaced(card.number), 1234, key);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json() as RedeemGiftCardReply;
    // $50.00 − $12.34 = $37.66
    expect(body.card.balance_cents).toBe(3766);
    expect(body.redemption).toMatchObject({
      kind: 'in_store',
      amount_cents: 1234,
      balance_after_cents: 3766,
    });
    expect(body.redemption.staff_name).toBe('Sam Seller');
    expect(body.replayed).toBe(false);
    expect(body.card.redemptions[0]?.id).toBe(body.redemption.id);

    const ledger = await t.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('event_key', '=', `redemption:${body.redemption.id}`)
      .execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      kind: 'gift_card_in_store',
      amount_cents: 0,
      base_cents: 1234,
      seller_id: body.card.seller_id,
      gift_card_id: card.id,
    });
    const audit = await t.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'gift_card.redeemed')
      .where('subject', '=', `gift_card:${card.id}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.staff_id).toBe(vendor.member.id);

    // The same key again: the first redemption, nothing changed.
    const again = await redeem(vendor, card.number, 1234, key);
    expect(again.statusCode).toBe(200);
    expect((again.json() as RedeemGiftCardReply).replayed).toBe(true);
    expect((again.json() as RedeemGiftCardReply).card.balance_cents).toBe(3766);
    // The same key for another amount: refused.
    const other = await redeem(vendor, card.number, 100, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(REDEEM_TEXT.keyReused);
    expect(
      await t.db.selectFrom('ledger_entries').select('id').where('gift_card_id', '=', card.id).execute(),
    ).toHaveLength(1);
  });

  it('[I16-redeem] more than the balance says the balance; then all of it; then "no balance"', async () => {
    const card = await aCard(t);
    expect((await redeem(operator, card.number, 1000)).statusCode).toBe(200);
    // $50.00 − $10.00 = $40.00 left
    const over = await redeem(operator, card.number, 4001);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe("The card's balance is $40.00: redeem $40.00 or less.");
    const all = await redeem(operator, card.number, 4000);
    expect(all.statusCode).toBe(200);
    expect((all.json() as RedeemGiftCardReply).card).toMatchObject({
      balance_cents: 0,
      status: 'no_balance',
    });
    const none = await redeem(operator, card.number, 1);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(REDEEM_TEXT.noBalance);
  });

  it('[I16-redeem] not yet sent, voided, expired and an order not approved each have their own error', async () => {
    const later = await aCard(t, 'GIFT', { at: '2027-01-01 09:00:00', send: false });
    expect((await lookup(vendor, later.number)).json().status).toBe('not_sent');
    const notSent = await redeem(vendor, later.number, 100);
    expect(notSent.statusCode).toBe(409);
    expect(notSent.json().message).toBe(REDEEM_TEXT.notSent);

    const voided = await aCard(t);
    await t.db
      .updateTable('gift_card_details')
      .set({ voided_at: t.clock.now(), void_reason: 'test' })
      .where('id', '=', voided.id)
      .execute();
    const voidedReply = await redeem(vendor, voided.number, 100);
    expect(voidedReply.statusCode).toBe(409);
    expect(voidedReply.json().message).toBe(REDEEM_TEXT.voided);

    const cancelled = await aCard(t);
    await t.db
      .updateTable('orders')
      .set({ status: 'cancelled' })
      .where('id', '=', cancelled.orderId)
      .execute();
    const cancelledReply = await redeem(vendor, cancelled.number, 100);
    expect(cancelledReply.statusCode).toBe(409);
    expect(cancelledReply.json().message).toBe(REDEEM_TEXT.orderNotApproved);

    const old = await aCard(t);
    await t.db
      .updateTable('gift_card_details')
      .set({ valid_until: new Date(t.clock.now().getTime() - 1) })
      .where('id', '=', old.id)
      .execute();
    const expired = await redeem(vendor, old.number, 100);
    expect(expired.statusCode).toBe(409);
    // One millisecond before 2026-11-21T00:00Z is 10:59:59.999 on 21 November in Sydney.
    expect(expired.json().message).toBe(REDEEM_TEXT.expired('2026-11-21'));
    for (const id of [later.id, voided.id, cancelled.id, old.id]) {
      const row = await t.db
        .selectFrom('gift_card_details')
        .select('balance_cents')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.balance_cents).toBe(5000);
    }
  });

  it('[I16-redeem] redeeming needs a passkey check in the last 5 minutes (403 STEP_UP_REQUIRED)', async () => {
    const card = await aCard(t);
    const member = await signedIn(t, 'vendor', { name: 'Stale Seller' });
    t.clock.advance(6 * 60_000);
    const reply = await redeem(member, card.number, 100);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().code).toBe('STEP_UP_REQUIRED');
    expect((await lookup(member, card.number)).statusCode).toBe(200);
  });

  it(`[I16-redeem] a vendor session that misses ${MISS_LIMIT} numbers is stopped (429), operators are not`, async () => {
    const card = await aCard(t);
    const guesser = await signedIn(t, 'vendor', { name: 'Guessing Seller' });
    for (let n = 0; n < MISS_LIMIT; n++) {
      expect((await lookup(guesser, `10000000000000${String(n).padStart(2, '0')}`)).statusCode).toBe(404);
    }
    const stopped = await lookup(guesser, card.number);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toContain('Too many gift card numbers');
    expect((await redeem(guesser, card.number, 100)).statusCode).toBe(429);
    // Another vendor is not affected; after the window the guesser may look again.
    expect((await lookup(vendor, card.number)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1);
    expect((await lookup(guesser, card.number)).statusCode).toBe(200);
  });

  it(`[I27-guess-limit] 40 parallel look-ups of random numbers: exactly ${MISS_LIMIT} answer 404, the rest 429`, async () => {
    const guesser = await signedIn(t, 'vendor', { name: 'Parallel Guesser' });
    // Random 16-digit numbers (none is a card: a card's number never starts with 0 here).
    const numbers = Array.from(
      { length: 40 },
      () => `0${randomUUID().replace(/\D/g, '').padEnd(15, '7').slice(0, 15)}`,
    );
    const replies = await Promise.all(numbers.map((number) => lookup(guesser, number)));
    const codes = replies.map((reply) => reply.statusCode);
    expect(codes.filter((code) => code === 404)).toHaveLength(MISS_LIMIT);
    expect(codes.filter((code) => code === 429)).toHaveLength(40 - MISS_LIMIT);
    for (const reply of replies.filter((r) => r.statusCode === 429)) {
      expect(reply.json().message).toContain('Too many gift card numbers');
    }
    const misses = await t.db
      .selectFrom('gift_card_lookup_misses')
      .select('id')
      .where('staff_id', '=', guesser.member.id)
      .execute();
    expect(misses).toHaveLength(MISS_LIMIT);
  });

  it('[I16-redeem] the limit is one budget for every server process, counts missed redemptions, and outlives a restart', async () => {
    const card = await aCard(t);
    const guesser = await signedIn(t, 'vendor', { name: 'Two Process Guesser' });
    // A second server process on the same database (its own app, cache and services), as behind a proxy.
    const startProcess = async (): Promise<TestApp> => ({
      ...t,
      app: await buildApp({ config: t.config, db: t.db, clock: t.clock, webDistDir: fakeWebDist() }),
    });
    const second = await startProcess();
    try {
      for (let n = 0; n < MISS_LIMIT; n++) {
        const on = n % 2 === 0 ? t : second;
        const number = `20000000000000${String(n).padStart(2, '0')}`;
        // Every third miss is a redemption: its transaction rolls back, its miss still counts.
        const reply =
          n % 3 === 2
            ? await adminCall(on, 'POST', '/gift-cards/redeem', guesser, {
                gift_card_no: number,
                amount_cents: 100,
                idempotency_key: randomUUID(),
              })
            : await adminCall(on, 'POST', '/gift-cards/lookup', guesser, { gift_card_no: number });
        expect(reply.statusCode, reply.body).toBe(404);
      }
      for (const on of [t, second]) {
        const stopped = await adminCall(on, 'POST', '/gift-cards/lookup', guesser, {
          gift_card_no: card.number,
        });
        expect(stopped.statusCode).toBe(429);
        expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(14 * 60);
      }
    } finally {
      await second.app.close();
    }
    // A process started afterwards (a restart) still refuses the guesser, until the window has passed.
    const restarted = await startProcess();
    try {
      const lookupCard = () =>
        adminCall(restarted, 'POST', '/gift-cards/lookup', guesser, { gift_card_no: card.number });
      expect((await lookupCard()).statusCode).toBe(429);
      t.clock.advance(15 * 60_000 + 1);
      expect((await lookupCard()).statusCode).toBe(200);
    } finally {
      await restarted.app.close();
    }
  });
});
