import { LEDGER_KIND_LABELS, type StatementReply } from '@quokka/contract/api/ledger';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { utcToZonedWallTime } from '@quokka/contract/timezones';
import { type CsvCell, csvDocument } from '../../http/csv.ts';

// [I16-statements] A statement as CSV through the back office's one CSV writer (http/csv.ts, shared with
// the orders CSV): every text cell quoted, a cell a spreadsheet would read as a formula (starting with
// = + - @ tab or CR) prefixed with '; amounts are plain dollars with 2 decimals (a number we write, never
// text from outside). Lines first, then the summary.

export const STATEMENT_CSV_HEADER = ['date_sydney', 'order_number', 'kind', 'description', 'amount'];

export function statementCsv(reply: StatementReply): string {
  const { statement } = reply;
  const rows: CsvCell[][] = [STATEMENT_CSV_HEADER];
  for (const line of reply.lines) {
    rows.push([
      utcToZonedWallTime(new Date(line.occurred_at), DEFAULT_TIMEZONE),
      line.order_increment_id ?? '',
      LEDGER_KIND_LABELS[line.kind],
      line.description,
      { cents: line.amount_cents },
    ]);
  }
  rows.push([]);
  rows.push(['Seller', statement.seller_name]);
  rows.push(['Week ending', statement.week_ends_on]);
  rows.push(['Remittance date', statement.remittance_on]);
  for (const total of reply.totals) rows.push([total.label, { cents: total.amount_cents }]);
  rows.push(['Net', { cents: statement.net_cents }]);
  rows.push(['Brought forward', { cents: statement.brought_forward_cents }]);
  rows.push(['Payable', { cents: statement.payable_cents }]);
  rows.push(['Carried forward', { cents: statement.carried_forward_cents }]);
  return csvDocument(rows);
}
