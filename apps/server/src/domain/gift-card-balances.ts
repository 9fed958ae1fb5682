import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

// [I16-redeem] The seam through which checkout and the back office's orders spend and give back a gift
// card's balance. Implemented by modules/giftcards (gift-card-balance.ts) and handed in by app.ts, since
// giftcards already depends on checkout and orders (an import the other way would make a cycle).

export type GiftCardDb = Kysely<Database> | Transaction<Database>;

export interface BalanceChange {
  redemptionId: number;
  giftCardId: number;
  sellerId: number;
  /** Positive for a spend, negative for a give-back. */
  amountCents: number;
  balanceAfterCents: number;
  /** False when the key had been used before: the earlier change is returned and nothing changed now. */
  applied: boolean;
}

/** The card's balance does not cover the amount asked for; `balanceCents` is what it holds now. */
export class InsufficientBalanceError extends Error {
  constructor(readonly balanceCents: number) {
    super(`The card's balance (${balanceCents} cents) does not cover this amount`);
  }
}

export interface GiftCardBalances {
  /** Takes amountCents (> 0) from the card inside the caller's transaction, or throws InsufficientBalanceError. */
  spend(
    db: GiftCardDb,
    input: {
      giftCardId: number;
      amountCents: number;
      kind: 'in_store' | 'order';
      orderId?: number | null;
      staffId?: number | null;
      key: string;
      at: Date;
    },
  ): Promise<BalanceChange>;
  /** Gives back up to amountCents of what an order took; undefined when there is nothing to give back. */
  giveBack(
    db: GiftCardDb,
    input: { orderId: number; amountCents: number; key: string; at: Date },
  ): Promise<BalanceChange | undefined>;
  /**
   * The card an order spent, locked until the transaction ends (a void waits, or is waited for): what the
   * order took from it and has not had back, and whether it was voided since (then nothing may go back
   * onto it). Undefined when no gift card paid for the order.
   */
  orderCard(
    db: GiftCardDb,
    orderId: number,
  ): Promise<{ giftCardId: number; netCents: number; voided: boolean } | undefined>;
}

/**
 * [I16-checkout-giftcard] A card as checkout sees it when a shopper types its number: the facts that decide
 * whether it may be spent (checkout decides, with its clock). Implemented by modules/giftcards
 * (gift-card-lookup.ts) and handed in by services.ts.
 */
export interface GiftCardFacts {
  id: number;
  number: string;
  sellerId: number | null;
  balanceCents: number;
  validUntil: Date | null;
  voided: boolean;
  /** Its picture message has gone out (an outbox row of purpose 'gift_card' was sent). */
  sent: boolean;
  /** The status of the order that bought it (approved/partially_shipped/shipped make it spendable). */
  orderStatus: string | null;
}

export interface GiftCardLookup {
  /** The card with this number (digits only), or undefined. `lock` holds its row until the transaction ends. */
  byNumber(db: GiftCardDb, digits: string, options?: { lock?: boolean }): Promise<GiftCardFacts | undefined>;
}
