import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuntimeConfig } from '@quokka/contract/runtime-config';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// Server rendering of the catalogue's first screens (/browse, /category/:id, /product/:id,
// /sellerprofile/:url, and [I33] /search?q=…, whose query the entry reads from the URL it is given). The
// web app's server entry (apps/web/src/entry-server.tsx, built into
// apps/web/dist-ssr by `npm run build`) renders the screen with React 19's renderToPipeableStream; its API
// calls are answered by this app itself (app.inject, counted against the shopper's address like the
// browser's own calls). The page it answers is the usual index.html (runtime config included) with:
//   - the screen's markup inside #root, and the React Query cache it was made from in a JSON data block
//     (escaped so no text can close the tag), which the browser hydrates without fetching again;
//   - the screen's route script and its imports as modulepreload links, its CSS as stylesheets, and the
//     picture of its first paint preloaded with fetchpriority="high", all in the first reply.
// Any other path, a build without the server entry (tests' fake builds) or a failed call answers the
// plain index.html, rendered in the browser as before.

/** The server entry's exports (apps/web/src/entry-server.tsx). */
interface ServerEntry {
  renderPage(
    url: string,
  ): Promise<{ html: string; data: string; modules: string[]; lcpImage: PreloadedImage | null } | null>;
  isServerRendered(pathname: string): boolean;
  setApiTransport(transport: (input: string, init: RequestInit) => Promise<Response>): void;
  setServerRuntimeConfig(source: () => RuntimeConfig | null): void;
  parseRuntimeConfig(content: string): RuntimeConfig;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** What one render needs to know: whose calls these are, on which app, with which settings. */
interface RenderScope {
  app: FastifyInstance;
  request: FastifyRequest;
  config: RuntimeConfig;
}

const scope = new AsyncLocalStorage<RenderScope>();
const entries = new Map<string, Promise<ServerEntry>>();

/** Loads a server entry once per process and points its calls and settings at the current render. */
function loadEntry(path: string): Promise<ServerEntry> {
  let entry = entries.get(path);
  if (!entry) {
    entry = import(pathToFileURL(path).href).then((loaded: ServerEntry) => {
      loaded.setApiTransport(answerCall);
      loaded.setServerRuntimeConfig(() => scope.getStore()?.config ?? null);
      return loaded;
    });
    entries.set(path, entry);
    // A failed load is not kept: the next renderer loads it again. (Its renders still see the failure.
    // In the tests, an app made as its file ends has its load cut off by the teardown; that must not
    // break the entry for the next file in the worker, nor go unhandled.)
    entry.catch(() => {
      if (entries.get(path) === entry) entries.delete(path);
    });
  }
  return entry;
}

/** The app answers the page's API call itself, as if the shopper's browser had made it. */
async function answerCall(input: string, init: RequestInit): Promise<Response> {
  const current = scope.getStore();
  if (!current) throw new Error('an API call outside a server render');
  const reply = await current.app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url: input,
    headers: { accept: 'application/json' },
    remoteAddress: current.request.ip,
  });
  const empty = reply.statusCode === 204 || reply.statusCode === 304;
  return new Response(empty ? null : reply.rawPayload, {
    status: reply.statusCode,
    headers: { 'content-type': String(reply.headers['content-type'] ?? 'application/json') },
  });
}

/** JSON that is safe inside a `<script>` element: nothing in it can end the tag or open a comment. */
export function scriptSafeJson(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The first paint's picture: its URL and, for our pictures, the AVIF srcset/sizes its <picture> uses. */
export interface PreloadedImage {
  href: string;
  imageSrcSet?: string;
  imageSizes?: string;
  type?: string;
}

/**
 * [I13-ssr] [I13-images] The preload of the first paint's picture: the same srcset and sizes as the
 * page's <picture> AVIF source, so the browser fetches the very file it will draw, before any script.
 */
export function preloadImageTag(image: PreloadedImage): string {
  const attributes = [
    'rel="preload"',
    'as="image"',
    `href="${escapeAttribute(image.href)}"`,
    ...(image.imageSrcSet ? [`imagesrcset="${escapeAttribute(image.imageSrcSet)}"`] : []),
    ...(image.imageSizes ? [`imagesizes="${escapeAttribute(image.imageSizes)}"`] : []),
    ...(image.type ? [`type="${escapeAttribute(image.type)}"`] : []),
    'fetchpriority="high"',
  ];
  return `<link ${attributes.join(' ')}>`;
}

/** The scripts (route chunk and its static imports) and CSS a route module needs, from the manifest. */
function assetsOf(manifest: Record<string, ManifestChunk>, modules: string[]) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { scripts: [...scripts], styles: [...styles] };
}

export interface PageRenderer {
  /** The server-rendered page for this request, or null when the browser should render it. */
  render(request: FastifyRequest, template: string): Promise<string | null>;
}

/** A built stylesheet link as index.html and the manifest name them: `/assets/<name>.css`. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * [I13-ssr] The built CSS, read once: a server-rendered page carries its first screen's styles inline, so
 * nothing blocks its first paint (each stylesheet link was a request before any pixel; on a phone's
 * connection, round trips). The whole first screen's CSS is a few kilobytes compressed. A file that could
 * end its own <style> element is left as a link.
 */
function readStyles(distDir: string, manifest: Record<string, ManifestChunk>, template: string) {
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) for (const css of chunk.css ?? []) files.add(css);
  for (const match of template.matchAll(STYLESHEET_LINK)) if (match[1]) files.add(match[1]);
  const styles = new Map<string, string>();
  for (const file of files) {
    const path = join(distDir, file);
    if (!existsSync(path)) continue;
    const css = readFileSync(path, 'utf8');
    if (!/<\/style/i.test(css)) styles.set(file, css);
  }
  return styles;
}

const inlineStyle = (file: string, css: string) =>
  `<style data-href="/${escapeAttribute(file)}">${css}</style>`;

/** The renderer of a built web app, or null when the build has no server entry. */
export function createPageRenderer(
  app: FastifyInstance,
  distDir: string,
  settings: RuntimeConfig,
): PageRenderer | null {
  const entryPath = join(distDir, '../dist-ssr/entry-server.js');
  const manifestPath = join(distDir, '.vite/manifest.json');
  if (!existsSync(entryPath) || !existsSync(manifestPath)) return null;
  const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = loadEntry(entryPath);
  const config = entry.then((loaded) => loaded.parseRuntimeConfig(JSON.stringify(settings)));
  // Loaded ahead of the first render, which awaits both and answers their failure: handled here too, so
  // a load that fails before any render (an app closed at once) is not an unhandled rejection.
  config.catch(() => {});
  const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
  const builtStyles = readStyles(distDir, manifest, indexHtml);

  return {
    async render(request, template) {
      const loaded = await entry;
      const path = request.url.split('?')[0] ?? '/';
      if (!loaded.isServerRendered(path)) return null;
      let page: Awaited<ReturnType<ServerEntry['renderPage']>>;
      try {
        page = await scope.run({ app, request, config: await config }, () => loaded.renderPage(request.url));
      } catch (error) {
        request.log.warn({ err: error, path }, 'server rendering failed; the browser renders the page');
        return null;
      }
      if (!page) return null;
      const { scripts, styles } = assetsOf(manifest, page.modules);
      const links = [
        ...(page.lcpImage ? [preloadImageTag(page.lcpImage)] : []),
        ...styles
          .filter((file) => !template.includes(`/${file}"`))
          .map((file) => {
            const css = builtStyles.get(file);
            return css === undefined
              ? `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`
              : inlineStyle(file, css);
          }),
        ...scripts
          .filter((file) => !template.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`),
      ];
      // Replaced by functions: a '$&' or '$$' in a product's text must stay as it is.
      const root = `<div id="root">${page.html}</div>\n    <script type="application/json" id="quokka-ssr-data">${scriptSafeJson(page.data)}</script>`;
      return template
        .replace(STYLESHEET_LINK, (link, file: string) => {
          const css = builtStyles.get(file);
          return css === undefined ? link : inlineStyle(file, css);
        })
        .replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`)
        .replace('<div id="root"></div>', () => root);
    },
  };
}
