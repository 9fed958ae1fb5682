import { LEDGER_KIND_LABELS, type StatementReply } from '@quokka/contract/api/ledger';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { utcToZonedWallTime } from '@quokka/contract/timezones';

// [I16-statements] A statement as CSV: every text cell quoted, and a cell a spreadsheet would read as a
// formula (starting with = + - @ tab or CR) prefixed with ' as the orders CSV does; amounts are plain
// dollars with 2 decimals (a number we write, never text from outside). Lines first, then the summary.

export function quoted(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Signed cents as dollars: -1234 → '-12.34'. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const STATEMENT_CSV_HEADER = ['date_sydney', 'order_number', 'kind', 'description', 'amount'];

export function statementCsv(reply: StatementReply): string {
  const { statement } = reply;
  const rows: string[] = [STATEMENT_CSV_HEADER.map(quoted).join(',')];
  for (const line of reply.lines) {
    rows.push(
      [
        quoted(utcToZonedWallTime(new Date(line.occurred_at), DEFAULT_TIMEZONE)),
        quoted(line.order_increment_id ?? ''),
        quoted(LEDGER_KIND_LABELS[line.kind]),
        quoted(line.description),
        dollars(line.amount_cents),
      ].join(','),
    );
  }
  rows.push('');
  rows.push([quoted('Seller'), quoted(statement.seller_name)].join(','));
  rows.push([quoted('Week ending'), quoted(statement.week_ends_on)].join(','));
  rows.push([quoted('Remittance date'), quoted(statement.remittance_on)].join(','));
  for (const total of reply.totals) rows.push([quoted(total.label), dollars(total.amount_cents)].join(','));
  rows.push([quoted('Net'), dollars(statement.net_cents)].join(','));
  rows.push([quoted('Brought forward'), dollars(statement.brought_forward_cents)].join(','));
  rows.push([quoted('Payable'), dollars(statement.payable_cents)].join(','));
  rows.push([quoted('Carried forward'), dollars(statement.carried_forward_cents)].join(','));
  return `${rows.join('\r\n')}\r\n`;
}
