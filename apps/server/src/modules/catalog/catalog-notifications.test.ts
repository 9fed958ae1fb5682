import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../db/database.ts';
import {
  aConfigurableProduct,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
} from '../../test/catalog-factory.ts';
import { postgresServerUrl, type ScratchDatabase, scratchDatabase } from '../../test/spawn-server.ts';
import {
  CATALOGUE_CACHE_TTL_MS,
  CatalogueReplyCache,
  catalogueCacheMaxAge,
  UNLISTENED_MAX_AGE_MS,
} from './catalog-cache.ts';
import {
  CATALOGUE_CHANNEL,
  type ChangeListener,
  LISTENER_APPLICATION_NAME,
  listenForCatalogueChanges,
  notifyProductsChanged,
} from './catalog-notifications.ts';

// The cross-process invalidation on a real PostgreSQL server: what is sent, when it is delivered (on
// commit only), and how the listener survives its connection dropping.

const serverUrl = await postgresServerUrl();
if (!serverUrl)
  console.warn(
    'catalog-notifications.test.ts skipped: no PostgreSQL server (set TEST_DATABASE_URL or run one at 127.0.0.1:5432)',
  );

let scratch: ScratchDatabase;
let database: DatabaseHandle;

async function sessionsOfListener(): Promise<number> {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`.execute(
    database.db,
  );
  return result.rows[0]?.n ?? -1;
}

/** A second listener of our own, to see exactly what was sent. */
async function recordNotifications(url: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const seen: string[] = [];
  client.on('notification', (message) => seen.push(message.payload ?? ''));
  await client.query(`listen ${CATALOGUE_CHANNEL}`);
  return { seen, close: () => client.end() };
}

describe.skipIf(!serverUrl)('[I13-notify] catalogue change notifications on PostgreSQL', () => {
  beforeAll(async () => {
    scratch = await scratchDatabase(serverUrl!);
    database = await openDatabase({ url: scratch.url, poolSize: 2 });
    await migrateToLatest(database.db);
    await importTestCatalogue(database.db, {
      sellers: [aSeller()],
      products: [aSimpleProduct('MUG'), aConfigurableProduct('TEE')],
    });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('[I13-notify] a stock change names the products and their configurable parent, and is sent only on commit', async () => {
    const recorder = await recordNotifications(scratch.url);
    try {
      const rows = await database.db.selectFrom('products').select(['id', 'sku', 'parent_id']).execute();
      const mug = rows.find((row) => row.sku === 'MUG')!;
      const child = rows.find((row) => row.parent_id !== null)!;
      await database.db
        .transaction()
        .execute(async (trx) => {
          await notifyProductsChanged(trx, [mug.id]);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await database.db.transaction().execute((trx) => notifyProductsChanged(trx, [child.id, mug.id]));
      await expect.poll(() => recorder.seen.length).toBe(1);
      const ids = (recorder.seen[0] ?? '').replace('products:', '').split(',').map(Number);
      expect(ids.sort((x, y) => x - y)).toEqual([mug.id, child.id, child.parent_id].sort((x, y) => x! - y!));
      // An import says everything changed.
      await importTestCatalogue(database.db, {
        sellers: [aSeller()],
        products: [aSimpleProduct('MUG', { price: 3 })],
      });
      await expect.poll(() => recorder.seen.at(-1)).toBe('all');
    } finally {
      await recorder.close();
    }
  });

  it('[I13-notify] the listener drops a cached reply on notification, survives its connection being killed, and closes cleanly', async () => {
    const cache = new CatalogueReplyCache();
    let loads = 0;
    const load = async () => ({ statusCode: 200, payload: { n: ++loads } });
    const listener: ChangeListener = listenForCatalogueChanges({
      url: scratch.url,
      initialBackoffMs: 200,
      heartbeatMs: 500,
    });
    try {
      expect(catalogueCacheMaxAge()).toBe(UNLISTENED_MAX_AGE_MS); // not listening yet
      await listener.ready;
      expect(catalogueCacheMaxAge()).toBe(CATALOGUE_CACHE_TTL_MS);
      await cache.get('product?1', load);
      await cache.get('product?2', load);
      await sql`select pg_notify(${CATALOGUE_CHANNEL}, 'products:1')`.execute(database.db);
      await expect
        .poll(async () => (await cache.get('product?1', load)).body, { timeout: 1_000 })
        .not.toBe('{"n":1}');
      expect((await cache.get('product?2', load)).body).toBe('{"n":2}'); // not named: kept

      // The server ends the listener's session (a restart, a failover): it listens again by itself, and
      // meanwhile serves nothing older than a second.
      const pid = listener.backendPid;
      expect(pid).toBeTypeOf('number');
      await sql`select pg_terminate_backend(${pid}::int)`.execute(database.db);
      await expect
        .poll(() => catalogueCacheMaxAge(), { timeout: 1_000, interval: 5 })
        .toBe(UNLISTENED_MAX_AGE_MS);
      await expect.poll(() => listener.connections, { timeout: 5_000 }).toBe(2);
      expect(listener.listening).toBe(true);
      expect(catalogueCacheMaxAge()).toBe(CATALOGUE_CACHE_TTL_MS);
      const before = (await cache.get('product?2', load)).body;
      await sql`select pg_notify(${CATALOGUE_CHANNEL}, 'all')`.execute(database.db);
      await expect
        .poll(async () => (await cache.get('product?2', load)).body, { timeout: 1_000 })
        .not.toBe(before);
      expect(await sessionsOfListener()).toBe(1);
    } finally {
      await listener.close();
    }
    await expect.poll(sessionsOfListener, { timeout: 2_000 }).toBe(0);
    expect(catalogueCacheMaxAge()).toBe(CATALOGUE_CACHE_TTL_MS);
  });
});
