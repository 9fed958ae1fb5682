import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { FakeClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openTestDatabase } from '../db/database.ts';
import { fakeWebDist } from '../test/test-app.ts';

// [I15-admin] The back office's built app under /admin: its page for every client route (never for the
// API), its hashed assets cached for a year, and the shop's security headers.

const ADMIN_ASSET = '/admin/assets/index-Zz98Yy76.js';
const adminPage =
  '<!doctype html><html><head><meta name="quokka-config" content="{}"><title>Back office</title></head><body><div id="admin-root"></div></body></html>';

describe('[I15-admin] the back office is served at /admin', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let adminDist: string;
  let webDist: string;

  beforeAll(async () => {
    adminDist = mkdtempSync(join(tmpdir(), 'quokka-admin-'));
    mkdirSync(join(adminDist, 'assets'));
    writeFileSync(join(adminDist, 'index.html'), adminPage);
    writeFileSync(join(adminDist, ADMIN_ASSET.slice('/admin/'.length)), 'export const admin = 1;\n');
    writeFileSync(join(adminDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    webDist = fakeWebDist();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      WORKER: '0',
      MEDIA_STORE: 'memory',
      STORE_NAME: 'Wattle & Co',
    });
    database = await openTestDatabase();
    app = await buildApp({
      config,
      db: database.db,
      clock: new FakeClock(),
      webDistDir: webDist,
      adminDistDir: adminDist,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(adminDist, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers /admin and every client route with the back office page, carrying the shop name', async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders', '/admin/orders/12?x=1', '/admin/gift-cards']) {
      const page = await app.inject({ method: 'GET', url });
      expect([url, page.statusCode]).toEqual([url, 200]);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<div id="admin-root">');
      expect(page.body).not.toContain('<div id="root">'); // not the shopper's app
      expect(page.body).toContain('&#34;storeName&#34;:&#34;Wattle &#38; Co&#34;');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      // The shop's document headers: the CSP, never framed, no sniffing.
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    }
    const first = await app.inject({ method: 'GET', url: '/admin/orders' });
    const again = await app.inject({
      method: 'GET',
      url: '/admin/audit',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('never answers an /admin/api path with the page: an unknown call is a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/admin/api'],
      ['GET', '/admin/api/'],
      ['GET', '/admin/api/no-such-call'],
      ['GET', '/admin/api/orders/12/nothing'],
      ['POST', '/admin/api/no-such-call'],
      ['POST', '/admin/orders'],
    ] as const) {
      const reply = await app.inject({ method, url });
      expect([method, url, reply.statusCode, reply.json().code]).toEqual([method, url, 404, 'NOT_FOUND']);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
    }
    // The back office's real calls are still there.
    const me = await app.inject({ method: 'GET', url: '/admin/api/me' });
    expect([me.statusCode, me.json().code]).toEqual([401, 'SIGN_IN_REQUIRED']);
  });

  it('serves hashed assets for a year, immutable; a missing asset is a 404, not the page', async () => {
    const asset = await app.inject({ method: 'GET', url: ADMIN_ASSET });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('export const admin = 1;\n');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const icon = await app.inject({ method: 'GET', url: '/admin/favicon.svg' });
    expect([icon.statusCode, icon.headers['cache-control']]).toEqual([200, 'public, max-age=300']);
    const missing = await app.inject({ method: 'GET', url: '/admin/assets/index-missing.js' });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'NOT_FOUND']);
    // The template itself is never sent raw: /admin/index.html is the rendered page too.
    const raw = await app.inject({ method: 'GET', url: '/admin/index.html' });
    expect(raw.body).toContain('&#34;storeName&#34;:&#34;Wattle &#38; Co&#34;');
  });

  it("leaves the shopper's app where it was", async () => {
    const shop = await app.inject({ method: 'GET', url: '/browse' });
    expect(shop.statusCode).toBe(200);
    expect(shop.body).toContain('<div id="root">');
    expect(shop.body).not.toContain('admin-root');
    // A path that merely starts with the letters is the shop's.
    const other = await app.inject({ method: 'GET', url: '/administrator' });
    expect(other.body).toContain('<div id="root">');
  });

  it('says so when the back office is not built', async () => {
    const bare = await buildApp({
      config: app.deps.config,
      db: database.db,
      clock: new FakeClock(),
      webDistDir: webDist,
    });
    await bare.ready();
    const page = await bare.inject({ method: 'GET', url: '/admin/orders' });
    expect([page.statusCode, page.body]).toEqual([
      503,
      'The back office is not built yet: run `npm run build` (npm start does it for you).',
    ]);
    await bare.close();
  });
});
