import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import {
  BareServer,
  everyPage,
  everyProduct,
  importLargeCatalogue,
  LARGE,
  listedIds,
  NS,
  openBenchSchema,
  QUICK,
  removeWorkDir,
  run,
  sample,
  startApp,
  storeEveryDocument,
  WARMUP_SECONDS,
} from './harness.ts';

// [I13-hotpath] Where a request's CPU goes (bench/README.md "Where a request's CPU goes"): the app on the
// PostgreSQL server at BENCH_PRODUCTS (100,000) products with every document stored, as in bench/api.ts's
// misses, and per request the CPU time of each party on the machine, read from /proc while the load runs:
// - the app's request thread;
// - the load generator (autocannon's worker thread, in this process);
// - the process's other threads (V8's garbage collector and compiler helpers, libuv);
// - the PostgreSQL client backends of this database (not autovacuum, which a fresh import sets off).
// Cases: the bare node:http server sending page 1's bytes, a cached page (a hit), every page (reply-cache
// misses) and every product (misses).
//
// BENCH_QUICK=1: 2,000 products (every page then fits the reply cache: hits, not misses; a smoke run).

const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 2 : 8));
/** Linux counts thread CPU in clock ticks of 10 ms (USER_HZ = 100). */
const TICK_US = 10_000;

/** user + system clock ticks of a thread or process, from its stat file (0 once it has ended). */
function statTicks(path: string): number {
  try {
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function threadTicks(): Map<number, number> {
  const tids = readdirSync(`/proc/${process.pid}/task`).map(Number);
  return new Map(tids.map((tid) => [tid, statTicks(`/proc/${process.pid}/task/${tid}/stat`)]));
}

function backendTicks(pids: readonly number[]): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    const value = statTicks(`/proc/${pid}/stat`);
    if (value > 0) ticks.set(pid, value);
  }
  return ticks;
}

interface Split {
  case: string;
  rps: number;
  requestThread: number;
  loadGenerator: number;
  otherThreads: number;
  postgres: number;
}

async function backendPids(handle: DatabaseHandle): Promise<number[]> {
  const result = await sql<{ pid: number }>`
    select pid from pg_stat_activity
    where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()
  `.execute(handle.db);
  return result.rows.map((row) => row.pid);
}

/**
 * One measure with the CPU split. Threads and backends can end during the run (the load generator's thread
 * ends with it; an idle pooled connection closes), so both are read every 200 ms and each one's last
 * reading counts. The load generator's thread is the one that was not there before (`appThreads`).
 */
async function measure(
  label: string,
  url: string,
  paths: string[],
  handle: DatabaseHandle,
  appThreads: ReadonlySet<number>,
): Promise<Split> {
  await run(url, paths, WARMUP_SECONDS);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const pids = await backendPids(handle);
  const before = { threads: threadTicks(), backends: backendTicks(pids) };
  const threads = new Map(before.threads);
  const backends = new Map(before.backends);
  const read = () => {
    for (const [tid, value] of threadTicks()) threads.set(tid, value);
    for (const [pid, value] of backendTicks(pids)) backends.set(pid, value);
  };
  const poll = setInterval(read, 200);
  const added = setInterval(async () => {
    for (const pid of await backendPids(handle)) if (!pids.includes(pid)) pids.push(pid);
  }, 1_000);
  const result = await run(url, paths, SECONDS);
  clearInterval(poll);
  clearInterval(added);
  read();
  const requests = result.rps * SECONDS;
  const perRequest = (value: number) => Math.round((value * TICK_US) / requests);
  const spent = (now: Map<number, number>, then: Map<number, number>, which: (id: number) => boolean) => {
    let sum = 0;
    for (const [id, value] of now) if (which(id)) sum += value - (then.get(id) ?? 0);
    return sum;
  };
  const split: Split = {
    case: label,
    rps: Math.round(result.rps),
    requestThread: perRequest(spent(threads, before.threads, (tid) => tid === process.pid)),
    loadGenerator: perRequest(spent(threads, before.threads, (tid) => !appThreads.has(tid))),
    otherThreads: perRequest(
      spent(threads, before.threads, (tid) => tid !== process.pid && appThreads.has(tid)),
    ),
    postgres: perRequest(spent(backends, before.backends, () => true)),
  };
  console.log(
    `  ${label}: ${split.rps} req/s; µs of CPU a request: request thread ${split.requestThread}, load generator ${split.loadGenerator}, other threads ${split.otherThreads}, PostgreSQL ${split.postgres}`,
  );
  return split;
}

async function main() {
  const bench = await openBenchSchema('bench_cpu');
  const { handle } = bench;
  const bare = new BareServer();
  const splits: Split[] = [];
  // At 100,000 products the documents and products outgrow PostgreSQL's default 128 MB of shared buffers,
  // and its CPU a miss depends on that: the figures say what it was.
  const sharedBuffers = (
    await sql<{ value: string }>`select current_setting('shared_buffers') as value`.execute(handle.db)
  ).rows[0]?.value;
  await bare.listen();
  try {
    await importLargeCatalogue(handle, bench.schema);
    const { app, url } = await startApp(handle);
    try {
      const ids = await listedIds(handle.db);
      await storeEveryDocument(url, ids, handle.db);
      // Every thread of the app's process so far; a thread that appears later is a load generator's.
      const appThreads = new Set(threadTicks().keys());
      const page1 = `${NS}/browseProducts?page=1`;
      const first = await sample(url, page1, {});
      bare.answer(first.headers, first.body);
      splits.push(await measure('bare node:http, page 1 bytes', bare.url, ['/'], handle, appThreads));
      splits.push(await measure('hit, page 1', url, [page1], handle, appThreads));
      splits.push(await measure(`misses, every page (${LARGE})`, url, everyPage(ids), handle, appThreads));
      splits.push(
        await measure(`misses, every product (${LARGE})`, url, everyProduct(ids), handle, appThreads),
      );
    } finally {
      await app.close();
    }
  } finally {
    await bare.close();
    await bench.drop();
    removeWorkDir();
  }
  console.log('\n| case | req/s | request thread | load generator | other threads | PostgreSQL |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const s of splits) {
    console.log(
      `| ${s.case} | ${s.rps} | ${s.requestThread} | ${s.loadGenerator} | ${s.otherThreads} | ${s.postgres} |`,
    );
  }
  console.log(
    `µs of CPU a request, ${SECONDS} s a measure; the machine has ${readdirSync('/sys/bus/cpu/devices').length} cores; PostgreSQL's shared_buffers ${sharedBuffers}.`,
  );
}

await main();
