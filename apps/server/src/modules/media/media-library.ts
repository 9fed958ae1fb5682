import { createHash } from 'node:crypto';
import type { RasterFormat } from '@quokka/contract/media';
import { sql } from 'kysely';
import sharp, { type Sharp } from 'sharp';
import type { Db } from '../../db/database.ts';
import type { MediaStore } from './media-store.ts';
import { type CheckedPicture, checkPicture, type PictureLimits } from './picture-check.ts';
import { MEDIA_KEY } from './picture-source.ts';
import { ByteLruCache } from './raster-cache.ts';

// The pictures of the shop (docs/media.md): each kept once in the media store under a key made from a
// hash of its bytes, indexed by the `pictures` table (migration 0010). A picture is taken in either as a
// checked raster picture (picture-check.ts: an import's photo) or as one of the demo shop's own SVG
// drawings. Renditions (AVIF, WebP, JPEG and PNG at the widths of PICTURE_WIDTHS) are made with sharp on
// the first request for them, a limited number at a time, and put into the store next to the original,
// so each is made once; the most recent ones are also kept in memory.

export interface StoredPicture {
  key: string;
  /** The original's format: an SVG drawing, or a checked PNG or JPEG. */
  format: 'svg' | 'png' | 'jpg';
  width: number;
  height: number;
}

export interface MediaStats {
  /** Renditions made since start (one taken from the store or memory does not count). */
  renders: number;
  /** The most renditions that were made at the same time. */
  peakConcurrentRenders: number;
}

export interface MediaLibraryOptions {
  limits: PictureLimits;
  /** How many renditions may be made at once (default 1): an AVIF takes 50–250 ms of one core. */
  renderConcurrency?: number;
  /** Upper bound of the memory kept for renditions. */
  memoryCacheBytes?: number;
}

export const CONTENT_TYPES = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
} as const;

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The object names of a picture in the store. */
export const originalName = (picture: Pick<StoredPicture, 'key' | 'format'>) =>
  `${picture.key}/original.${picture.format}`;
export const renditionName = (key: string, format: RasterFormat, width: number | undefined) =>
  `${key}/${width ?? 'full'}.${format}`;

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;

export function createMediaLibrary(db: Db, store: MediaStore, options: MediaLibraryOptions) {
  const known = new Map<string, StoredPicture>();
  const memory = new ByteLruCache(options.memoryCacheBytes ?? 64 * 1024 * 1024);
  const making = new Map<string, Promise<Buffer>>();
  const stats: MediaStats = { renders: 0, peakConcurrentRenders: 0 };
  const concurrency = Math.max(1, options.renderConcurrency ?? 1);
  let running = 0;
  const waiting: (() => void)[] = [];
  /** Runs `work` when fewer than `concurrency` renditions are being made; the others wait their turn. */
  const inTurn = async <T>(work: () => Promise<T>): Promise<T> => {
    // A finished rendition hands its place straight to the next in line, so none can slip in between.
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    stats.peakConcurrentRenders = Math.max(stats.peakConcurrentRenders, running);
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };

  const remember = (picture: StoredPicture) => {
    // Keys name fixed bytes: what is known stays true until the picture is collected (forget()).
    if (known.size > 100_000) known.clear();
    known.set(picture.key, picture);
    return picture;
  };

  /** The picture under `key`, or undefined. */
  async function find(key: string): Promise<StoredPicture | undefined> {
    if (!MEDIA_KEY.test(key)) return undefined;
    const cached = known.get(key);
    if (cached) return cached;
    const row = await db
      .selectFrom('pictures')
      .select(['key', 'format', 'width', 'height'])
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? remember(row) : undefined;
  }

  /** The picture already taken in from `source` (a URL, or the hash of bytes as read); stored_at renewed. */
  async function findSource(source: string): Promise<StoredPicture | undefined> {
    const row = await db
      .selectFrom('picture_sources')
      .innerJoin('pictures', 'pictures.key', 'picture_sources.picture_key')
      .select(['pictures.key', 'pictures.format', 'pictures.width', 'pictures.height'])
      .where('picture_sources.source', '=', source)
      .executeTakeFirst();
    if (!row) return undefined;
    await db.updateTable('pictures').set({ stored_at: sql`now()` }).where('key', '=', row.key).execute();
    return remember(row);
  }

  /** Bytes first, then the row: a row never names bytes the store does not have. */
  async function keep(picture: StoredPicture, bytes: Buffer, sources: string[]): Promise<boolean> {
    await store.put(originalName(picture), bytes, CONTENT_TYPES[picture.format]);
    const row = await db
      .insertInto('pictures')
      .values({ ...picture, bytes: bytes.length })
      .onConflict((oc) => oc.column('key').doUpdateSet({ stored_at: sql`now()` }))
      // xmax is 0 on a row this statement inserted, not on one it updated.
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .executeTakeFirstOrThrow();
    await addSources(picture.key, sources);
    remember(picture);
    return row.inserted;
  }

  async function addSources(key: string, sources: string[]): Promise<void> {
    if (sources.length === 0) return;
    await db
      .insertInto('picture_sources')
      .values(sources.map((source) => ({ source, picture_key: key })))
      .onConflict((oc) => oc.column('source').doUpdateSet({ picture_key: key }))
      .execute();
  }

  /**
   * Checks a picture from outside (picture-check.ts) and keeps its clean copy; a picture with the same
   * bytes is kept once. `sources` are recorded so a later import finds it without reading it again: the
   * SHA-256 of the bytes as given is always one of them. Throws a PictureError when it is no picture.
   */
  // The same bytes taken in twice at once (one file under two spellings of its path) are checked and
  // stored once: the second waits for the first.
  const storing = new Map<string, Promise<{ picture: StoredPicture; created: boolean }>>();

  async function storePicture(
    bytes: Buffer,
    sources: string[] = [],
  ): Promise<{ picture: StoredPicture; created: boolean }> {
    const asGiven = `sha256:${sha256(bytes)}`;
    const pending = storing.get(asGiven);
    if (pending) {
      const { picture } = await pending;
      await addSources(picture.key, sources);
      return { picture, created: false };
    }
    const work = (async () => {
      const already = await findSource(asGiven);
      if (already) {
        await addSources(already.key, sources);
        return { picture: already, created: false };
      }
      const checked: CheckedPicture = await checkPicture(bytes, options.limits);
      const key = sha256(checked.bytes).slice(0, 32);
      const picture = { key, format: checked.format, width: checked.width, height: checked.height };
      return { picture, created: await keep(picture, checked.bytes, [asGiven, ...sources]) };
    })().finally(() => storing.delete(asGiven));
    storing.set(asGiven, work);
    return work;
  }

  /**
   * Keeps one of the demo shop's own drawings (trusted: made by our code, never from an import) under
   * `key`, which names it by a hash of its text (demo/picture-library.ts). An SVG is kept as it is drawn,
   * so every rendition is drawn sharp from the vector at its own width.
   */
  async function storeDrawings(drawings: { key: string; svg: string }[]): Promise<number> {
    const keys = drawings.map((drawing) => drawing.key);
    const present = new Set<string>();
    for (let start = 0; start < keys.length; start += 1000) {
      const rows = await db
        .selectFrom('pictures')
        .select('key')
        .where('key', 'in', keys.slice(start, start + 1000))
        .execute();
      for (const row of rows) present.add(row.key);
    }
    const missing = drawings.filter((drawing) => !present.has(drawing.key));
    const rows: (StoredPicture & { bytes: number })[] = missing.map((drawing) => ({
      key: drawing.key,
      format: 'svg',
      ...svgSize(drawing.svg),
      bytes: Buffer.byteLength(drawing.svg),
    }));
    // Written 16 at a time: a file or an S3 request each, mostly waiting.
    for (let start = 0; start < missing.length; start += 16) {
      await Promise.all(
        missing
          .slice(start, start + 16)
          .map((drawing) =>
            store.put(
              originalName({ key: drawing.key, format: 'svg' }),
              Buffer.from(drawing.svg),
              CONTENT_TYPES.svg,
            ),
          ),
      );
    }
    for (let start = 0; start < rows.length; start += 500) {
      await db
        .insertInto('pictures')
        .values(rows.slice(start, start + 500))
        .onConflict((oc) => oc.column('key').doUpdateSet({ stored_at: sql`now()` }))
        .execute();
    }
    if (present.size > 0) {
      await db
        .updateTable('pictures')
        .set({ stored_at: sql`now()` })
        .where('key', 'in', [...present])
        .execute();
    }
    return rows.length;
  }

  /** The original's bytes (an SVG's text), or undefined when the store has lost them. */
  async function original(picture: StoredPicture): Promise<Buffer | undefined> {
    return store.get(originalName(picture));
  }

  const encode = (image: Sharp, format: RasterFormat): Sharp => {
    switch (format) {
      case 'png':
        return image.png();
      case 'jpg':
        return image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
      case 'webp':
        return image.webp({ quality: 78 });
      case 'avif':
        // effort 2 of 9: a tenth of the default's time for a few percent more bytes.
        return image.avif({ quality: 55, effort: 2 });
    }
  };

  const draw = async (
    picture: StoredPicture,
    source: Buffer,
    format: RasterFormat,
    width: number | undefined,
  ): Promise<Buffer> => {
    if (picture.format !== 'svg') {
      // Never wider than the original: a srcset's width descriptor lets the browser scale it up.
      const image = sharp(source);
      return encode(width ? image.resize({ width, withoutEnlargement: true }) : image, format).toBuffer();
    }
    if (width === undefined) return encode(sharp(source), format).toBuffer();
    // Rasterise the vector drawing at (at least) the width asked for, so a large rendition is drawn
    // sharp rather than scaled up, then scale to the exact width keeping the proportions.
    const density = 72 * Math.max(1, width / (picture.width || width));
    return encode(sharp(source, { density }).resize({ width }), format).toBuffer();
  };

  /**
   * A rendition of the picture: from memory, else from the store, else made now (in turn) and kept in
   * both. The original itself when it is asked for in its own format at its own size.
   */
  async function rendition(
    picture: StoredPicture,
    format: RasterFormat,
    width: number | undefined,
  ): Promise<Buffer | undefined> {
    const name = renditionName(picture.key, format, width);
    const cached = memory.get(name);
    if (cached) return cached;
    // Requests that arrive while a rendition is being made wait for that one.
    let pending = making.get(name);
    if (!pending) {
      pending = (async () => {
        if (width === undefined && format === picture.format) {
          const bytes = await original(picture);
          if (!bytes) throw new MissingPicture(picture.key);
          return bytes;
        }
        const kept = await store.get(name);
        if (kept) return kept;
        const source = await original(picture);
        if (!source) throw new MissingPicture(picture.key);
        const made = await inTurn(() => draw(picture, source, format, width));
        stats.renders += 1;
        await store.put(name, made, CONTENT_TYPES[format]);
        return made;
      })()
        .then((buffer) => {
          memory.set(name, buffer);
          return buffer;
        })
        .finally(() => making.delete(name));
      making.set(name, pending);
    }
    try {
      return await pending;
    } catch (error) {
      if (error instanceof MissingPicture) return undefined;
      throw error;
    }
  }

  /** Deletes pictures (their rows, sources, original and renditions) and forgets them. */
  async function remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      // The row first: from then on nothing hands out its URL, then its objects go.
      await db.deleteFrom('pictures').where('key', '=', key).execute();
      known.delete(key);
      const names = await store.list(`${key}/`);
      await store.delete(names);
      for (const name of names) memory.delete(name);
    }
  }

  return {
    store,
    stats,
    find,
    findSource,
    addSources,
    storePicture,
    storeDrawings,
    original,
    rendition,
    remove,
  };
}

class MissingPicture extends Error {
  constructor(key: string) {
    super(`the media store has no original of picture ${key}`);
  }
}

/** The size an SVG declares (width/height, else its viewBox); 0 × 0 when it declares none. */
function svgSize(svg: string): { width: number; height: number } {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attribute = (name: string) => Number(new RegExp(`\\s${name}="([0-9.]+)"`).exec(tag)?.[1] ?? 0);
  let width = attribute('width');
  let height = attribute('height');
  if (!width || !height) {
    const box = /viewBox="[0-9.-]+\s+[0-9.-]+\s+([0-9.]+)\s+([0-9.]+)"/.exec(tag);
    width = Number(box?.[1] ?? 0);
    height = Number(box?.[2] ?? 0);
  }
  return { width: Math.round(width), height: Math.round(height) };
}

// [DATA-27, PDP-03, PDP-16, ROUTE-11, GIFT-01] Where the catalogue and the orders name pictures: a
// picture none of these names is no longer used. Every table that stores a /media path is listed here;
// a new one must be added, or its pictures will be collected under it.
const MEDIA_KEY_OF = String.raw`^/media/[a-z]+/([a-z0-9-]+)\.[a-z]+`;
const referencedKeys = sql<{ key: string }>`
  select substring(logo_url from ${MEDIA_KEY_OF}) as key from sellers
  union select substring(banner_url from ${MEDIA_KEY_OF}) from sellers
  union select substring(url from ${MEDIA_KEY_OF}) from product_images
  union select substring(tabs->>'sizing_chart_url' from ${MEDIA_KEY_OF}) from products
  union select substring(image_url from ${MEDIA_KEY_OF}) from mms_templates
  union select substring(mms_template_url from ${MEDIA_KEY_OF}) from gift_card_details`;

/**
 * Collects pictures no table names any more (docs/media.md "Collection"): deleting a product deletes
 * none of its pictures, and one another product, seller or gift card still names is never collected.
 * Pictures taken in after `storedBefore` are left alone, so an import that has stored its pictures but
 * not yet written its catalogue keeps them. Answers the keys deleted.
 */
export async function collectUnusedPictures(
  db: Db,
  library: Pick<MediaLibrary, 'remove'>,
  storedBefore: Date,
): Promise<string[]> {
  const { rows } = await sql<{ key: string }>`
    select p.key from pictures p
    where p.stored_at < ${storedBefore}
      and not exists (select 1 from (${referencedKeys}) used where used.key = p.key)
    order by p.key`.execute(db);
  const keys = rows.map((row) => row.key);
  await library.remove(keys);
  return keys;
}

/** Collection's rhythm: a minute after start, then every 6 hours; pictures taken in the last hour are spared. */
export const COLLECTION = { firstAfterMs: 60_000, everyMs: 6 * 3600_000, graceMs: 3600_000 } as const;

/**
 * Runs collectUnusedPictures in the server process (server.ts) on COLLECTION's rhythm; the timer does not
 * keep the process alive. Answers the function that stops it.
 */
export function startPictureCollection(
  db: Db,
  library: Pick<MediaLibrary, 'remove'>,
  log: { info(message: string): void; warn(message: string): void },
  now: () => Date = () => new Date(),
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    try {
      const deleted = await collectUnusedPictures(
        db,
        library,
        new Date(now().getTime() - COLLECTION.graceMs),
      );
      if (deleted.length > 0) log.info(`media: collected ${deleted.length} pictures no longer used`);
    } catch (error) {
      log.warn(
        `media: collecting unused pictures failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (!stopped) schedule(COLLECTION.everyMs);
  };
  const schedule = (ms: number) => {
    timer = setTimeout(() => void run(), ms);
    timer.unref();
  };
  schedule(COLLECTION.firstAfterMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
