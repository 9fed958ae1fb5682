import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import {
  BareServer,
  CONNECTIONS,
  everyPage,
  everyProduct,
  importLargeCatalogue,
  importProducts,
  LARGE,
  listedIds,
  NS,
  openBenchSchema,
  PG_URL,
  QUICK,
  type RunResult,
  removeWorkDir,
  run,
  SECONDS,
  sample,
  startApp,
  storeEveryDocument,
  WARMUP_SECONDS,
} from './harness.ts';

// [I13-hotpath] The API benchmark (bench/README.md): in ONE run, the app against a bare node:http server
// that answers the same bytes with the same headers.
//
// 1. Cache hits on PGlite (the embedded database), small shop: browseProducts page 1 and one product, and
//    page 1 asked with Accept-Encoding: br as a browser asks.
// 2. Cache misses at BENCH_PRODUCTS (100,000) on the PostgreSQL server (TEST_DATABASE_URL, DATABASE_URL or
//    postgres://postgres@127.0.0.1:5432/test; a fresh schema, dropped after): browseProducts over every
//    page and product over every id, more than the reply cache holds, so every request misses it; ratio
//    and p99. Twice: cold (no stored documents: each miss reads the product whole, renders and stores
//    it) and with every product's documents stored (catalogue-documents.ts), as in a shop with visitors.
// 3. The embedded database under misses: p99 of cached page-1 replies alone, and while a second load
//    generator rotates product misses over BENCH_PGLITE_PRODUCTS products; with PGlite on the request
//    thread (as before) and in its worker thread (the server's default with a data folder).
//
// BENCH_QUICK=1: a development run of seconds (2,000 products, 2 s measures).

const PGLITE_LARGE = Number(process.env.BENCH_PGLITE_PRODUCTS ?? (QUICK ? 2_000 : 20_000));
const SMALL = 160;
/** Which parts run (BENCH_ONLY=hits,postgres,stall; all by default). */
const PARTS = (process.env.BENCH_ONLY ?? 'hits,postgres,stall').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 3));

interface Row {
  case: string;
  endpoint: string;
  appRps: number;
  bareRps: number;
  ratio: number;
  appP99: number;
  bareP99: number;
  bodyBytes: number;
  urls: number;
  errors: number;
}

async function compare(
  label: string,
  endpoint: string,
  appUrl: string,
  bare: BareServer,
  paths: string[],
  headers: Record<string, string> = {},
  /** Runs before each measure of the app (and its warm-up): the cold case forgets stored documents. */
  beforeApp: () => Promise<void> = async () => {},
): Promise<Row> {
  const first = await sample(appUrl, paths[0] ?? '/', headers);
  bare.answer(first.headers, first.body);
  await beforeApp();
  await run(appUrl, paths, WARMUP_SECONDS, headers);
  await run(bare.url, ['/'], WARMUP_SECONDS);
  // The machine is shared: app and bare alternate for ROUNDS rounds and the best run of each counts, so
  // a burst of someone else's work does not land on one side only.
  let app: RunResult | undefined;
  let baseline: RunResult | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    await beforeApp();
    const a = await run(appUrl, paths, SECONDS, headers);
    const b = await run(bare.url, ['/'], SECONDS);
    if (!app || a.rps > app.rps) app = a;
    if (!baseline || b.rps > baseline.rps) baseline = b;
  }
  if (!app || !baseline) throw new Error('no rounds');
  const row: Row = {
    case: label,
    endpoint,
    appRps: Math.round(app.rps),
    bareRps: Math.round(baseline.rps),
    ratio: Number((app.rps / baseline.rps).toFixed(2)),
    appP99: app.p99,
    bareP99: baseline.p99,
    bodyBytes: first.body.length,
    urls: paths.length,
    errors: app.errors,
  };
  console.log(
    `  ${label} ${endpoint}: ${row.appRps} req/s vs bare ${row.bareRps} → ${row.ratio.toFixed(2)}×, p99 ${row.appP99} ms`,
  );
  return row;
}

/** 1. Cache hits on the embedded database. */
async function cacheHits(bare: BareServer): Promise<Row[]> {
  const handle = await openDatabase({ worker: true });
  await migrateToLatest(handle.db);
  await importProducts(handle.db, SMALL, 7);
  const { app, url } = await startApp(handle);
  try {
    const ids = await listedIds(handle.db);
    return [
      await compare('hits (PGlite)', 'browseProducts page 1', url, bare, [`${NS}/browseProducts?page=1`]),
      await compare('hits (PGlite)', 'product', url, bare, [`${NS}/product?product_id=${ids[0]}`]),
      // A browser asks for brotli: the cached reply's compressed bytes are kept, so a hit still costs
      // no compression (the bare server sends the same brotli bytes).
      await compare(
        'hits (PGlite)',
        'browseProducts page 1, br',
        url,
        bare,
        [`${NS}/browseProducts?page=1`],
        {
          'accept-encoding': 'gzip, deflate, br',
        },
      ),
    ];
  } finally {
    await app.close();
    await handle.close();
  }
}

/** 2. Cache misses on the PostgreSQL server. */
async function postgresMisses(bare: BareServer): Promise<Row[]> {
  let bench: Awaited<ReturnType<typeof openBenchSchema>>;
  try {
    bench = await openBenchSchema('bench');
  } catch (error) {
    console.log(`  PostgreSQL at ${PG_URL.replace(/\/\/[^@]*@/, '//…@')} not reachable: skipped (${error})`);
    return [];
  }
  const { handle } = bench;
  try {
    await importLargeCatalogue(handle, bench.schema);
    const { app, url } = await startApp(handle);
    try {
      const ids = await listedIds(handle.db);
      const label = `misses (PostgreSQL, ${LARGE})`;
      // Cold: no product has a stored document (a catalogue just imported, every product read for the
      // first time since it changed): each miss reads the product whole, renders it and stores it.
      const forget = async () => {
        await sql`truncate catalogue_documents`.execute(handle.db);
      };
      const cold = [
        await compare(`${label}, cold`, 'browseProducts every page', url, bare, everyPage(ids), {}, forget),
        await compare(`${label}, cold`, 'product every id', url, bare, everyProduct(ids), {}, forget),
      ];
      // Every product has its documents (a shop that has had visitors since its last import: documents
      // live in PostgreSQL, through restarts and for every process); the reply cache still misses.
      await storeEveryDocument(url, ids, handle.db);
      return [
        ...cold,
        await compare(label, 'browseProducts every page', url, bare, everyPage(ids)),
        await compare(label, 'product every id', url, bare, everyProduct(ids)),
      ];
    } finally {
      await app.close();
    }
  } finally {
    await bench.drop();
  }
}

interface Stall {
  thread: string;
  products: number;
  cachedAloneP99: number;
  cachedAloneRps: number;
  cachedWithMissesP99: number;
  cachedWithMissesRps: number;
  missesRps: number;
}

/** 3. Cached replies on the embedded database while another client rotates product misses. */
async function pgliteStall(worker: boolean): Promise<Stall> {
  const handle = await openDatabase({ worker });
  await migrateToLatest(handle.db);
  await importProducts(handle.db, PGLITE_LARGE, 3);
  const { app, url } = await startApp(handle);
  try {
    const ids = await listedIds(handle.db);
    const page1 = [`${NS}/browseProducts?page=1`];
    await run(url, page1, WARMUP_SECONDS);
    const alone = await run(url, page1, SECONDS);
    const misses = run(url, everyProduct(ids), SECONDS + 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const together = await run(url, page1, SECONDS);
    const missRun = await misses;
    const stall = {
      thread: worker ? 'worker thread' : 'request thread',
      products: ids.length,
      cachedAloneP99: alone.p99,
      cachedAloneRps: Math.round(alone.rps),
      cachedWithMissesP99: together.p99,
      cachedWithMissesRps: Math.round(together.rps),
      missesRps: Math.round(missRun.rps),
    };
    console.log(
      `  PGlite (${stall.thread}) ${ids.length} products: cached p99 ${stall.cachedAloneP99} ms alone, ${stall.cachedWithMissesP99} ms while misses run (${stall.missesRps} misses/s)`,
    );
    return stall;
  } finally {
    await app.close();
    await handle.close();
  }
}

function table(rows: Row[]): string {
  const lines = [
    ['case', 'endpoint', 'req/s', 'bare req/s', 'ratio', 'p99 ms', 'bare p99', 'body B', 'urls', 'errors'],
  ];
  for (const r of rows) {
    lines.push([
      r.case,
      r.endpoint,
      String(r.appRps),
      String(r.bareRps),
      r.ratio.toFixed(2),
      String(r.appP99),
      String(r.bareP99),
      String(r.bodyBytes),
      String(r.urls),
      String(r.errors),
    ]);
  }
  const widths = lines[0]!.map((_, c) => Math.max(...lines.map((line) => line[c]!.length)));
  return lines.map((line) => line.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')).join('\n');
}

async function main() {
  const bare = new BareServer();
  await bare.listen();
  const rows: Row[] = [];
  const stalls: Stall[] = [];
  try {
    if (PARTS.includes('hits')) {
      console.log('1. cache hits, embedded database');
      rows.push(...(await cacheHits(bare)));
    }
    if (PARTS.includes('postgres')) {
      console.log('2. cache misses, PostgreSQL server');
      rows.push(...(await postgresMisses(bare)));
    }
    if (PARTS.includes('stall')) {
      console.log('3. cached replies while misses run, embedded database');
      // The server runs PGlite in a worker thread (its default with a data folder); the request thread
      // is what it did before, for comparison.
      stalls.push(await pgliteStall(false));
      stalls.push(await pgliteStall(true));
    }
  } finally {
    await bare.close();
    removeWorkDir();
  }
  console.log(`\n${table(rows)}\n`);
  for (const stall of stalls) {
    console.log(
      `PGlite in the ${stall.thread}, ${stall.products} products: cached page 1 p99 ${stall.cachedAloneP99} ms alone (${stall.cachedAloneRps} req/s), ` +
        `${stall.cachedWithMissesP99} ms while ${stall.missesRps} misses/s run (${stall.cachedWithMissesRps} req/s)`,
    );
  }
  console.log(
    `${CONNECTIONS} connections, ${SECONDS} s a measure after ${WARMUP_SECONDS} s warm-up${QUICK ? ' (BENCH_QUICK)' : ''}; ` +
      'ratio = app / bare node:http sending the same bytes and headers.',
  );
}

await main();
