import { sql } from 'kysely';
import type { GiftCardRedemptionKind } from '../../db/schema.ts';
import {
  type BalanceChange,
  type GiftCardBalances,
  type GiftCardDb,
  InsufficientBalanceError,
} from '../../domain/gift-card-balances.ts';

// [I16-redeem] A gift card's balance, spent and given back (migration 0016). The balance lives on the card
// (gift_card_details.balance_cents, CHECK 0 ≤ balance ≤ amount) and every change is a row in
// gift_card_redemptions with the balance after it. A spend is one conditional UPDATE (`balance_cents >=
// amount`), so two spends racing for the same balance never take more than it holds: the second waits for
// the first's row lock, re-reads the balance and takes nothing if it no longer covers it. A spend or
// give-back is idempotent by (card, key): a retried request finds the first one's row and changes nothing.
// Whether a card may be spent at all (sent, not voided, not expired, the right seller) is the caller's
// check; these primitives only keep the arithmetic safe. A give-back runs under the order's row lock
// (refund, refusal, cancellation), so two give-backs of one order never both read the same net spent.

type Db = GiftCardDb;

async function existing(db: Db, giftCardId: number, key: string): Promise<BalanceChange | undefined> {
  const row = await db
    .selectFrom('gift_card_redemptions')
    .select(['id', 'gift_card_id', 'seller_id', 'amount_cents', 'balance_after_cents'])
    .where('gift_card_id', '=', giftCardId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row
    ? {
        redemptionId: row.id,
        giftCardId: row.gift_card_id,
        sellerId: row.seller_id,
        amountCents: row.amount_cents,
        balanceAfterCents: row.balance_after_cents,
        applied: false,
      }
    : undefined;
}

async function record(
  db: Db,
  input: {
    giftCardId: number;
    sellerId: number;
    amountCents: number;
    kind: GiftCardRedemptionKind;
    orderId?: number | null;
    staffId?: number | null;
    key: string;
    at: Date;
    balanceAfterCents: number;
  },
): Promise<BalanceChange> {
  const row = await db
    .insertInto('gift_card_redemptions')
    .values({
      gift_card_id: input.giftCardId,
      seller_id: input.sellerId,
      amount_cents: input.amountCents,
      kind: input.kind,
      order_id: input.orderId ?? null,
      staff_id: input.staffId ?? null,
      balance_after_cents: input.balanceAfterCents,
      idempotency_key: input.key,
      created_at: input.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    redemptionId: row.id,
    giftCardId: input.giftCardId,
    sellerId: input.sellerId,
    amountCents: input.amountCents,
    balanceAfterCents: input.balanceAfterCents,
    applied: true,
  };
}

/**
 * Takes `amountCents` (> 0) from the card, or throws InsufficientBalanceError with the balance it has.
 * Run it inside the transaction that makes the spend (an order's, or the redemption's own), so that a
 * rolled-back order gives the balance back by itself. Safe when the same key races itself: the unique
 * (card, key) makes the second insert fail, which rolls back its UPDATE with its transaction.
 */
export async function spendFromCard(
  db: Db,
  input: {
    giftCardId: number;
    amountCents: number;
    kind: 'in_store' | 'order';
    orderId?: number | null;
    staffId?: number | null;
    key: string;
    at: Date;
  },
): Promise<BalanceChange> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new RangeError(`A spend must be a positive whole number of cents: ${input.amountCents}`);
  }
  const before = await existing(db, input.giftCardId, input.key);
  if (before) return before;
  const updated = await db
    .updateTable('gift_card_details')
    .set({ balance_cents: sql<number>`balance_cents - ${input.amountCents}` })
    .where('id', '=', input.giftCardId)
    .where('balance_cents', '>=', input.amountCents)
    .returning(['balance_cents', 'seller_id'])
    .executeTakeFirst();
  if (!updated) {
    const card = await db
      .selectFrom('gift_card_details')
      .select('balance_cents')
      .where('id', '=', input.giftCardId)
      .executeTakeFirst();
    throw new InsufficientBalanceError(card?.balance_cents ?? 0);
  }
  if (updated.seller_id === null) throw new Error(`Gift card ${input.giftCardId} has no seller`);
  return record(db, {
    ...input,
    sellerId: updated.seller_id,
    balanceAfterCents: updated.balance_cents,
  });
}

/**
 * Gives `amountCents` (> 0) back to the card an order spent (an order refused, cancelled or refunded), at
 * most what the order took less what was already given back. Returns undefined when the order spent
 * nothing from a card or nothing is left to give back.
 */
export async function giveBackToCard(
  db: Db,
  input: { orderId: number; amountCents: number; key: string; at: Date },
): Promise<BalanceChange | undefined> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new RangeError(`A give-back must be a positive whole number of cents: ${input.amountCents}`);
  }
  const spent = await db
    .selectFrom('gift_card_redemptions')
    .select(['gift_card_id', sql<number>`sum(amount_cents)::int`.as('net_cents')])
    .where('order_id', '=', input.orderId)
    .groupBy('gift_card_id')
    .orderBy('gift_card_id')
    .executeTakeFirst();
  if (!spent) return undefined;
  const before = await existing(db, spent.gift_card_id, input.key);
  if (before) return before;
  const amount = Math.min(input.amountCents, spent.net_cents);
  if (amount <= 0) return undefined;
  // Never onto a voided card: its balance went back to its purchaser and it can no longer be spent, so
  // money put on it now would be lost to everyone (the refund path keeps that part instead).
  const updated = await db
    .updateTable('gift_card_details')
    .set({ balance_cents: sql<number>`balance_cents + ${amount}` })
    .where('id', '=', spent.gift_card_id)
    .where('voided_at', 'is', null)
    .returning(['balance_cents', 'seller_id'])
    .executeTakeFirst();
  if (!updated) return undefined;
  return record(db, {
    giftCardId: spent.gift_card_id,
    sellerId: updated.seller_id ?? 0,
    amountCents: -amount,
    kind: 'order_give_back',
    orderId: input.orderId,
    key: input.key,
    at: input.at,
    balanceAfterCents: updated.balance_cents,
  });
}

/**
 * The card an order spent (an order spends at most one), its row locked: what the order took and has not
 * had back, and whether the card was voided since. The refund path (modules/orders/order-refunds.ts) reads
 * it under the order's row lock before it gives anything back, so a void and a refund of the order that
 * spent the card never cross: whichever locks the card first is seen whole by the other.
 */
export async function orderSpentCard(
  db: Db,
  orderId: number,
): Promise<{ giftCardId: number; netCents: number; voided: boolean } | undefined> {
  const spent = await db
    .selectFrom('gift_card_redemptions')
    .select(['gift_card_id', sql<number>`sum(amount_cents)::int`.as('net_cents')])
    .where('order_id', '=', orderId)
    .groupBy('gift_card_id')
    .orderBy('gift_card_id')
    .executeTakeFirst();
  if (!spent) return undefined;
  const card = await db
    .selectFrom('gift_card_details')
    .select('voided_at')
    .where('id', '=', spent.gift_card_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { giftCardId: spent.gift_card_id, netCents: spent.net_cents, voided: card.voided_at !== null };
}

/** The implementation app.ts hands to checkout and the back office's orders (domain/gift-card-balances.ts). */
export const giftCardBalances: GiftCardBalances = {
  spend: spendFromCard,
  giveBack: giveBackToCard,
  orderCard: orderSpentCard,
};
