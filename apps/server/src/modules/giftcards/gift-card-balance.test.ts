import type { RedeemGiftCardReply } from '@quokka/contract/api/gift-card-redemption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsufficientBalanceError } from '../../domain/gift-card-balances.ts';
import type { TestApp } from '../../test/test-app.ts';
import { adminCall, type Session, signedIn } from '../orders/test/orders-test-kit.ts';
import { giftCardBalances, giveBackToCard, orderSpentCard, spendFromCard } from './gift-card-balance.ts';
import { aCard, redeemTestApp } from './test/redeem-test-kit.ts';

// [I16-redeem] The balance primitives (gift-card-balance.ts) on real rows: spend, insufficient, the
// idempotency key, give-back limits, and the race: parallel spends of one balance never overspend it, both
// straight through spendFromCard in parallel transactions and as parallel requests through the redeem
// route. Run on PGlite and on the PostgreSQL server (TEST_DATABASE_URL), where the requests truly overlap.

let t: TestApp;
let vendor: Session;

beforeAll(async () => {
  t = await redeemTestApp();
  vendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const balanceOf = async (id: number) =>
  (
    await t.db
      .selectFrom('gift_card_details')
      .select('balance_cents')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).balance_cents;

describe('[I16-redeem] spendFromCard', () => {
  it('[I16-redeem][BIZ-01] spends, records the balance after, and refuses more than the balance', async () => {
    const card = await aCard(t);
    const spent = await spendFromCard(t.db, {
      giftCardId: card.id,
      amountCents: 1999,
      kind: 'in_store',
      key: 'a',
      at: t.clock.now(),
    });
    // $50.00 − $19.99 = $30.01
    expect(spent).toMatchObject({ amountCents: 1999, balanceAfterCents: 3001, applied: true });
    expect(await balanceOf(card.id)).toBe(3001);
    const refused = spendFromCard(t.db, {
      giftCardId: card.id,
      amountCents: 3002,
      kind: 'in_store',
      key: 'b',
      at: t.clock.now(),
    });
    await expect(refused).rejects.toBeInstanceOf(InsufficientBalanceError);
    await expect(refused).rejects.toMatchObject({ balanceCents: 3001 });
    expect(await balanceOf(card.id)).toBe(3001);
    await expect(
      spendFromCard(t.db, {
        giftCardId: card.id,
        amountCents: 0,
        kind: 'in_store',
        key: 'c',
        at: t.clock.now(),
      }),
    ).rejects.toBeInstanceOf(RangeError);
    await expect(
      spendFromCard(t.db, {
        giftCardId: card.id,
        amountCents: 1.5,
        kind: 'in_store',
        key: 'd',
        at: t.clock.now(),
      }),
    ).rejects.toBeInstanceOf(RangeError);
  });

  it('[I16-redeem] the same key twice spends once and answers the first change', async () => {
    const card = await aCard(t);
    const input = {
      giftCardId: card.id,
      amountCents: 700,
      kind: 'in_store' as const,
      key: 'k',
      at: t.clock.now(),
    };
    const first = await spendFromCard(t.db, input);
    const second = await spendFromCard(t.db, input);
    expect(first.applied).toBe(true);
    expect(second).toMatchObject({
      redemptionId: first.redemptionId,
      applied: false,
      balanceAfterCents: 4300,
    });
    // $50.00 − $7.00 = $43.00, once
    expect(await balanceOf(card.id)).toBe(4300);
    const rows = await t.db
      .selectFrom('gift_card_redemptions')
      .select('id')
      .where('gift_card_id', '=', card.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('[I16-redeem] a spend rolled back with its transaction gives nothing away', async () => {
    const card = await aCard(t);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await spendFromCard(trx, {
          giftCardId: card.id,
          amountCents: 500,
          kind: 'order',
          key: 'r',
          at: t.clock.now(),
        });
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    expect(await balanceOf(card.id)).toBe(5000);
  });
});

describe('[I16-redeem] giveBackToCard', () => {
  it('[I16-redeem][BIZ-01] gives back at most what the order took, once per key', async () => {
    const card = await aCard(t);
    // An order (the card's own purchase order stands in for a later one) takes $30.00.
    await giftCardBalances.spend(t.db, {
      giftCardId: card.id,
      amountCents: 3000,
      kind: 'order',
      orderId: card.orderId,
      key: `order:${card.orderId}`,
      at: t.clock.now(),
    });
    expect((await orderSpentCard(t.db, card.orderId))?.netCents ?? 0).toBe(3000);
    const first = await giveBackToCard(t.db, {
      orderId: card.orderId,
      amountCents: 1000,
      key: 'refund:1',
      at: t.clock.now(),
    });
    // $20.00 + $10.00 = $30.00 on the card; the order has $20.00 left to give back
    expect(first).toMatchObject({ amountCents: -1000, balanceAfterCents: 3000, applied: true });
    const retried = await giveBackToCard(t.db, {
      orderId: card.orderId,
      amountCents: 1000,
      key: 'refund:1',
      at: t.clock.now(),
    });
    expect(retried).toMatchObject({ redemptionId: first?.redemptionId, applied: false });
    // Asking for $50.00 gives back only the $20.00 the order still holds: $30.00 + $20.00 = $50.00
    const capped = await giveBackToCard(t.db, {
      orderId: card.orderId,
      amountCents: 5000,
      key: 'refund:2',
      at: t.clock.now(),
    });
    expect(capped).toMatchObject({ amountCents: -2000, balanceAfterCents: 5000 });
    expect((await orderSpentCard(t.db, card.orderId))?.netCents ?? 0).toBe(0);
    expect(
      await giveBackToCard(t.db, {
        orderId: card.orderId,
        amountCents: 1,
        key: 'refund:3',
        at: t.clock.now(),
      }),
    ).toBeUndefined();
    expect(await balanceOf(card.id)).toBe(5000);
  });

  it('[I16-redeem] an order that spent no card gets nothing back', async () => {
    const card = await aCard(t);
    expect(
      await giveBackToCard(t.db, { orderId: card.orderId, amountCents: 100, key: 'x', at: t.clock.now() }),
    ).toBeUndefined();
    expect((await orderSpentCard(t.db, card.orderId))?.netCents ?? 0).toBe(0);
  });
});

describe('[I16-redeem] racing for one balance', () => {
  it('[I16-redeem][BIZ-01] parallel spends in parallel transactions never take more than the balance', async () => {
    const card = await aCard(t);
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map((n) =>
        t.db.transaction().execute((trx) =>
          spendFromCard(trx, {
            giftCardId: card.id,
            amountCents: 2000,
            kind: 'in_store',
            key: `race-${n}`,
            at: t.clock.now(),
          }),
        ),
      ),
    );
    // $50.00 holds two spends of $20.00 (leaving $10.00), never three.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(
      results.filter((r) => r.status === 'rejected' && r.reason instanceof InsufficientBalanceError),
    ).toHaveLength(2);
    expect(await balanceOf(card.id)).toBe(1000);
  });

  it('[I16-redeem] two parallel redemptions of the same balance through the route: one wins, the other is told the balance', async () => {
    const card = await aCard(t);
    const [a, b] = await Promise.all(
      ['one', 'two'].map((key) =>
        adminCall(t, 'POST', '/gift-cards/redeem', vendor, {
          gift_card_no: card.number,
          amount_cents: 3000,
          idempotency_key: `parallel-${key}-${card.id}`,
        }),
      ),
    );
    const codes = [a?.statusCode, b?.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const lost = [a, b].find((reply) => reply?.statusCode === 409);
    // $50.00 − $30.00 = $20.00 left; the loser is told so.
    expect(lost?.json().message).toBe("The card's balance is $20.00: redeem $20.00 or less.");
    const won = [a, b].find((reply) => reply?.statusCode === 200)?.json() as RedeemGiftCardReply;
    expect(won.card.balance_cents).toBe(2000);
    expect(await balanceOf(card.id)).toBe(2000);
    const entries = await t.db
      .selectFrom('ledger_entries')
      .select('base_cents')
      .where('gift_card_id', '=', card.id)
      .execute();
    expect(entries).toEqual([{ base_cents: 3000 }]);
  });

  it('[I16-redeem] the same redemption sent twice at once spends once', async () => {
    const card = await aCard(t);
    const body = { gift_card_no: card.number, amount_cents: 1500, idempotency_key: `twice-card-${card.id}` };
    const replies = await Promise.all(
      [1, 2].map(() => adminCall(t, 'POST', '/gift-cards/redeem', vendor, body)),
    );
    // Both succeed (one replayed), or the second trips the unique key and is refused; never two spends.
    for (const reply of replies) expect([200, 409]).toContain(reply.statusCode);
    expect(await balanceOf(card.id)).toBe(3500);
    const rows = await t.db
      .selectFrom('gift_card_redemptions')
      .select('id')
      .where('gift_card_id', '=', card.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
