import { PICTURE_WIDTHS } from '@quokka/contract/media';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../demo/demo-catalogue.ts';
import { seedDemo } from '../../demo/seed-demo.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMediaLibrary, renditionName } from './media-library.ts';
import { MEDIA_CACHE_CONTROL } from './media-routes.ts';
import { makePicture, type TestFormat } from './test-pictures.ts';

// The /media routes serve the media store's pictures: every URL the demo file names answers once it is
// seeded, a stored photo answers in every format at every width, renditions are made once and kept in the
// store, and nothing outside the stored pictures can be reached.

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
    await seedDemo(t.db, t.app.deps.media);
  }, 60_000);
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
    await seedDemo(t.db, t.app.deps.media);
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

describe('[DATA-27, PDP-03] a stored photo at /media', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  const store = async (format: TestFormat, options?: Parameters<typeof makePicture>[1]) =>
    (await t.app.deps.media.storePicture(await makePicture(format, options))).picture;

  it('[DATA-27] answers a JPEG, PNG, WebP, AVIF or GIF taken in as AVIF, WebP, JPEG and PNG at every offered width', async () => {
    const expected = { avif: 'heif', webp: 'webp', jpg: 'jpeg', png: 'png' } as const;
    for (const source of ['jpeg', 'png', 'webp', 'avif', 'gif'] as const) {
      const picture = await store(source, {
        width: 1000,
        height: 1200,
        hue: `#${source.length}0${source.length}0a0`,
      });
      const base = `/media/products/${picture.key}`;
      // The path an import writes names the clean original: JPEG for an opaque picture.
      const original = await t.app.inject(`${base}.jpg`);
      expect(original.statusCode, source).toBe(200);
      expect(original.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(original.rawPayload).metadata()).width).toBe(1000);
      const widths = source === 'jpeg' ? PICTURE_WIDTHS : [160, 1200];
      for (const [extension, format] of Object.entries(expected)) {
        for (const width of widths) {
          const url = `${base}.${extension}?w=${width}`;
          const reply = await t.app.inject(url);
          expect(reply.statusCode, url).toBe(200);
          expect(reply.headers['content-type'], url).toBe(
            { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' }[extension],
          );
          expect(reply.headers['cache-control'], url).toBe(MEDIA_CACHE_CONTROL);
          const meta = await sharp(reply.rawPayload).metadata();
          expect(meta.format, url).toBe(format);
          // Never wider than the original: the srcset's width descriptor lets the browser scale it.
          expect(meta.width, url).toBe(Math.min(width, 1000));
          expect(meta.height, url).toBe(Math.round(Math.min(width, 1000) * 1.2));
        }
      }
    }
  }, 120_000);

  it('keeps a transparent logo as PNG and answers it with its transparency', async () => {
    const picture = await store('png', { alpha: true, width: 240, height: 240 });
    expect(picture.format).toBe('png');
    const reply = await t.app.inject(`/media/sellers/${picture.key}.png?w=160`);
    expect(reply.statusCode).toBe(200);
    expect((await sharp(reply.rawPayload).metadata()).hasAlpha).toBe(true);
  });

  it('caches a rendition for a year (immutable) with its own ETag, answers If-None-Match with 304', async () => {
    const picture = await store('jpeg');
    const url = `/media/products/${picture.key}.webp?w=320`;
    const first = await t.app.inject(url);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(first.headers.etag);
    expect(etag).toBe(`"${picture.key}-webp-320"`);
    const others = await Promise.all(
      [`${picture.key}.webp?w=480`, `${picture.key}.avif?w=320`, `${picture.key}.jpg`].map(async (path) =>
        String((await t.app.inject(`/media/products/${path}`)).headers.etag),
      ),
    );
    expect(new Set([etag, ...others]).size).toBe(4);
    const cached = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(etag);
    expect(cached.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
  });

  it('makes a rendition once and keeps it in the store: another process serves it without making it', async () => {
    const picture = await store('png', { width: 700, height: 840 });
    const url = `/media/products/${picture.key}.avif?w=480`;
    const before = t.app.deps.media.stats.renders;
    const replies = await Promise.all(Array.from({ length: 4 }, () => t.app.inject(url)));
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    expect(t.app.deps.media.stats.renders - before).toBe(1);
    const kept = await t.app.deps.media.store.get(renditionName(picture.key, 'avif', 480));
    expect(Buffer.compare(kept ?? Buffer.alloc(0), replies[0]?.rawPayload ?? Buffer.alloc(1))).toBe(0);
    // A second library on the same database and store (another server, the CLI) makes nothing.
    const other = createMediaLibrary(t.db, t.app.deps.media.store, {
      limits: { maxBytes: 1e7, maxPixels: 1e8 },
    });
    const found = await other.find(picture.key);
    expect(found).toBeDefined();
    if (found) await other.rendition(found, 'avif', 480);
    expect(other.stats.renders).toBe(0);
  });

  it('answers 404 {message, code} for what is not a stored picture, and never caches it', async () => {
    const picture = await store('jpeg');
    const bad = [
      `/media/products/${picture.key}.svg`, // a photo has no SVG
      `/media/products/${picture.key}.gif`,
      `/media/products/${'0'.repeat(32)}.jpg`,
      `/media/nowhere/${picture.key}.jpg`,
      `/media/products/${picture.key.toUpperCase()}.jpg`,
      `/media/products/..%2F${picture.key}%2Foriginal.jpg`,
      `/media/products/${picture.key}.jpg%00.png`,
    ];
    for (const url of bad) {
      const reply = await t.app.inject(url);
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json(), url).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
      expect(reply.headers['cache-control'], url).toBe('no-store');
    }
    // A width that is not offered is the caller's mistake: 400.
    expect((await t.app.inject(`/media/products/${picture.key}.jpg?w=333`)).statusCode).toBe(400);
  });

  it('answers 404 when the store has lost a picture the index still names (a bucket emptied by hand)', async () => {
    const picture = await store('jpeg', { hue: '#00aa00' });
    await t.app.deps.media.store.delete(await t.app.deps.media.store.list(`${picture.key}/`));
    const reply = await t.app.inject(`/media/products/${picture.key}.webp?w=160`);
    expect(reply.statusCode).toBe(404);
    expect(reply.headers['cache-control']).toBe('no-store');
  });
});
