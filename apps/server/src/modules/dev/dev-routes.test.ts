import { afterEach, describe, expect, it } from 'vitest';
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
