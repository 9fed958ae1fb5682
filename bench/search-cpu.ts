import { readFileSync } from 'node:fs';
import { searchQuery } from '@quokka/contract/api/search';
import { sql } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { importCatalogue } from '../apps/server/src/modules/catalog/catalog-importer.ts';
import { searchCatalogue } from '../apps/server/src/modules/catalog/search.ts';
import { LARGE, openBenchSchema, PG_URL } from './harness.ts';
import { recordingDb, type Statement } from './search-baseline.ts';
import { QUERY_KINDS, searchBenchCatalogue, searchQueries } from './search-catalogue.ts';

// [I33] PostgreSQL's own CPU time a search (bench/README.md "Search", "Backend CPU"). The throughput
// benchmark (search.ts) is at the mercy of whatever else runs on the machine's two cores; this one asks
// the kernel how much CPU the database backend spent running a search's statements (utime + stime of the
// backend process, /proc/<pid>/stat), which waiting for a core does not add to. For each kind of query, a
// sample of distinct queries is run once through the app's search with its statements recorded, then each
// query's statements are replayed BENCH_CPU_REPEAT times as named (prepared) statements on one connection.
// 1,000 / (ms a search) is what one core of PostgreSQL could answer at most, before the app's own work.
//
// BENCH_SEARCH_DB_URL: an already imported database (public schema) to measure, skipping the import;
// otherwise BENCH_PRODUCTS (100,000) are imported into a fresh schema of TEST_DATABASE_URL (dropped after).

const REPEAT = Number(process.env.BENCH_CPU_REPEAT ?? 20);
const SAMPLE = Number(process.env.BENCH_CPU_QUERIES ?? 40);
const CLOCK_TICK_MS = 10;

async function open(): Promise<{
  handle: DatabaseHandle;
  url: string;
  schema: string;
  drop: () => Promise<void>;
}> {
  const given = process.env.BENCH_SEARCH_DB_URL;
  if (given) {
    const handle = await openDatabase({ url: given, schema: 'public', poolSize: 2 });
    await migrateToLatest(handle.db, 'public');
    return { handle, url: given, schema: 'public', drop: () => handle.close() };
  }
  const bench = await openBenchSchema('bench_search_cpu');
  await migrateToLatest(bench.handle.db, bench.schema);
  const file = searchBenchCatalogue(LARGE, 1);
  const products = file.products ?? [];
  const started = performance.now();
  for (let start = 0; start < products.length; start += 10_000) {
    await importCatalogue(bench.handle.db, { ...file, products: products.slice(start, start + 10_000) });
    await sql`analyze`.execute(bench.handle.db);
  }
  console.log(
    `imported ${products.length} products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { handle: bench.handle, url: PG_URL, schema: bench.schema, drop: bench.drop };
}

async function main() {
  const { handle, url, schema, drop } = await open();
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    const ticks = () => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(fields[11]) + Number(fields[12]);
    };
    const file = searchBenchCatalogue(Number(process.env.BENCH_PRODUCTS ?? LARGE), 1);
    console.log(
      '| kind | queries | median total_count | backend CPU ms a search | statements | searches/s a core at most |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    let name = 0;
    for (const kind of QUERY_KINDS) {
      const all = searchQueries(kind, file, 8_000);
      const step = Math.max(1, Math.floor(all.length / SAMPLE));
      const queries = all.filter((_, i) => i % step === 0).slice(0, SAMPLE);
      const totals: number[] = [];
      let statementsRun = 0;
      let spentTicks = 0;
      for (const q of queries) {
        const statements: Statement[] = [];
        const reply = await searchCatalogue(
          recordingDb(handle.db, (statement) => statements.push(statement)),
          searchQuery.parse({ q }),
        );
        totals.push(reply.total_count);
        const named = statements.map((statement) => ({
          name: `cpu_${name++}`,
          text: statement.sql,
          values: [...statement.parameters],
        }));
        for (const statement of named) await client.query(statement);
        const before = ticks();
        for (let i = 0; i < REPEAT; i++) for (const statement of named) await client.query(statement);
        spentTicks += ticks() - before;
        statementsRun += named.length;
      }
      totals.sort((a, b) => a - b);
      const ms = (spentTicks * CLOCK_TICK_MS) / (REPEAT * queries.length);
      console.log(
        `| ${kind} | ${queries.length} | ${totals[Math.floor(totals.length / 2)]} | ${ms.toFixed(2)} | ${(statementsRun / queries.length).toFixed(2)} | ${Math.round(1000 / ms)} |`,
      );
    }
  } finally {
    await client.end();
    await drop();
  }
}

await main();
