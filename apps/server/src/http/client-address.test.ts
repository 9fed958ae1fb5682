import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { clientAddressKey } from './client-address.ts';

// [I12-1] Behind a proxy the client address is what the proxy appended (the right-most X-Forwarded-For
// entry for one hop), never the left-most entry, which the client writes itself. IPv6 clients own a whole
// /64, so they are counted by it.

const PROXY = '10.0.0.1';
const LIMIT = 20;

describe('[I12-1] the client address behind a trusted proxy', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(() => t.close());

  const through = (forwardedFor: string) =>
    t.app.inject({ url: '/healthz', remoteAddress: PROXY, headers: { 'x-forwarded-for': forwardedFor } });

  it('[I12-1] limits a client that rotates its own left-most X-Forwarded-For entries', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 5; i += 1) {
      // The client writes "198.51.100.<i>"; the proxy appends the real address.
      statuses.push((await through(`198.51.100.${i}, 203.0.113.7`)).statusCode);
    }
    expect(statuses.slice(0, LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual(Array(5).fill(429));
    // Another real client behind the same proxy keeps its own budget.
    expect((await through('198.51.100.1, 203.0.113.8')).statusCode).toBe(200);
  });

  it('[I12-1] counts an IPv6 client by its /64', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i += 1) {
      statuses.push((await through(`2001:db8:aa:bb:${i.toString(16)}::1`)).statusCode);
    }
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
    expect((await through('2001:db8:aa:bc::1')).statusCode).toBe(200);
  });

  it('[I12-1] limits rotating X-Forwarded-For over real parallel connections', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const replies = await Promise.all(
      Array.from({ length: LIMIT + 10 }, (_, i) =>
        fetch(`http://127.0.0.1:${port}/healthz`, {
          headers: { 'x-forwarded-for': `192.0.2.${i}, 203.0.113.99` },
        }),
      ),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});

describe('[I12-1] clientAddressKey', () => {
  it('[I12-1] keeps IPv4 as it is and unwraps IPv4-mapped IPv6', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('[I12-1] groups IPv6 by /64, however the address is written', () => {
    expect(clientAddressKey('2001:db8:aa:bb::1')).toBe('2001:db8:aa:bb::/64');
    expect(clientAddressKey('2001:0DB8:00aa:00bb:ffff:1:2:3')).toBe('2001:db8:aa:bb::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
