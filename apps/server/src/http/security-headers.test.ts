import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { API_SECURITY_HEADERS, cspValue } from './security-headers.ts';

// [I13-hotpath] Security headers are built once at start: pages get the CSP and the full set, JSON a
// small fixed set, and no CSP.

describe('[I13-hotpath] security headers where they matter', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('[I13-hotpath] an HTML page has the CSP and the full set', async () => {
    const reply = await t.app.inject({ url: '/product/12', headers: { accept: 'text/html' } });
    expect(reply.statusCode).toBe(200);
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain('https://js.stripe.com');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(reply.headers).toMatchObject({
      ...API_SECURITY_HEADERS,
      'cross-origin-opener-policy': 'same-origin',
      'origin-agent-cluster': '?1',
    });
  });

  it('[I13-hotpath] a JSON reply has the small fixed set and no CSP', async () => {
    for (const url of ['/healthz', '/rest/default/V1/storefront/categories', '/rest/default/V1/nothing']) {
      const reply = await t.app.inject(url);
      expect(reply.headers['content-type'], url).toMatch(/json/);
      expect(reply.headers['content-security-policy'], url).toBeUndefined();
      expect(reply.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(reply.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
      });
    }
  });

  it('[I13-hotpath] the CSP text is built from the directives, null ones left out', () => {
    expect(cspValue({ defaultSrc: ["'self'"], objectSrc: ["'none'"], upgradeInsecureRequests: null })).toBe(
      "default-src 'self';object-src 'none'",
    );
  });
});
