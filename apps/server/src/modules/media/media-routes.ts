import { createHash } from 'node:crypto';
import { errorReplySchema } from '@quokka/contract/api/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { MEDIA_FOLDERS, MEDIA_KEY, type PictureSource } from './picture-source.ts';
import { ByteLruCache } from './raster-cache.ts';

// Serves the project's own pictures at /media/{folder}/{key}.{svg|png|jpg}: SVG as drawn, PNG and JPEG
// rendered from it with sharp, because picture messages (MMS) cannot carry SVG ([GIFT-01]). A key names
// fixed bytes (it carries a hash of the drawing), so replies may be cached for a year.

export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const STALE_CACHE_CONTROL = 'public, max-age=3600';

const FILE = /^([a-z0-9-]{1,200})\.(svg|png|jpe?g)$/;

const CONTENT_TYPES = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg' } as const;
type Format = keyof typeof CONTENT_TYPES;

// Checked by hand below rather than by the schema, so that every bad path answers the same 404.
const params = z.object({ folder: z.string(), file: z.string() });

/** The picture as SVG, PNG or JPEG (by the file's extension); 404 when there is none. */
// Sent as bytes (or SVG text): the schema documents, nothing is serialised.
const picture = z.custom<string | Buffer>().meta({ type: 'string', format: 'binary' });
const response = {
  200: {
    description: 'The picture, as the extension asks: SVG, PNG or JPEG.',
    content: {
      'image/svg+xml': { schema: picture },
      'image/png': { schema: picture },
      'image/jpeg': { schema: picture },
    },
  },
  304: z.null().describe('Not modified: the picture the client holds is current.'),
  404: errorReplySchema,
};

export interface MediaOptions {
  /** Where the pictures come from; a function is called on the first request (drawing takes a while). */
  source: PictureSource | (() => PictureSource);
  /** Upper bound of the memory kept for PNG/JPEG renderings. */
  rasterCacheBytes?: number;
}

export interface MediaStats {
  /** PNG/JPEG renderings done since start (a cached reply does not count). */
  renders: number;
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
  const stats: MediaStats = { renders: 0 };

  const notFound = (reply: FastifyReply, url: string) =>
    reply
      .status(404)
      .header('cache-control', 'no-store')
      .send({ message: `No picture at ${url}`, code: 'NOT_FOUND' as const });

  const render = (id: string, svg: string, format: Exclude<Format, 'svg'>): Promise<Buffer> => {
    const cached = rasters.get(id);
    if (cached) return Promise.resolve(cached);
    // Requests that arrive while a picture is being rendered wait for that one rendering.
    let pending = rendering.get(id);
    if (!pending) {
      const image = sharp(Buffer.from(svg));
      pending = (
        format === 'png' ? image.png() : image.flatten({ background: '#ffffff' }).jpeg({ quality: 88 })
      )
        .toBuffer()
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
      { schema: { tags: ['Media'], params, response } },
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

        const format: Format = match[2] === 'svg' ? 'svg' : match[2] === 'png' ? 'png' : 'jpg';
        let svgTag = etags.get(svgId);
        if (!svgTag) {
          svgTag = createHash('sha256').update(svg).digest('base64url').slice(0, 22);
          etags.set(svgId, svgTag);
        }
        // The rendering follows from the drawing, so its validator is known without rendering it.
        const etag = `"${svgTag}${format === 'svg' ? '' : `-${format}`}"`;
        reply.header('etag', etag).header('cache-control', stale ? STALE_CACHE_CONTROL : MEDIA_CACHE_CONTROL);
        const ifNoneMatch = request.headers['if-none-match'];
        if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
          return reply.status(304).send(null);
        }
        reply.type(CONTENT_TYPES[format]);
        if (format === 'svg') return reply.send(svg);
        return reply.send(await render(`${svgId}.${format}`, svg, format));
      },
    );

  return stats;
}
