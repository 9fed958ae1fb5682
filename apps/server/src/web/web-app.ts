import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { AdminRuntimeConfig, RuntimeConfig } from '@quokka/contract/runtime-config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { createPageRenderer } from './render-page.ts';

// Serves the built web app: hashed assets with long caching, and index.html (with the runtime settings
// written into its quokka-config meta tag) for every client route.

const CONFIG_TAG = /<meta name="quokka-config" content="[^"]*"\s*\/?>/;
const API_PREFIXES = ['/rest/', '/dev/', '/media/', '/healthz'];
// A missing file answers 404 rather than the app; any other path is a client route. Only real asset
// extensions count: a sign-in link's token (/autologin/<jwt>) can end in ".abc123" too.
const ASSET_EXTENSION =
  /\.(js|mjs|css|map|svg|png|jpe?g|gif|webp|avif|ico|json|webmanifest|txt|xml|woff2?|ttf)$/i;

/**
 * [API-05] The card provider's public key for a page served at `origin`: the live key only on the live
 * site (LIVE_ORIGIN), the test key everywhere else, and none while payments run in sandbox mode (the
 * sandbox card field is used then, and a real key's payment methods would be refused).
 */
export function publishableKeyFor(config: Config, origin?: string): string | null {
  if (config.providers.payments !== 'live') return null;
  const live = config.LIVE_ORIGIN && config.STRIPE_LIVE_PUBLISHABLE_KEY;
  if (live && origin && originOf(origin) === originOf(config.LIVE_ORIGIN ?? '')) {
    return config.STRIPE_LIVE_PUBLISHABLE_KEY ?? null;
  }
  return config.STRIPE_PUBLISHABLE_KEY ?? null;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function runtimeConfig(config: Config, origin?: string): RuntimeConfig {
  return {
    storeName: config.STORE_NAME,
    apiNamespace: config.API_NAMESPACE,
    marketingUrl: config.MARKETING_URL,
    stripePublishableKey: publishableKeyFor(config, origin),
    recaptchaSiteKey: config.RECAPTCHA_SITE_KEY ?? null,
    googlePlacesKey: config.GOOGLE_PLACES_KEY ?? null,
    sandbox: config.sandbox,
    // [API-01] The API is served from the page's own origin.
    apiBase: null,
    business: config.identity,
  };
}

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function renderIndexHtml(template: string, settings: RuntimeConfig): string {
  const tag = `<meta name="quokka-config" content="${escapeAttribute(JSON.stringify(settings))}">`;
  return template.replace(CONFIG_TAG, tag);
}

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** If-None-Match against the page's ETag, compared weakly (a compressed reply's ETag is W/"…"). */
const etagMatches = (header: string | undefined, etag: string) =>
  header?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*') ?? false;

/** The files the build pre-compresses, so their reply depends on Accept-Encoding. */
const COMPRESSIBLE_FILE = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml|map)(\.br|\.gz)?$/i;

/**
 * [I13-compress] Content-hashed files under assets/ never change: a year, immutable. Other files of the
 * build (favicon, manifest) keep their names across builds: five minutes.
 */
export function cacheControlFor(path: string, assetsDir: string): string {
  return path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
}

/**
 * [I15-admin] The back office (apps/admin, its own bundle) under /admin: its hashed assets as the shop's,
 * and its index.html for /admin and every /admin/… client route, but never for /admin/api/… (an unknown
 * API call answers a JSON 404, never a page). The page carries only the shop's name and whether the
 * sandbox runs; it is never indexed.
 */
export const ADMIN_PREFIX = '/admin';
const ADMIN_API_PREFIX = '/admin/api';

export function adminRuntimeConfig(config: Config): AdminRuntimeConfig {
  return { storeName: config.STORE_NAME, sandbox: config.sandbox };
}

export function renderAdminIndexHtml(template: string, settings: AdminRuntimeConfig): string {
  const tag = `<meta name="quokka-config" content="${escapeAttribute(JSON.stringify(settings))}">`;
  return template.replace(CONFIG_TAG, tag);
}

const isAdminPath = (path: string) => path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
const isAdminApiPath = (path: string) => path === ADMIN_API_PREFIX || path.startsWith(`${ADMIN_API_PREFIX}/`);

type PageReply = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

async function registerAdminApp(
  app: FastifyInstance,
  config: Config,
  distDir: string | undefined,
): Promise<PageReply> {
  const indexPath = distDir ? join(distDir, 'index.html') : null;
  const built = indexPath !== null && existsSync(indexPath);
  const indexHtml = built
    ? renderAdminIndexHtml(readFileSync(indexPath, 'utf8'), adminRuntimeConfig(config))
    : null;
  const etag = indexHtml ? etagOf(indexHtml) : '';
  if (built && distDir) {
    const assetsDir = `${join(distDir, 'assets')}/`;
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: `${ADMIN_PREFIX}/`,
      // The shop's registration decorates the reply already.
      decorateReply: false,
      wildcard: false,
      index: false,
      preCompressed: true,
      // index.html is only ever sent rendered (below), never as the raw template.
      globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', cacheControlFor(path, assetsDir));
        if (COMPRESSIBLE_FILE.test(path)) res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  return (request, reply) => {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The back office is not built yet: run `npm run build` (npm start does it for you).');
    }
    reply
      .header('cache-control', 'no-cache')
      .header('etag', etag)
      .header('x-robots-tag', 'noindex, nofollow');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(indexHtml);
  };
}

export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  distDir: string,
  /** The built back office (apps/admin/dist); without it /admin answers that it is not built. */
  adminDistDir?: string,
) {
  const adminPage = await registerAdminApp(app, config, adminDistDir);
  const indexPath = join(distDir, 'index.html');
  const built = existsSync(indexPath);
  const template = built ? readFileSync(indexPath, 'utf8') : null;
  const indexHtml = template ? renderIndexHtml(template, runtimeConfig(config)) : null;
  // [API-05] The live site's page carries the live key; rendered once, like the other.
  const liveIndexHtml =
    template && config.LIVE_ORIGIN
      ? renderIndexHtml(template, runtimeConfig(config, config.LIVE_ORIGIN))
      : null;

  // [I13-ssr] The catalogue's first screens are rendered on the server (render-page.ts).
  const renderer = built ? createPageRenderer(app, distDir, runtimeConfig(config)) : null;
  const indexEtag = indexHtml ? etagOf(indexHtml) : '';
  const liveIndexEtag = liveIndexHtml ? etagOf(liveIndexHtml) : '';

  if (built) {
    const assetsDir = `${join(distDir, 'assets')}/`;
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // [I13-compress] The .br and .gz files written at build time (scripts/precompress.mjs) are sent to
      // the clients that take them; they are not routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // [I13-compress] send's own cache-control ('public, max-age=0') is written after setHeaders and
      // used to replace ours: it is off, and setHeaders says it all.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', cacheControlFor(path, assetsDir));
        if (COMPRESSIBLE_FILE.test(path)) res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  // [ROUTE-02] '/' only sends the visitor to the marketing page.
  app.get('/', async (_request, reply) => reply.redirect(config.MARKETING_URL, 302));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isAdminPath(path)) {
      if (isPageRequest && !isAdminApiPath(path) && !ASSET_EXTENSION.test(path))
        return adminPage(request, reply);
      return reply.status(404).send({ message: `No route for ${request.method} ${path}`, code: 'NOT_FOUND' });
    }
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
      !ASSET_EXTENSION.test(path);
    if (!wantsPage) {
      return reply.status(404).send({ message: `No route for ${request.method} ${path}`, code: 'NOT_FOUND' });
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    const origin = `${request.protocol}://${request.host}`;
    const page =
      liveIndexHtml && originOf(origin) === originOf(config.LIVE_ORIGIN ?? '') ? liveIndexHtml : indexHtml;
    // [I13-ssr] A server-rendered screen carries its data (with the time it was read): never the same
    // twice, so no ETag; revalidated every time.
    const rendered = renderer ? await renderer.render(request, page) : null;
    if (rendered) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(rendered);
    }
    // [I13-compress] no-cache: revalidated every time, answered 304 while the page is unchanged.
    const etag = page === liveIndexHtml ? liveIndexEtag : indexEtag;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
