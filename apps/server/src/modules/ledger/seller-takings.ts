import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { utcToZonedWallTime, zonedWallTimeToUtc } from '@quokka/contract/timezones';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// [I34] A seller's takings over a stretch of time, for its home screen (orders/seller-home-routes.ts), read
// from the ledger (docs/ledger-and-statements.md), so the figure agrees with the seller's statement:
// - sales: the `sale` and `gift_card_sale` entries of its lines, posted when the order's payment was
//   captured (an order only authorised, or refused, has none yet), at their full line price — a line a
//   gift card paid for is still a sale of the seller's;
// - refunds: of each `refund` entry (staff refunds, cancellations after capture, provider refunds), the
//   part that gave back its lines (base_cents), whatever week the lines were sold in;
// - left out: the shipping share, the fees and their GST, chargebacks and adjustments — the statement
//   has those; this is "what the shop sold for you".
// Both count by the entry's occurred_at, from `from` (inclusive) to `to` (inclusive).

export interface SellerTakings {
  salesCents: number;
  refundsCents: number;
  /** sales − refunds; below 0 in a week of more refunds than sales. */
  takingsCents: number;
}

export async function sellerTakings(db: Db, sellerId: number, from: Date, to: Date): Promise<SellerTakings> {
  const row = await db
    .selectFrom('ledger_entries')
    .select([
      sql<string>`coalesce(sum(amount_cents) filter (where kind in ('sale', 'gift_card_sale')), 0)`.as(
        'sales',
      ),
      sql<string>`coalesce(sum(base_cents) filter (where kind = 'refund'), 0)`.as('refunds'),
    ])
    .where('seller_id', '=', sellerId)
    .where('occurred_at', '>=', from)
    .where('occurred_at', '<=', to)
    .executeTakeFirst();
  const salesCents = Number(row?.sales ?? 0);
  const refundsCents = Number(row?.refunds ?? 0);
  return { salesCents, refundsCents, takingsCents: salesCents - refundsCents };
}

/**
 * The start of the shop's week holding `now`: Monday 00:00 on Sydney's wall clock (the takings' week; a
 * statement's week ends on Monday at noon instead, ledger-rules.ts). Answers the instant and its date.
 */
export function sydneyWeekStart(now: Date): { at: Date; date: string } {
  const today = utcToZonedWallTime(now, DEFAULT_TIMEZONE).slice(0, 10);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const noonUtc = new Date(Date.UTC(year, month - 1, day, 12));
  const sinceMonday = (noonUtc.getUTCDay() + 6) % 7;
  const monday = new Date(noonUtc.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
  return { at: zonedWallTimeToUtc(`${monday} 00:00:00`, DEFAULT_TIMEZONE), date: monday };
}
