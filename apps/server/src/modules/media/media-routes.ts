import { createHash } from 'node:crypto';
import { errorReplySchema } from '@quokka/contract/api/errors';
import { PICTURE_WIDTHS } from '@quokka/contract/media';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import { MEDIA_FOLDERS, MEDIA_KEY, type PictureSource } from './picture-source.ts';
import { ByteLruCache } from './raster-cache.ts';

// Serves the project's own pictures at /media/{folder}/{key}.{svg|png|jpg|webp|avif}[?w=width]: SVG as
// drawn; PNG, JPEG, WebP and AVIF rendered from it with sharp — PNG and JPEG because picture messages
// (MMS) cannot carry SVG ([GIFT-01]), WebP and AVIF at the widths a phone shows them (PICTURE_WIDTHS), so
// a tile costs a few kilobytes. The format is the extension, never negotiated from Accept, so a URL names
// one reply and nothing varies on request headers. A key carries a hash of the drawing, so a URL names
// fixed bytes and its reply may be cached for a year.

export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const STALE_CACHE_CONTROL = 'public, max-age=3600';

const FILE = /^([a-z0-9-]{1,200})\.(svg|png|jpe?g|webp|avif)$/;
/** A width as written in `?w=`: digits without a leading zero (one spelling per variant). */
const WIDTH = /^[1-9][0-9]{0,4}$/;

const CONTENT_TYPES = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
} as const;
type Format = keyof typeof CONTENT_TYPES;
type Raster = Exclude<Format, 'svg'>;

// Checked by hand below rather than by the schema, so that every bad path answers the same 404 and a bad
// width names the widths there are.
const params = z.object({ folder: z.string(), file: z.string() });
const querystring = z.object({
  w: z
    .unknown()
    .optional()
    .meta({ type: 'integer', enum: [...PICTURE_WIDTHS] })
    .describe('The width in pixels of a PNG, JPEG, WebP or AVIF variant; by default the drawing’s own.'),
});

/** The picture in the format the extension names; 404 when there is none. */
// Sent as bytes (or SVG text): the schema documents, nothing is serialised.
const picture = z.custom<string | Buffer>().meta({ type: 'string', format: 'binary' });
const response = {
  200: {
    description: 'The picture, as the extension asks: SVG, PNG, JPEG, WebP or AVIF.',
    content: Object.fromEntries(Object.values(CONTENT_TYPES).map((type) => [type, { schema: picture }])),
  },
  304: z.null().describe('Not modified: the picture the client holds is current.'),
  400: errorReplySchema,
  404: errorReplySchema,
};

export interface MediaOptions {
  /** Where the pictures come from; a function is called on the first request (drawing takes a while). */
  source: PictureSource | (() => PictureSource);
  /** Upper bound of the memory kept for raster renderings. */
  rasterCacheBytes?: number;
  /**
   * How many renderings may run at once (default 1): an AVIF takes 50–250 ms of CPU, and a burst of new
   * variants (a fresh server, a new catalogue) must leave the other core to the API and cached replies.
   */
  renderConcurrency?: number;
}

export interface MediaStats {
  /** Raster renderings done since start (a cached reply does not count). */
  renders: number;
  /** The most renderings that ran at the same time. */
  peakConcurrentRenders: number;
}

export async function registerMediaRoutes(app: FastifyInstance, options: MediaOptions): Promise<MediaStats> {
  // A source given as a function is asked on the first request, not while the server starts.
  let source: PictureSource | undefined;
  const pictures = () => {
    source ??= typeof options.source === 'function' ? options.source() : options.source;
    return source;
  };
  const rasters = new ByteLruCache(options.rasterCacheBytes ?? 64 * 1024 * 1024);
  const rendering = new Map<string, Promise<Buffer>>();
  const etags = new Map<string, string>();
  const stats: MediaStats = { renders: 0, peakConcurrentRenders: 0 };
  const concurrency = Math.max(1, options.renderConcurrency ?? 1);
  let running = 0;
  const waiting: (() => void)[] = [];
  /** Runs `work` when fewer than `concurrency` renderings are running; the others wait their turn. */
  const inTurn = async <T>(work: () => Promise<T>): Promise<T> => {
    // A finished rendering hands its place straight to the next in line, so none can slip in between.
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

  const notFound = (reply: FastifyReply, url: string) =>
    reply
      .status(404)
      .header('cache-control', 'no-store')
      .send({ message: `No picture at ${url}`, code: 'NOT_FOUND' as const });

  const badWidth = (reply: FastifyReply, message: string) =>
    reply
      .status(400)
      .header('cache-control', 'no-store')
      .send({ message, code: 'INPUT_VALIDATION' as const });

  const encode = (image: Sharp, format: Raster): Sharp => {
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

  const draw = async (svg: string, format: Raster, width: number | undefined): Promise<Buffer> => {
    const drawing = Buffer.from(svg);
    if (width === undefined) return encode(sharp(drawing), format).toBuffer();
    // Rasterise the vector drawing at (at least) the width asked for, so a large variant is drawn sharp
    // rather than scaled up, then scale to the exact width keeping the proportions.
    const own = (await sharp(drawing).metadata()).width || width;
    const density = 72 * Math.max(1, width / own);
    return encode(sharp(drawing, { density }).resize({ width }), format).toBuffer();
  };

  const render = (id: string, svg: string, format: Raster, width: number | undefined): Promise<Buffer> => {
    const cached = rasters.get(id);
    if (cached) return Promise.resolve(cached);
    // Requests that arrive while a picture is being rendered wait for that one rendering.
    let pending = rendering.get(id);
    if (!pending) {
      pending = inTurn(() => draw(svg, format, width))
        .then((buffer) => {
          stats.renders += 1;
          rasters.set(id, buffer);
          return buffer;
        })
        .finally(() => rendering.delete(id));
      rendering.set(id, pending);
    }
    return pending;
  };

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/media/:folder/:file',
      { schema: { tags: ['Media'], params, querystring, response } },
      async (request, reply) => {
        const { folder, file } = request.params;
        const url = `/media/${folder}/${file}`;
        const match = FILE.exec(file);
        const key = match?.[1];
        // Only known folders and keys of [a-z0-9-]: nothing in the path can point outside the picture set.
        if (
          !match ||
          !key ||
          !MEDIA_KEY.test(key) ||
          !(MEDIA_FOLDERS as readonly string[]).includes(folder)
        ) {
          return notFound(reply, url);
        }
        let svg = pictures().svg(folder, key);
        let svgId = `${folder}/${key}`;
        // An older URL of a drawing that has changed since (a database seeded by an earlier version):
        // today's drawing, cached for an hour only. Cached by its content, so made-up hashes cost nothing.
        const stale = svg === undefined;
        if (stale) {
          svg = pictures().current?.(folder, key);
          if (svg !== undefined) svgId = `${folder}/${createHash('sha256').update(svg).digest('hex')}`;
        }
        if (svg === undefined) return notFound(reply, url);

        const extension = match[2] === 'jpeg' ? 'jpg' : match[2];
        const format = (extension ?? 'svg') as Format;

        // [I13-images] Only the widths the web app's srcset names; any other value is the caller's mistake.
        const w = request.query.w;
        let width: number | undefined;
        if (w !== undefined) {
          if (format === 'svg') return badWidth(reply, `w: an SVG has no width to choose; ask for ${url}`);
          const asked = typeof w === 'string' && WIDTH.test(w) ? Number(w) : Number.NaN;
          if (!(PICTURE_WIDTHS as readonly number[]).includes(asked)) {
            return badWidth(reply, `w: the width must be one of ${PICTURE_WIDTHS.join(', ')}`);
          }
          width = asked;
        }
        let svgTag = etags.get(svgId);
        if (!svgTag) {
          svgTag = createHash('sha256').update(svg).digest('base64url').slice(0, 22);
          etags.set(svgId, svgTag);
        }
        // The rendering follows from the drawing, so its validator is known without rendering it.
        const etag = `"${svgTag}${format === 'svg' ? '' : `-${format}`}${width ? `-${width}` : ''}"`;
        reply.header('etag', etag).header('cache-control', stale ? STALE_CACHE_CONTROL : MEDIA_CACHE_CONTROL);
        const ifNoneMatch = request.headers['if-none-match'];
        if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
          return reply.status(304).send(null);
        }
        reply.type(CONTENT_TYPES[format]);
        if (format === 'svg') return reply.send(svg);
        return reply.send(await render(`${svgId}.${format}@${width ?? ''}`, svg, format, width));
      },
    );

  return stats;
}
