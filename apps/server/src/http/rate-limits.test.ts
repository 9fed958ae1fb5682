import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { FakeClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openTestDatabase } from '../db/database.ts';
import { demoCatalogue } from '../demo/demo-catalogue.ts';
import { storeDemoPictures } from '../demo/seed-demo.ts';
import { fakeWebDist } from '../test/test-app.ts';

// [I12-5] Shoppers behind one carrier NAT share an address. Pictures and the web app's files cost nothing
// to serve and nothing to abuse, so they are not counted; what is counted still gets 429, with
// Retry-After so the web app knows when to try again.

const LIMIT = 100;
const NAT = '100.64.0.9';

describe('[I12-5] the global per-address limit', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const picture = demoCatalogue().products?.[0]?.images[0] ?? '';

  beforeAll(async () => {
    const dist = fakeWebDist();
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'index-1a2b3c.js'), 'console.log("shop")');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      WORKER: '0',
      MEDIA_STORE: 'memory',
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
    });
    database = await openTestDatabase();
    app = await buildApp({ config, db: database.db, clock: new FakeClock(), webDistDir: dist });
    await app.ready();
    // The demo shop's pictures, in the media store as seeding puts them.
    await storeDemoPictures(app.deps.media);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const get = (url: string) => app.inject({ url, remoteAddress: NAT });
  // An API call with no limit of its own (isEmailAvailable now has one per token [I12-13]).
  const callApi = () => app.inject({ url: '/rest/default/V1/storefront/categories', remoteAddress: NAT });

  it('[I12-5] never answers 429 to 700 asset and picture requests from one address', async () => {
    expect(picture).toMatch(/^\/media\//);
    const urls = ['/assets/index-1a2b3c.js', '/favicon.svg', '/index.html', picture, '/product/12'];
    const statuses = new Set<number>();
    for (let i = 0; i < 700; i += 1) {
      const url = urls[i % urls.length] ?? '/';
      statuses.add((await get(url)).statusCode);
    }
    expect([...statuses].sort()).toEqual([200]);
  });

  it('[I12-5] still limits an abusable route from that address, and says when to retry', async () => {
    for (let i = 0; i < LIMIT; i += 1) {
      const reply = await callApi();
      expect(reply.statusCode).not.toBe(429);
      // [I13-hotpath] Below the limit, no X-RateLimit-* headers on every reply.
      expect(reply.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    const limited = await callApi();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-limit']).toBe(String(LIMIT));
    expect(limited.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('wait'),
    });
    // Pictures still load while the API is limited.
    expect((await get(picture)).statusCode).toBe(200);
  });
});
