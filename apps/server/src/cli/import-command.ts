import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import cliProgress from 'cli-progress';
import { environmentWithDotenv, loadConfig } from '../config.ts';
import { type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import {
  type ImportCounts,
  type ImportSummary,
  importCatalogue,
  parseCatalogueFile,
} from '../modules/catalog/catalog-importer.ts';

// `npm run cli -- import FILE.json`: imports a catalogue file (docs/catalogue-import.md) into the
// database the server uses. A progress bar on a terminal, plain lines otherwise (logs, CI).

/** A failure the operator can act on: printed as it is, without a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * Opens the database exactly as the server does (settings from the environment and .env, PGlite in
 * DATA_DIR unless DATABASE_URL is set, migrations applied), runs `work`, and always closes it.
 */
export async function withCliDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const config = loadConfig(environmentWithDotenv());
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

export async function readCatalogueFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(resolve(path), 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new CliError(`Cannot read ${path}: ${reason === 'ENOENT' ? 'no such file' : reason}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(
      `${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

const line = (counts: ImportCounts) =>
  `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged`;

export function describeSummary(summary: ImportSummary): string {
  return [
    `  sellers:    ${line(summary.sellers)}`,
    `  categories: ${line(summary.categories)}`,
    `  products:   ${line(summary.products)}`,
    `  variants:   ${line(summary.variants)}${
      summary.variants.disabled > 0 ? `, ${summary.variants.disabled} no longer listed (disabled)` : ''
    }`,
  ].join('\n');
}

/** Progress as the import reports it: a bar on a terminal, a line every 10% otherwise. */
function progressReporter(out: NodeJS.WriteStream) {
  if (out.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: 'importing [{bar}] {percentage}% | {value}/{total} products | {duration_formatted}',
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
      out.write(`importing: ${done}/${total} products\n`);
    },
    stop: () => undefined,
  };
}

export async function runImport(args: string[]): Promise<void> {
  const [path, ...rest] = args;
  if (!path || rest.length > 0) throw new CliError('Usage: npm run cli -- import FILE.json', 2);
  // The file's own problems are reported before the database is even opened.
  const file = parseCatalogueFile(await readCatalogueFile(path));
  const progress = progressReporter(process.stdout);
  // Timed from the first write to the commit (and the statistics refresh), without opening the database.
  let seconds = '';
  const summary = await withCliDatabase(async (db) => {
    const started = performance.now();
    try {
      return await importCatalogue(db, file, {
        onProgress: (done, total) => progress.update(done, total),
      });
    } finally {
      progress.stop();
      seconds = ((performance.now() - started) / 1000).toFixed(1);
    }
  });
  process.stdout.write(`Imported ${path} in ${seconds} s\n${describeSummary(summary)}\n`);
}
