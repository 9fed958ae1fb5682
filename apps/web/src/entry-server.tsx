// The server's way into the app (built by `vite build --ssr`, loaded by apps/server/src/web/render-page.ts).
// The catalogue's first screens (/browse, /category/:id, /product/:id, /sellerprofile/:url) and [I33] the
// results of a search (/search?q=…) are rendered
// to HTML here with the data they show; that data goes into the page as the React Query cache, so the
// browser hydrates the same markup without asking for it again. Every other path is left to the browser.
// Rendering is always signed out: the server never knows the session (app-state.ts's server snapshot).

import { Writable } from 'node:stream';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { AppRoutes } from './app/router';
import { browseProductsQueryOptions } from './features/catalog/api/browse-products';
import { categoryProductsQueryOptions } from './features/catalog/api/category-products';
import { categoriesQueryOptions } from './features/catalog/api/get-categories';
import { productQueryOptions } from './features/catalog/api/product';
import { sellerInformationQueryOptions } from './features/catalog/api/seller-information';
import { parseId } from './features/catalog/routes/route-id';
import { searchQueryOptions } from './features/search/api/search';
import { isSearchable, readSearchParams } from './features/search/search-params';
import { setApiTransport } from './lib/api-client';
import { PICTURE_LAYOUTS, type PictureLayout, picturePreload } from './lib/picture-sources';
import { parseRuntimeConfig, setServerRuntimeConfig } from './lib/runtime-config';

export { parseRuntimeConfig, setApiTransport, setServerRuntimeConfig };

/** A server-rendered screen: the route module it needs, and what to fetch for it. */
interface Screen {
  /** The route's module as the client build's manifest names it, for its script and CSS links. */
  module: string;
  /** Fills the cache with the screen's data; answers the picture its first paint shows, if any. */
  load(client: QueryClient): Promise<FirstPicture | null>;
}

/** The picture of a screen's first paint, and how wide the screen draws it. */
interface FirstPicture {
  url: string;
  layout: PictureLayout;
}

const picture = (url: string | null | undefined, layout: PictureLayout): FirstPicture | null =>
  url ? { url, layout } : null;

/** A path's segments, decoded; null when one is not valid percent-encoding (the browser renders it). */
function segments(pathname: string): string[] | null {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

function screenFor(pathname: string, search = ''): Screen | null {
  const parts = segments(pathname);
  if (!parts) return null;
  const [first, second] = parts;
  if (parts.length === 1 && first === 'search') {
    // [I33] Without words or a filter the screen only asks for them: the browser renders it.
    const params = readSearchParams(new URLSearchParams(search));
    if (!isSearchable(params)) return null;
    return {
      module: 'src/features/search/routes/search-page.tsx',
      load: async (client) => {
        const data = await client.fetchInfiniteQuery(searchQueryOptions(params));
        return picture(data.pages[0]?.tiles[0]?.image, PICTURE_LAYOUTS.tile);
      },
    };
  }
  if (parts.length === 1 && first === 'browse') {
    return {
      module: 'src/features/catalog/routes/browse-page.tsx',
      load: async (client) => {
        const data = await client.fetchInfiniteQuery(browseProductsQueryOptions());
        return picture(data.pages[0]?.[0]?.image, PICTURE_LAYOUTS.tile);
      },
    };
  }
  if (parts.length !== 2 || second === undefined) return null;
  if (first === 'category') {
    const id = parseId(second);
    if (id === null) return null;
    return {
      module: 'src/features/catalog/routes/category-page.tsx',
      load: async (client) => {
        const data = await client.fetchInfiniteQuery(categoryProductsQueryOptions(id));
        return picture(data.pages[0]?.[0]?.image, PICTURE_LAYOUTS.tile);
      },
    };
  }
  if (first === 'product') {
    const id = parseId(second);
    if (id === null) return null;
    return {
      module: 'src/features/catalog/routes/product-page.tsx',
      load: async (client) => {
        const result = await client.fetchQuery(productQueryOptions(id));
        return result.found
          ? picture(result.product.images[0] || result.product.image, PICTURE_LAYOUTS.wide)
          : null;
      },
    };
  }
  if (first === 'sellerprofile') {
    return {
      module: 'src/features/catalog/routes/seller-profile-page.tsx',
      load: async (client) => {
        const data = await client.fetchInfiniteQuery(sellerInformationQueryOptions(second));
        const page = data.pages[0];
        return page?.seller?.banner_image
          ? picture(page.seller.banner_image, PICTURE_LAYOUTS.wide)
          : picture(page?.products[0]?.image, PICTURE_LAYOUTS.tile);
      },
    };
  }
  return null;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The React Query cache the markup was made from, as JSON (not yet escaped for a script tag). */
  data: string;
  /** Route modules (client manifest keys) whose scripts and CSS the first paint needs. */
  modules: string[];
  /**
   * The picture most likely to be the largest paint, to preload: its URL, and the AVIF srcset/sizes the
   * page's <picture> will choose from (lib/picture-sources.ts), when it is one of ours.
   */
  lcpImage: { href: string; imageSrcSet?: string; imageSizes?: string; type?: string } | null;
}

/**
 * Whether this path is one of the server-rendered screens. [I33] /search is, whatever its query: renderPage
 * reads the query and leaves a search without words or filters to the browser.
 */
export function isServerRendered(pathname: string): boolean {
  return screenFor(pathname) !== null || segments(pathname)?.join('/') === 'search';
}

/**
 * Renders a server-rendered screen, or answers null (the browser renders it, as before) when the path
 * is not one or a call failed. Calls go through setApiTransport's transport.
 */
export async function renderPage(url: string): Promise<RenderedPage | null> {
  const location = new URL(url, 'http://quokka.local');
  const screen = screenFor(location.pathname, location.search);
  if (!screen) return null;

  const queryClient = createQueryClient();
  let lcpImage: RenderedPage['lcpImage'];
  try {
    // The side menu lists the categories on every screen.
    const [image] = await Promise.all([
      screen.load(queryClient),
      queryClient.fetchQuery(categoriesQueryOptions()),
    ]);
    const preload = image ? picturePreload(image.url, image.layout) : null;
    lcpImage = image
      ? preload
        ? {
            href: image.url,
            imageSrcSet: preload.imageSrcSet,
            imageSizes: preload.imageSizes,
            type: preload.type,
          }
        : { href: image.url }
      : null;
  } catch {
    return null;
  }

  const html = await renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouter location={`${location.pathname}${location.search}`}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  const data = JSON.stringify(dehydrate(queryClient));
  queryClient.clear();
  return { html, data, modules: [screen.module], lcpImage };
}

/** React 19's streaming renderer, read to the end once everything (lazy screens included) is ready. */
function renderToString(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(element, {
      // Everything is ready before the first byte, so every Suspense boundary is written in place. With
      // React's default (12.8 kB) a large boundary is written hidden and revealed by an inline script:
      // the CSP (no inline scripts) blocks it, and without JavaScript the page would stay empty.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
    // A screen that never finishes (it should not happen: its data is already there) is given up on.
    setTimeout(() => stream.abort(), 10_000).unref();
  });
}
