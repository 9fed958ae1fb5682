import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Db, migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { importCatalogue } from '../apps/server/src/modules/catalog/catalog-importer.ts';
import { generatedCatalogue } from './generate-catalogue.ts';

// The catalogue benchmark (bench/README.md). In one run: the real app on a fresh, file-backed PGlite,
// first with the demo shop, then after importing 100,000 generated products. For browseProducts (pages
// rotating) and product (ids rotating) it measures requests/s with autocannon (in a worker thread) and
// divides by the requests/s of a bare Fastify route in the same process that answers a JSON body of the
// same size. A ratio near 1 means the catalogue costs little more than Fastify itself. On the large shop
// it rotates twice: over a hot set (first 20 pages, first 200 products) and over everything.

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const LARGE = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const NS = '/rest/default/V1/storefront';

interface Measure {
  endpoint: string;
  requestsPerSecond: number;
  bareRequestsPerSecond: number;
  ratio: number;
  p99LatencyMs: number;
  bodyBytes: number;
  distinctUrls: number;
  non2xx: number;
}

interface Dataset {
  name: string;
  products: number;
  importSeconds: number;
  measures: Measure[];
}

const ROTATE = fileURLToPath(new URL('./rotate-request.cjs', import.meta.url));

/**
 * One autocannon run in a worker thread (so the load generator does not share the servers' thread),
 * each request taking the next of `paths`.
 */
async function run(url: string, paths: string[], seconds: number, workDir: string) {
  const file = join(workDir, 'paths.json');
  writeFileSync(file, JSON.stringify(paths));
  process.env.BENCH_PATHS_FILE = file;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    requests: [{ method: 'GET', setupRequest: ROTATE }],
  });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

/** The first reply of an endpoint; retried, because a keep-alive socket idle through the import may be reset. */
async function sampleReply(url: string, tries = 3): Promise<Response> {
  try {
    return await fetch(url);
  } catch (error) {
    if (tries <= 1) throw error;
    return sampleReply(url, tries - 1);
  }
}

async function measure(
  appUrl: string,
  bare: BareServer,
  endpoint: string,
  paths: string[],
  workDir: string,
): Promise<Measure> {
  const sample = await sampleReply(`${appUrl}${paths[0]}`);
  const body = await sample.text();
  if (sample.status !== 200) throw new Error(`${paths[0]} answered ${sample.status}: ${body}`);
  bare.body = JSON.parse(body);
  await run(appUrl, paths, WARMUP_SECONDS, workDir);
  const app = await run(appUrl, paths, SECONDS, workDir);
  await run(bare.url, ['/bare'], WARMUP_SECONDS, workDir);
  const baseline = await run(bare.url, ['/bare'], SECONDS, workDir);
  return {
    endpoint,
    requestsPerSecond: Math.round(app.requestsPerSecond),
    bareRequestsPerSecond: Math.round(baseline.requestsPerSecond),
    ratio: Number((app.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)),
    p99LatencyMs: app.p99,
    bodyBytes: Buffer.byteLength(body),
    distinctUrls: paths.length,
    non2xx: app.non2xx,
  };
}

interface BareServer {
  url: string;
  body: unknown;
  close(): Promise<void>;
}

/** A bare Fastify route answering a fixed JSON object (serialised per request, as the app would). */
async function bareServer(): Promise<BareServer> {
  const app: FastifyInstance = Fastify({ logger: false });
  const server: BareServer = { url: '', body: {}, close: () => app.close() };
  app.get('/bare', async () => server.body);
  server.url = await app.listen({ port: 0, host: '127.0.0.1' });
  return server;
}

async function listedIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('parent_id', 'is', null)
    .where('enabled', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

async function seedDemoShop(db: Db): Promise<{ products: number; seconds: number; source: string }> {
  const started = performance.now();
  try {
    // The demo shop when the demo seed is present; otherwise a 160-product generated file.
    const demo = (await import('../apps/server/src/demo/seed-demo.ts')) as {
      seedDemo(db: Db, options?: { reset?: boolean }): Promise<unknown>;
    };
    await demo.seedDemo(db);
    const products = (await listedIds(db)).length;
    return { products, seconds: (performance.now() - started) / 1000, source: 'demo shop' };
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ERR_MODULE_NOT_FOUND')) throw error;
    await importCatalogue(db, generatedCatalogue(160, 7));
    return { products: 160, seconds: (performance.now() - started) / 1000, source: 'generated (160)' };
  }
}

/**
 * `browseProducts` over every page and `product` over every listed id; with `hot`, only the first 20
 * pages and 200 products (what most shoppers look at), which the reply cache keeps warm.
 */
async function measureAll(appUrl: string, bare: BareServer, db: Db, workDir: string, hot: boolean) {
  const ids = await listedIds(db);
  const pages = Math.ceil(ids.length / 10);
  const browse = Array.from(
    { length: hot ? Math.min(pages, 20) : pages },
    (_, i) => `${NS}/browseProducts?page=${i + 1}`,
  );
  const product = (hot ? ids.slice(0, 200) : ids).map((id) => `${NS}/product?product_id=${id}`);
  return [
    await measure(appUrl, bare, 'browseProducts', browse, workDir),
    await measure(appUrl, bare, 'product', product, workDir),
  ];
}

function table(datasets: Dataset[]): string {
  const rows = [
    [
      'dataset',
      'products',
      'import s',
      'endpoint',
      'req/s',
      'bare req/s',
      'ratio',
      'p99 ms',
      'body B',
      'urls',
    ],
  ];
  for (const dataset of datasets) {
    for (const m of dataset.measures) {
      rows.push([
        dataset.name,
        String(dataset.products),
        dataset.importSeconds.toFixed(1),
        m.endpoint,
        String(m.requestsPerSecond),
        String(m.bareRequestsPerSecond),
        m.ratio.toFixed(2),
        String(m.p99LatencyMs),
        String(m.bodyBytes),
        String(m.distinctUrls),
      ]);
    }
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')).join('\n');
}

/** Imports the large generated file; the file is only referenced in here, so it can be collected. */
async function importLarge(db: Db): Promise<number> {
  const started = performance.now();
  let lastShown = 0;
  const summary = await importCatalogue(db, generatedCatalogue(LARGE), {
    onProgress: (done, total) => {
      if (done - lastShown >= total / 10 || done === total) {
        lastShown = done;
        console.log(`  importing ${done}/${total} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(`imported ${LARGE} products (${summary.variants.created} variants) in ${seconds.toFixed(1)} s`);
  return seconds;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'quokka-bench-'));
  const webDist = join(dataDir, 'web');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    WORKER: '0',
    // The rate limit would measure itself, not the catalogue.
    RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  const database = await openDatabase({ dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, db: database.db, webDistDir: webDist });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = await bareServer();
  const datasets: Dataset[] = [];
  try {
    const demo = await seedDemoShop(database.db);
    console.log(`${demo.source}: ${demo.products} products imported in ${demo.seconds.toFixed(1)} s`);
    datasets.push({
      name: demo.source,
      products: demo.products,
      importSeconds: demo.seconds,
      measures: await measureAll(appUrl, bare, database.db, dataDir, false),
    });

    const importSeconds = await importLarge(database.db);
    // The file (about a gigabyte of objects) is garbage now; with --expose-gc, collect it so GC does not
    // skew the figures (V8 collects it soon anyway).
    globalThis.gc?.();
    const listed = (await listedIds(database.db)).length;
    datasets.push({
      name: `+${LARGE}, hot set`,
      products: listed,
      importSeconds,
      measures: await measureAll(appUrl, bare, database.db, dataDir, true),
    });
    datasets.push({
      name: `+${LARGE}, everything`,
      products: listed,
      importSeconds,
      measures: await measureAll(appUrl, bare, database.db, dataDir, false),
    });
  } finally {
    await bare.close();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(`\n${table(datasets)}\n`);
  console.log(
    `${CONNECTIONS} connections, ${SECONDS} s a measure after ${WARMUP_SECONDS} s warm-up; ratio = app / bare Fastify with a same-sized JSON body.`,
  );
  const resultsDir = new URL('./results/', import.meta.url);
  mkdirSync(resultsDir, { recursive: true });
  const out = new URL(`catalogue-${new Date().toISOString().replaceAll(':', '-')}.json`, resultsDir);
  writeFileSync(
    out,
    `${JSON.stringify({ when: new Date().toISOString(), node: process.version, connections: CONNECTIONS, seconds: SECONDS, datasets }, null, 2)}\n`,
  );
  console.log(`results: ${out.pathname}`);
}

await main();
