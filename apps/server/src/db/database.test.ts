import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, openTestDatabase } from './database.ts';

describe('database', () => {
  it('migrates a fresh database to the latest schema, and a second run changes nothing', async () => {
    const handle = await openTestDatabase();
    try {
      const tables = await sql<{ table_name: string }>`
        select table_name from information_schema.tables where table_schema = current_schema()`.execute(
        handle.db,
      );
      expect(tables.rows.map((row) => row.table_name)).toContain('outbox_messages');
      expect(await migrateToLatest(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('returns int8 sums and counts as numbers on both dialects', async () => {
    const handle = await openTestDatabase();
    try {
      const result = await sql<{ n: number }>`select count(*) as n from generate_series(1, 3)`.execute(
        handle.db,
      );
      expect(result.rows[0]?.n).toBe(3);
    } finally {
      await handle.close();
    }
  });

  it('keeps PGlite transactions apart: a query from elsewhere waits for the transaction to end', async () => {
    // The embedded database has one connection; without the dialect's lock the outside insert would run
    // inside the transaction below and vanish with its rollback.
    const handle = await openDatabase({});
    try {
      await sql`create table t (v int)`.execute(handle.db);
      const inside = handle.db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into t values (1)`.execute(trx);
          await new Promise((resolve) => setTimeout(resolve, 50));
          throw new Error('roll back');
        })
        .catch(() => 'rolled back');
      const outside = sql`insert into t values (2)`.execute(handle.db);
      expect(await inside).toBe('rolled back');
      await outside;
      const rows = await sql<{ v: number }>`select v from t`.execute(handle.db);
      expect(rows.rows).toEqual([{ v: 2 }]);
    } finally {
      await handle.close();
    }
  });

  it('reuses the data of an earlier start from its data directory', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dataDir = mkdtempSync(join(tmpdir(), 'quokka-data-'));
    const first = await openDatabase({ dataDir });
    await migrateToLatest(first.db);
    await first.db
      .insertInto('outbox_messages')
      .values({ to_number: '+61412345678', kind: 'sms', body: 'hi' })
      .execute();
    await first.close();
    const second = await openDatabase({ dataDir });
    try {
      expect(await migrateToLatest(second.db)).toEqual([]);
      const rows = await second.db.selectFrom('outbox_messages').select('body').execute();
      expect(rows).toEqual([{ body: 'hi' }]);
    } finally {
      await second.close();
    }
  });
});

describe('the embedded database lock', () => {
  it('refuses a second opener of the same data directory while the first is open, then allows it', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { spawn } = await import('node:child_process');
    const dataDir = mkdtempSync(join(tmpdir(), 'quokka-lock-'));
    const first = await openDatabase({ dataDir });
    // Another live process holds the lock: pretend by writing its pid into the lock file.
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      await first.close();
      const { writeFileSync } = await import('node:fs');
      writeFileSync(join(dataDir, 'pglite.lock'), String(child.pid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/);
    } finally {
      child.kill();
      await new Promise((resolve) => child.once('exit', resolve));
    }
    // The owner died: its stale lock is taken over.
    const second = await openDatabase({ dataDir });
    await second.close();
  });
});

describe('database on the PostgreSQL server', () => {
  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)(
    'an idle connection the server ends (a restart, a failover) is replaced, not an unhandled error that ends the process',
    async () => {
      const handle = await openTestDatabase();
      const unhandled: unknown[] = [];
      const onError = (error: unknown) => unhandled.push(error);
      process.on('uncaughtException', onError);
      const warn = console.warn;
      const warned: string[] = [];
      console.warn = (message: string) => warned.push(message);
      try {
        const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]
          ?.pid;
        // The connection is idle in the pool now; another session ends it, as a restart would.
        const other = await openTestDatabase();
        try {
          await sql`select pg_terminate_backend(${pid}::int)`.execute(other.db);
        } finally {
          await other.close();
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(warned.some((line) => line.startsWith('database: an idle connection failed'))).toBe(true);
        // The next query opens another connection.
        const after = await sql<{ n: number }>`select 1 as n`.execute(handle.db);
        expect(after.rows[0]?.n).toBe(1);
        expect(unhandled).toEqual([]);
      } finally {
        console.warn = warn;
        process.off('uncaughtException', onError);
        await handle.close();
      }
    },
  );
});
