import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aCatalogue, aSeller, aSimpleProduct } from '../../test/catalog-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CatalogueImportError, importCatalogue, parseCatalogueFile } from '../catalog/catalog-importer.ts';
import type { CatalogueFileInput } from '../catalog/import-format.ts';
import { pictureReferences, storeCataloguePictures } from './catalogue-pictures.ts';
import { isInternalAddress } from './fetch-picture.ts';
import { createMediaLibrary, type MediaLibrary } from './media-library.ts';
import { MemoryMediaStore } from './media-store.ts';
import { makePicture } from './test-pictures.ts';

// Pictures in imports (docs/catalogue-import.md "Pictures"): a path relative to the file, a data: URL,
// an http(s) URL or a /media path; each distinct picture stored once, a re-import storing and fetching
// nothing again, and a picture that cannot be read stopping the import with its place in the file.

const DOCS = join(dirname(fileURLToPath(import.meta.url)), '../../../../../docs');

/** A media store that counts what is written to it: the real memory store, with a tally. */
class CountingStore extends MemoryMediaStore {
  puts = 0;
  override async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    this.puts += 1;
    await super.put(name, bytes, contentType);
  }
}

let t: TestApp;
let dir: string;
let server: Server;
let base: string;
let hits = 0;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', MEDIA_FETCH_HOSTS: '127.0.0.1' });
  dir = mkdtempSync(join(tmpdir(), 'quokka-import-pictures-'));
  const served = await makePicture('avif', { width: 400, height: 480, hue: '#884400' });
  server = createServer((request, response) => {
    hits += 1;
    if (request.url === '/cdn/photo.avif') return response.writeHead(200).end(served);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});
beforeEach(async () => {
  // Sellers by DELETE: a TRUNCATE … CASCADE would reach the staff audit log, which refuses it.
  await sql`truncate products, categories, option_values, pictures, picture_sources cascade`.execute(t.db);
  await sql`delete from sellers`.execute(t.db);
});

const parsed = (input: CatalogueFileInput) => {
  const file = parseCatalogueFile(input);
  return { file, pictureLocations: pictureReferences(file), warnings: [] };
};
/** The test server on 127.0.0.1 counts as public; every other internal address stays blocked. */
const fetch = { isBlocked: (address: string) => address !== '127.0.0.1' && isInternalAddress(address) };

async function writePicture(name: string, bytes: Promise<Buffer> | Buffer) {
  writeFileSync(join(dir, name), await bytes);
  return name;
}

async function importWith(media: MediaLibrary, input: CatalogueFileInput) {
  const file = await storeCataloguePictures(t.db, t.config, parsed(input), {
    baseDir: dir,
    library: media,
    fetch,
  });
  await importCatalogue(t.db, file);
  return file;
}

const count = async (table: 'pictures' | 'products' | 'sellers') =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.db)).rows[0]?.n;

describe('pictures in an import', () => {
  it('[DATA-27, PDP-03, ROUTE-11, PDP-16, GIFT-01] imports docs/catalogue-example.json and serves every one of its pictures, the MMS templates too', async () => {
    const input = JSON.parse(
      readFileSync(join(DOCS, 'catalogue-example.json'), 'utf8'),
    ) as CatalogueFileInput;
    const progress: [number, number][] = [];
    const file = await storeCataloguePictures(t.db, t.config, parsed(input), {
      baseDir: DOCS,
      library: t.app.deps.media,
      onProgress: (done, total) => progress.push([done, total]),
    });
    await importCatalogue(t.db, file);
    expect(progress.at(-1)).toEqual([21, 21]);
    const { rows } = await sql<{ url: string }>`
      select logo_url as url from sellers union select banner_url from sellers
      union select url from product_images union select image_url from mms_templates
      union select tabs->>'sizing_chart_url' from products where tabs->>'sizing_chart_url' is not null`.execute(
      t.db,
    );
    expect(rows.length).toBe(21);
    for (const { url } of rows) {
      expect(url).toMatch(
        /^\/media\/(products|sellers|giftcards|templates|charts)\/[0-9a-f]{32}\.(jpg|png)$/,
      );
      const reply = await t.app.inject(url);
      expect(reply.statusCode, url).toBe(200);
      expect(['image/jpeg', 'image/png'], url).toContain(reply.headers['content-type']);
      const tile = await t.app.inject(`${url.replace(/\.(jpg|png)$/, '.avif')}?w=320`);
      expect(tile.statusCode, url).toBe(200);
    }
    // What a shopper's phone asks for: the templates the gift card offers, as the API hands them out.
    const product = await t.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', 'SSC-GIFT')
      .executeTakeFirstOrThrow();
    const templates = await t.app.inject(
      `/rest/default/V1/storefront/getgiftcardmmstemplates?product_id=${product.id}`,
    );
    const urls = templates
      .json<{ data: { mms_template_url: string }[] }>()
      .data.map((row) => row.mms_template_url);
    expect(urls).toHaveLength(3);
    for (const url of urls) {
      const reply = await t.app.inject(url);
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['content-type']).toBe('image/jpeg');
    }
  }, 60_000);

  it('stores each distinct picture once, and a re-import stores nothing and fetches no URL again', async () => {
    const store = new CountingStore();
    const media = createMediaLibrary(t.db, store, { limits: { maxBytes: 1e7, maxPixels: 1e8 } });
    const logo = await writePicture('logo.png', makePicture('png', { alpha: true, width: 240, height: 240 }));
    const photo = await writePicture('tee.jpg', makePicture('jpeg', { hue: '#224466' }));
    const dataUrl = `data:image/webp;base64,${(await makePicture('webp', { hue: '#aa2266' })).toString('base64')}`;
    const input = aCatalogue({
      sellers: [aSeller({ logo_url: logo, banner_url: `./${photo}` })],
      products: [
        aSimpleProduct('TEE', { images: [photo, dataUrl, `${base}/cdn/photo.avif`, photo] }),
        aSimpleProduct('TEE-2', { images: [dataUrl, `../${basename(dir)}/${photo}`] }),
      ],
    });
    const file = await importWith(media, input);
    // Four distinct pictures: the same bytes under three spellings of a path are one picture.
    expect(await count('pictures')).toBe(4);
    expect(store.puts).toBe(4);
    expect(hits).toBe(1);
    const tee = file.products[0];
    expect(tee?.images[0]).toBe(tee?.images[3]);
    expect(file.sellers[0]?.banner_url).toBe(tee?.images[0]?.replace('/products/', '/sellers/'));
    expect(file.sellers[0]?.logo_url).toMatch(/^\/media\/sellers\/[0-9a-f]{32}\.png$/);

    const again = await importWith(media, input);
    expect(again).toEqual(file);
    expect(store.puts).toBe(4);
    expect(hits).toBe(1);
    expect(await count('pictures')).toBe(4);
    // An import that names the /media paths themselves keeps them as they are.
    expect(await importWith(media, parseCatalogueFile(file))).toEqual(file);
    expect(store.puts).toBe(4);
  });

  it('stops at a picture that cannot be read, naming where it is, and writes nothing (pictures included)', async () => {
    const good = await writePicture('good.jpg', makePicture('jpeg', { hue: '#117711' }));
    const whole = await makePicture('jpeg', { hue: '#771111' });
    const truncated = await writePicture('truncated.jpg', whole.subarray(0, whole.length / 2));
    const text = await writePicture('notes.jpg', Buffer.from('Photos to follow\n'));
    const svg = await writePicture(
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/x")</script></svg>'),
    );
    const store = new CountingStore();
    const media = createMediaLibrary(t.db, store, { limits: { maxBytes: 1e7, maxPixels: 1e8 } });
    const input = aCatalogue({
      sellers: [aSeller({ logo_url: svg, banner_url: good })],
      products: [
        aSimpleProduct('A', { images: [good, truncated] }),
        aSimpleProduct('B', { images: [text, 'missing/photo.jpg'] }),
        aSimpleProduct('C', {
          images: ['http://169.254.169.254/latest/meta-data/photo.jpg', 'https://cdn.example.org/a.jpg'],
        }),
        aSimpleProduct('D', { images: ['/media/products/0123456789abcdef0123456789abcdef.jpg'] }),
      ],
    });
    const error = await importWith(media, input).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CatalogueImportError);
    const problems = (error as CatalogueImportError).problems;
    expect(problems).toEqual([
      expect.stringMatching(/^sellers\[0\]\.logo_url: "logo\.svg" is an SVG drawing: SVG is not taken in/),
      expect.stringMatching(/^products\[0\]\.images\[1\]: "truncated\.jpg" cannot be read as a JPEG picture/),
      expect.stringMatching(/^products\[1\]\.images\[0\]: "notes\.jpg" is not a picture/),
      expect.stringMatching(
        /^products\[1\]\.images\[1\]: "missing\/photo\.jpg" cannot be read: there is no file/,
      ),
      expect.stringMatching(
        /^products\[2\]\.images\[0\]: "http:\/\/169\.254\.169\.254\/latest\/meta-data\/photo\.jpg" is on 169\.254\.169\.254, which MEDIA_FETCH_HOSTS does not allow/,
      ),
      expect.stringMatching(
        /^products\[2\]\.images\[1\]: ".*" is on cdn\.example\.org, which MEDIA_FETCH_HOSTS does not allow/,
      ),
      expect.stringMatching(/^products\[3\]\.images\[0\]: ".*" is not a picture the media store holds/),
    ]);
    // Nothing written: no catalogue rows, and the one good picture stored on the way is gone again.
    expect(await count('products')).toBe(0);
    expect(await count('sellers')).toBe(0);
    expect(await count('pictures')).toBe(0);
    expect(await store.list('')).toEqual([]);
  });

  it('never fetches from a private address, even from an allowed host', async () => {
    const media = createMediaLibrary(t.db, new MemoryMediaStore(), {
      limits: { maxBytes: 1e7, maxPixels: 1e8 },
    });
    const input = aCatalogue({
      sellers: [aSeller({ logo_url: `${base}/cdn/photo.avif`, banner_url: `${base}/cdn/photo.avif` })],
    });
    // Without the test's exception, 127.0.0.1 is what it is: a loopback address.
    const error = await storeCataloguePictures(t.db, t.config, parsed(input), {
      baseDir: dir,
      library: media,
    }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((error as CatalogueImportError).problems).toEqual([
      expect.stringMatching(
        /^sellers\[0\]\.logo_url: .* is on a private or internal address \(127\.0\.0\.1\)/,
      ),
    ]);
  });

  it('reads a data: URL, base64 or not, and refuses one that is no picture', async () => {
    const media = createMediaLibrary(t.db, new MemoryMediaStore(), {
      limits: { maxBytes: 1e7, maxPixels: 1e8 },
    });
    const png = await makePicture('png', { width: 50, height: 60 });
    const file = await storeCataloguePictures(
      t.db,
      t.config,
      parsed(
        aCatalogue({
          sellers: [
            aSeller({
              logo_url: `data:image/png;base64,${png.toString('base64')}`,
              banner_url: `data:image/png;base64,${png.toString('base64')}`,
            }),
          ],
        }),
      ),
      { baseDir: dir, library: media },
    );
    const stored = await media.find(file.sellers[0]?.logo_url.match(/([0-9a-f]{32})/)?.[1] ?? '');
    expect([stored?.width, stored?.height]).toEqual([50, 60]);
    const bad = await storeCataloguePictures(
      t.db,
      t.config,
      parsed(
        aCatalogue({
          sellers: [aSeller({ logo_url: 'data:text/plain,hello', banner_url: 'data:image/png;base64,@@@' })],
        }),
      ),
      { baseDir: dir, library: media },
    ).then(
      () => [],
      (caught: unknown) => (caught as CatalogueImportError).problems,
    );
    expect(bad).toEqual([
      expect.stringMatching(/^sellers\[0\]\.logo_url: "data:text\/plain,hello" is not a picture/),
      expect.stringMatching(/^sellers\[0\]\.banner_url: .* is not valid base64 data/),
    ]);
  });

  it('keeps the picture’s pixels: what /media answers is the picture imported, upright and without its metadata', async () => {
    const photo = await writePicture(
      'wide.jpg',
      makePicture('jpeg', { width: 900, height: 300, hue: '#0044aa' }),
    );
    const file = await importWith(
      t.app.deps.media,
      aCatalogue({ sellers: [aSeller({ logo_url: photo, banner_url: photo })] }),
    );
    const reply = await t.app.inject(file.sellers[0]?.banner_url ?? '');
    const meta = await sharp(reply.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([900, 300, undefined]);
  });
});
