import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { FakeClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { type DatabaseHandle, openTestDatabase } from './db/database.ts';
import { loggerOptions } from './logger.ts';
import { importTestCatalogue, simpleProducts } from './test/catalog-factory.ts';
import { fakeWebDist } from './test/test-app.ts';

// [I13-hotpath] LOG_CATALOGUE_READS: successful catalogue reads are logged by sample, or all, or not at
// all; failures and every other request always are, redacted as ever. Lines are counted on the stream.

const NS = '/rest/default/V1/storefront';

interface LoggedApp {
  app: FastifyInstance;
  lines: Array<Record<string, unknown>>;
}

describe('[I13-hotpath] request logging of catalogue reads', () => {
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    await importTestCatalogue(database.db, { products: simpleProducts(3) });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });

  async function loggedApp(env: Record<string, string>): Promise<LoggedApp> {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = loadConfig({ LOG_LEVEL: 'info', SEED_DEMO: '0', WORKER: '0', ...env });
    const options = loggerOptions(config);
    if (typeof options !== 'object' || options === null) throw new Error('expected pino options');
    const app = await buildApp({
      config,
      db: database.db,
      clock: new FakeClock(),
      webDistDir: fakeWebDist(),
      logger: { ...options, stream },
    });
    await app.ready();
    apps.push(app);
    return { app, lines };
  }

  it('[I13-hotpath] sample (the default) logs about the sample rate of successful reads, one line each', async () => {
    const { app, lines } = await loggedApp({ LOG_CATALOGUE_SAMPLE_RATE: '0.5' });
    for (let i = 0; i < 200; i++) await app.inject(`${NS}/browseProducts?page=1`);
    const logged = lines.filter(
      (line) => (line.req as { url?: string } | undefined)?.url === `${NS}/browseProducts?page=1`,
    );
    expect(logged.length).toBeGreaterThan(50);
    expect(logged.length).toBeLessThan(150);
    expect(logged.every((line) => line.msg === 'request completed')).toBe(true);
  });

  it('[I13-hotpath] the default setting is sample at one in a hundred', () => {
    const config = loadConfig({ SEED_DEMO: '0' });
    expect(config.LOG_CATALOGUE_READS).toBe('sample');
    expect(config.LOG_CATALOGUE_SAMPLE_RATE).toBe(0.01);
  });

  it('[I13-hotpath] off logs no successful read, but failed reads and other requests still are', async () => {
    const { app, lines } = await loggedApp({ LOG_CATALOGUE_READS: 'off' });
    for (let i = 0; i < 50; i++) await app.inject(`${NS}/product?product_id=1`);
    expect(lines.filter((line) => line.req !== undefined || line.res !== undefined)).toEqual([]);

    // A bad query (400) and an unknown seller (404) on catalogue routes are logged.
    await app.inject(`${NS}/browseProducts?page=abc`);
    await app.inject(`${NS}/sellerInformation?seller_url=nobody`);
    const failed = lines.filter((line) => line.msg === 'request completed');
    expect(failed.map((line) => (line.res as { statusCode: number }).statusCode).sort()).toEqual([400, 404]);
    expect(failed.every((line) => line.req !== undefined)).toBe(true);

    // Any other request: both lines, with the sign-in token of a URL redacted.
    const before = lines.length;
    await app.inject('/autologin/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ');
    const other = lines.slice(before);
    expect(other.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(JSON.stringify(other)).not.toContain('c2lnbmF0dXJlLXNpZ25hdHVyZQ');
  });

  it('[I13-hotpath] all logs both lines of every read', async () => {
    const { app, lines } = await loggedApp({ LOG_CATALOGUE_READS: 'all' });
    for (let i = 0; i < 10; i++) await app.inject(`${NS}/categories`);
    expect(lines.filter((line) => line.msg === 'incoming request')).toHaveLength(10);
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(10);
  });
});
