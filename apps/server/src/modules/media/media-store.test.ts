import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../db/database.ts';
import { createMediaLibrary } from './media-library.ts';
import { FsMediaStore, type MediaStore, MemoryMediaStore } from './media-store.ts';
import { S3MediaStore } from './s3-media-store.ts';
import { makePicture } from './test-pictures.ts';

// One contract, three stores: the filesystem (DATA_DIR/media), S3-compatible object storage (against a
// real S3 server speaking the S3 protocol over HTTP: s3rver, started here), and memory (test apps).

function contract(name: string, make: () => Promise<MediaStore>) {
  describe(`the ${name} media store`, () => {
    let store: MediaStore;
    beforeAll(async () => {
      store = await make();
    });

    it('keeps bytes under a name, answers undefined for a name it does not have', async () => {
      const bytes = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3, 0, 255]);
      expect(await store.get('abc123/original.jpg')).toBeUndefined();
      await store.put('abc123/original.jpg', bytes, 'image/jpeg');
      expect(Buffer.compare((await store.get('abc123/original.jpg')) ?? Buffer.alloc(0), bytes)).toBe(0);
      // Writing again replaces the object whole.
      await store.put('abc123/original.jpg', Buffer.from('second'), 'image/jpeg');
      expect((await store.get('abc123/original.jpg'))?.toString()).toBe('second');
    });

    it('lists by prefix and deletes, a missing name being no error', async () => {
      await store.put('key-one/original.png', Buffer.from('1'), 'image/png');
      await store.put('key-one/320.avif', Buffer.from('2'), 'image/avif');
      await store.put('key-two/original.png', Buffer.from('3'), 'image/png');
      expect(await store.list('key-one/')).toEqual(['key-one/320.avif', 'key-one/original.png']);
      await store.delete(['key-one/320.avif', 'key-one/original.png', 'key-one/never.webp']);
      expect(await store.list('key-one/')).toEqual([]);
      expect(await store.get('key-two/original.png')).toBeDefined();
      expect(await store.list('')).toContain('key-two/original.png');
    });

    it('refuses names that are not a key and a file name (no way out of the store)', async () => {
      for (const bad of ['../etc/passwd', 'a/../../b', '/abs/x', 'Key/original.jpg', 'only-a-key']) {
        await expect(store.get(bad), bad).rejects.toThrow(/not a media object name/);
        await expect(store.put(bad, Buffer.from('x'), 'text/plain'), bad).rejects.toThrow();
      }
    });

    it('holds a stored picture and its renditions for the media library', async () => {
      const database = await openTestDatabase();
      try {
        const library = createMediaLibrary(database.db, store, { limits: { maxBytes: 1e7, maxPixels: 1e8 } });
        const { picture } = await library.storePicture(
          await makePicture('webp', { width: 500, height: 600 }),
        );
        expect(await store.list(`${picture.key}/`)).toEqual([`${picture.key}/original.jpg`]);
        const avif = await library.rendition(picture, 'avif', 320);
        expect(avif?.subarray(4, 12).toString('latin1')).toBe('ftypavif');
        expect(await store.list(`${picture.key}/`)).toEqual([
          `${picture.key}/320.avif`,
          `${picture.key}/original.jpg`,
        ]);
        await library.remove([picture.key]);
        expect(await store.list(`${picture.key}/`)).toEqual([]);
      } finally {
        await database.close();
      }
    }, 30_000);
  });
}

contract('memory', async () => new MemoryMediaStore());

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

contract('filesystem', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quokka-media-'));
  temporary.push(dir);
  return new FsMediaStore(join(dir, 'media'));
});

describe('the filesystem media store on disk', () => {
  it('keeps folders 0700 and files 0600, like the rest of DATA_DIR, and leaves no temporary files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quokka-media-'));
    temporary.push(dir);
    const store = new FsMediaStore(join(dir, 'media'));
    const previous = process.umask(0o022);
    try {
      await store.put('cafe01/original.jpg', Buffer.from('x'), 'image/jpeg');
    } finally {
      process.umask(previous);
    }
    expect(statSync(join(dir, 'media')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'media', 'cafe01')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'media', 'cafe01', 'original.jpg')).mode & 0o777).toBe(0o600);
    expect(await store.list('')).toEqual(['cafe01/original.jpg']);
    // A picture's folder goes with its last object.
    await store.delete(['cafe01/original.jpg']);
    expect(() => statSync(join(dir, 'media', 'cafe01'))).toThrow();
  });
});

describe('S3-compatible object storage', () => {
  let server: S3rver;
  let endpoint: string;
  const stores: S3MediaStore[] = [];
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quokka-s3-'));
    temporary.push(dir);
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'shop-media', configs: [] }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    for (const store of stores) store.destroy();
    await server.close();
  });

  const s3 = (prefix?: string) => {
    const store = new S3MediaStore({
      endpoint,
      region: 'us-east-1',
      bucket: 'shop-media',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix,
    });
    stores.push(store);
    return store;
  };

  contract('S3', async () => s3());

  it('keeps objects under MEDIA_S3_PREFIX, so one bucket can hold more than the pictures', async () => {
    const shop = s3('shop/pictures/');
    await shop.put('beef02/original.png', Buffer.from('p'), 'image/png');
    expect(await shop.list('beef02/')).toEqual(['beef02/original.png']);
    expect(await s3().list('beef02/')).toEqual([]);
    expect(await s3().get('beef02/original.png')).toBeUndefined();
  });

  it('answers the server’s error when the bucket does not exist', async () => {
    const wrong = new S3MediaStore({
      endpoint,
      region: 'us-east-1',
      bucket: 'no-such-bucket',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    stores.push(wrong);
    await expect(wrong.put('abc/original.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/bucket/i);
  });
});
