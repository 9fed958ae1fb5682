// The one CSV writer of the back office's downloads (the orders list, a seller's statement). Every text
// cell is quoted, so a separator inside it (a comma, or the semicolon of a spreadsheet set to use
// semicolons: `Bo;=1+1 Semi`) never splits it into a new cell; and a text a spreadsheet would run as a
// formula (starting with = + - @ tab or CR) gets a leading ' (OWASP "CSV injection"). Figures we compute
// ourselves (dollars from cents, a count) are written bare so the spreadsheet reads them as numbers;
// they never hold text from outside. Lines end with CRLF (RFC 4180).

/** A cell: text (quoted and defused), cents (written as dollars, 2 decimals) or a count. */
export type CsvCell = string | { cents: number } | { count: number };

const FORMULA_START = /^[=+\-@\t\r]/;

/** '12.30' for 1230 cents, '-12.34' for -1234. */
export function csvDollars(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`CSV: ${cents} is not a whole number of cents`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A text cell: defused when it starts like a formula, then always quoted (inner quotes doubled). */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

function cellOf(cell: CsvCell): string {
  if (typeof cell === 'string') return csvText(cell);
  if ('cents' in cell) return csvDollars(cell.cents);
  if (!Number.isInteger(cell.count)) throw new Error(`CSV: ${cell.count} is not a count`);
  return String(cell.count);
}

/** One line of cells, comma separated (no line end). An empty list is an empty line. */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(cellOf).join(',');
}

/** A whole document: each line ends with CRLF. */
export function csvDocument(lines: readonly (readonly CsvCell[])[]): string {
  return lines.map((cells) => `${csvLine(cells)}\r\n`).join('');
}
