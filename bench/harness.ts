import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import {
  type DatabaseHandle,
  type Db,
  migrateToLatest,
  openDatabase,
} from '../apps/server/src/db/database.ts';
import { loggerOptions } from '../apps/server/src/logger.ts';
import { importCatalogue } from '../apps/server/src/modules/catalog/catalog-importer.ts';
import { generatedCatalogue } from './generate-catalogue.ts';

// What the API benchmarks share (api.ts, miss-cpu.ts): settings, the app started as in production, a bare
// node:http server for the baseline, the load generator and the catalogue's paths.

export const QUICK = process.env.BENCH_QUICK === '1';
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 2 : 5));
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? (QUICK ? 1 : 2));
export const LARGE = Number(process.env.BENCH_PRODUCTS ?? (QUICK ? 2_000 : 100_000));
export const PG_URL =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const NS = '/rest/default/V1/storefront';
export const ROTATE = fileURLToPath(new URL('./rotate-request.cjs', import.meta.url));

export interface RunResult {
  rps: number;
  p99: number;
  p50: number;
  errors: number;
}

export const workDir = mkdtempSync(join(tmpdir(), 'quokka-bench-api-'));
let pathsFiles = 0;

/** One autocannon run in a worker thread; with several paths, each request takes the next. */
export async function run(
  url: string,
  paths: string[],
  seconds: number,
  headers: Record<string, string> = {},
): Promise<RunResult> {
  let requests: autocannon.Request[] | undefined;
  if (paths.length > 1) {
    const file = join(workDir, `paths-${pathsFiles++}.json`);
    writeFileSync(file, JSON.stringify(paths));
    process.env.BENCH_PATHS_FILE = file;
    requests = [{ method: 'GET', setupRequest: ROTATE }];
  }
  const result = await autocannon({
    url: paths.length > 1 ? url : `${url}${paths[0]}`,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    headers,
    ...(requests ? { requests } : {}),
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** A bare node:http server answering one fixed reply: the app's bytes and headers, nothing else. */
export class BareServer {
  #server: Server;
  #headers: Record<string, string | string[]> = {};
  #body: Buffer = Buffer.alloc(0);
  url = '';

  constructor() {
    this.#server = createServer((_request, response) => {
      response.writeHead(200, this.#headers);
      response.end(this.#body);
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  answer(headers: IncomingHttpHeaders, body: Buffer): void {
    const kept: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined && !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) {
        kept[name] = value;
      }
    }
    this.#headers = kept;
    this.#body = body;
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** The app's reply to `path` (headers and bytes, asked as the load generator asks). */
export function sample(
  appUrl: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${appUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode !== 200)
          reject(new Error(`${path} answered ${response.statusCode}: ${body}`));
        else resolve({ headers: response.headers, body });
      });
    }).on('error', reject);
  });
}

export async function listedIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('parent_id', 'is', null)
    .where('enabled', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function startApp(handle: DatabaseHandle): Promise<{ app: FastifyInstance; url: string }> {
  const webDist = mkdtempSync(join(workDir, 'web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const config = loadConfig({
    NODE_ENV: 'production',
    ALLOW_SANDBOX: '1',
    // Logged as in production (JSON at info), to /dev/null: the logging is part of the hot path.
    LOG_LEVEL: 'info',
    DATA_DIR: workDir,
    SEED_DEMO: '0',
    WORKER: '0',
    // The rate limit stays on (it is part of the hot path) but never refuses the load generator.
    RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  const logger = { ...(loggerOptions(config) as object), stream: pino.destination({ dest: '/dev/null' }) };
  const app = await buildApp({ config, db: handle.db, webDistDir: webDist, logger });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

export async function importProducts(db: Db, count: number, seed: number): Promise<number> {
  const started = performance.now();
  await importCatalogue(db, generatedCatalogue(count, seed));
  return (performance.now() - started) / 1000;
}

export const everyPage = (ids: number[]) =>
  Array.from({ length: Math.ceil(ids.length / 10) }, (_, i) => `${NS}/browseProducts?page=${i + 1}`);
export const everyProduct = (ids: number[]) => ids.map((id) => `${NS}/product?product_id=${id}`);

/**
 * Reads every product and every page once, so each has its stored documents (then waits for the writes),
 * and brings the documents table's statistics to what autovacuum would have made of them in a shop that
 * filled it over time (it was empty at the analyze after the import).
 */
export async function storeEveryDocument(url: string, ids: number[], db: Db): Promise<void> {
  const paths = [...everyPage(ids), ...everyProduct(ids)];
  for (let i = 0; i < paths.length; i += 50) {
    await Promise.all(
      paths.slice(i, i + 50).map(async (path) => (await fetch(`${url}${path}`)).arrayBuffer()),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await sql`analyze catalogue_documents`.execute(db);
}

/** A fresh schema `<prefix>_<pid>_<time>` on the PostgreSQL server (PG_URL); drop() removes it and closes. */
export async function openBenchSchema(
  prefix: string,
): Promise<{ handle: DatabaseHandle; schema: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const handle = await openDatabase({ url: PG_URL, schema, poolSize: 10 });
  return {
    handle,
    schema,
    async drop() {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
      await handle.close();
    },
  };
}

/** Migrates the bench schema, imports BENCH_PRODUCTS generated products into it and analyzes it. */
export async function importLargeCatalogue(handle: DatabaseHandle, schema: string): Promise<void> {
  await migrateToLatest(handle.db, schema);
  const seconds = await importProducts(handle.db, LARGE, 1);
  console.log(`  imported ${LARGE} products into PostgreSQL in ${seconds.toFixed(1)} s`);
  await sql`analyze`.execute(handle.db);
}

/** Removes the benchmark's temporary files. */
export function removeWorkDir(): void {
  rmSync(workDir, { recursive: true, force: true });
}
