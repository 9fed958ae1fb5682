import { errorReplySchema } from '@quokka/contract/api/errors';
import { PICTURE_WIDTHS, type RasterFormat } from '@quokka/contract/media';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_TYPES, type MediaLibrary, type MediaStats } from './media-library.ts';
import { MEDIA_FOLDERS, MEDIA_KEY } from './picture-source.ts';

export type { MediaStats } from './media-library.ts';

// Serves the shop's pictures from the media store (media-library.ts) at
// /media/{folder}/{key}.{svg|png|jpg|webp|avif}[?w=width]: the original (a checked photo as PNG or JPEG,
// or a demo drawing as SVG) and its renditions — PNG and JPEG because picture messages (MMS) cannot carry
// SVG ([GIFT-01]), WebP and AVIF at the widths a phone shows them (PICTURE_WIDTHS), so a tile costs a few
// kilobytes. The format is the extension, never negotiated from Accept, so a URL names one reply and
// nothing varies on request headers. A key is a hash of the picture, so a URL names fixed bytes and its
// reply may be cached for a year (immutable). The folder says what the picture is for; any of the
// folders serves any key.

export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const FILE = /^([a-z0-9-]{1,200})\.(svg|png|jpe?g|webp|avif)$/;
/** A width as written in `?w=`: digits without a leading zero (one spelling per variant). */
const WIDTH = /^[1-9][0-9]{0,4}$/;

type Format = keyof typeof CONTENT_TYPES;

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
  /** The shop's pictures: the media store and its index (media-library.ts). */
  library: MediaLibrary;
}

export async function registerMediaRoutes(app: FastifyInstance, options: MediaOptions): Promise<MediaStats> {
  const { library } = options;

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
        const picture = await library.find(key);
        if (!picture) return notFound(reply, url);
        const extension = match[2] === 'jpeg' ? 'jpg' : match[2];
        const format = (extension ?? 'svg') as Format;
        // A photo has no SVG; only the demo shop's drawings do.
        if (format === 'svg' && picture.format !== 'svg') return notFound(reply, url);

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
        // The key is a hash of the picture, so the rendition follows from the URL: its validator is
        // known without reading or making it.
        const etag = `"${picture.key}${format === 'svg' ? '' : `-${format}`}${width ? `-${width}` : ''}"`;
        const ifNoneMatch = request.headers['if-none-match'];
        if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
          return reply
            .status(304)
            .header('etag', etag)
            .header('cache-control', MEDIA_CACHE_CONTROL)
            .send(null);
        }
        const bytes =
          format === 'svg'
            ? await library.original(picture)
            : await library.rendition(picture, format as RasterFormat, width);
        // The index names a picture the store has lost (a bucket emptied by hand): not cacheable.
        if (!bytes) return notFound(reply, url);
        reply.header('etag', etag).header('cache-control', MEDIA_CACHE_CONTROL).type(CONTENT_TYPES[format]);
        return reply.send(format === 'svg' ? bytes.toString('utf8') : bytes);
      },
    );

  return library.stats;
}
