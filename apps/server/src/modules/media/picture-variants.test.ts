import { PICTURE_WIDTHS } from '@quokka/contract/media';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../db/database.ts';
import { demoCatalogue } from '../../demo/demo-catalogue.ts';
import { PictureLibrary } from '../../demo/picture-library.ts';
import { seedDemo } from '../../demo/seed-demo.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMediaLibrary } from './media-library.ts';
import { MEDIA_CACHE_CONTROL, type MediaStats, registerMediaRoutes } from './media-routes.ts';
import { MemoryMediaStore } from './media-store.ts';

// Pictures that fit a phone: a product drawing, stored in the media store, answered as AVIF, WebP or JPEG
// (the extension) at one of the offered widths (`?w=`), made once with sharp and kept; anything else a
// clear 400 or 404.

// A product picture of the demo's proportions (500 × 600, height 1.2 × width).
const DRAWING =
  '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="600" viewBox="0 0 500 600"><rect width="500" height="600" fill="#f1ede6"/><circle cx="250" cy="300" r="180" fill="#1f3a5a"/><path d="M40 560 L460 40" stroke="#e07a4f" stroke-width="14"/></svg>';

async function standalone(renderConcurrency = 1): Promise<{
  app: FastifyInstance;
  stats: MediaStats;
  url: string;
}> {
  const library = new PictureLibrary();
  const url = library.add('products', 'tee-front', DRAWING);
  const database = await openTestDatabase();
  const media = createMediaLibrary(database.db, new MemoryMediaStore(), {
    limits: { maxBytes: 1e7, maxPixels: 1e8 },
    renderConcurrency,
  });
  await media.storeDrawings(library.drawings());
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const stats = await registerMediaRoutes(app, { library: media });
  app.addHook('onClose', () => database.close());
  await app.ready();
  return { app, stats, url };
}

const variant = (svgUrl: string, format: string, width?: number) =>
  `${svgUrl.replace(/\.svg$/, `.${format}`)}${width ? `?w=${width}` : ''}`;

describe('[I13-images] picture variants', () => {
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    ({ app, url } = await standalone());
  });
  afterAll(() => app.close());

  it('[I13-images] answers AVIF, WebP and JPEG by the URL at each offered width, in the drawing’s proportions', async () => {
    const expected = {
      avif: ['image/avif', 'heif'],
      webp: ['image/webp', 'webp'],
      jpg: ['image/jpeg', 'jpeg'],
    };
    for (const [format, [type, sharpFormat]] of Object.entries(expected)) {
      for (const width of [160, 320, 800]) {
        const reply = await app.inject(variant(url, format, width));
        expect(reply.statusCode, `${format} ${width}`).toBe(200);
        expect(reply.headers['content-type']).toBe(type);
        const meta = await sharp(reply.rawPayload).metadata();
        expect(meta.format, `${format} ${width}`).toBe(sharpFormat);
        if (format === 'avif') expect(meta.compression).toBe('av1');
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round(width * 1.2));
      }
    }
    // Without a width: the drawing's own size.
    const own = await app.inject(variant(url, 'webp'));
    expect(own.statusCode).toBe(200);
    expect((await sharp(own.rawPayload).metadata()).width).toBe(500);
  }, 60_000);

  it('[I13-images] makes a phone-sized tile much smaller than the full JPEG, AVIF smallest', async () => {
    const size = async (format: string, width?: number) =>
      (await app.inject(variant(url, format, width))).rawPayload.length;
    const avif = await size('avif', 320);
    const webp = await size('webp', 320);
    const jpeg = await size('jpg', 320);
    expect(avif).toBeLessThan(jpeg);
    expect(webp).toBeLessThan(jpeg);
    expect(jpeg).toBeLessThan(await size('jpg'));
  }, 30_000);

  it('[I13-images] refuses a width that is not offered, or any bad parameter, with 400 {message, code}', async () => {
    const bad = [
      variant(url, 'avif', 333),
      `${variant(url, 'webp')}?w=abc`,
      `${variant(url, 'webp')}?w=0`,
      `${variant(url, 'webp')}?w=-320`,
      `${variant(url, 'webp')}?w=320.0`,
      `${variant(url, 'webp')}?w=0320`,
      `${variant(url, 'webp')}?w=1e9`,
      `${variant(url, 'webp')}?w=99999999999999999999`,
      `${variant(url, 'webp')}?w=`,
      `${variant(url, 'webp')}?w=320&w=480`,
      // The drawing has no pixels to choose: a width on SVG is a mistake too.
      `${url}?w=320`,
    ];
    for (const path of bad) {
      const reply = await app.inject(path);
      expect(reply.statusCode, path).toBe(400);
      const body = reply.json<{ message: string; code: string }>();
      expect(body.code, path).toBe('INPUT_VALIDATION');
      expect(body.message, path).toMatch(/w/);
      expect(reply.headers['cache-control'], path).toBe('no-store');
    }
    const offered = (await app.inject(variant(url, 'avif', 333))).json<{ message: string }>().message;
    expect(offered).toContain(PICTURE_WIDTHS.join(', '));
    // An unknown format or picture stays a 404, whatever the width.
    expect((await app.inject(`${url.replace('.svg', '.gif')}?w=320`)).statusCode).toBe(404);
    expect((await app.inject('/media/products/no-such-picture-0123456789.avif?w=320')).statusCode).toBe(404);
  });

  it('[I13-images] caches a hashed variant for a year (immutable) with its own ETag, and answers 304', async () => {
    const first = await app.inject(variant(url, 'avif', 320));
    expect(first.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    // The format is in the URL, not negotiated from Accept: nothing to vary on.
    expect(String(first.headers.vary ?? '')).not.toMatch(/accept(?!-)/i);
    const others = await Promise.all(
      [
        variant(url, 'avif', 480),
        variant(url, 'webp', 320),
        variant(url, 'jpg', 320),
        variant(url, 'avif'),
      ].map(async (path) => String((await app.inject(path)).headers.etag)),
    );
    expect(new Set([etag, ...others]).size).toBe(5);
    const cached = await app.inject({ url: variant(url, 'avif', 320), headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });
});

describe('[I13-images] making a variant once', () => {
  it('[I13-images] concurrent first requests for one variant make it once; each width and format is its own', async () => {
    const { app, stats, url } = await standalone();
    const path = variant(url, 'avif', 480);
    const replies = await Promise.all(Array.from({ length: 6 }, () => app.inject(path)));
    const bodies = replies.map((reply) => reply.rawPayload);
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    for (const body of bodies) expect(Buffer.compare(body, bodies[0] ?? Buffer.alloc(0))).toBe(0);
    expect(stats.renders).toBe(1);
    await app.inject(path);
    expect(stats.renders).toBe(1);
    await Promise.all([app.inject(variant(url, 'webp', 480)), app.inject(variant(url, 'avif', 320))]);
    expect(stats.renders).toBe(3);
    await app.close();
  });
});

describe('[I13-images] rendering in bounded numbers', () => {
  it('[I13-images] renders at most renderConcurrency variants at a time, so a burst of new ones cannot take every core', async () => {
    const { app, stats, url } = await standalone(1);
    const paths = [160, 240, 320].flatMap((width) =>
      ['avif', 'webp'].map((format) => variant(url, format, width)),
    );
    const replies = await Promise.all(paths.map((path) => app.inject(path)));
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    expect(stats.renders).toBe(6);
    expect(stats.peakConcurrentRenders).toBe(1);
    await app.close();
  });
});

describe('[I13-images] variants through the whole app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    await seedDemo(t.db, t.app.deps.media);
  }, 60_000);
  afterAll(() => t.close());

  it('[I13-images] a demo product picture answers as AVIF at a tile width, and a bad width as the app’s 400', async () => {
    const picture = demoCatalogue().products?.[0]?.images[0] ?? '';
    const avif = await t.app.inject(variant(picture, 'avif', 320));
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    const meta = await sharp(avif.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([320, 384]);
    const bad = await t.app.inject(variant(picture, 'avif', 321));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.stringContaining('w'), code: 'INPUT_VALIDATION' });
  }, 30_000);
});
