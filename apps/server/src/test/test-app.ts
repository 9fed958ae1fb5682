import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { FakeClock } from '../clock.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Db, openTestDatabase } from '../db/database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: FakeClock;
  close(): Promise<void>;
}

/** A tiny built web app, so tests of static serving do not depend on `npm run build`. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quokka-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="quokka-config" content="{}"></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

/**
 * The real app on a fresh database (in-memory PGlite, or a new schema on TEST_DATABASE_URL), called with
 * `app.inject`. Nothing of our own is mocked; the clock is fake so tests never depend on the hour.
 */
export async function createTestApp(settings: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    WORKER: '0',
    // Pictures in memory: a test app leaves nothing on the disk (modules/media/media-store.ts).
    MEDIA_STORE: 'memory',
    // The suites text many codes to one range of test numbers; the budget has its own test.
    SMS_SENDS_PER_HOUR: '1000000',
    SMS_SENDS_PER_PREFIX_PER_HOUR: '1000000',
    ...settings,
  });
  const database = await openTestDatabase();
  const clock = new FakeClock();
  const app = await buildApp({ config, db: database.db, clock, webDistDir: fakeWebDist() });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
