import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { FakeClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../db/database.ts';
import { aCategory, aSeller, aSimpleProduct, importTestCatalogue } from '../test/catalog-factory.ts';
import { scriptSafeJson } from './render-page.ts';

// [I13-ssr] The catalogue's first screens answer HTML that already shows them, with the data handed over.
// These run against the real build of the web app (built here when it is stale, like the e2e set-up).

const UNSAFE_NAME = 'Tee </script><script>alert(1)</script> & "Co" <!-- $& $$';

let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;

beforeAll(async () => {
  // @ts-expect-error: a plain .mjs module shared with `npm start`
  const { ensureWebBuild } = await import('../../../../scripts/build-web.mjs');
  ensureWebBuild({ quiet: true });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: '0', WORKER: '0' });
  const database = await openTestDatabase();
  await importTestCatalogue(database.db, {
    sellers: [aSeller({ seller_url: 'harbour-goods', name: 'Harbour <Goods>', description: 'Salt & rope.' })],
    categories: [aCategory('homewares')],
    products: [
      aSimpleProduct('SSR-1', { name: UNSAFE_NAME, price: 24.5, categories: ['homewares'] }),
      aSimpleProduct('SSR-2', { name: 'Plain Mug', price: 12, categories: ['homewares'] }),
    ],
  });
  app = await buildApp({ config, db: database.db, clock: new FakeClock() });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
  };
}, 120_000);

afterAll(async () => {
  await close?.();
});

async function page(url: string) {
  const reply = await app.inject({ method: 'GET', url });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toContain('text/html');
  return reply.body;
}

/** The handed-over data block, parsed as the browser parses it. */
function handedOver(html: string): unknown {
  const match = html.match(/<script type="application\/json" id="quokka-ssr-data">([\s\S]*?)<\/script>/);
  expect(match).not.toBeNull();
  return JSON.parse(match?.[1] ?? 'null');
}

function rootOf(html: string): string {
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
}

async function productIds(): Promise<Record<string, number>> {
  const reply = await app.inject({ method: 'GET', url: '/rest/default/V1/storefront/browseProducts?page=1' });
  const tiles: { id: number; sku: string }[] = reply.json().data;
  return Object.fromEntries(tiles.map((tile) => [tile.sku, tile.id]));
}

describe('[I13-ssr] server-rendered first screens', () => {
  it('/browse holds the tiles (name, price, picture), the runtime config and the escaped data', async () => {
    const html = await page('/browse');
    const root = rootOf(html);
    expect(root).toContain('Browse Products');
    expect(root).toContain('Plain Mug');
    expect(root).toContain('$12.00');
    expect(root).toContain('$24.50');
    expect(root).toContain('src="/media/products/ssr-2-1.png"');
    // React escaped the name in the markup.
    expect(root).toContain('Tee &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; ');
    // The runtime config is still written.
    expect(html).toMatch(/<meta name="quokka-config" content="\{&#34;storeName&#34;/);
    // Exactly one data block and no injected script: the name's '</script>' did not end it.
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script\b/g)?.length);
    expect(html).not.toContain('<script>alert(1)');
    const data = JSON.stringify(handedOver(html));
    expect(data).toContain(JSON.stringify(UNSAFE_NAME).slice(1, -1));
    expect(data).toContain('"queryKey":["catalog","browse"]');
    expect(data).toContain('"queryKey":["catalog","categories"]');
  });

  it('/browse sends the route script, its CSS and the first picture in the first reply', async () => {
    const html = await page('/browse');
    // [I13-ssr] Every boundary written in place: no inline script (the CSP allows none), nothing hidden.
    expect(html).not.toMatch(/<script(?![^>]*\b(src|type="application\/json")=?)[^>]*>/);
    expect(html).not.toContain('<div hidden id="S:');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/browse-page-[\w-]+\.js">/);
    // [I13-ssr] The first screen's CSS inline: the shell's and the route's, no render-blocking request.
    expect(head).not.toContain('rel="stylesheet"');
    expect(head).toMatch(/<style data-href="\/assets\/app-[\w-]+\.css">[^<]*\.app-header/);
    expect(head).toMatch(/<style data-href="\/assets\/product-list-[\w-]+\.css">[^<]*\.product-grid/);
    expect(head).toContain('<link rel="preload" as="image" href="/media/products/');
    // [I13-images] The same AVIF set and sizes the first tile's <picture> chooses from.
    expect(head).toMatch(
      /<link rel="preload" as="image" href="[^"]+" imagesrcset="[^"]+\.avif\?w=160 160w, [^"]+" imagesizes="\(min-width: 640px\) 220px, [^"]+" type="image\/avif" fetchpriority="high">/,
    );
  });

  it('[I13-compress] a server-rendered page is sent as brotli or gzip, as the browser asks', async () => {
    const plain = await page('/browse');
    for (const [coding, inflate] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const reply = await app.inject({ url: '/browse', headers: { 'accept-encoding': coding } });
      expect(reply.headers['content-encoding']).toBe(coding);
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
      expect(reply.rawPayload.length).toBeLessThan(plain.length / 3);
      const html = inflate(reply.rawPayload).toString('utf8');
      expect(html).toContain('<div id="root"><');
      expect(html).toContain('id="quokka-ssr-data"');
    }
  });

  it('/product/{id} holds the product name, price and picture, and hands the product over', async () => {
    const ids = await productIds();
    const html = await page(`/product/${ids['SSR-2']}`);
    const root = rootOf(html);
    expect(root).toContain('Plain Mug');
    expect(root).toContain('$12.00');
    expect(root).toContain('src="/media/products/ssr-2-1.png"');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/products/ssr-2-1.png" imagesrcset="/media/products/ssr-2-1.avif?w=320 320w, /media/products/ssr-2-1.avif?w=400 400w,',
    );
    expect(html).toContain(
      'imagesizes="(min-width: 720px) 688px, 100vw" type="image/avif" fetchpriority="high">',
    );
    expect(JSON.stringify(handedOver(html))).toContain(`"queryKey":["catalog","product",${ids['SSR-2']}]`);
  });

  it('/product/{id} of the unsafe name keeps it inert in markup and data', async () => {
    const ids = await productIds();
    const html = await page(`/product/${ids['SSR-1']}`);
    expect(rootOf(html)).toContain('Tee &lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- $&');
    expect(JSON.stringify(handedOver(html))).toContain(JSON.stringify(UNSAFE_NAME).slice(1, -1));
  });

  it('/category/{id} holds the category name and its tiles', async () => {
    const categories = await app.inject({ method: 'GET', url: '/rest/default/V1/storefront/categories' });
    const id: number = categories.json()[0].entity_id;
    const html = await page(`/category/${id}`);
    const root = rootOf(html);
    expect(root).toContain('Homewares');
    expect(root).toContain('Plain Mug');
    expect(root).toContain('$12.00');
    expect(JSON.stringify(handedOver(html))).toContain(`"queryKey":["catalog","category",${id}]`);
  });

  it('/sellerprofile/{url} holds the seller profile and its products', async () => {
    const html = await page('/sellerprofile/harbour-goods');
    const root = rootOf(html);
    expect(root).toContain('Harbour &lt;Goods&gt;');
    expect(root).toContain('Salt &amp; rope.');
    expect(root).toContain('Plain Mug');
    expect(html).toContain(
      'href="/media/sellers/harbour-goods-banner.png" imagesrcset="/media/sellers/harbour-goods-banner.avif?w=320 320w,',
    );
    expect(JSON.stringify(handedOver(html))).toContain('"seller-information","harbour-goods"');
  });

  it('an unknown seller, a malformed path or a bad id answers the page without failing', async () => {
    for (const url of ['/product/abc', '/category/0', '/browse/extra']) {
      const html = await page(url);
      expect(html, url).toContain('<div id="root"></div>');
    }
    // Fastify itself refuses a path that is not valid percent-encoding: a clear 400, never a 500.
    const broken = await app.inject({ method: 'GET', url: '/sellerprofile/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    const unknown = await page('/sellerprofile/%3C%2Fscript%3E%3Cscript%3Ealert(1)');
    expect(unknown).not.toContain('<script>alert(1)');
    expect(unknown.match(/<\/script>/g)?.length).toBe(unknown.match(/<script\b/g)?.length);
  });

  it('client-only screens (checkout, account, sign-in) stay client-rendered', async () => {
    for (const url of ['/checkout', '/account', '/signin', '/giftcard/edit/1']) {
      const html = await page(url);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('quokka-ssr-data');
    }
  });
});

describe('[I13-ssr] data in a script tag', () => {
  it('escapes everything that could end the tag or open a comment, and stays the same JSON', () => {
    const value = { name: '</script><!-- a & b \u2028 \u2029 >' };
    const safe = scriptSafeJson(JSON.stringify(value));
    expect(safe).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(value);
  });
});
