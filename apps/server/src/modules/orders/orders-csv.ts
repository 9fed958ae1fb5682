import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { utcToZonedWallTime } from '@quokka/contract/timezones';
import type { Db } from '../../db/database.ts';
import { type CsvCell, csvLine, csvText } from '../../http/csv.ts';
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

/** A mobile as the orders hold it (E.164, +61412555003): a plus and 8 to 15 digits, nothing else. */
const E164_MOBILE = /^\+[1-9]\d{7,14}$/;

/**
 * [I34-csv] The customer's mobile as text a spreadsheet shows as it is: `"+61412555003"`, quoted like every
 * text cell but without the leading ' that defuses a formula (the ' showed in the cell, and a mobile
 * typed back from it failed). A plus and digits alone cannot run as a formula (it is at most the number
 * itself); anything else in this column (an older order's odd value) is defused as every cell is.
 */
export function csvMobile(mobile: string): string {
  return E164_MOBILE.test(mobile) ? `"${mobile}"` : csvText(mobile);
}

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
  // One line per row through the one CSV writer (http/csv.ts), the mobile's cell written by csvMobile.
  const lines = [csvLine(CSV_HEADER)];
  for (const row of rows) {
    const before: CsvCell[] = [
      row.increment_id,
      utcToZonedWallTime(new Date(row.created_at), DEFAULT_TIMEZONE),
      row.status,
      row.payment_state,
      row.customer_name,
    ];
    const after: CsvCell[] = [
      row.sellers.map((seller) => seller.name).join('; '),
      { count: row.item_count },
      { cents: row.grand_total_cents },
      { cents: row.captured_cents },
      { cents: row.refunded_cents },
      row.flagged ? 'yes' : 'no',
      row.bought_by_reply ? 'yes' : 'no',
    ];
    lines.push(`${csvLine(before)},${csvMobile(row.customer_mobile)},${csvLine(after)}`);
  }
  return { csv: lines.map((line) => `${line}\r\n`).join(''), rows: rows.length };
}
