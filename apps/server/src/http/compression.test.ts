import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../scripts/precompress.mjs';
import { buildApp } from '../app.ts';
import { FakeClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openTestDatabase } from '../db/database.ts';
import { demoCatalogue } from '../demo/demo-catalogue.ts';
import { storeDemoPictures } from '../demo/seed-demo.ts';
import { importTestCatalogue, simpleProducts } from '../test/catalog-factory.ts';

// [I13-compress] What a phone downloads: compressed where the client takes it, with Vary, and hashed
// assets cached for a year.

const NS = '/rest/default/V1/storefront';
const ASSET = '/assets/index-Ab12Cd34.js';
const script = `export const tiles = [${Array.from({ length: 400 }, (_, i) => `"tile ${i}"`).join(',')}];\n`;
const page = `<!doctype html><html><head><meta name="quokka-config" content="{}"><title>Quokka</title></head><body><div id="root"></div>${'<!-- padding the page past the threshold -->'.repeat(60)}</body></html>`;

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('[I13-compress] compression and caching', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'quokka-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), page);
    writeFileSync(join(dist, ASSET.slice(1)), script);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    precompressDir(dist);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      WORKER: '0',
      MEDIA_STORE: 'memory',
    });
    database = await openTestDatabase();
    await importTestCatalogue(database.db, { products: simpleProducts(12) });
    app = await buildApp({ config, db: database.db, clock: new FakeClock(), webDistDir: dist });
    await app.ready();
    // The demo shop's pictures, in the media store as seeding puts them.
    await storeDemoPictures(app.deps.media);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  async function get(url: string, acceptEncoding?: string, headers: Record<string, string> = {}) {
    const reply = await app.inject({
      url,
      headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers },
    });
    const encoding = reply.headers['content-encoding'] as string | undefined;
    return { reply, encoding, text: decode(encoding, reply.rawPayload) };
  }

  it('[I13-compress] a built asset is sent pre-compressed as br, gzip or identity, with Vary', async () => {
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
      ['identity', undefined],
    ] as const) {
      const { reply, encoding, text } = await get(ASSET, accept);
      expect(reply.statusCode, String(accept)).toBe(200);
      expect(encoding, String(accept)).toBe(expected);
      expect(text).toBe(script);
      expect(reply.headers['content-type']).toMatch(/javascript/);
      expect(String(reply.headers.vary)).toMatch(/accept-encoding/i);
    }
  });

  it('[I13-compress] hashed assets are cached for a year, immutable; other built files five minutes', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      const { reply } = await get(ASSET, accept);
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const { reply } = await get('/favicon.svg');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('public, max-age=300');
  });

  it('[I13-compress] the .br and .gz copies are not routes of their own', async () => {
    // (The not-found handler takes the path for a client route: not the file, whatever it answers.)
    const { reply } = await get(`${ASSET}.br`);
    expect(reply.headers['content-type']).not.toMatch(/javascript/);
    expect(reply.body).not.toContain('tile 1');
  });

  it('[I13-compress] the HTML page is compressed, no-cache, with an ETag that revalidates', async () => {
    for (const [accept, expected] of [
      ['br;q=1, gzip;q=0.8', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const { reply, encoding, text } = await get('/browse', accept);
      expect(reply.statusCode).toBe(200);
      expect(encoding, String(accept)).toBe(expected);
      expect(text).toContain('<div id="root">');
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(String(reply.headers.vary)).toMatch(/accept-encoding/i);
      const etag = String(reply.headers.etag);
      expect(etag).toMatch(/"/);
      const again = await get('/browse', accept, { 'if-none-match': etag });
      expect(again.reply.statusCode).toBe(304);
      expect(again.reply.body).toBe('');
    }
  });

  it('[I13-compress] a large JSON reply is compressed as negotiated, with Vary and a weak ETag when encoded', async () => {
    const plain = await get(`${NS}/browseProducts?page=1`);
    expect(plain.reply.statusCode).toBe(200);
    expect(plain.reply.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.encoding).toBeUndefined();
    expect(String(plain.reply.headers.vary)).toMatch(/accept-encoding/i);
    const strong = String(plain.reply.headers.etag);
    expect(strong).toMatch(/^"/);
    for (const [accept, expected] of [
      ['br', 'br'],
      ['gzip, br;q=0', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const { reply, encoding, text } = await get(`${NS}/browseProducts?page=1`, accept);
      expect(encoding, accept).toBe(expected);
      expect(JSON.parse(text)).toEqual(JSON.parse(plain.text));
      expect(String(reply.headers.vary)).toMatch(/accept-encoding/i);
      if (expected) {
        expect(reply.headers.etag).toBe(`W/${strong}`);
        expect(Number(reply.headers['content-length'])).toBe(reply.rawPayload.length);
        expect(reply.rawPayload.length).toBeLessThan(plain.reply.rawPayload.length / 2);
      }
      const again = await get(`${NS}/browseProducts?page=1`, accept, {
        'if-none-match': String(reply.headers.etag),
      });
      expect(again.reply.statusCode).toBe(304);
    }
  });

  it('[I13-compress] a compressed picture revalidates with the weak ETag it was sent with', async () => {
    const picture = demoCatalogue().products?.[0]?.images[0] ?? '';
    const { reply, encoding, text } = await get(picture, 'br');
    expect(reply.statusCode).toBe(200);
    expect(text).toContain('<svg');
    expect(encoding).toBe('br');
    expect(String(reply.headers.etag)).toMatch(/^W\//);
    const again = await get(picture, 'br', { 'if-none-match': String(reply.headers.etag) });
    expect(again.reply.statusCode).toBe(304);
  });

  it('[I13-compress] a small reply is sent as it is', async () => {
    const { reply, encoding } = await get('/healthz', 'br');
    expect(reply.statusCode).toBe(200);
    expect(encoding).toBeUndefined();
  });
});
