import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database.ts';

// [I13-hotpath] On the embedded database, queued queries do not stall the event loop: between two
// queries waiting for PGlite's one connection, the loop turns, so a request the reply cache answers is
// read and answered while misses queue.

describe('[I13-hotpath] PGlite hands its connection on between event-loop turns', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({});
  });
  afterAll(() => handle.close());

  it('[I13-hotpath] a callback due on the next turn runs before a queue of ten queries has drained', async () => {
    const events: string[] = [];
    const queries = Array.from({ length: 10 }, async (_, i) => {
      await sql`select count(*) from generate_series(1, 20000)`.execute(handle.db);
      events.push(`query ${i}`);
    });
    setImmediate(() => events.push('next turn'));
    await Promise.all(queries);
    expect(events).toHaveLength(11);
    expect(events.indexOf('next turn')).toBeLessThan(3);
  });

  it('[I13-hotpath] a transaction still holds the connection to itself', async () => {
    const order: string[] = [];
    await Promise.all([
      handle.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        order.push('trx 1');
        await new Promise((resolve) => setTimeout(resolve, 20));
        await sql`select 2`.execute(trx);
        order.push('trx 2');
      }),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        await sql`select 3`.execute(handle.db);
        order.push('other');
      })(),
    ]);
    expect(order).toEqual(['trx 1', 'trx 2', 'other']);
  });
});

describe('[I13-hotpath] PGlite in a worker thread', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ worker: true });
  });
  afterAll(() => handle.close());

  it('[I13-hotpath] a heavy query leaves the request thread free: timers run while it does', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 1);
    const started = performance.now();
    const { rows } = await sql<{ n: number }>`select count(*) as n from generate_series(1, 3000000)`.execute(
      handle.db,
    );
    const took = performance.now() - started;
    clearInterval(timer);
    expect(rows[0]?.n).toBe(3_000_000);
    expect(took).toBeGreaterThan(20);
    expect(ticks).toBeGreaterThan(3);
  });

  it('[I13-hotpath] errors keep their SQLSTATE and transactions their isolation', async () => {
    await sql`create table t (id int primary key)`.execute(handle.db);
    await sql`insert into t values (1)`.execute(handle.db);
    const error = await sql`insert into t values (1)`.execute(handle.db).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: '23505' });
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t values (2)`.execute(trx);
        throw new Error('roll back');
      })
      .catch(() => {});
    const { rows } = await sql<{ id: number }>`select id from t order by id`.execute(handle.db);
    expect(rows).toEqual([{ id: 1 }]);
  });
});
