import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import cliProgress from 'cli-progress';
import { systemClock } from '../clock.ts';
import { type Config, environmentWithDotenv, loadConfig } from '../config.ts';
import { type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import { createStockAlerts } from '../modules/campaigns/stock-alerts.ts';
import {
  type ImportCounts,
  type ImportSummary,
  importCatalogue,
} from '../modules/catalog/catalog-importer.ts';
import {
  CATALOGUE_FORMATS,
  type CatalogueFormat,
  detectFormat,
  FORMAT_HINT,
  type ReadOptions,
  readCatalogue,
} from '../modules/catalog/catalogue-formats.ts';
import { storeCataloguePictures } from '../modules/media/catalogue-pictures.ts';
import type { MediaLibrary } from '../modules/media/media-library.ts';
import { CliError } from './cli-error.ts';

export { CliError };

// `npm run cli -- import FILE`: imports a catalogue (docs/catalogue-import.md) — our JSON, a Shopify
// product CSV export or a Magento catalog_product export — into the database the server uses: the
// file is read and checked, its pictures taken into the media store, then the catalogue written in one
// transaction. A progress bar per phase on a terminal, plain lines otherwise (logs, CI).

/**
 * Opens the database exactly as the server does (settings from the environment and .env, PGlite in
 * DATA_DIR unless DATABASE_URL is set, migrations applied), runs `work`, and always closes it.
 */
export async function withCliDatabase<T>(work: (db: Db, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig(environmentWithDotenv());
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    return await work(database.db, config);
  } finally {
    await database.close();
  }
}

/** Reads the file's text; a file that cannot be read is a CliError naming it. */
export async function readCatalogueText(path: string): Promise<string> {
  try {
    return await readFile(resolve(path), 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new CliError(`Cannot read ${path}: ${reason === 'ENOENT' ? 'no such file' : reason}`);
  }
}

export interface ImportFileOptions extends ReadOptions {
  /** Chosen by the file's extension (and a CSV's header) when absent. */
  format?: CatalogueFormat;
  /** Called before anything is written, with what the operator should know (categories folded, …). */
  onWarnings?: (warnings: string[]) => void;
  onPictures?: (done: number, total: number) => void;
  onProducts?: (done: number, total: number) => void;
  /** The media library to store pictures into; by default one on the store the settings name. */
  library?: MediaLibrary;
}

export interface ImportFileResult {
  format: CatalogueFormat;
  summary: ImportSummary;
  /** Distinct pictures the file names, each taken into the media store once. */
  pictures: number;
  /** Of those, the pictures new to the store (a picture already stored is not copied again). */
  picturesStored: number;
  warnings: string[];
}

/** Reads a catalogue file of any format without the database; every problem at once. */
export async function readCatalogueFile(path: string, options: ImportFileOptions = {}) {
  const text = await readCatalogueText(path);
  const format = options.format ?? detectFormat(path, text);
  if (!format) throw new CliError(`Cannot tell the format of ${path}: expected ${FORMAT_HINT}`);
  return { format, read: readCatalogue(format, text, options) };
}

/**
 * What `npm run cli -- import` does once the database is open: read the file (any format), take its
 * pictures into the media store (relative paths from the file's folder), then write the catalogue in
 * one transaction. A bad file or picture stops before anything is written.
 */
export async function importCatalogueFile(
  db: Db,
  config: Config,
  path: string,
  options: ImportFileOptions = {},
  /** The file as readCatalogueFile read it, when the caller checked it before opening the database. */
  alreadyRead?: Awaited<ReturnType<typeof readCatalogueFile>>,
): Promise<ImportFileResult> {
  const { format, read } = alreadyRead ?? (await readCatalogueFile(path, options));
  let stored = 0;
  options.onWarnings?.(read.warnings);
  const file = await storeCataloguePictures(db, config, read, {
    baseDir: dirname(resolve(path)),
    ...(options.onPictures ? { onProgress: options.onPictures } : {}),
    ...(options.library ? { library: options.library } : {}),
    onStored: (count) => {
      stored = count;
    },
  });
  const summary = await importCatalogue(db, file, {
    ...(options.onProducts ? { onProgress: options.onProducts } : {}),
    ...(read.locate ? { locate: read.locate } : {}),
    // A CSV names a seller only by name: it never overwrites the logo a JSON import gave it.
    keepExistingSellers: format !== 'json',
    // [I31] Stock the import brings back texts the shoppers waiting for it (modules/campaigns/stock-alerts.ts).
    stockWatch: createStockAlerts({ db, clock: systemClock }).watch,
  });
  return {
    format,
    summary,
    pictures: read.pictureLocations.size,
    picturesStored: stored,
    warnings: read.warnings,
  };
}

const line = (counts: ImportCounts) =>
  `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged`;

export function describeSummary(
  summary: ImportSummary,
  pictures?: { named: number; stored: number },
): string {
  return [
    ...(pictures === undefined
      ? []
      : [
          `  pictures:   ${pictures.stored} stored, ${pictures.named - pictures.stored} already in the media store`,
        ]),
    `  sellers:    ${line(summary.sellers)}`,
    `  categories: ${line(summary.categories)}`,
    `  products:   ${line(summary.products)}`,
    `  variants:   ${line(summary.variants)}${
      summary.variants.disabled > 0 ? `, ${summary.variants.disabled} no longer listed (disabled)` : ''
    }`,
  ].join('\n');
}

/**
 * Progress of one phase (pictures, then products): a bar on a terminal, a line every 10% otherwise.
 */
function progressReporter(out: NodeJS.WriteStream, label: string, unit: string) {
  if (out.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label.padEnd(9)} [{bar}] {percentage}% | {value}/{total} ${unit} | {duration_formatted}`,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(done: number, total: number) {
        if (!started) {
          bar.start(total, done);
          started = true;
        } else bar.update(done);
      },
      stop: () => started && bar.stop(),
    };
  }
  let lastTenth = -1;
  return {
    update(done: number, total: number) {
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      out.write(`${label}: ${done}/${total} ${unit}\n`);
    },
    stop: () => undefined,
  };
}

const USAGE =
  'Usage: npm run cli -- import FILE [--format json|shopify|magento] [--seller NAME] [--category VALUE=PATH]…';

/** `FILE --format shopify --category Hoodies=Clothing/Men/Hoodies` → the path and its options. */
export function parseImportArgs(args: string[]): { path: string; options: ImportFileOptions } {
  const options: ImportFileOptions = {};
  const paths: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (!arg.startsWith('--')) {
      paths.push(arg);
      continue;
    }
    const split = arg.indexOf('=');
    const name = split === -1 ? arg : arg.slice(0, split);
    const value = split === -1 ? args[++index] : arg.slice(split + 1);
    if (value === undefined || value === '') throw new CliError(`${name} needs a value\n${USAGE}`, 2);
    if (name === '--format') {
      if (!(CATALOGUE_FORMATS as readonly string[]).includes(value)) {
        throw new CliError(`--format must be json, shopify or magento, not "${value}"`, 2);
      }
      options.format = value as CatalogueFormat;
    } else if (name === '--seller') {
      options.seller = value;
    } else if (name === '--category') {
      const equals = value.indexOf('=');
      const segments = value
        .slice(equals + 1)
        .split(/\s*[/>]\s*/)
        .filter(Boolean);
      if (equals <= 0 || segments.length === 0) {
        throw new CliError(`--category takes VALUE=Path/To/Category, not "${value}"`, 2);
      }
      options.categories ??= new Map();
      options.categories.set(value.slice(0, equals).trim(), segments);
    } else {
      throw new CliError(`Unknown option ${name}\n${USAGE}`, 2);
    }
  }
  const [path] = paths;
  if (!path || paths.length > 1) throw new CliError(USAGE, 2);
  return { path, options };
}

export async function runImport(args: string[]): Promise<void> {
  const { path, options } = parseImportArgs(args);
  // The file's own problems are reported before the database is even opened.
  const read = await readCatalogueFile(path, options);
  const pictures = progressReporter(process.stdout, 'pictures', 'pictures');
  const products = progressReporter(process.stdout, 'importing', 'products');
  // Timed from the first picture to the commit (and the statistics refresh), without opening the database.
  let seconds = '';
  const result = await withCliDatabase(async (db, config) => {
    const started = performance.now();
    try {
      return await importCatalogueFile(
        db,
        config,
        path,
        {
          ...options,
          onWarnings: (warnings) => {
            for (const warning of warnings) process.stdout.write(`Warning: ${warning}\n`);
          },
          onPictures: (done, total) => {
            pictures.update(done, total);
            if (done === total) pictures.stop();
          },
          onProducts: (done, total) => products.update(done, total),
        },
        read,
      );
    } finally {
      pictures.stop();
      products.stop();
      seconds = ((performance.now() - started) / 1000).toFixed(1);
    }
  });
  process.stdout.write(
    `Imported ${path} (${result.format}) in ${seconds} s\n${describeSummary(result.summary, { named: result.pictures, stored: result.picturesStored })}\n`,
  );
}
