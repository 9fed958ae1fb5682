import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../db/database.ts';
import { NS } from '../../test/cart-factory.ts';
import { aCategory, aSeller, aSimpleProduct, importTestCatalogue } from '../../test/catalog-factory.ts';
import {
  postgresServerUrl,
  type ScratchDatabase,
  type SpawnedServer,
  scratchDatabase,
  spawnServer,
} from '../../test/spawn-server.ts';
import { LISTENER_APPLICATION_NAME } from '../catalog/catalog-notifications.ts';
import { liftSellerSuspensionIn, suspendSellerIn } from '../catalog/seller-suspension.ts';

// [I32] A suspension reaches every process at once (two-processes.test.ts's pattern): two real server
// processes on one PostgreSQL database, each with the seller's product page, lists, category and profile
// in its reply cache. The suspension is written by a third party (this test, through the catalogue's
// service, in one transaction as the route writes it): both processes drop the seller's products within a
// second, and bring them back within a second of the lifting.

const serverUrl = await postgresServerUrl();
if (!serverUrl)
  console.warn('suspension-two-processes.test.ts skipped: no PostgreSQL server (set TEST_DATABASE_URL)');

const WITHIN_MS = 1_000;

let scratch: ScratchDatabase;
let database: DatabaseHandle;
let a: SpawnedServer;
let b: SpawnedServer;
let mug: number;
let bowl: number;
let kitchen: number;
let harbour: number;
let operatorId: number;

async function get<T>(server: SpawnedServer, path: string): Promise<T> {
  const reply = await fetch(`${server.baseURL}${path}`);
  return (await reply.json()) as T;
}

const listed = async (server: SpawnedServer) =>
  (await get<{ data: { id: number }[] }>(server, `${NS}/browseProducts?page=1`)).data.map((tile) => tile.id);
const inCategory = async (server: SpawnedServer) =>
  (
    await get<{ products: { id: number }[] }>(server, `${NS}/categoryProducts?category_id=${kitchen}`)
  ).products.map((tile) => tile.id);
const page = (server: SpawnedServer) =>
  get<{ id?: number; not_exists?: boolean }>(server, `${NS}/product?product_id=${mug}`);
const profile = (server: SpawnedServer) =>
  get<{ selling: boolean; products: { id: number }[] }>(
    server,
    `${NS}/sellerInformation?seller_url=harbour-goods`,
  );

async function listeningSessions(): Promise<number | undefined> {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}
      and query in ('listen quokka_catalogue', 'select 1')`.execute(database.db);
  return result.rows[0]?.n;
}

describe.skipIf(!serverUrl)('[I32] a seller’s suspension across two server processes', () => {
  beforeAll(async () => {
    scratch = await scratchDatabase(serverUrl!);
    database = await openDatabase({ url: scratch.url, poolSize: 2 });
    await migrateToLatest(database.db);
    await importTestCatalogue(database.db, {
      sellers: [aSeller({ name: 'Harbour Goods' }), aSeller({ seller_url: 'outback', name: 'Outback' })],
      categories: [aCategory('kitchen')],
      products: [
        aSimpleProduct('MUG-1', { qty: 50, categories: ['kitchen'] }),
        aSimpleProduct('BOWL-1', { qty: 50, seller: 'outback', categories: ['kitchen'] }),
      ],
    });
    const ids = Object.fromEntries(
      (await database.db.selectFrom('products').select(['id', 'sku']).execute()).map((row) => [
        row.sku,
        row.id,
      ]),
    );
    mug = ids['MUG-1'] ?? 0;
    bowl = ids['BOWL-1'] ?? 0;
    kitchen = (
      await database.db
        .selectFrom('categories')
        .select('id')
        .where('code', '=', 'kitchen')
        .executeTakeFirstOrThrow()
    ).id;
    harbour = (
      await database.db
        .selectFrom('sellers')
        .select('id')
        .where('seller_url', '=', 'harbour-goods')
        .executeTakeFirstOrThrow()
    ).id;
    operatorId = (
      await database.db
        .insertInto('staff')
        .values({
          mobile: '+61400000001',
          name: 'Jo Operator',
          role: 'operator',
          seller_id: null,
          removed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    a = await spawnServer({ DATABASE_URL: scratch.url, LOG_LEVEL: 'warn' });
    b = await spawnServer({ DATABASE_URL: scratch.url, LOG_LEVEL: 'warn' });
    const deadline = Date.now() + 10_000;
    while ((await listeningSessions()) !== 2) {
      if (Date.now() > deadline) throw new Error('the two processes did not both LISTEN within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 120_000);

  afterAll(async () => {
    await a?.dispose();
    await b?.dispose();
    await database?.close();
    await scratch?.drop();
  });

  it('[I32] suspended: both processes drop the seller’s products within a second; lifted: both bring them back', async () => {
    for (const server of [a, b])
      for (let n = 0; n < 2; n++) {
        expect(await listed(server)).toEqual([mug, bowl].sort((x, y) => x - y));
        expect(await inCategory(server)).toContain(mug);
        expect((await page(server)).id).toBe(mug);
        expect((await profile(server)).products.map((tile) => tile.id)).toEqual([mug]);
      }

    await database.db
      .transaction()
      .execute((trx) =>
        suspendSellerIn(trx, { sellerId: harbour, reason: 'Checks', staffId: operatorId, now: new Date() }),
      );
    for (const server of [a, b]) {
      await expect.poll(() => listed(server), { timeout: WITHIN_MS, interval: 50 }).toEqual([bowl]);
      expect(await inCategory(server)).toEqual([bowl]);
      expect(await page(server)).toEqual({ status: false, not_exists: true });
      expect(await profile(server)).toMatchObject({ selling: false, products: [] });
    }

    await database.db.transaction().execute((trx) => liftSellerSuspensionIn(trx, { sellerId: harbour }));
    for (const server of [a, b]) {
      await expect
        .poll(async () => (await listed(server)).includes(mug), { timeout: WITHIN_MS, interval: 50 })
        .toBe(true);
      expect((await page(server)).id).toBe(mug);
      expect(await profile(server)).toMatchObject({ selling: true, products: [{ id: mug }] });
    }
  });
});
