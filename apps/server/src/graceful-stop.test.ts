import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from './clock.ts';
import {
  type Db,
  migrateToLatest,
  openDatabase,
  PGLITE_EXTENSIONS,
  TEST_TEMPLATE_FILE,
} from './db/database.ts';
import { PGliteDialect } from './db/pglite-dialect.ts';
import type { Database } from './db/schema.ts';
import { aCartItem, aShopper, REST, REST_AU, type Shopper } from './test/cart-factory.ts';
import { aSeller, aSimpleProduct, importTestCatalogue } from './test/catalog-factory.ts';
import {
  postgresServerUrl,
  type ScratchDatabase,
  type SpawnedServer,
  scratchDatabase,
  spawnServer,
} from './test/spawn-server.ts';

// A stop (deploy, scale-in) must not reset a request in flight: the web app reads no answer to "place my
// order" as unknown. The server stops accepting, finishes what it holds, turns away new requests on
// open connections with 503 and `Connection: close`, then exits.

let server: SpawnedServer | undefined;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await server?.dispose();
  server = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SEND_CODE = '/rest/default/V1/storefront/sendmobilecode';

/** Raw HTTP/1.1 over one socket: the whole answer as text, or the error that ended the socket. */
function openSocket(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  const ended = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received));
    socket.on('error', (error) => resolve(`${received}ERROR ${error.message}`));
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, ended, connected, received: () => received };
}

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);

describe('[I12-12] graceful stop', () => {
  it('[I12-12] SIGTERM lets 6 requests in flight finish with 200, turns away new ones with 503, closes a connection never used, then exits 0', async () => {
    const { dataDir } = await embeddedDataDir(async () => undefined);
    server = await spawnServer({ DATA_DIR: dataDir });
    const { port } = server;
    // Six requests whose bodies are still arriving when the stop begins: in flight, not yet answered.
    const inFlight = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const connection = openSocket(port);
        await connection.connected;
        const body = JSON.stringify({ mobile: `0412 345 67${index}`, r_token: 'sandbox-token' });
        connection.socket.write(
          `POST ${SEND_CODE} HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
        );
        return { ...connection, rest: body.slice(5) };
      }),
    );
    // An idle keep-alive connection that has had an answer, and asks again once the stop has begun.
    const keepAlive = openSocket(port);
    await keepAlive.connected;
    // [I27-9] A browser's spare connection, opened ahead of need and never used: the server closes it
    // after the grace (it used to wait for the client, and end on the 10 s limit with exit 1).
    const spare = openSocket(port);
    await spare.connected;
    keepAlive.socket.write('GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n');
    await expect.poll(() => statusOf(keepAlive.received())).toBe(200);

    server.child.kill('SIGTERM');
    await expect.poll(() => server?.output.join('')).toMatch(/SIGTERM: stopping/);
    await new Promise((resolve) => setTimeout(resolve, 300));

    for (const request of inFlight) request.socket.write(request.rest);
    keepAlive.socket.write('GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n');

    const answers = await Promise.all(inFlight.map((request) => request.ended));
    expect(answers.map(statusOf)).toEqual([200, 200, 200, 200, 200, 200]);
    const [firstAnswer, secondAnswer = ''] = (await keepAlive.ended).split(/(?=HTTP\/1\.1 )/);
    expect(statusOf(firstAnswer ?? '')).toBe(200);
    expect(firstAnswer).toMatch(/\r\nconnection: keep-alive\r\n/i);
    expect(statusOf(secondAnswer)).toBe(503);
    expect(secondAnswer).toMatch(/\r\nconnection: close\r\n/i);
    const refusal = JSON.parse(secondAnswer.slice(secondAnswer.indexOf('\r\n\r\n') + 4));
    expect(refusal).toEqual({ code: 'SHUTTING_DOWN', message: expect.stringMatching(/try again/i) });
    expect(await spare.ended).not.toMatch(/HTTP\/1\.1/);
    expect(await server.exited).toBe(0);
    expect(server.output.join('')).toMatch(/stopped cleanly/);
  }, 120_000);
});

// [I27-9] Seen in review: placements sent 6–70 ms after SIGTERM over a browser's keep-alive connections
// got 500 INTERNAL. The same here: a real process, a pool of keep-alive connections warmed by the carts,
// a stream of placements across the signal, on both databases. Every answer is a 200 (the order is
// placed) or 503 SHUTTING_DOWN (it is not), or the connection is refused or closed before the request
// was taken (the database then holds no order for it); never a 500.

const serverUrl = await postgresServerUrl();
if (!serverUrl)
  console.warn(
    'graceful-stop.test.ts: the PostgreSQL case is skipped: set TEST_DATABASE_URL or run a server at 127.0.0.1:5432',
  );

/** Placements in the stream, and how many go before the signal. */
const PLACEMENTS = 36;
const BEFORE_SIGNAL = 12;
/** The last placements wait until the server has logged that it is stopping. */
const AFTER_STOPPING = 6;
const GAP_MS = 3;

interface Shop {
  /** The spawned server's database settings. */
  env: Record<string, string>;
  shoppers: Shopper[];
  /** After the server exited: the shoppers (by id) who have an order. */
  customersWithOrders(): Promise<number[]>;
}

/** A seller, a product with plenty of stock and PLACEMENTS members with a token each. */
async function fillShop(db: Db): Promise<Shopper[]> {
  await importTestCatalogue(db, {
    sellers: [aSeller()],
    products: [aSimpleProduct('PLENTY', { price: 12, qty: 10_000 })],
  });
  const shoppers: Shopper[] = [];
  for (let i = 0; i < PLACEMENTS; i++) shoppers.push(await aShopper({ db, clock: systemClock }));
  return shoppers;
}

const customersWithOrders = async (db: Db) =>
  (await db.selectFrom('orders').select('customer_id').orderBy('customer_id').execute()).map(
    (row) => row.customer_id,
  );

/**
 * DATA_DIR for a spawned server on the embedded database: the run's migrated template
 * (test/database-template.ts) loaded in memory, filled, dumped and unpacked as DATA_DIR/pglite, which the
 * server opens as it would after a restart (no initdb and migrations in the child: several seconds less).
 */
async function embeddedDataDir<T>(fill: (db: Db) => Promise<T>): Promise<{ dataDir: string; filled: T }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quokka-stop-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const template = process.env[TEST_TEMPLATE_FILE];
  const pglite = new PGlite({
    parsers: { 20: (value: string) => Number.parseInt(value, 10) },
    extensions: PGLITE_EXTENSIONS,
    ...(template && existsSync(template) ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
  });
  const db: Db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    const filled = await fill(db);
    const dump = await pglite.dumpDataDir('none');
    mkdirSync(join(dataDir, 'pglite'), { mode: 0o700 });
    execFileSync('tar', ['-x', '-C', join(dataDir, 'pglite')], {
      input: Buffer.from(await dump.arrayBuffer()),
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    return { dataDir, filled };
  } finally {
    await db.destroy();
  }
}

async function embeddedShop(): Promise<Shop> {
  const { dataDir, filled: shoppers } = await embeddedDataDir(fillShop);
  return {
    env: { DATA_DIR: dataDir },
    shoppers,
    customersWithOrders: async () => {
      // Opening it again also proves the server closed it and let go of its lock.
      const handle = await openDatabase({ dataDir, worker: false });
      try {
        return await customersWithOrders(handle.db);
      } finally {
        await handle.close();
      }
    },
  };
}

/** A scratch database on the PostgreSQL server, migrated and filled before the server starts. */
async function serverShop(url: string): Promise<Shop> {
  const scratch: ScratchDatabase = await scratchDatabase(url);
  cleanups.push(() => scratch.drop());
  const handle = await openDatabase({ url: scratch.url, poolSize: 2 });
  cleanups.push(() => handle.close());
  await migrateToLatest(handle.db);
  const shoppers = await fillShop(handle.db);
  return {
    env: { DATABASE_URL: scratch.url },
    shoppers,
    customersWithOrders: () => customersWithOrders(handle.db),
  };
}

interface Outcome {
  status?: number;
  body?: string;
  connection?: string;
  /** The socket error when no answer came (refused, or closed before an answer). */
  error?: string;
}

/** One JSON call over `agent`'s pooled keep-alive connections. */
function send(agent: Agent, port: number, path: string, shopper: Shopper, body: unknown): Promise<Outcome> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const call = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          ...shopper.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (reply) => {
        let text = '';
        reply.setEncoding('utf8');
        reply.on('data', (chunk: string) => {
          text += chunk;
        });
        reply.on('end', () =>
          resolve({ status: reply.statusCode, body: text, connection: String(reply.headers.connection) }),
        );
        reply.on('error', (error) => resolve({ status: reply.statusCode, error: error.message }));
      },
    );
    call.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    call.end(payload);
  });
}

const cartOf = (shopper: Shopper) => ({
  addressInformation: {
    shipping_address: { customer_address_id: shopper.addressId },
    billing_address: { customer_address_id: shopper.addressId },
  },
});

const placementOf = (shopper: Shopper) => ({
  billingAddress: { customer_address_id: shopper.addressId },
  paymentMethod: { method: 'stripe_payments', additional_data: { cc_save: false, token: 'pm_card_visa' } },
});

const isShuttingDown = (outcome: Outcome) =>
  outcome.status === 503 &&
  outcome.connection === 'close' &&
  JSON.parse(outcome.body ?? '{}').code === 'SHUTTING_DOWN';
/** Refused, or closed before any answer: the client may send it again (the order check below proves it). */
const notTaken = (outcome: Outcome) =>
  outcome.status === undefined && /^(ECONNREFUSED|ECONNRESET|socket hang up)$/.test(outcome.error ?? '');

async function placeAcrossTheStop(shop: Shop) {
  server = await spawnServer({ ...shop.env, WORKER: '1' });
  const { port } = server;
  const agent = new Agent({ keepAlive: true, maxSockets: PLACEMENTS });
  cleanups.push(() => agent.destroy());
  // Each shopper's cart, all at once: the pool opens a connection per shopper and keeps it open.
  await Promise.all(
    shop.shoppers.map(async (shopper) => {
      const added = await send(agent, port, `${REST}/carts/mine/items`, shopper, aCartItem('PLENTY'));
      expect(added.status, added.body).toBe(200);
      const shipping = await send(
        agent,
        port,
        `${REST_AU}/carts/mine/shipping-information`,
        shopper,
        cartOf(shopper),
      );
      expect(shipping.status, shipping.body).toBe(200);
    }),
  );

  const placements: Promise<Outcome>[] = [];
  const sentAfterStopping: number[] = [];
  const stopping = () => /SIGTERM: stopping/.test(server?.output.join('') ?? '');
  for (const [index, shopper] of shop.shoppers.entries()) {
    if (index === BEFORE_SIGNAL) server.child.kill('SIGTERM');
    if (index === PLACEMENTS - AFTER_STOPPING)
      await expect.poll(stopping, { interval: 5, timeout: 10_000 }).toBe(true);
    if (stopping()) sentAfterStopping.push(index);
    placements.push(
      send(agent, port, `${REST}/carts/mine/payment-information`, shopper, placementOf(shopper)),
    );
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  }
  const outcomes = await Promise.all(placements);
  // Every placement has its answer: the idle connections left in the pool go, so the server need not
  // wait out its grace for them.
  agent.destroy();
  const exitCode = await server.exited;
  return { outcomes, sentAfterStopping, exitCode, output: server.output.join('') };
}

describe('[I27-9] a graceful stop never answers 500', () => {
  const cases = [
    // The pass with TEST_DATABASE_URL (CI's second) leaves the embedded case to the first pass.
    { name: 'the embedded database (PGlite)', shop: embeddedShop, skip: !!process.env.TEST_DATABASE_URL },
    { name: 'PostgreSQL', shop: () => serverShop(serverUrl ?? ''), skip: !serverUrl },
  ];
  for (const { name, shop: makeShop, skip } of cases) {
    it.skipIf(skip)(
      `[I27-9] placements streamed over keep-alive connections across SIGTERM finish or get 503 SHUTTING_DOWN, on ${name}`,
      async () => {
        const shop = await makeShop();
        const { outcomes, sentAfterStopping, exitCode, output } = await placeAcrossTheStop(shop);

        const faults = outcomes
          .map((outcome, index) => ({ index, ...outcome }))
          .filter((outcome) => !(outcome.status === 200 || isShuttingDown(outcome) || notTaken(outcome)));
        const logged = output.split('\n').filter((line) => line.includes('"level":50'));
        expect(faults, logged.join('\n').slice(0, 2_000)).toEqual([]);
        expect(logged).toEqual([]);
        // The stream did cross the stop: some finished, and the ones sent once it was under way were
        // turned away with 503 on their open connection (or refused, when theirs had closed).
        expect(outcomes.filter((outcome) => outcome.status === 200).length).toBeGreaterThan(0);
        expect(sentAfterStopping.length).toBeGreaterThanOrEqual(AFTER_STOPPING);
        const late = sentAfterStopping.map((index) => outcomes[index] as Outcome);
        expect(late.every((outcome) => isShuttingDown(outcome) || notTaken(outcome))).toBe(true);
        expect(late.some(isShuttingDown)).toBe(true);
        expect(exitCode).toBe(0);
        expect(output).toMatch(/stopped cleanly/);

        // A 200 is an order in the database; a 503 or a connection not taken is none.
        const placed = shop.shoppers.filter((_, index) => outcomes[index]?.status === 200).map((s) => s.id);
        expect(await shop.customersWithOrders()).toEqual(placed.sort((a, b) => a - b));
      },
      120_000,
    );
  }
});
