import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { searchQuery } from '@quokka/contract/api/search';
import autocannon from 'autocannon';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import {
  type DatabaseHandle,
  type Db,
  migrateToLatest,
  openDatabase,
} from '../apps/server/src/db/database.ts';
import { PreparingClient } from '../apps/server/src/db/prepared-statements.ts';
import { importCatalogue } from '../apps/server/src/modules/catalog/catalog-importer.ts';
import type { CatalogueFileInput } from '../apps/server/src/modules/catalog/import-format.ts';
import { searchCatalogue } from '../apps/server/src/modules/catalog/search.ts';
import {
  CONNECTIONS,
  LARGE,
  NS,
  openBenchSchema,
  PG_URL,
  QUICK,
  ROTATE,
  removeWorkDir,
  SECONDS,
  startApp,
  WARMUP_SECONDS,
  workDir,
} from './harness.ts';
import { BareSearchServer, type RunStatement, recordingDb, type Statement } from './search-baseline.ts';
import { QUERY_KINDS, type QueryKind, searchBenchCatalogue, searchQueries } from './search-catalogue.ts';

// [I33] The search benchmark (bench/README.md "Search"; issue 33 "Fast and current"): GET {ns}/search for a
// one-word query, a two-word query, a typo and a SKU fragment, each uncached, on the real app:
// 1. on the PostgreSQL server (TEST_DATABASE_URL, DATABASE_URL or postgres://postgres@127.0.0.1:5432/test;
//    a fresh schema, dropped after) with BENCH_PRODUCTS (100,000) products — target p99 ≤ 20 ms and
//    ≥ 1,000 searches/s;
// 2. on PGlite (in its worker thread, as the server runs it) with BENCH_PGLITE_PRODUCTS (20,000) — target
//    p99 ≤ 50 ms.
// Each next to a bare node:http server running the SAME statements (the search repository's query builder,
// search-sql.ts) on a plain `pg` pool (PGlite: the same database handle) and answering their rows as JSON,
// measured in the same run (app and bare alternate; the best round of each counts: the machine is shared).
//
// Uncached: each request takes the next query of a list of thousands of distinct ones (more than the reply
// cache's 5,000 entries, in a fixed rotation: a query is evicted before it comes round again), and on
// PostgreSQL the bench counts the statements the database ran per request to show it.
// Two loads per kind: saturated (BENCH_CONNECTIONS, 10, as fast as the app answers: req/s, p50, p99) and
// paced at BENCH_SEARCH_RATE (1,000) searches a second (p99 at the rate). Then, on PostgreSQL,
// each kind's statements alone: mean time and EXPLAIN (ANALYZE, BUFFERS)'s key lines.
//
// BENCH_QUICK=1: a development run (2,000 products, 2 s measures, one round). BENCH_ONLY=postgres|pglite.

const PGLITE_PRODUCTS = Number(process.env.BENCH_PGLITE_PRODUCTS ?? (QUICK ? 2_000 : 20_000));
const PARTS = (process.env.BENCH_ONLY ?? 'postgres,pglite').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 3));
const RATE = Number(process.env.BENCH_SEARCH_RATE ?? 1_000);
/** Distinct queries per kind (at most what the kind has). */
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 8_000);
/** Queries per kind whose statements are recorded for the baseline (each run once through the app's search). */
/** Products per import (its own transaction, analyzed after): see importFile. */
const IMPORT_PART = Number(process.env.BENCH_IMPORT_PART ?? 10_000);
const RECORDED = Number(process.env.BENCH_SEARCH_RECORDED ?? (QUICK ? 100 : 400));

interface Load {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Row {
  database: string;
  products: number;
  kind: QueryKind;
  /** Distinct queries the app rotated over, and how many of them the baseline replays. */
  queries: number;
  recordedQueries: number;
  /** Of the recorded queries, how many found something, and their median total_count. */
  withResults: string;
  medianTotal: number;
  /** The app's search service alone, sequentially, ms a query (mean over the recorded ones). */
  serviceMs: number;
  statementsPerSearch: number;
  app: Load;
  bare: Load;
  ratio: number;
  /** The app with the load paced at RATE a second: what it answered and its p99. */
  pacedP99: number;
  pacedRps: number;
  /** Transactions PostgreSQL committed per app request while paced: its statements every time, uncached. */
  transactionsPerRequest?: number;
}

let pathsFiles = 0;

/** One autocannon run in a worker thread over `paths` (each request the next); `rate`: paced, a second. */
async function load(url: string, paths: string[], seconds: number, rate?: number): Promise<Load> {
  const file = join(workDir, `search-paths-${pathsFiles++}.json`);
  writeFileSync(file, JSON.stringify(paths));
  process.env.BENCH_PATHS_FILE = file;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    requests: [{ method: 'GET', setupRequest: ROTATE }],
    ...(rate ? { overallRate: rate } : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

const appPath = (q: string) => `${NS}/search?q=${encodeURIComponent(q)}`;
const barePath = (q: string) => `/search?q=${encodeURIComponent(q)}`;

interface Recorded {
  /** The statements the app's search ran for each recorded query (the baseline's, in that order). */
  statements: Map<string, Statement[]>;
  /** The app's search service alone, sequentially, ms a query (mean): no HTTP, no concurrency. */
  serviceMs: number;
  /** How many of the recorded queries found something, and their median total_count. */
  withResults: string;
  medianTotal: number;
  /** Statements a search ran (mean over the recorded queries). */
  statementsPerSearch: number;
}

/**
 * Runs the app's own search (search.ts: the route's service, the repository's SQL) once for each of the
 * first RECORDED queries on `db`, recording its statements for the baseline.
 */
async function record(db: Db, queries: readonly string[]): Promise<Recorded> {
  const statements = new Map<string, Statement[]>();
  let current: Statement[] = [];
  const recording = recordingDb(db, (statement) => current.push(statement));
  const totals: number[] = [];
  let elapsed = 0;
  for (const q of queries.slice(0, RECORDED)) {
    current = [];
    const started = performance.now();
    const reply = await searchCatalogue(recording, searchQuery.parse({ q }));
    elapsed += performance.now() - started;
    statements.set(q, current);
    totals.push(reply.total_count);
  }
  const count = statements.size;
  totals.sort((x, y) => x - y);
  return {
    statements,
    serviceMs: Number((elapsed / count).toFixed(2)),
    withResults: `${totals.filter((total) => total > 0).length}/${count}`,
    medianTotal: totals[Math.floor(count / 2)] ?? 0,
    statementsPerSearch: Number(
      ([...statements.values()].reduce((n, list) => n + list.length, 0) / count).toFixed(2),
    ),
  };
}

/** Transactions committed in this database so far (PostgreSQL's statistics, flushed within ~10 s). */
async function committed(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ n: string }>(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
  );
  return Number(result.rows[0]?.n ?? 0);
}

async function measure(
  database: string,
  products: number,
  kind: QueryKind,
  appUrl: string,
  bare: BareSearchServer,
  queries: string[],
  recorded: Recorded,
  stats?: pg.Pool,
): Promise<Row> {
  // The app rotates over every query of the kind; the baseline over those recorded (it has no cache).
  const appPaths = queries.map(appPath);
  const barePaths = [...recorded.statements.keys()].map(barePath);
  await load(appUrl, appPaths, WARMUP_SECONDS);
  await load(bare.url, barePaths, WARMUP_SECONDS);
  let app: Load | undefined;
  let baseline: Load | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    const a = await load(appUrl, appPaths, SECONDS);
    const b = await load(bare.url, barePaths, SECONDS);
    if (!app || a.rps > app.rps) app = a;
    if (!baseline || b.rps > baseline.rps) baseline = b;
  }
  if (!app || !baseline) throw new Error('no rounds');
  // Paced at the rate; on PostgreSQL the transactions counted around it (each statement outside a
  // transaction is one; a backend reports its counts when idle, within ~10 s).
  const settle = () => new Promise((resolve) => setTimeout(resolve, 11_000));
  let before = 0;
  if (stats) {
    await settle();
    before = await committed(stats);
  }
  const paced = await load(appUrl, appPaths, SECONDS, RATE);
  let transactionsPerRequest: number | undefined;
  if (stats) {
    await settle();
    // Less one: the `before` read's own transaction.
    transactionsPerRequest = Number((((await committed(stats)) - before - 1) / paced.total).toFixed(2));
  }
  const row: Row = {
    database,
    products,
    kind,
    queries: queries.length,
    recordedQueries: recorded.statements.size,
    withResults: recorded.withResults,
    medianTotal: recorded.medianTotal,
    serviceMs: recorded.serviceMs,
    statementsPerSearch: recorded.statementsPerSearch,
    app,
    bare: baseline,
    ratio: Number((app.rps / baseline.rps).toFixed(2)),
    pacedP99: paced.p99,
    pacedRps: paced.rps,
    ...(transactionsPerRequest === undefined ? {} : { transactionsPerRequest }),
  };
  console.log(
    `  ${database} ${products} · ${kind}: ${app.rps} searches/s (p50 ${app.p50}, p99 ${app.p99} ms) vs bare ${baseline.rps} ` +
      `(p50 ${baseline.p50}, p99 ${baseline.p99}) → ${row.ratio.toFixed(2)}×; paced at ${RATE}/s: ${paced.rps}/s, p99 ${paced.p99} ms; ` +
      `results ${recorded.withResults}, median total ${recorded.medianTotal}; service alone ${recorded.serviceMs} ms; ` +
      `${recorded.statementsPerSearch} statements a search` +
      (transactionsPerRequest === undefined
        ? ''
        : `, ${transactionsPerRequest} transactions a request at the paced rate`),
  );
  return row;
}

/** A kind's statements alone on PostgreSQL: mean time over sequential runs and the plan's key lines. */
async function explain(
  pool: pg.Pool,
  kind: QueryKind,
  query: string,
  statements: readonly Statement[],
): Promise<void> {
  console.log(`\n  ${kind} "${query}":`);
  for (const statement of statements) {
    const parameters = [...statement.parameters];
    const runs = 30;
    const started = performance.now();
    for (let i = 0; i < runs; i++) await pool.query(statement.sql, parameters);
    const mean = (performance.now() - started) / runs;
    // Without the prepared-statement marker: EXPLAIN of a named statement's text would name it again.
    const text = statement.sql.replace(/^\/\* prepared:[a-z0-9_]+ \*\//, '');
    const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, parameters);
    console.log(
      `    ${mean.toFixed(2)} ms a run (mean of ${runs}): ${text.replace(/\s+/g, ' ').trim().slice(0, 140)}…`,
    );
    const lines = plan.rows.map((row) => row['QUERY PLAN']);
    const key = lines.filter(
      (line, index) =>
        index === 0 ||
        /Scan|Sort|Join|Nested Loop|Aggregate|Limit|CTE|Rows Removed|Recheck|Heap Blocks|Execution Time|Planning Time/.test(
          line,
        ),
    );
    for (const line of key) console.log(`      ${line}`);
  }
}

/** 1. The PostgreSQL server at BENCH_PRODUCTS products. */
async function postgres(rows: Row[]): Promise<void> {
  let bench: Awaited<ReturnType<typeof openBenchSchema>>;
  try {
    bench = await openBenchSchema('bench_search');
  } catch (error) {
    console.log(`  PostgreSQL at ${PG_URL.replace(/\/\/[^@]*@/, '//…@')} not reachable: skipped (${error})`);
    return;
  }
  const { handle, schema } = bench;
  // The baseline's pool: plain pg with the app's named statements (prepared-statements.ts), 10 connections.
  const pool = new pg.Pool({
    connectionString: PG_URL,
    Client: PreparingClient,
    max: CONNECTIONS,
    options: `-c search_path=${schema}`,
  });
  try {
    await migrateToLatest(handle.db, schema);
    const file = searchBenchCatalogue(LARGE, 1);
    await importFile(handle.db, file, 'PostgreSQL');
    const statements = new Map<string, Statement[]>();
    const runStatement: RunStatement = async (statement) =>
      (await pool.query(statement.sql, [...statement.parameters])).rows;
    const bare = new BareSearchServer(statements, runStatement);
    await bare.listen();
    const { app, url } = await startApp(handle);
    const examples: [QueryKind, string, Statement[]][] = [];
    try {
      for (const kind of QUERY_KINDS) {
        const queries = searchQueries(kind, file, QUERIES);
        const recorded = await record(handle.db, queries);
        for (const [q, list] of recorded.statements) statements.set(q, list);
        const [first] = recorded.statements;
        if (first) examples.push([kind, ...first]);
        rows.push(await measure('PostgreSQL', LARGE, kind, url, bare, queries, recorded, pool));
      }
    } finally {
      await app.close();
      await bare.close();
    }
    console.log("\nEach kind's statements alone, sequentially, with EXPLAIN (ANALYZE, BUFFERS):");
    for (const [kind, q, list] of examples) await explain(pool, kind, q, list);
  } finally {
    await pool.end();
    await bench.drop();
  }
}

/**
 * Imports `file` in parts of IMPORT_PART products, each its own import (transaction) followed by ANALYZE.
 * One import of 100,000 products ran for over ten minutes on this machine: the search triggers refresh
 * every chunk's products while the planner still thinks search_documents is empty (no ANALYZE inside the
 * one transaction), each statement slower than the one before (~1 s, then ~3.6 s a chunk of 1,000).
 */
async function importFile(db: Db, file: CatalogueFileInput, where: string): Promise<void> {
  const started = performance.now();
  const products = file.products ?? [];
  for (let start = 0; start < products.length; start += IMPORT_PART) {
    const partStarted = performance.now();
    await importCatalogue(db, { ...file, products: products.slice(start, start + IMPORT_PART) });
    await sql`analyze`.execute(db);
    console.log(
      `    ${Math.min(start + IMPORT_PART, products.length)} products: ${((performance.now() - partStarted) / 1000).toFixed(1)} s`,
    );
  }
  console.log(
    `  imported ${products.length} products into ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s (parts of ${IMPORT_PART}, each analyzed)`,
  );
}

/** 2. PGlite at BENCH_PGLITE_PRODUCTS products, in its worker thread (the server's default). */
async function pglite(rows: Row[]): Promise<void> {
  const handle: DatabaseHandle = await openDatabase({ worker: true });
  try {
    await migrateToLatest(handle.db);
    const file = searchBenchCatalogue(PGLITE_PRODUCTS, 3);
    await importFile(handle.db, file, 'PGlite');
    const statements = new Map<string, Statement[]>();
    // The baseline on the same PGlite (one connection, in its worker thread) through the app's handle.
    const runStatement: RunStatement = async (statement) =>
      (await handle.db.executeQuery(CompiledQuery.raw(statement.sql, [...statement.parameters]))).rows;
    const bare = new BareSearchServer(statements, runStatement);
    await bare.listen();
    const { app, url } = await startApp(handle);
    try {
      for (const kind of QUERY_KINDS) {
        const queries = searchQueries(kind, file, QUERIES);
        const recorded = await record(handle.db, queries);
        for (const [q, list] of recorded.statements) statements.set(q, list);
        rows.push(await measure('PGlite', PGLITE_PRODUCTS, kind, url, bare, queries, recorded));
      }
    } finally {
      await app.close();
      await bare.close();
    }
  } finally {
    await handle.close();
  }
}

function table(rows: Row[]): string {
  const lines = [
    [
      'database',
      'kind',
      'searches/s',
      'p50',
      'p99',
      'bare/s',
      'bare p99',
      'ratio',
      `paced ${RATE}/s: p99 (answered)`,
      'alone ms',
      'results',
      'median total',
      'stmts',
      'xacts/req',
      'errors',
    ],
  ];
  for (const r of rows) {
    lines.push([
      `${r.database} ${r.products}`,
      r.kind,
      String(r.app.rps),
      String(r.app.p50),
      String(r.app.p99),
      String(r.bare.rps),
      String(r.bare.p99),
      r.ratio.toFixed(2),
      `${r.pacedP99} (${r.pacedRps}/s)`,
      String(r.serviceMs),
      r.withResults,
      String(r.medianTotal),
      String(r.statementsPerSearch),
      r.transactionsPerRequest === undefined ? '' : String(r.transactionsPerRequest),
      String(r.app.errors + r.bare.errors),
    ]);
  }
  const widths = lines[0]!.map((_, c) => Math.max(...lines.map((line) => line[c]!.length)));
  return lines.map((line) => line.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')).join('\n');
}

async function main() {
  const rows: Row[] = [];
  try {
    if (PARTS.includes('postgres')) {
      console.log(`1. search on the PostgreSQL server, ${LARGE} products`);
      await postgres(rows);
    }
    if (PARTS.includes('pglite')) {
      console.log(`2. search on PGlite (worker thread), ${PGLITE_PRODUCTS} products`);
      await pglite(rows);
    }
  } finally {
    removeWorkDir();
  }
  console.log(`\n${table(rows)}\n`);
  console.log(
    `${CONNECTIONS} connections, ${SECONDS} s a measure after ${WARMUP_SECONDS} s warm-up, best of ${ROUNDS}${QUICK ? ' (BENCH_QUICK)' : ''}; ` +
      'ratio = app / bare node:http running the same statements (pg; PGlite: the same handle); ms; ' +
      "alone = the app's search service sequentially; stmts = statements a search; xacts/req = PostgreSQL transactions a request while paced.",
  );
  const resultsDir = new URL('./results/', import.meta.url);
  mkdirSync(resultsDir, { recursive: true });
  const out = new URL(`search-${new Date().toISOString().replaceAll(':', '-')}.json`, resultsDir);
  writeFileSync(out, JSON.stringify(rows, null, 2));
  console.log(`results: ${out.pathname}`);
}

await main();
