import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { clockFor, loadConfig } from '../../config.ts';
import { openTestDatabase } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The sandbox outbox shows every sign-in code: whoever reads it signs in as anyone. It answers only
// outside production, and only to a client on this machine (DEV_ROUTES_REMOTE=1 opens it to others).

let running: TestApp | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function outboxStatus(settings: Record<string, string>, from: { remoteAddress: string; xff?: string }) {
  running = await createTestApp(settings);
  const statuses = [];
  for (const url of ['/dev/messages', '/dev/messages.json']) {
    const reply = await running.app.inject({
      method: 'GET',
      url,
      remoteAddress: from.remoteAddress,
      headers: from.xff ? { 'x-forwarded-for': from.xff } : {},
    });
    statuses.push(reply.statusCode);
  }
  return statuses;
}

describe('[I12-4] /dev routes', () => {
  it('[I12-4] answer 404 with NODE_ENV=production ALLOW_SANDBOX=1, even to loopback', async () => {
    const production = { NODE_ENV: 'production', ALLOW_SANDBOX: '1' };
    expect(await outboxStatus(production, { remoteAddress: '127.0.0.1' })).toEqual([404, 404]);
  });

  it('[I12-4] answer 404 with NODE_ENV=production even when DEV_ROUTES_REMOTE=1', async () => {
    const production = { NODE_ENV: 'production', ALLOW_SANDBOX: '1', DEV_ROUTES_REMOTE: '1' };
    expect(await outboxStatus(production, { remoteAddress: '203.0.113.9' })).toEqual([404, 404]);
  });

  it('[I12-4] answer loopback clients in development (IPv4 and IPv6)', async () => {
    expect(await outboxStatus({ NODE_ENV: 'development' }, { remoteAddress: '127.0.0.1' })).toEqual([
      200, 200,
    ]);
    await running?.close();
    expect(await outboxStatus({ NODE_ENV: 'development' }, { remoteAddress: '::1' })).toEqual([200, 200]);
  });

  it('[I12-4] answer 404 to another machine in development, and to one forwarded by a local proxy', async () => {
    expect(await outboxStatus({ NODE_ENV: 'development' }, { remoteAddress: '192.168.1.20' })).toEqual([
      404, 404,
    ]);
    await running?.close();
    const viaProxy = { remoteAddress: '127.0.0.1', xff: '127.0.0.1' };
    expect(await outboxStatus({ NODE_ENV: 'development', TRUST_PROXY: '1' }, viaProxy)).toEqual([404, 404]);
  });

  it('[I12-4] answer another machine when DEV_ROUTES_REMOTE=1 outside production', async () => {
    const settings = { NODE_ENV: 'development', DEV_ROUTES_REMOTE: '1' };
    expect(await outboxStatus(settings, { remoteAddress: '192.168.1.20' })).toEqual([200, 200]);
  });
});

describe('[I16] POST /dev/clock moves a TEST_CLOCK forward', () => {
  it('[I16] with TEST_CLOCK the clock moves forward only; without it the route does not exist', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      WORKER: '0',
      MEDIA_STORE: 'memory',
      TEST_CLOCK: '2027-04-05T01:00:00Z',
    });
    const database = await openTestDatabase();
    const clock = clockFor(config);
    const app = await buildApp({ config, db: database.db, clock });
    try {
      const move = (body: Record<string, unknown>) =>
        app.inject({ method: 'POST', url: '/dev/clock', payload: body, remoteAddress: '127.0.0.1' });
      const hour = 60 * 60_000;
      const reply = await move({ advance_ms: hour });
      expect(reply.statusCode).toBe(200);
      const now = new Date(reply.json().now).getTime();
      // 01:00 plus the hour, plus the few milliseconds the test took.
      expect(now - Date.parse('2027-04-05T02:00:00Z')).toBeGreaterThanOrEqual(0);
      expect(now - Date.parse('2027-04-05T02:00:00Z')).toBeLessThan(60_000);
      expect(clock.now().getTime()).toBeGreaterThanOrEqual(now);
      expect((await move({ advance_ms: -hour })).statusCode).toBe(400);
      expect((await move({ advance_ms: 1.5 })).statusCode).toBe(400);
    } finally {
      await app.close();
      await database.close();
    }
    running = await createTestApp({ NODE_ENV: 'development' });
    const without = await running.app.inject({
      method: 'POST',
      url: '/dev/clock',
      payload: { advance_ms: 1000 },
      remoteAddress: '127.0.0.1',
    });
    expect(without.statusCode).toBe(404);
  });
});
