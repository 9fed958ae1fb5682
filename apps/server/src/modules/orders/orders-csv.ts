import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { utcToZonedWallTime } from '@quokka/contract/timezones';
import type { Db } from '../../db/database.ts';
import { type CsvCell, csvDocument } from '../../http/csv.ts';
import type { OrderViewer } from './order-access.ts';
import { type OrderFilters, type ReadOptions, summaries } from './orders-list.ts';

// [I15-orders, I27-csv] The back office's order list as a CSV download: the same rows as the list
// (orders-list.ts), with the time an order was placed as the shop's wall time in Sydney (placed_at_sydney).

/** The most rows a CSV export holds. */
export const CSV_MAX_ROWS = 10_000;

export const CSV_HEADER = [
  'order_number',
  'placed_at_sydney',
  'status',
  'payment_state',
  'customer_name',
  'customer_mobile',
  'sellers',
  'items',
  'grand_total',
  'captured',
  'refunded',
  'flagged',
  // [I30] Placed by answering a seller's text (Buy by reply).
  'bought_by_reply',
];

/**
 * [I15-orders] The filtered list (every page, at most CSV_MAX_ROWS rows) as CSV, with a header line, through
 * the back office's one CSV writer (http/csv.ts): every text cell quoted and defused, figures bare.
 */
export async function ordersCsv(
  db: Db,
  query: OrderFilters,
  viewer: OrderViewer,
  options: ReadOptions = {},
): Promise<{ csv: string; rows: number }> {
  const rows = await summaries(db, query, viewer, options, CSV_MAX_ROWS, 0);
  const lines: CsvCell[][] = [CSV_HEADER];
  for (const row of rows) {
    lines.push([
      row.increment_id,
      utcToZonedWallTime(new Date(row.created_at), DEFAULT_TIMEZONE),
      row.status,
      row.payment_state,
      row.customer_name,
      row.customer_mobile,
      row.sellers.map((seller) => seller.name).join('; '),
      { count: row.item_count },
      { cents: row.grand_total_cents },
      { cents: row.captured_cents },
      { cents: row.refunded_cents },
      row.flagged ? 'yes' : 'no',
      row.bought_by_reply ? 'yes' : 'no',
    ]);
  }
  return { csv: csvDocument(lines), rows: rows.length };
}
