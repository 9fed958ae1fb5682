import { randomUUID } from 'node:crypto';
import type { AdminGiftCard, GiftCardListReply } from '@quokka/contract/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { adminCall, type Session, signedIn, stepUp } from '../orders/test/orders-test-kit.ts';
import { aCard, redeemTestApp, type TestCard } from './test/redeem-test-kit.ts';

// [I27-void] A void refunds only what is left on the card, under the card's lock (the
// lock a redemption takes), and the console shows the balance and the outstanding total as they are.
// The real app on a fresh database (PGlite, or TEST_DATABASE_URL); cards bought through the shopper API
// (approved at once, ORDER_REVIEW=auto), sent by the real worker, redeemed through POST /gift-cards/redeem
// and voided through POST /gift-cards/:id/void, as an operator with a fresh passkey check.

let t: TestApp;
let operator: Session;

beforeAll(async () => {
  t = await redeemTestApp();
  operator = await signedIn(t, 'operator');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const redeem = (card: TestCard, cents: number) =>
  adminCall(t, 'POST', '/gift-cards/redeem', operator, {
    gift_card_no: card.number,
    amount_cents: cents,
    idempotency_key: randomUUID(),
  });
const voidCard = (card: TestCard, reason = 'Recipient says never received') =>
  adminCall(t, 'POST', `/gift-cards/${card.id}/void`, operator, { reason });

async function moneyOf(card: TestCard) {
  const order = await t.db
    .selectFrom('orders')
    .select(['refunded_cents', 'captured_cents', 'payment_id', 'payment_state'])
    .where('id', '=', card.orderId)
    .executeTakeFirstOrThrow();
  const refunds = await t.db
    .selectFrom('order_refunds')
    .select(['amount_cents', 'lines'])
    .where('order_id', '=', card.orderId)
    .execute();
  const atProvider = await t.db
    .selectFrom('sandbox_refunds')
    .select('amount_cents')
    .where('charge_id', '=', String(order.payment_id))
    .execute();
  const redeemed = await t.db
    .selectFrom('gift_card_redemptions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.val('0')).as('cents'))
    .where('gift_card_id', '=', card.id)
    .executeTakeFirstOrThrow();
  const row = await t.db
    .selectFrom('gift_card_details')
    .select('balance_cents')
    .where('id', '=', card.id)
    .executeTakeFirstOrThrow();
  return {
    order,
    refunds,
    providerCents: atProvider.reduce((sum, refund) => sum + refund.amount_cents, 0),
    redeemedCents: Number(redeemed.cents),
    storedBalance: row.balance_cents,
  };
}

const outstanding = async () => {
  const reply = await adminCall(t, 'GET', '/gift-cards', operator);
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as GiftCardListReply).outstanding_cents;
};

describe('[I27-void] a void refunds only the unspent balance', { timeout: 120_000 }, () => {
  it('[I27-void] a $50 card spent in five $10 redemptions, then voided: refunds $0 and shows balance $0', async () => {
    await stepUp(t, operator);
    const card = await aCard(t);
    for (let n = 0; n < 5; n++) expect((await redeem(card, 1000)).statusCode).toBe(200);
    const before = await moneyOf(card);
    expect(before.redeemedCents).toBe(5000);

    const reply = await voidCard(card);
    expect(reply.statusCode, reply.body).toBe(200);
    const shown = reply.json() as AdminGiftCard;
    expect(shown).toMatchObject({
      state: 'voided',
      amount_cents: 5000,
      balance_cents: 0,
      void_refunded_cents: null,
      void_note: 'Not refunded: the card had been spent in full ($50.00).',
    });
    // Nothing went back: no refund row, nothing at the provider, the order's figures unchanged.
    const after = await moneyOf(card);
    expect(after.refunds).toEqual([]);
    expect(after.providerCents).toBe(0);
    expect(after.order).toEqual(before.order);
    const event = await t.db
      .selectFrom('order_events')
      .select(['type', 'summary', 'data'])
      .where('order_id', '=', card.orderId)
      .where('type', 'in', ['refunded', 'gift_card_voided'])
      .executeTakeFirstOrThrow();
    expect(event.type).toBe('gift_card_voided');
    expect(event.summary).toContain('Not refunded: the card had been spent in full ($50.00).');
    const audit = await t.db
      .selectFrom('staff_audit')
      .select('after')
      .where('subject', '=', `gift_card:${card.id}`)
      .where('action', '=', 'gift_card.voided')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ refunded_cents: 0, balance_before_cents: 0 });
    // No refund text to the purchaser.
    const texts = await t.db
      .selectFrom('sent_messages')
      .select('id')
      .where('gift_card_id', '=', card.id)
      .where('purpose', '=', 'order_refunded')
      .execute();
    expect(texts).toEqual([]);
  });

  it('[I27-void] a partly spent card ($50, $20 spent) voided refunds exactly $30', async () => {
    await stepUp(t, operator);
    const card = await aCard(t);
    expect((await redeem(card, 2000)).statusCode).toBe(200);
    // The console shows what is left before the void: $30.00 of $50.00.
    const listed = await adminCall(t, 'GET', `/gift-cards/${card.id}`, operator);
    expect((listed.json() as AdminGiftCard).balance_cents).toBe(3000);

    const before = await moneyOf(card);
    const reply = await voidCard(card);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      state: 'voided',
      balance_cents: 0,
      void_refunded_cents: 3000,
      void_note: 'Refunded $30.00 to the purchaser.',
    });
    const after = await moneyOf(card);
    const line = await t.db
      .selectFrom('order_items')
      .select(['id', 'refunded_qty', 'refunded_cents'])
      .where('order_id', '=', card.orderId)
      .where('is_giftcard', '=', true)
      .executeTakeFirstOrThrow();
    // By hand: 5000 − 2000 = 3000, once, everywhere it is written.
    expect(after.refunds).toEqual([
      { amount_cents: 3000, lines: [{ order_item_id: line.id, qty: 1, amount_cents: 3000 }] },
    ]);
    expect(after.providerCents).toBe(3000);
    expect(after.order.refunded_cents).toBe(before.order.refunded_cents + 3000);
    expect(line).toMatchObject({ refunded_qty: 1, refunded_cents: 3000 });
    const text = await t.db
      .selectFrom('sent_messages')
      .select('to_number')
      .where('gift_card_id', '=', card.id)
      .where('purpose', '=', 'order_refunded')
      .execute();
    expect(text).toHaveLength(1);
    const outbox = t.app.deps.providers.outbox;
    const bodies = (await outbox?.list(50))?.map((message) => message.body) ?? [];
    expect(bodies.some((body) => body.includes('we have refunded $30.00'))).toBe(true);
    const event = await t.db
      .selectFrom('order_events')
      .select('summary')
      .where('order_id', '=', card.orderId)
      .where('type', '=', 'refunded')
      .executeTakeFirstOrThrow();
    expect(event.summary).toMatch(/voided: refunded \$30\.00 \(the unspent balance of \$50\.00\)/);
    // The ledger reverses $30.00 of the $50.00 gift card sale.
    const ledger = await t.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_cents'])
      .where('order_id', '=', card.orderId)
      .where('kind', '=', 'refund')
      .execute();
    expect(ledger).toEqual([{ kind: 'refund', amount_cents: -3000 }]);
  });

  it('[I27-void] a void racing a redemption on the same card never gives back more than was unspent', async () => {
    for (let round = 0; round < 4; round++) {
      await stepUp(t, operator);
      const card = await aCard(t);
      // Round by round the redemption asks for part, or all, of the card.
      const asked = [3000, 5000, 1250, 4999][round] ?? 3000;
      // Sent at once, in either order (odd rounds send the redemption first).
      const [voided, redeemed] =
        round % 2 === 0
          ? await Promise.all([voidCard(card, `Race ${round}`), redeem(card, asked)])
          : await Promise.all([redeem(card, asked), voidCard(card, `Race ${round}`)]).then(
              ([r, v]) => [v, r] as const,
            );
      expect(voided.statusCode, voided.body).toBe(200);
      expect([200, 409], redeemed.body).toContain(redeemed.statusCode);
      const after = await moneyOf(card);
      const refunded = after.refunds.reduce((sum, refund) => sum + refund.amount_cents, 0);
      // The redemption either came first (it spent `asked`, the void refunded the rest) or came second
      // (refused: voided): refund + redeemed is the face value, never more, and the balance never < 0.
      expect(after.redeemedCents).toBe(redeemed.statusCode === 200 ? asked : 0);
      expect(refunded + after.redeemedCents, `round ${round}`).toBe(5000);
      expect(after.providerCents).toBe(refunded);
      expect(after.storedBalance).toBeGreaterThanOrEqual(0);
      const shown = (await adminCall(t, 'GET', `/gift-cards/${card.id}`, operator)).json() as AdminGiftCard;
      expect(shown.balance_cents).toBe(0);
      expect(shown.void_refunded_cents ?? 0).toBe(refunded);
    }
  });

  it('[I27-void] the outstanding total counts balances, not face values', async () => {
    await stepUp(t, operator);
    const start = await outstanding();
    const full = await aCard(t);
    const part = await aCard(t);
    expect(await outstanding()).toBe(start + 5000 + 5000);
    // $12.50 spent from one card: the shop owes $37.50 on it.
    expect((await redeem(part, 1250)).statusCode).toBe(200);
    expect(await outstanding()).toBe(start + 5000 + 3750);
    // Spent to nothing: it owes nothing on it.
    expect((await redeem(full, 5000)).statusCode).toBe(200);
    expect(await outstanding()).toBe(start + 3750);
    // Voided: nothing more is owed on it (what was left went back to the purchaser).
    expect((await voidCard(part)).statusCode).toBe(200);
    expect(await outstanding()).toBe(start);
  });
});
