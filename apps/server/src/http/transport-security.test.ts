import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCustomerToken } from '../modules/auth/token-service.ts';
import { aMember } from '../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// [I12-14] Strict-Transport-Security means something only over TLS: a browser ignores it over plain HTTP,
// and sending it there tells an operator nothing is wrong. Authorization schemes are case-insensitive
// (RFC 7235 §2.1), so `bearer` is as good as `Bearer`.

const HSTS = 'strict-transport-security';

describe('[I12-14] HSTS only over TLS', () => {
  let plain: TestApp;
  let proxied: TestApp;
  let httpsPublic: TestApp;

  beforeAll(async () => {
    plain = await createTestApp();
    proxied = await createTestApp({ TRUST_PROXY: '1' });
    httpsPublic = await createTestApp({ PUBLIC_URL: 'https://shop.example/' });
  });
  afterAll(async () => {
    await Promise.all([plain.close(), proxied.close(), httpsPublic.close()]);
  });

  it('[I12-14] is not sent over plain HTTP', async () => {
    const reply = await plain.app.inject('/healthz');
    expect(reply.headers[HSTS]).toBeUndefined();
    // A client's own X-Forwarded-Proto is not believed without a trusted proxy.
    const spoofed = await plain.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers[HSTS]).toBeUndefined();
  });

  it('[I12-14] is sent when the trusted proxy says the request came over TLS', async () => {
    const overTls = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers[HSTS]).toContain('max-age=');
    const overHttp = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
    expect(overHttp.headers[HSTS]).toBeUndefined();
  });

  it('[I12-14] is sent on every reply when PUBLIC_URL is https', async () => {
    const reply = await httpsPublic.app.inject('/healthz');
    expect(reply.headers[HSTS]).toContain('max-age=');
  });
});

describe('[I12-14] the bearer scheme is case-insensitive', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('[I12-14] accepts bearer, BEARER and Bearer', async () => {
    const member = await aMember(t.db);
    const token = await issueCustomerToken(t.db, member.id, t.clock);
    for (const scheme of ['bearer', 'BEARER', 'Bearer', 'bEaReR']) {
      const reply = await t.app.inject({
        url: '/rest/default/V1/customers/me',
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(reply.statusCode, scheme).toBe(200);
    }
  });

  it('[I12-14] still refuses other schemes and malformed tokens', async () => {
    const member = await aMember(t.db);
    const token = await issueCustomerToken(t.db, member.id, t.clock);
    for (const authorization of [`Basic ${token}`, `bearer${token}`, `bearer ${token}x`]) {
      const reply = await t.app.inject({
        url: '/rest/default/V1/customers/me',
        headers: { authorization },
      });
      expect(reply.statusCode, authorization).toBe(401);
    }
  });
});
