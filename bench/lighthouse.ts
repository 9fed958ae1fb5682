import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/chromium.ts';
import { ROOT, startServer } from '../e2e/support/server.ts';

// The Lighthouse bench (bench/README.md): the BUILT web app served by a real server process (the demo
// shop, sandbox providers, NODE_ENV=production), measured by Lighthouse's default mobile run — a Moto G
// Power sized screen, simulated slow 4G and 4× CPU slowdown — on /browse, a product page and a seller
// profile. Prints the scores and what costs the most; writes everything to bench/results/.

/** Runs per page; the median by performance score is reported (Lighthouse's own advice for noise). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const NS = '/rest/default/V1/storefront';

interface Cost {
  id: string;
  title: string;
  display: string;
  savingsMs?: number;
  savingsBytes?: number;
}

interface PageResult {
  name: string;
  path: string;
  performance: number | null;
  accessibility: number | null;
  lcpMs: number;
  fcpMs: number;
  cls: number;
  tbtMs: number;
  speedIndexMs: number;
  jsTransferBytes: number;
  imageTransferBytes: number;
  totalTransferBytes: number;
  lcpElement: string | null;
  /** Opportunities and diagnostics that do not pass, the most expensive first. */
  costs: Cost[];
  /** Accessibility audits that fail. */
  accessibilityFailures: string[];
}

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  metricSavings?: Record<string, number>;
  details?: {
    type?: string;
    overallSavingsMs?: number;
    overallSavingsBytes?: number;
    items?: Record<string, unknown>[];
  };
}

async function json<T>(url: string): Promise<T> {
  const reply = await fetch(url);
  if (!reply.ok) throw new Error(`${url} answered ${reply.status}`);
  return (await reply.json()) as T;
}

/** The pages to measure: the list, its first product and the first product's seller. */
async function pagesOf(baseURL: string): Promise<{ name: string; path: string }[]> {
  // The demo shop is seeded after the server starts listening: wait for the first page of the list.
  const deadline = Date.now() + 120_000;
  let tiles: { id: number; seller_url: string }[] = [];
  while (tiles.length === 0) {
    if (Date.now() > deadline) throw new Error('the demo shop was not seeded in time');
    tiles = (await json<{ data: typeof tiles }>(`${baseURL}${NS}/browseProducts?page=1`)).data;
    if (tiles.length === 0) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const first = tiles[0];
  if (!first) throw new Error('no product to measure');
  return [
    { name: 'browse', path: '/browse' },
    { name: 'product', path: `/product/${first.id}` },
    { name: 'seller profile', path: `/sellerprofile/${first.seller_url}` },
  ];
}

function summarise(
  name: string,
  path: string,
  lhr: { audits: Record<string, Audit>; categories: Record<string, { score: number | null }> },
): PageResult {
  const audits = lhr.audits;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const resources = (audits['resource-summary']?.details?.items ?? []) as {
    resourceType: string;
    transferSize: number;
  }[];
  const transfer = (type: string) => resources.find((item) => item.resourceType === type)?.transferSize ?? 0;
  const lcpItem = audits['largest-contentful-paint-element']?.details?.items?.[0] as
    | { items?: { node?: { snippet?: string } }[] }
    | undefined;
  const costs: Cost[] = Object.values(audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        (audit.scoreDisplayMode === 'metricSavings' ||
          audit.scoreDisplayMode === 'numeric' ||
          audit.details?.type === 'opportunity') &&
        ![
          'largest-contentful-paint',
          'first-contentful-paint',
          'speed-index',
          'total-blocking-time',
          'cumulative-layout-shift',
          'interactive',
          'max-potential-fid',
        ].includes(audit.id),
    )
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      display: audit.displayValue ?? '',
      savingsMs: audit.details?.overallSavingsMs ?? audit.metricSavings?.LCP,
      savingsBytes: audit.details?.overallSavingsBytes,
    }))
    .sort((a, b) => (b.savingsMs ?? 0) - (a.savingsMs ?? 0) || (b.savingsBytes ?? 0) - (a.savingsBytes ?? 0));
  const accessibilityFailures = Object.values(audits)
    .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
    .map((audit) => `${audit.id}: ${audit.title}`);
  return {
    name,
    path,
    performance: lhr.categories.performance?.score ?? null,
    accessibility: lhr.categories.accessibility?.score ?? null,
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
    speedIndexMs: value('speed-index'),
    jsTransferBytes: transfer('script'),
    imageTransferBytes: transfer('image'),
    totalTransferBytes: transfer('total'),
    lcpElement: lcpItem?.items?.[0]?.node?.snippet ?? null,
    costs,
    accessibilityFailures,
  };
}

/** One Lighthouse run; a run whose trace failed (NO_NAVSTART and the like) is tried again, twice at most. */
async function measure(url: string, port: number): Promise<never> {
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!outcome) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!outcome.lhr.runtimeError) return outcome.lhr as never;
    if (attempt === 3) throw new Error(`${url}: ${outcome.lhr.runtimeError.message}`);
    console.log(`  ${url}: ${outcome.lhr.runtimeError.code}, running again`);
  }
}

async function main() {
  const started = new Date();
  // Always a fresh production build: a build left by the browser tests is made under NODE_ENV=test
  // (React's development bundle, half again as much JavaScript) and would be measured instead.
  console.log('Building the web app (npm run build, NODE_ENV=production)…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('npm run build failed');
  const server = await startServer({
    NODE_ENV: 'production',
    ALLOW_SANDBOX: '1',
    SEED_DEMO: '1',
    WORKER: '0',
    LOG_LEVEL: 'warn',
  });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const results: PageResult[] = [];
  try {
    const pages = await pagesOf(server.baseURL);
    // One unrecorded load of each page first, as a shop that has had visitors: the picture variants are
    // made on their first request and cached, and the first measure should not pay for making them.
    for (const page of pages) {
      await lighthouse(`${server.baseURL}${page.path}`, {
        port: chrome.port,
        logLevel: 'error',
        onlyAudits: ['largest-contentful-paint'],
      });
    }
    for (const page of pages) {
      const runs: PageResult[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(
          summarise(page.name, page.path, await measure(`${server.baseURL}${page.path}`, chrome.port)),
        );
      }
      runs.sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
      const median = runs[Math.floor(runs.length / 2)];
      if (median) results.push(median);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS})` : ''} mobile, simulated slow 4G, 4× CPU:\n`);
  console.table(
    results.map((result) => ({
      page: result.path,
      performance: result.performance,
      accessibility: result.accessibility,
      'LCP ms': Math.round(result.lcpMs),
      CLS: Number(result.cls.toFixed(3)),
      'TBT ms': Math.round(result.tbtMs),
      'JS transferred': kb(result.jsTransferBytes),
      'images transferred': kb(result.imageTransferBytes),
    })),
  );
  for (const result of results) {
    console.log(`\n${result.path} — LCP element: ${result.lcpElement ?? '?'}`);
    for (const cost of result.costs.slice(0, 6)) {
      const saving = [
        cost.savingsMs ? `${Math.round(cost.savingsMs)} ms` : '',
        cost.savingsBytes ? kb(cost.savingsBytes) : '',
      ]
        .filter(Boolean)
        .join(', ');
      console.log(
        `  - ${cost.title}${cost.display ? ` (${cost.display})` : ''}${saving ? ` — saves ${saving}` : ''}`,
      );
    }
    for (const failure of result.accessibilityFailures) console.log(`  - accessibility: ${failure}`);
  }

  const dir = join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `lighthouse-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ started: started.toISOString(), runs: RUNS, results }, null, 2)}\n`,
  );
  console.log(`\nWrote ${file}`);
}

await main();
