import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// [I13-compress] Brotli and gzip for what compresses (HTML, JSON, JavaScript, CSS, SVG, text). The built
// web app's files are compressed once at build time (scripts/precompress.mjs writes .br and .gz next to
// them; web-app.ts serves them with @fastify/static's preCompressed). Dynamic replies of at least
// COMPRESS_THRESHOLD_BYTES go through @fastify/compress, with a brotli quality chosen for speed (4: about
// gzip 6's cost for a smaller body) rather than brotli's default of 11.
//
// A reply with a strong ETag (the catalogue's cached replies: the ETag is a hash of the body) is the same
// bytes every time, so its compressed form is kept too, by ETag and coding: a cached catalogue read costs
// a Map lookup whether or not the shopper's browser asks for brotli. Its ETag is sent weak then
// (W/"…"): the compressed bytes are not the identity bytes, and revalidation compares weakly anyway.
//
// Every reply that could be compressed says `Vary: accept-encoding`, compressed or not, so a shared
// cache never hands the brotli body to a client that did not ask for it (or the reverse).

export const COMPRESS_THRESHOLD_BYTES = 1024;
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

/** The types worth compressing: text, JSON, JavaScript, SVG, XML and the web manifest. */
export const COMPRESSIBLE_TYPE =
  /^(text\/|application\/(json|javascript|xml|manifest\+json|[a-z.+-]*\+json)|image\/svg\+xml)/i;

type Coding = 'br' | 'gzip';

/** The coding to answer with: brotli when the client takes it, else gzip, else none. q=0 refuses one. */
export function negotiateCoding(header: string | undefined): Coding | undefined {
  if (!header) return undefined;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === 'x-gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}

function compressOnce(body: string | Buffer, coding: Coding): Buffer {
  return coding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipSync(body, { level: GZIP_LEVEL });
}

/** Compressed bodies by strong ETag and coding; the oldest go first. */
class CompressedBodies {
  readonly #entries = new Map<string, Buffer>();
  constructor(readonly maxEntries: number) {}

  get(etag: string, coding: Coding, body: string | Buffer): Buffer {
    const key = `${coding}${etag}`;
    let compressed = this.#entries.get(key);
    if (!compressed) {
      compressed = compressOnce(body, coding);
      if (this.#entries.size >= this.maxEntries) {
        const oldest = this.#entries.keys().next();
        if (!oldest.done) this.#entries.delete(oldest.value);
      }
      this.#entries.set(key, compressed);
    }
    return compressed;
  }
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, accept-encoding`);
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  const bodies = new CompressedBodies(10_000);

  // If-None-Match compares weakly (RFC 9110 §13.1.2): W/"x" matches "x". Said once here, so every route
  // that checks it (catalogue, pictures) knows the weak ETag of a compressed reply it sent.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['if-none-match'];
    if (header?.includes('W/')) request.headers['if-none-match'] = header.replaceAll('W/', '');
    done();
  });

  // Runs before @fastify/compress's per-route hook (instance hooks come first), which leaves a reply
  // alone once it has a content-encoding.
  app.addHook(
    'onSend',
    (
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (err: null, p?: unknown) => void,
    ) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      if (payload.length < COMPRESS_THRESHOLD_BYTES) return done(null, payload);
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !COMPRESSIBLE_TYPE.test(type)) return done(null, payload);
      addVary(reply);
      if (reply.statusCode === 206 || reply.getHeader('content-encoding') !== undefined) {
        return done(null, payload);
      }
      const coding = negotiateCoding(request.headers['accept-encoding']);
      if (!coding) return done(null, payload);
      const etag = reply.getHeader('etag');
      if (typeof etag !== 'string' || etag.startsWith('W/')) {
        // A body that is new every time (a server-rendered page, answered by the not-found handler, which
        // @fastify/compress's per-route hook never sees): compressed here, and not kept.
        const compressed = compressOnce(payload, coding);
        reply.header('content-encoding', coding);
        reply.header('content-length', compressed.length);
        return done(null, compressed);
      }
      const compressed = bodies.get(etag, coding, payload);
      reply.header('content-encoding', coding);
      reply.header('content-length', compressed.length);
      reply.header('etag', `W/${etag}`);
      done(null, compressed);
    },
  );

  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
    // Request bodies are never inflated: a small zip of a huge body is a way to exhaust memory.
    globalDecompression: false,
  });
}
