import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import cliProgress from 'cli-progress';
import { type Config, environmentWithDotenv, loadConfig } from '../config.ts';
import { type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import {
  type ImportCounts,
  type ImportSummary,
  importCatalogue,
  parseCatalogueFile,
} from '../modules/catalog/catalog-importer.ts';
import { pictureReferences, storeCataloguePictures } from '../modules/media/catalogue-pictures.ts';

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
    `  variants:   ${summary.variants} written with their products`,
  ].join('\n');
}

/** Progress as the import reports it: a bar on a terminal, a line every 10% otherwise. */
function progressReporter(out: NodeJS.WriteStream, what = 'products') {
  if (out.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `importing [{bar}] {percentage}% | {value}/{total} ${what} | {duration_formatted}`,
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
      out.write(`importing: ${done}/${total} ${what}\n`);
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
  const summary = await withCliDatabase(async (db, config) => {
    // Pictures first (issue 14): each one is read, checked and stored, and the file then names /media
    // paths; a picture that cannot be read stops the import here, before anything is written.
    const pictureProgress = progressReporter(process.stdout, 'pictures');
    let pictures: typeof file;
    try {
      pictures = await storeCataloguePictures(
        db,
        config,
        { file, pictureLocations: pictureReferences(file), warnings: [] },
        { baseDir: dirname(resolve(path)), onProgress: (done, total) => pictureProgress.update(done, total) },
      );
    } finally {
      pictureProgress.stop();
    }
    const started = performance.now();
    try {
      return await importCatalogue(db, pictures, {
        onProgress: (done, total) => progress.update(done, total),
      });
    } finally {
      progress.stop();
      seconds = ((performance.now() - started) / 1000).toFixed(1);
    }
  });
  process.stdout.write(`Imported ${path} in ${seconds} s\n${describeSummary(summary)}\n`);
}
