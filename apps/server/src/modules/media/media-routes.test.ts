import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../demo/demo-catalogue.ts';
import { PictureLibrary } from '../../demo/picture-library.ts';
import { seedDemo } from '../../demo/seed-demo.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { MEDIA_CACHE_CONTROL, registerMediaRoutes } from './media-routes.ts';

// The /media routes serve the demo shop's generated pictures: every URL the demo file names answers,
// PNG and JPEG are real renderings made once, and nothing outside the picture set can be reached.

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

function demoUrls(): string[] {
  const file = demoCatalogue();
  const urls = new Set<string>();
  for (const seller of file.sellers ?? []) urls.add(seller.logo_url).add(seller.banner_url);
  for (const product of file.products ?? []) {
    for (const image of product.images) urls.add(image);
    if (product.tabs?.sizing_chart_url) urls.add(product.tabs.sizing_chart_url);
    if (product.type === 'giftcard')
      for (const template of product.mms_templates) urls.add(template.image_url);
  }
  return [...urls];
}

const startsWith = (body: Buffer, magic: number[]) => magic.every((byte, i) => body[i] === byte);

describe('/media through the whole app', () => {
  let t: TestApp;
  // Hundreds of pictures in one test: the rate limit is the app's, not what is tested here.
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  it('[PDP-03, ROUTE-11, PDP-16, GIFT-01] answers every picture URL of the demo file with 200 and its content type', async () => {
    const urls = demoUrls();
    expect(urls.length).toBeGreaterThan(600);
    for (const url of urls) {
      const reply = await t.app.inject(url);
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
      expect(reply.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      if (url.endsWith('.svg')) {
        expect(reply.headers['content-type']).toBe('image/svg+xml');
        expect(reply.body.startsWith('<svg')).toBe(true);
      } else {
        expect(reply.headers['content-type']).toBe('image/png');
        expect(startsWith(reply.rawPayload, PNG_MAGIC), url).toBe(true);
      }
    }
  }, 60_000);

  it('[GIFT-01] renders a picture as a real PNG or JPEG of the drawing’s size, and serves the second request from cache', async () => {
    const logo = demoCatalogue().sellers?.[0]?.logo_url ?? '';
    const png = logo.replace(/\.svg$/, '.png');

    const started = performance.now();
    const first = await t.app.inject(png);
    const firstMs = performance.now() - started;
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(startsWith(first.rawPayload, PNG_MAGIC)).toBe(true);
    // IHDR: width and height of a 240×240 logo.
    expect(first.rawPayload.readUInt32BE(16)).toBe(240);
    expect(first.rawPayload.readUInt32BE(20)).toBe(240);

    const again = performance.now();
    const second = await t.app.inject(png);
    const secondMs = performance.now() - again;
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    expect(secondMs).toBeLessThan(Math.max(firstMs / 2, 20));

    const jpeg = await t.app.inject(logo.replace(/\.svg$/, '.jpg'));
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(startsWith(jpeg.rawPayload, JPEG_MAGIC)).toBe(true);
    expect(jpeg.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const url = demoCatalogue().products?.[0]?.images[0] ?? '';
    const first = await t.app.inject(url);
    const etag = String(first.headers.etag);
    const cached = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(etag);
    const stale = await t.app.inject({ url, headers: { 'if-none-match': '"something-else"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('answers unknown keys, folders and formats, and any path traversal, with 404 {message}', async () => {
    const known = (demoCatalogue().products?.[0]?.images[0] ?? '').replace('/media/products/', '');
    const bad = [
      '/media/products/no-such-picture-0123456789.svg',
      `/media/sellers/${known}`,
      `/media/nowhere/${known}`,
      `/media/products/${known.toUpperCase()}`,
      `/media/products/${known.replace('.svg', '.gif')}`,
      `/media/products/${known.replace('.svg', '')}`,
      '/media/products/..%2F..%2F..%2Fpackage.json',
      '/media/products/%2e%2e%2fapp.ts',
      '/media/..%2Fsrc/app.ts',
      '/media/products/..%5C..%5Cpackage.json',
      '/media/products/a.svg%00.png',
      '/media/products/',
      `/media/products/${'a'.repeat(90)}.svg`,
    ];
    for (const url of bad) {
      const reply = await t.app.inject(url);
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json(), url).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    }
  });
});

describe('the seeded demo shop, as the storefront reads it', () => {
  let t: TestApp;
  const ns = '/rest/default/V1/storefront';
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    await seedDemo(t.db);
  }, 60_000);
  afterAll(() => t.close());

  const picture = async (url: string, type: string) => {
    const reply = await t.app.inject(url);
    expect(reply.statusCode, url).toBe(200);
    expect(reply.headers['content-type'], url).toBe(type);
  };

  it('[TILE-01, PDP-03, PDP-14, PDP-16, ROUTE-11, GIFT-01] answers every picture the catalogue API hands out', async () => {
    const list = await t.app.inject(`${ns}/browseProducts?page=1`);
    const tiles = list.json<{ data: { id: number; image: string; product_seller_image: string }[] }>().data;
    expect(tiles).toHaveLength(10);
    for (const tile of tiles) {
      await picture(tile.image, 'image/svg+xml');
      await picture(tile.product_seller_image, 'image/svg+xml');
      const product = (await t.app.inject(`${ns}/product?product_id=${tile.id}`)).json<{
        images: string[];
        tabs: { sizing_chart: string | null };
      }>();
      expect(product.images).toHaveLength(4);
      for (const image of product.images) await picture(image, 'image/svg+xml');
      if (product.tabs.sizing_chart) await picture(product.tabs.sizing_chart, 'image/svg+xml');
    }
    const seller = (await t.app.inject(`${ns}/sellerInformation?seller_url=saltline-surf-co`)).json<{
      seller: { banner_image: string; image: string };
    }>();
    await picture(seller.seller.banner_image, 'image/svg+xml');
    await picture(seller.seller.image, 'image/svg+xml');

    const giftCard = demoCatalogue().products?.find((product) => product.type === 'giftcard');
    const { rows } = await sql<{
      id: number;
    }>`select id from products where sku = ${giftCard?.sku ?? ''}`.execute(t.db);
    const templates = (await t.app.inject(`${ns}/getgiftcardmmstemplates?product_id=${rows[0]?.id}`)).json<{
      data: { mms_template_url: string }[];
    }>().data;
    expect(templates.length).toBeGreaterThanOrEqual(3);
    for (const template of templates) await picture(template.mms_template_url, 'image/png');
  }, 60_000);
});

describe('registerMediaRoutes on its own', () => {
  it('renders a PNG once, even when requests for it arrive together', async () => {
    const library = new PictureLibrary();
    const url = library.add(
      'templates',
      'party',
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="40"><rect width="64" height="40" fill="#e07a4f"/></svg>',
      'png',
    );
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const stats = await registerMediaRoutes(app, { source: library });
    await app.ready();
    const replies = await Promise.all([app.inject(url), app.inject(url), app.inject(url)]);
    const later = await app.inject(url);
    for (const reply of [...replies, later]) {
      expect(reply.statusCode).toBe(200);
      expect(startsWith(reply.rawPayload, PNG_MAGIC)).toBe(true);
    }
    expect(stats.renders).toBe(1);
    // The drawing as SVG is still there, and a JPEG is a rendering of its own.
    expect((await app.inject(url.replace('.png', '.svg'))).body).toContain('#e07a4f');
    await app.inject(url.replace('.png', '.jpg'));
    expect(stats.renders).toBe(2);
    await app.close();
  });

  it('answers an older URL of a drawing that has changed with today’s drawing, cached for an hour only', async () => {
    const library = new PictureLibrary();
    const url = library.add(
      'products',
      'tee-main',
      '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="60"><rect width="50" height="60" fill="#1f3a5a"/></svg>',
    );
    const older = url.replace(/-[0-9a-f]{10}\.svg$/, '-0123456789.svg');
    expect(older).not.toBe(url);
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const stats = await registerMediaRoutes(app, { source: library });
    await app.ready();
    const reply = await app.inject(older);
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('#1f3a5a');
    expect(reply.headers['cache-control']).toBe('public, max-age=3600');
    expect((await app.inject(url)).headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    // Made-up hashes of one drawing share one rendering.
    await app.inject(older.replace('.svg', '.png'));
    await app.inject(older.replace('0123456789.svg', 'abcdefabcd.png'));
    expect(stats.renders).toBe(1);
    // Another slug, or a key without a hash, is still unknown.
    expect((await app.inject(url.replace('tee-main', 'tee-back'))).statusCode).toBe(404);
    expect((await app.inject('/media/products/tee-main.svg')).statusCode).toBe(404);
    await app.close();
  });

  it('serves a rendering larger than its memory bound without keeping it', async () => {
    const library = new PictureLibrary();
    const url = library.add(
      'charts',
      'big',
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><circle cx="150" cy="150" r="120" fill="#445566"/></svg>',
      'png',
    );
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const stats = await registerMediaRoutes(app, { source: library, rasterCacheBytes: 16 });
    await app.ready();
    expect((await app.inject(url)).statusCode).toBe(200);
    expect((await app.inject(url)).statusCode).toBe(200);
    expect(stats.renders).toBe(2);
    await app.close();
  });
});
