import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from './clock.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.ts';
import { LISTENER_APPLICATION_NAME } from './modules/catalog/catalog-notifications.ts';
import { aCartItem, aShopper, NS, REST, REST_AU, type Shopper } from './test/cart-factory.ts';
import { aSeller, aSimpleProduct, importTestCatalogue } from './test/catalog-factory.ts';
import {
  postgresServerUrl,
  type ScratchDatabase,
  type SpawnedServer,
  scratchDatabase,
  spawnServer,
} from './test/spawn-server.ts';

// Two real server processes on one PostgreSQL database, as behind a load balancer. Each keeps its own
// catalogue reply cache; a change committed through one process (or by any other writer) must reach the
// other's cache within a second (PostgreSQL LISTEN/NOTIFY, modules/catalog/catalog-notifications.ts), so a product
// page never shows 'In Stock' for what just sold out elsewhere.

const serverUrl = await postgresServerUrl();
const SKIP_REASON =
  'no PostgreSQL server: set TEST_DATABASE_URL (CI sets it) or run one at 127.0.0.1:5432 to run the two-process tests';
if (!serverUrl) console.warn(`two-processes.test.ts skipped: ${SKIP_REASON}`);

/** How late another process may show a change (the requirement). */
const WITHIN_MS = 1_000;

let scratch: ScratchDatabase;
let database: DatabaseHandle;
let a: SpawnedServer;
let b: SpawnedServer;
let productId: number;

async function http<T>(
  server: SpawnedServer,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { shopper?: Shopper; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const reply = await fetch(`${server.baseURL}${path}`, {
    method,
    headers: {
      ...(options.shopper ? options.shopper.headers : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await reply.text();
  return { status: reply.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const productOn = async (server: SpawnedServer) =>
  (await http<{ qty: number; price: number }>(server, 'GET', `${NS}/product?product_id=${productId}`)).body;

const tileOn = async (server: SpawnedServer) =>
  (
    await http<{ data: { id: number; qty: number }[] }>(server, 'GET', `${NS}/browseProducts?page=1`)
  ).body.data.find((tile) => tile.id === productId);

/** Listener sessions of this database that have run LISTEN (their last statement is it or a heartbeat). */
async function listeningSessions(): Promise<number | undefined> {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}
      and query in ('listen quokka_catalogue', 'select 1')`.execute(database.db);
  return result.rows[0]?.n;
}

describe.skipIf(!serverUrl)('[I13-notify] two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    scratch = await scratchDatabase(serverUrl!);
    database = await openDatabase({ url: scratch.url, poolSize: 2 });
    await migrateToLatest(database.db);
    await importTestCatalogue(database.db, {
      sellers: [aSeller()],
      products: [aSimpleProduct('LAST-ONE', { price: 40, qty: 1 }), aSimpleProduct('PLENTY', { qty: 50 })],
    });
    const row = await database.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', 'LAST-ONE')
      .executeTakeFirstOrThrow();
    productId = row.id;
    // One after the other: the first applies nothing new, the second finds everything in place.
    a = await spawnServer({ DATABASE_URL: scratch.url, LOG_LEVEL: 'warn' });
    b = await spawnServer({ DATABASE_URL: scratch.url, LOG_LEVEL: 'warn' });
    // Both listen (else a process serves nothing older than a second, which would hide a missing NOTIFY).
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

  it('[I13-notify] the last unit bought through process A: process B answers out of stock within a second', async () => {
    // B has the product page and the first list page in its reply cache (a repeat is a cache hit).
    expect((await productOn(b)).qty).toBe(1);
    expect((await productOn(b)).qty).toBe(1);
    expect((await tileOn(b))?.qty).toBe(1);

    const shopper = await aShopper({ db: database.db, clock: systemClock });
    expect(
      (await http(a, 'POST', `${REST}/carts/mine/items`, { shopper, body: aCartItem('LAST-ONE') })).status,
    ).toBe(200);
    const shipping = await http(a, 'POST', `${REST_AU}/carts/mine/shipping-information`, {
      shopper,
      body: {
        addressInformation: {
          shipping_address: { customer_address_id: shopper.addressId },
          billing_address: { customer_address_id: shopper.addressId },
        },
      },
    });
    expect(shipping.status).toBe(200);
    const order = await http(a, 'POST', `${REST}/carts/mine/payment-information`, {
      shopper,
      body: {
        billingAddress: { customer_address_id: shopper.addressId },
        paymentMethod: {
          method: 'stripe_payments',
          additional_data: { cc_save: false, token: 'pm_card_visa' },
        },
      },
    });
    expect(order.status).toBe(200);
    const soldAt = Date.now();

    await expect.poll(async () => (await productOn(b)).qty, { timeout: WITHIN_MS, interval: 50 }).toBe(0);
    await expect.poll(async () => (await tileOn(b))?.qty, { timeout: WITHIN_MS, interval: 50 }).toBe(0);
    expect(Date.now() - soldAt).toBeLessThan(2 * WITHIN_MS);
    // And A, which took the stock, shows it at once.
    expect((await productOn(a)).qty).toBe(0);
  });

  it('[I13-notify] an import by another writer (the CLI) reaches both processes within a second', async () => {
    expect((await productOn(a)).price).toBe(40);
    expect((await productOn(b)).price).toBe(40);
    await importTestCatalogue(database.db, {
      sellers: [aSeller()],
      products: [aSimpleProduct('LAST-ONE', { price: 45, qty: 7 })],
    });
    for (const server of [a, b]) {
      await expect
        .poll(async () => (await productOn(server)).price, { timeout: WITHIN_MS, interval: 50 })
        .toBe(45);
      expect((await productOn(server)).qty).toBe(7);
    }
  });

  it('[I13-notify] a process stopped with SIGTERM closes its listening connection and exits 0', async () => {
    expect(await listeningSessions()).toBe(2);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
    await expect.poll(listeningSessions, { timeout: 2_000 }).toBe(1);
  });
});
