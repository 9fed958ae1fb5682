import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { secureDataDir, tightenTree } from './data-dir.ts';
import { migrationProvider } from './migrations/index.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { PGliteInWorker } from './pglite-in-worker.ts';
import { PreparingClient } from './prepared-statements.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/**
 * [I33] The contrib extensions every embedded database loads (migration 0031 creates pg_trgm: search's
 * trigram indexes need it for every write to them). pglite-worker.mjs loads the same.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export interface DatabaseHandle {
  db: Db;
  /** 'pglite' for the embedded database, 'postgres' for a server reached through a URL. */
  kind: 'pglite' | 'postgres';
  /** Paths in DATA_DIR whose group or other access was removed at open (the embedded database only). */
  permissionsFixed?: number;
  close(): Promise<void>;
}

// int8 (counts, sums) as numbers on both dialects, so the code never sees a string or a bigint.
const INT8_OID = 20;
const parseInt8 = (value: string) => Number.parseInt(value, 10);

export interface DatabaseOptions {
  /** A postgres:// URL; without it the embedded PGlite is used. */
  url?: string;
  /** Folder for PGlite's files; undefined keeps the database in memory (tests). */
  dataDir?: string;
  /** A schema to create and use on the server (tests use one each, so files never share tables). */
  schema?: string;
  poolSize?: number;
  /**
   * [I13-hotpath] Run the embedded PGlite in a worker thread (pglite-in-worker.ts), so its queries never
   * hold the thread that answers requests. By default it does when it has a data folder (the server,
   * the CLI); in-memory databases (tests) stay on the calling thread.
   */
  worker?: boolean;
  /**
   * An embedded database to start from instead of an empty one: a data directory dumped by PGlite's
   * `dumpDataDir` (tests load one migrated copy made once per run, test/database-template.ts, instead
   * of running initdb and every migration per file). Only for a database in memory.
   */
  template?: Blob;
  /** PGlite's compiled WebAssembly and file bundle, when the caller keeps them from one open to the next. */
  pgliteArtifacts?: PGliteArtifacts;
}

export interface PGliteArtifacts {
  wasmModule: NonNullable<PGliteOptions['pgliteWasmModule']>;
  fsBundle: Blob;
}

/** PGlite's WebAssembly compiled and its file bundle read, once, for several in-memory databases. */
async function loadPGliteArtifacts(): Promise<PGliteArtifacts> {
  const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [wasm, bundle] = await Promise.all([
    readFile(join(dist, 'pglite.wasm')),
    readFile(join(dist, 'pglite.data')),
  ]);
  // Not every project that reads this file has the WebAssembly global in its types (lib es2023, no DOM).
  const wasmApi = (
    globalThis as unknown as {
      WebAssembly: { compile(bytes: Uint8Array): Promise<PGliteArtifacts['wasmModule']> };
    }
  ).WebAssembly;
  return { wasmModule: await wasmApi.compile(wasm), fsBundle: new Blob([bundle]) };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      // [I13-hotpath] The hot catalogue reads as named statements (prepared-statements.ts).
      Client: PreparingClient,
      max: options.poolSize ?? 10,
      types: {
        getTypeParser: (oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format),
      },
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    if (options.schema) {
      const client = await pool.connect();
      try {
        await client.query(`create schema if not exists "${options.schema}"`);
      } finally {
        client.release();
      }
    }
    // An idle connection's error (PostgreSQL restarted or failed over, its database dropped): pg-pool
    // drops that client and the next query opens another. Without a listener the error would end the
    // process. Once closing, a connection still saying goodbye when its database goes is not news: the
    // pool's end() resolves before its clients' sockets have closed.
    let closing = false;
    pool.on('error', (error) => {
      if (closing) return;
      console.warn(`database: an idle connection failed (${error.message}); the next query opens another`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      close: async () => {
        closing = true;
        await db.destroy();
      },
    };
  }

  let dataDir: string | undefined;
  let unlock = () => {};
  let permissionsFixed = 0;
  if (options.dataDir) {
    permissionsFixed = secureDataDir(options.dataDir);
    dataDir = join(options.dataDir, 'pglite');
    unlock = lockDataDir(options.dataDir);
  }
  try {
    const pglite =
      (options.worker ?? dataDir !== undefined)
        ? new PGliteInWorker(dataDir)
        : new PGlite({
            dataDir,
            parsers: { [INT8_OID]: parseInt8 },
            extensions: PGLITE_EXTENSIONS,
            ...(options.template && !dataDir ? { loadDataDir: options.template } : {}),
            ...(options.pgliteArtifacts
              ? {
                  pgliteWasmModule: options.pgliteArtifacts.wasmModule,
                  fsBundle: options.pgliteArtifacts.fsBundle,
                }
              : {}),
          });
    await pglite.waitReady;
    const dataDirPath = options.dataDir;
    // PGlite's first files arrive 0666 whatever the umask (data-dir.ts).
    if (dataDirPath) tightenTree(dataDirPath);
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      kind: 'pglite',
      permissionsFixed,
      close: async () => {
        try {
          await db.destroy();
          if (dataDirPath) tightenTree(dataDirPath);
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

export class DatabaseInUseError extends Error {}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database: a second process writing the same files would corrupt them. A lock
 * file with the owner's pid keeps the CLI (seed, import) from opening it while the server runs; a lock
 * left by a process that died is taken over.
 */
function lockDataDir(dir: string): () => void {
  const path = join(dir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(existsSync(path) ? readFileSync(path, 'utf8') : '', 10);
      if (Number.isInteger(owner) && owner !== process.pid && processIsAlive(owner)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dir} is in use by process ${owner} (is the storefront running?). ` +
            'Stop it first, or use a PostgreSQL server through DATABASE_URL.',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock the embedded database in ${dir}`);
}

/**
 * Runs the migrations not yet applied. `schema` names where the migrator keeps its own bookkeeping tables
 * when the database is shared (tests put each file in its own schema; without this, Kysely finds another
 * schema's lock table and fails).
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/**
 * Where the test run's migrated template lives (test/database-template.ts, vitest's globalSetup for the
 * server suites): a PGlite dump file, or a database on TEST_DATABASE_URL's server. Without it (a test file
 * run by other means) every test database is made from scratch, as before.
 */
export const TEST_TEMPLATE_FILE = 'QUOKKA_TEST_TEMPLATE_FILE';
export const TEST_TEMPLATE_DATABASE = 'QUOKKA_TEST_TEMPLATE_DATABASE';
/** The schema a template database's tables live in (every copy keeps it). */
export const TEST_TEMPLATE_SCHEMA = 'quokka_test';

let templateDump: { path: string; blob: Promise<Blob> } | undefined;
// A test worker opens many databases (files share it, isolate: false): PGlite is compiled once.
let testArtifacts: Promise<PGliteArtifacts> | undefined;

function testTemplateDump(): Promise<Blob> | undefined {
  const path = process.env[TEST_TEMPLATE_FILE];
  if (!path || !existsSync(path)) return undefined;
  if (templateDump?.path !== path) {
    templateDump = { path, blob: readFile(path).then((bytes) => new Blob([bytes])) };
  }
  return templateDump.blob;
}

/** `url` with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** One statement on the server's maintenance connection (create or drop a database). */
async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or on TEST_DATABASE_URL a copy of the
 * run's template database (`create database … template …`) or, without one, a new schema migrated there.
 * Every copy starts from the same migrated state a fresh migration gives; migrateToLatest still runs, so a
 * template older than the migrations is brought up to date rather than trusted.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = testTemplateDump();
    testArtifacts ??= loadPGliteArtifacts();
    const handle = await openDatabase({
      pgliteArtifacts: await testArtifacts,
      ...(template ? { template: await template } : {}),
    });
    await migrateToLatest(handle.db);
    return handle;
  }
  const templateDatabase = process.env[TEST_TEMPLATE_DATABASE];
  if (templateDatabase) {
    const name = `quokka_test_${randomBytes(6).toString('hex')}`;
    await onServer(url, `create database "${name}" template "${templateDatabase}"`);
    const handle = await openDatabase({
      url: withDatabase(url, name),
      schema: TEST_TEMPLATE_SCHEMA,
      poolSize: 20,
    });
    await migrateToLatest(handle.db, TEST_TEMPLATE_SCHEMA);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await onServer(url, `drop database if exists "${name}" with (force)`);
      },
    };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const handle = await openDatabase({ url, schema, poolSize: 20 });
  await migrateToLatest(handle.db, schema);
  return {
    ...handle,
    close: async () => {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
      await handle.close();
    },
  };
}
