import type {
  GiftCardRedemption,
  GiftCardSpendStatus,
  RedeemableGiftCard,
  RedeemGiftCardReply,
} from '@quokka/contract/api/gift-card-redemption';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { formatCents } from '@quokka/contract/money';
import { utcToZonedWallTime } from '@quokka/contract/timezones';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { OrderStatus } from '../../db/schema.ts';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../../domain/errors.ts';
import { InsufficientBalanceError } from '../../domain/gift-card-balances.ts';
import { postLedgerEntries } from '../ledger/ledger-entries.ts';
import { spendFromCard } from './gift-card-balance.ts';
import { formatGiftCardNumber } from './gift-card-number.ts';
import { GIFT_CARD } from './gift-card-sending.ts';
import type { RecordStaffAction } from './giftcards-console.ts';

// [I16-redeem] A gift card redeemed in store (docs/gift-card-redemption.md). A member of staff looks a card
// up by its 16-digit number and spends all or part of its balance. A vendor finds only their own seller's
// cards: another seller's card is "not found", word for word the answer for a number that does not exist,
// so a vendor cannot learn whether a number is real. A redemption is one transaction: the card's row is
// locked, its spendability checked (DESIGN16 "Gift cards spent"), the balance spent through
// gift-card-balance.ts (a conditional UPDATE: two redemptions racing never overspend), the ledger entry
// posted (gift_card_in_store, amount 0, base = the value redeemed: it moves no money, the seller was paid
// when the card was sold) and the staff audit row written. The idempotency key makes a retry answer the
// first redemption and change nothing.
//
// Number guessing: a number is 16 random digits (9·10^15 of them), and a vendor session gets at most
// MISS_LIMIT look-ups or redemptions of numbers it cannot see per MISS_WINDOW_MS; past that every look-up
// answers 429 until the window has passed. Counted per member of staff in the database
// (gift_card_lookup_misses, migration 0018), so every server process and a restart share one budget.
// [I27-guess-limit] Counted before deciding: a vendor's look-up first takes a lock of its own member of
// staff (a transaction-level advisory lock), counts the misses in the window, looks for the card and
// writes its miss, all in one transaction; so parallel look-ups of one member are decided one at a time
// and parallel misses stop at MISS_LIMIT exactly.

export const REDEEM_TEXT = {
  notFound: 'No gift card has this number. Check the 16 digits and try again.',
  orderNotApproved:
    'This gift card cannot be spent: the order that bought it has not been approved (or was refused or cancelled).',
  notSent: 'This gift card cannot be spent yet: it has not been sent to its recipient.',
  voided: 'This gift card has been voided and cannot be spent.',
  expired: (date: string) => `This gift card expired on ${date} and cannot be spent.`,
  noBalance: 'This gift card has no balance left.',
  spendable: (balance: number) => `Can be spent: ${formatCents(balance)} left.`,
  overBalance: (balance: number) =>
    `The card's balance is ${formatCents(balance)}: redeem ${formatCents(balance)} or less.`,
  keyReused: 'This request key was used for a different amount. Reload the card and try again.',
  tooManyMisses: (seconds: number) =>
    `Too many gift card numbers that were not found. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`,
} as const;

export const MISS_LIMIT = 10;
export const MISS_WINDOW_MS = 15 * 60_000;
/** pg_advisory_xact_lock(class, staff id): one member's look-ups are counted one at a time. */
const MISS_LOCK_CLASS = 16_027_006;
const SPENDABLE_ORDER: readonly OrderStatus[] = ['approved', 'partially_shipped', 'shipped'];

/** Who is asking: an operator sees every card, a vendor their seller's. */
export interface RedeemActor {
  staffId: number;
  role: 'operator' | 'vendor';
  sellerId: number | null;
}

export interface GiftCardRedemptionDeps {
  db: Db;
  clock: Clock;
  audit: RecordStaffAction;
}

/** 'YYYY-MM-DD' in Sydney. */
export function sydneyDate(at: Date): string {
  return utcToZonedWallTime(at, DEFAULT_TIMEZONE).slice(0, 10);
}

/** Misses per member of staff in a sliding window, kept in the database for every process. */
class MissBudget {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /**
   * For a vendor's look-up or redemption, before anything else: under the member's lock, 429 while they
   * have MISS_LIMIT misses in the window; otherwise `visible` decides whether the number is a card they
   * may see, and a miss is written before the lock is let go. Answers whether the card was found.
   */
  async gate(staffId: number, visible: (trx: Db) => Promise<boolean>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${MISS_LOCK_CLASS}, ${staffId})`.execute(trx);
      await this.check(trx, staffId);
      if (await visible(trx)) return true;
      await this.record(trx, staffId);
      return false;
    });
  }

  /** 429 while the member has MISS_LIMIT misses in the window: until the MISS_LIMIT-th newest leaves it. */
  private async check(db: Db, staffId: number): Promise<void> {
    const now = this.now();
    const limiting = await db
      .selectFrom('gift_card_lookup_misses')
      .select('at')
      .where('staff_id', '=', staffId)
      .where('at', '>', new Date(now.getTime() - MISS_WINDOW_MS))
      .orderBy('at', 'desc')
      .offset(MISS_LIMIT - 1)
      .limit(1)
      .executeTakeFirst();
    if (limiting) {
      const waitMs = new Date(limiting.at).getTime() + MISS_WINDOW_MS - now.getTime();
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new TooManyRequestsError(REDEEM_TEXT.tooManyMisses(seconds), seconds);
    }
  }

  /** One more miss; the member's misses older than the window go. */
  private async record(db: Db, staffId: number): Promise<void> {
    const now = this.now();
    await db
      .deleteFrom('gift_card_lookup_misses')
      .where('staff_id', '=', staffId)
      .where('at', '<=', new Date(now.getTime() - MISS_WINDOW_MS))
      .execute();
    await db.insertInto('gift_card_lookup_misses').values({ staff_id: staffId, at: now }).execute();
  }
}

type CardRow = {
  id: number;
  gift_card_no: string;
  product_name: string;
  seller_id: number | null;
  amount_cents: number;
  balance_cents: number;
  valid_until: Date | null;
  voided_at: Date | null;
  order_id: number | null;
};

export function createGiftCardRedemption(deps: GiftCardRedemptionDeps) {
  const { db, clock } = deps;
  const budget = new MissBudget(db, () => clock.now());

  /**
   * A vendor's look-up or redemption passes the guessing limit first: a number they cannot see is a miss,
   * counted (and answered 404) here, outside the redemption's transaction, which would roll it back.
   */
  async function guard(actor: RedeemActor, number: string): Promise<void> {
    if (actor.role === 'operator') return;
    const found = await budget.gate(actor.staffId, async (trx) =>
      findCard(trx, number, actor, false).then(
        () => true,
        (error: unknown) => {
          if (error instanceof NotFoundError) return false;
          throw error;
        },
      ),
    );
    if (!found) throw new NotFoundError(REDEEM_TEXT.notFound);
  }

  async function findCard(executor: Db, number: string, actor: RedeemActor, lock: boolean) {
    let query = executor
      .selectFrom('gift_card_details')
      .select([
        'id',
        'gift_card_no',
        'product_name',
        'seller_id',
        'amount_cents',
        'balance_cents',
        'valid_until',
        'voided_at',
        'order_id',
      ])
      .where('gift_card_no', '=', number)
      // A card is only a card once it was paid for (an order); a cart's draft is no card.
      .where('order_id', 'is not', null);
    if (actor.role !== 'operator') query = query.where('seller_id', '=', actor.sellerId ?? -1);
    const card = await (lock ? query.forUpdate() : query).executeTakeFirst();
    // A vendor's miss is counted by guard(), before any look-up or redemption.
    if (!card || card.seller_id === null) throw new NotFoundError(REDEEM_TEXT.notFound);
    return card as CardRow & { seller_id: number };
  }

  async function statusOf(
    executor: Db,
    card: CardRow,
  ): Promise<{ status: GiftCardSpendStatus; text: string }> {
    const order = card.order_id
      ? await executor
          .selectFrom('orders')
          .select('status')
          .where('id', '=', card.order_id)
          .executeTakeFirst()
      : undefined;
    if (!order || !SPENDABLE_ORDER.includes(order.status)) {
      return { status: 'order_not_approved', text: REDEEM_TEXT.orderNotApproved };
    }
    if (card.voided_at) return { status: 'voided', text: REDEEM_TEXT.voided };
    // Sent once one of its picture messages went out (gift-card-sending.ts).
    const delivery = await executor
      .selectFrom('sent_messages')
      .select('id')
      .where('gift_card_id', '=', card.id)
      .where('purpose', '=', GIFT_CARD)
      .where('send_state', '=', 'sent')
      .executeTakeFirst();
    if (!delivery || !card.valid_until) return { status: 'not_sent', text: REDEEM_TEXT.notSent };
    if (card.valid_until.getTime() <= clock.now().getTime()) {
      return { status: 'expired', text: REDEEM_TEXT.expired(sydneyDate(card.valid_until)) };
    }
    if (card.balance_cents <= 0) return { status: 'no_balance', text: REDEEM_TEXT.noBalance };
    return { status: 'spendable', text: REDEEM_TEXT.spendable(card.balance_cents) };
  }

  async function history(executor: Db, cardId: number): Promise<GiftCardRedemption[]> {
    const rows = await executor
      .selectFrom('gift_card_redemptions as r')
      .leftJoin('staff as s', 's.id', 'r.staff_id')
      .select([
        'r.id',
        'r.created_at',
        'r.kind',
        'r.amount_cents',
        'r.balance_after_cents',
        'r.order_id',
        's.name as staff_name',
      ])
      .where('r.gift_card_id', '=', cardId)
      .orderBy('r.id', 'desc')
      .limit(10)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      created_at: new Date(row.created_at).toISOString(),
      kind: row.kind,
      amount_cents: row.amount_cents,
      balance_after_cents: row.balance_after_cents,
      order_id: row.order_id,
      staff_name: row.staff_name ?? null,
    }));
  }

  async function present(executor: Db, card: CardRow & { seller_id: number }): Promise<RedeemableGiftCard> {
    const seller = await executor
      .selectFrom('sellers')
      .select('name')
      .where('id', '=', card.seller_id)
      .executeTakeFirst();
    const { status, text } = await statusOf(executor, card);
    return {
      id: card.id,
      gift_card_no: formatGiftCardNumber(card.gift_card_no),
      product_name: card.product_name,
      seller_id: card.seller_id,
      seller_name: seller?.name ?? '',
      amount_cents: card.amount_cents,
      // [I27-void] A voided card has nothing left to spend (what was left went back to the purchaser).
      balance_cents: card.voided_at ? 0 : card.balance_cents,
      valid_until: card.valid_until ? card.valid_until.toISOString() : null,
      valid_until_date: card.valid_until ? sydneyDate(card.valid_until) : null,
      status,
      status_text: text,
      redemptions: await history(executor, card.id),
    };
  }

  return {
    /** The card of this number the actor may see, with its balance, expiry and latest changes. */
    async lookup(actor: RedeemActor, number: string): Promise<RedeemableGiftCard> {
      await guard(actor, number);
      return present(db, await findCard(db, number, actor, false));
    },

    /** Spends amountCents of the card (all or part of its balance), once per idempotency key. */
    async redeem(
      actor: RedeemActor,
      input: { number: string; amountCents: number; key: string },
    ): Promise<RedeemGiftCardReply> {
      await guard(actor, input.number);
      const at = clock.now();
      try {
        return await db.transaction().execute(async (trx) => {
          const card = await findCard(trx, input.number, actor, true);
          const before = await trx
            .selectFrom('gift_card_redemptions')
            .select(['id', 'amount_cents', 'kind'])
            .where('gift_card_id', '=', card.id)
            .where('idempotency_key', '=', input.key)
            .executeTakeFirst();
          if (before) {
            if (before.kind !== 'in_store' || before.amount_cents !== input.amountCents) {
              throw new ConflictError(REDEEM_TEXT.keyReused);
            }
            const shown = await present(trx, card);
            const redemption =
              shown.redemptions.find((row) => row.id === before.id) ??
              (await history(trx, card.id)).find((row) => row.id === before.id);
            if (!redemption) throw new Error(`Redemption ${before.id} not found`);
            return { redemption, card: shown, replayed: true };
          }
          const { status, text } = await statusOf(trx, card);
          if (status !== 'spendable') throw new ConflictError(text);
          if (input.amountCents > card.balance_cents) {
            throw new ConflictError(REDEEM_TEXT.overBalance(card.balance_cents));
          }
          const change = await spendFromCard(trx, {
            giftCardId: card.id,
            amountCents: input.amountCents,
            kind: 'in_store',
            staffId: actor.staffId,
            key: input.key,
            at,
          });
          await postLedgerEntries(trx, [
            {
              sellerId: card.seller_id,
              kind: 'gift_card_in_store',
              amountCents: 0,
              baseCents: input.amountCents,
              eventKey: `redemption:${change.redemptionId}`,
              occurredAt: at,
              giftCardId: card.id,
              description: `Gift card ending ${card.gift_card_no.slice(-4)} redeemed in store: ${formatCents(input.amountCents)}`,
            },
          ]);
          await deps.audit(trx, {
            actor: { staffId: actor.staffId },
            action: 'gift_card.redeemed',
            subject: `gift_card:${card.id}`,
            before: { balance_cents: card.balance_cents },
            after: {
              balance_cents: change.balanceAfterCents,
              amount_cents: input.amountCents,
              redemption_id: change.redemptionId,
            },
            at,
          });
          const shown = await present(trx, { ...card, balance_cents: change.balanceAfterCents });
          const redemption = shown.redemptions.find((row) => row.id === change.redemptionId);
          if (!redemption) throw new Error(`Redemption ${change.redemptionId} not found`);
          return { redemption, card: shown, replayed: false };
        });
      } catch (error) {
        // The conditional UPDATE lost a race the row lock did not serialise (it always should).
        if (error instanceof InsufficientBalanceError) {
          throw new ConflictError(REDEEM_TEXT.overBalance(error.balanceCents));
        }
        throw error;
      }
    },
  };
}

export type GiftCardRedemptionService = ReturnType<typeof createGiftCardRedemption>;
