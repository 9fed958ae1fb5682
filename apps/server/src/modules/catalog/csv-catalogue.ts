import { createHash } from 'node:crypto';
import { CsvError, parse } from 'csv-parse/sync';
import {
  CatalogueImportError,
  MAX_CATEGORY_LEVEL,
  parseCatalogueFile,
  relocateProblems,
} from './catalog-importer.ts';
import type { ParsedCatalogue } from './catalogue-source.ts';
import type { CatalogueFileInput } from './import-format.ts';

// What the two CSV formats (shopify-csv.ts, magento-csv.ts) share: reading the table, naming a cell as
// `row 12, column Variant SKU` (rows counted as a spreadsheet shows them, the header being row 1, however
// many lines a quoted cell spans), collecting every problem before giving up, turning category paths
// into a tree of at most three levels, and validating the result against the catalogue format with each
// problem moved back to the cell it came from.

/** A CSV read into named cells; `row` is the spreadsheet row (header = 1). */
export interface CsvRow {
  row: number;
  cell(column: string): string;
}

export interface CsvTable {
  columns: Set<string>;
  rows: CsvRow[];
}

export const at = (row: number, column?: string) => (column ? `row ${row}, column ${column}` : `row ${row}`);

/** Reads the whole table; a CSV that cannot be read is one problem at the row where reading stopped. */
export function readCsv(text: string): CsvTable {
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: false, skip_empty_lines: true }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      const row = typeof error.records === 'number' ? error.records + 1 : undefined;
      throw new CatalogueImportError([
        `${row ? at(row) : '(file)'}: the CSV cannot be read: ${error.message.replace(/ at line \d+$| on line \d+$/, '')}`,
      ]);
    }
    throw error;
  }
  const [header = [], ...body] = records;
  const names = header.map((name) => name.trim());
  const index = new Map<string, number>();
  names.forEach((name, position) => {
    if (!index.has(name)) index.set(name, position);
  });
  return {
    columns: new Set(names),
    rows: body.map((cells, position) => ({
      row: position + 2,
      cell: (column: string) => {
        const found = index.get(column);
        return found === undefined ? '' : (cells[found] ?? '').trim();
      },
    })),
  };
}

/** Problems found while reading, each `row R, column C: message`; thrown together at the end. */
export class Problems {
  readonly list: string[] = [];
  add(where: string, message: string) {
    const problem = `${where}: ${message}`;
    // A cell read twice (a child two parents name) is still one problem.
    if (!this.list.includes(problem)) this.list.push(problem);
  }
  throwIfAny() {
    if (this.list.length > 0) throw new CatalogueImportError(this.list);
  }
}

export function requireColumns(table: CsvTable, required: readonly string[], problems: Problems) {
  const missing = required.filter((column) => !table.columns.has(column));
  if (missing.length > 0) {
    problems.add(
      'row 1',
      `missing column${missing.length === 1 ? '' : 's'} ${missing.map((c) => `"${c}"`).join(', ')}`,
    );
  }
}

/**
 * Dollars as written in an export ('34', '34.00', '34.0000'); undefined after reporting a bad one.
 * [I27-amounts] A comma is refused, never dropped: '36,50' (a spreadsheet's decimal comma) would be
 * $3,650, and '1,234' is a thousand or one and a bit (docs/money.md "Amounts typed by a person").
 */
export function readDollars(text: string, where: string, problems: Problems): number | undefined {
  if (text.includes(',')) {
    problems.add(
      where,
      `"${text}" is not a price: use a point before the cents and no commas (36.50, 1234.50)`,
    );
    return undefined;
  }
  const match = /^(\d{1,7})(?:\.(\d+))?$/.exec(text);
  const cents = match?.[2]?.replace(/0+$/, '') ?? '';
  if (!match || cents.length > 2) {
    problems.add(
      where,
      text ? `"${text}" is not a price in dollars with at most 2 decimals` : 'a price is required',
    );
    return undefined;
  }
  return Number(`${match[1]}.${cents || '0'}`);
}

/** A whole stock count ('12', '12.0000'); undefined after reporting a bad one. */
export function readStock(text: string, where: string, problems: Problems): number | undefined {
  const match = /^(-?\d{1,8})(?:\.0+)?$/.exec(text);
  if (!match) {
    problems.add(
      where,
      text ? `"${text}" is not a whole number of items in stock` : 'a stock quantity is required',
    );
    return undefined;
  }
  return Number(match[1]);
}

/** 'Saltbush Surf Co.' → 'saltbush-surf-co': a code (lower-case letters, digits, '-', 64 at most). */
export function codeOf(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= 64) return slug || `x-${hash(text)}`;
  // Long paths keep their start and a hash of the whole, so two long paths never share a code.
  return `${slug.slice(0, 55).replace(/-+$/, '')}-${hash(text)}`;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

type FileCategory = NonNullable<CatalogueFileInput['categories']>[number];

/**
 * Category paths (['Men', 'Tops', 'Jackets']) become a tree of categories whose codes are made from the
 * whole path ('men-tops-jackets'), so the same name under two parents is two categories. A path deeper
 * than three levels is folded into its third level: the product goes into that category, and the
 * folded paths are listed in one warning.
 */
export class CategoryTree {
  readonly categories: FileCategory[] = [];
  private readonly codes = new Map<string, string>();
  private readonly folded = new Set<string>();

  /** The code of the category the product goes into, creating the path's categories as needed. */
  add(path: readonly string[]): string | undefined {
    const segments = path.map((segment) => segment.trim()).filter(Boolean);
    if (segments.length === 0) return undefined;
    if (segments.length > MAX_CATEGORY_LEVEL) {
      this.folded.add(`${segments.join(' / ')} → ${segments.slice(0, MAX_CATEGORY_LEVEL).join(' / ')}`);
    }
    let parent: string | null = null;
    for (let depth = 1; depth <= Math.min(segments.length, MAX_CATEGORY_LEVEL); depth += 1) {
      const key = segments.slice(0, depth).join('\u0000');
      let code = this.codes.get(key);
      if (!code) {
        code = codeOf(segments.slice(0, depth).join(' '));
        this.codes.set(key, code);
        this.categories.push({ code, name: segments[depth - 1]!.slice(0, 80), parent, position: 0 });
      }
      parent = code;
    }
    return parent ?? undefined;
  }

  warnings(): string[] {
    if (this.folded.size === 0) return [];
    return [
      `${this.folded.size} categor${this.folded.size === 1 ? 'y' : 'ies'} deeper than ${MAX_CATEGORY_LEVEL} levels folded ` +
        `into the third level (their products go there):\n${[...this.folded].map((line) => `    ${line}`).join('\n')}`,
    ];
  }
}

/**
 * Where each part of the built file came from, so a problem the catalogue format finds
 * (`products[3].variants[1].sku: sku "X" is also used at …`) is reported at its cell.
 */
export class Locations {
  private readonly byPath = new Map<string, string>();
  set(path: string, where: string) {
    this.byPath.set(path, where);
  }
  /** The location of the longest known prefix of `path` ('products[3].images[1]' → its cell). */
  locate = (path: string): string | undefined => {
    let cursor = path;
    for (;;) {
      const found = this.byPath.get(cursor);
      if (found) return found;
      const cut = Math.max(cursor.lastIndexOf('.'), cursor.lastIndexOf('['));
      if (cut <= 0) return undefined;
      cursor = cursor.slice(0, cut);
    }
  };
}

/** What a file format is read into: the catalogue, and where each of its parts came from. */
export interface ReadCatalogue extends ParsedCatalogue {
  /** The cell (or JSON path) a problem at this catalogue path comes from, for the importer's messages. */
  locate?: (path: string) => string | undefined;
}

/** Validates a built file against the catalogue format, reporting every problem at its cell. */
export function validateBuilt(input: CatalogueFileInput, locations: Locations) {
  try {
    return parseCatalogueFile(input);
  } catch (error) {
    if (error instanceof CatalogueImportError) {
      throw new CatalogueImportError(relocateProblems(error.problems, locations.locate));
    }
    throw error;
  }
}

/**
 * A seller read from a CSV has no logo of its own: it shows the main picture of its first product that
 * has one, until a JSON import gives it a logo and banner.
 */
export function firstPictureOf(products: readonly { seller: string; images?: string[] }[], seller: string) {
  return products.find((product) => product.seller === seller && product.images?.[0])?.images?.[0] ?? '';
}

/** Records each distinct picture reference with the first cell that names it. */
export function notePicture(pictures: Map<string, string>, reference: string, where: string) {
  if (reference && !pictures.has(reference)) pictures.set(reference, where);
}
