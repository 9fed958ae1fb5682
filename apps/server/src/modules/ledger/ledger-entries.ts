import type { Kysely, Transaction } from 'kysely';
import type { Database, LedgerKind } from '../../db/schema.ts';
import { weekOf } from './ledger-rules.ts';

// [I16-ledger] The one way into the append-only ledger (migration 0016, docs/money.md). Every module that
// makes a money event (the order's capture, a refund, a chargeback, a gift card spent) posts its entries
// here, inside the transaction that makes the event, so the ledger and the event commit or roll back
// together. An event is posted once: (event_key, kind, seller, line) is unique and a retried posting
// inserts nothing. Amounts are signed from the seller's side: + owed to the seller, − owed to the
// operator. The week of an entry is the week of its occurred_at (Monday 11:59:59.999 Sydney).

export interface LedgerEntryInput {
  sellerId: number;
  kind: LedgerKind;
  /** Signed integer cents. */
  amountCents: number;
  /** What a fee or reversal was worked on, or an in-store redemption's value (amount 0). */
  baseCents?: number | null;
  /** The event, the same on a retry: 'capture:<order id>', 'refund:<refund id>', 'redemption:<id>'… */
  eventKey: string;
  occurredAt: Date;
  orderId?: number | null;
  orderIncrementId?: string | null;
  orderItemId?: number | null;
  refundId?: number | null;
  giftCardId?: number | null;
  description: string;
}

type Db = Kysely<Database> | Transaction<Database>;

/** Writes the entries once; returns how many were new (0 on a retry of the same event). */
export async function postLedgerEntries(db: Db, entries: readonly LedgerEntryInput[]): Promise<number> {
  if (entries.length === 0) return 0;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amountCents)) {
      throw new RangeError(`A ledger amount must be whole cents: ${entry.amountCents}`);
    }
  }
  const rows = entries.map((entry) => ({
    seller_id: entry.sellerId,
    occurred_at: entry.occurredAt,
    week_ends_on: weekOf(entry.occurredAt).endsOn,
    kind: entry.kind,
    amount_cents: entry.amountCents,
    base_cents: entry.baseCents ?? null,
    event_key: entry.eventKey,
    order_id: entry.orderId ?? null,
    order_increment_id: entry.orderIncrementId ?? null,
    order_item_id: entry.orderItemId ?? null,
    refund_id: entry.refundId ?? null,
    gift_card_id: entry.giftCardId ?? null,
    description: entry.description,
  }));
  const inserted = await db
    .insertInto('ledger_entries')
    .values(rows)
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}
