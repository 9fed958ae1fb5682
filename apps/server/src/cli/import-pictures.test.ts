import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePicture } from '../modules/media/test-pictures.ts';
import { aCatalogue, aSeller, aSimpleProduct } from '../test/catalog-factory.ts';
import { runImport, withCliDatabase } from './import-command.ts';

// `npm run cli -- import` takes the file's pictures into the media store (DATA_DIR/media by default)
// before it writes the catalogue, counting them on the progress line; a planted bad picture stops the
// import with its place in the file named, and nothing is written.

const EXAMPLE = fileURLToPath(new URL('../../../../docs/catalogue-example.json', import.meta.url));

describe('npm run cli -- import, with pictures', () => {
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'quokka-import-pictures-'));
    process.env.DATA_DIR = join(dir, 'data');
    process.env.DATABASE_URL = '';
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  async function output(args: string[]): Promise<string> {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await runImport(args);
      return write.mock.calls.map(([chunk]) => String(chunk)).join('');
    } finally {
      write.mockRestore();
    }
  }

  const productCount = () =>
    withCliDatabase(
      async (db) =>
        (await sql<{ n: number }>`select count(*)::int as n from products`.execute(db)).rows[0]?.n,
    );

  it('stores the example’s 21 pictures in DATA_DIR/media (0600 files), counted as it goes; again stores none', async () => {
    const first = await output([EXAMPLE]);
    expect(first).toContain('pictures: 0/21 pictures\n');
    expect(first).toContain('pictures: 21/21 pictures\n');
    const media = join(dir, 'data', 'media');
    const folders = readdirSync(media);
    expect(folders).toHaveLength(21);
    for (const folder of folders) {
      const [original] = readdirSync(join(media, folder));
      expect(original).toMatch(/^original\.(jpg|png)$/);
      expect(statSync(join(media, folder, original ?? '')).mode & 0o777).toBe(0o600);
    }
    const modified = folders.map((folder) => statSync(join(media, folder)).mtimeMs);
    const second = await output([EXAMPLE]);
    expect(second).toContain('pictures: 21/21 pictures\n');
    expect(readdirSync(media)).toEqual(folders);
    expect(folders.map((folder) => statSync(join(media, folder)).mtimeMs)).toEqual(modified);
  }, 120_000);

  it('stops at a planted bad picture, naming where it is, and writes nothing', async () => {
    const before = await productCount();
    const files = mkdtempSync(join(dir, 'shop-'));
    writeFileSync(join(files, 'good.jpg'), await makePicture('jpeg', { hue: '#336633' }));
    const whole = await makePicture('jpeg', { hue: '#663333' });
    writeFileSync(join(files, 'broken.jpg'), whole.subarray(0, whole.length / 2));
    const file = join(files, 'shop.json');
    writeFileSync(
      file,
      JSON.stringify(
        aCatalogue({
          sellers: [aSeller({ seller_url: 'planted', logo_url: 'good.jpg', banner_url: 'good.jpg' })],
          products: [aSimpleProduct('PLANTED', { seller: 'planted', images: ['good.jpg', 'broken.jpg'] })],
        }),
      ),
    );
    await expect(output([file])).rejects.toThrow(
      /products\[0\]\.images\[1\]: "broken\.jpg" cannot be read as a JPEG picture/,
    );
    expect(await productCount()).toBe(before);
    // The good picture stored on the way went again: the store holds the example's 21 only.
    expect(readdirSync(join(dir, 'data', 'media'))).toHaveLength(21);
  }, 120_000);
});
