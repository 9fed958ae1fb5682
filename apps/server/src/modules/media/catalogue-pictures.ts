import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { CatalogueImportError } from '../catalog/catalog-importer.ts';
import type { ParsedCatalogue } from '../catalog/catalogue-source.ts';
import type { CatalogueFile } from '../catalog/import-format.ts';
import { type FetchPictureOptions, fetchPicture } from './fetch-picture.ts';
import { createMediaLibrary, type MediaLibrary, type StoredPicture } from './media-library.ts';
import { createMediaStore } from './media-settings.ts';
import { PictureError } from './picture-check.ts';
import { type MediaFolder, mediaKeyOf } from './picture-source.ts';

// Takes a catalogue's pictures into the media store before the catalogue is written
// (docs/catalogue-import.md "Pictures"). A reference is a path relative to the imported file, a data: URL,
// an http(s) URL (fetch-picture.ts), or a /media path of a picture already stored (kept as it is). Each
// distinct picture is read and stored once: a picture already stored (same bytes) is not stored again,
// and a URL already taken in is not fetched again (refetchUrls to fetch it anyway). A picture that
// cannot be read stops the import before anything is written, with every such picture named.

export interface CataloguePictureOptions {
  /** The folder of the imported file: relative picture paths are read from here. */
  baseDir: string;
  /** Called as pictures are taken in, with the distinct pictures done so far and their total. */
  onProgress?: (done: number, total: number) => void;
  /** The media library to store into; by default one on the store the settings name. */
  library?: MediaLibrary;
  /** Called once all are in: how many pictures were new to the store, of the distinct pictures named. */
  onStored?: (stored: number, total: number) => void;
  /**
   * Fetch http(s) pictures again even when that URL was taken in before (default false: a picture URL
   * of a catalogue export names fixed bytes — Shopify's and Magento's carry a version or a hash — and a
   * re-import of hundreds of products should not fetch hundreds of pictures for nothing).
   */
  refetchUrls?: boolean;
  /** Overrides of the fetch settings (tests: which addresses count as internal). */
  fetch?: Partial<FetchPictureOptions>;
}

/** How many pictures are read and checked at once (fetches wait on the network, checks use a core). */
const PARALLEL = 4;

/** The media library the settings name, for tools (the CLI) that run without the app. */
export function mediaLibraryFor(db: Db, config: Config): MediaLibrary {
  return createMediaLibrary(db, createMediaStore(config), {
    limits: { maxBytes: config.MEDIA_MAX_BYTES, maxPixels: config.MEDIA_MAX_PIXELS },
    renderConcurrency: config.MEDIA_RENDER_CONCURRENCY,
  });
}

/**
 * Stores every distinct picture the catalogue names (once; a picture already stored is not copied
 * again) and answers the same catalogue with each picture field rewritten to its `/media/...` path.
 * A picture that cannot be read throws a CatalogueImportError naming its location, before anything is
 * written to the catalogue.
 */
export async function storeCataloguePictures(
  db: Db,
  config: Config,
  parsed: ParsedCatalogue,
  options: CataloguePictureOptions,
): Promise<CatalogueFile> {
  const library = options.library ?? mediaLibraryFor(db, config);
  const fetchOptions: FetchPictureOptions = {
    allowedHosts: config.MEDIA_FETCH_HOSTS,
    timeoutMs: config.MEDIA_FETCH_TIMEOUT_MS,
    maxBytes: config.MEDIA_MAX_BYTES,
    ...options.fetch,
  };
  const references = [...pictureReferences(parsed.file).keys()];
  const total = references.length;
  const stored = new Map<string, StoredPicture>();
  const created: string[] = [];
  const problems: string[] = [];
  let done = 0;
  options.onProgress?.(0, total);

  const takeIn = async (reference: string) => {
    try {
      const { picture, isNew } = await storeReference(reference);
      stored.set(reference, picture);
      if (isNew) created.push(picture.key);
    } catch (error) {
      if (!(error instanceof PictureError)) throw error;
      const location = parsed.pictureLocations.get(reference) ?? 'a picture';
      problems.push(`${location}: ${shown(reference)} ${error.message}`);
    }
    done += 1;
    options.onProgress?.(done, total);
  };

  const storeReference = async (reference: string): Promise<{ picture: StoredPicture; isNew: boolean }> => {
    // A /media path of ours names a stored picture; any other absolute path (/media/usb/… where Linux
    // mounts a drive) is a file.
    const key = mediaKeyOf(reference);
    if (key) {
      const picture = await library.find(key);
      if (!picture) throw new PictureError('is not a picture the media store holds');
      return { picture, isNew: false };
    }
    if (/^https?:\/\//i.test(reference)) {
      if (!options.refetchUrls) {
        const known = await library.findSource(reference);
        if (known) return { picture: known, isNew: false };
      }
      const bytes = await fetchPicture(reference, fetchOptions);
      return storeBytes(bytes, [reference]);
    }
    if (/^data:/i.test(reference)) return storeBytes(decodeDataUrl(reference, config.MEDIA_MAX_BYTES), []);
    if (/^[a-z][a-z0-9+.-]*:/i.test(reference) && !/^[a-z]:[\\/]/i.test(reference)) {
      throw new PictureError('is not a path, a data: URL or an http(s) URL');
    }
    return storeBytes(await readPictureFile(resolveFile(reference), config.MEDIA_MAX_BYTES), []);
  };

  const storeBytes = async (bytes: Buffer, sources: string[]) => {
    const { picture, created: isNew } = await library.storePicture(bytes, sources);
    return { picture, isNew };
  };

  // A path is a file name as written (not a URL: no %-decoding), relative to the imported file.
  const resolveFile = (path: string) => (isAbsolute(path) ? path : resolve(options.baseDir, path));

  // A small pool: PARALLEL pictures at a time, in the file's order.
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, total) }, async () => {
      while (next < total) {
        const reference = references[next++];
        if (reference !== undefined) await takeIn(reference);
      }
    }),
  );

  if (problems.length > 0) {
    // Nothing is written: the pictures this import stored for the first time go again.
    await library.remove(created);
    throw new CatalogueImportError(problems.sort(byLocationOrder(parsed.pictureLocations)));
  }
  options.onStored?.(created.length, total);
  return rewritePictures(parsed.file, (reference, folder) => {
    if (mediaKeyOf(reference)) return reference;
    const picture = stored.get(reference);
    if (!picture) throw new Error(`picture ${shown(reference)} was not stored`);
    return `/media/${folder}/${picture.key}.${picture.format}`;
  });
}

/** A reference as an error message shows it: a data: URL by its start only. */
const shown = (reference: string) =>
  reference.startsWith('data:') && reference.length > 40 ? `"${reference.slice(0, 40)}…"` : `"${reference}"`;

const byLocationOrder = (locations: Map<string, string>) => {
  const order = new Map([...locations.values()].map((location, index) => [location, index]));
  return (a: string, b: string) =>
    (order.get(a.slice(0, a.indexOf(':'))) ?? 0) - (order.get(b.slice(0, b.indexOf(':'))) ?? 0);
};

async function readPictureFile(path: string, maxBytes: number): Promise<Buffer> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new PictureError(`is not a file (${path})`);
    if (info.size > maxBytes) {
      throw new PictureError(`is ${info.size} bytes; pictures may be at most ${maxBytes} (MEDIA_MAX_BYTES)`);
    }
    return await readFile(path);
  } catch (error) {
    if (error instanceof PictureError) throw error;
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    throw new PictureError(
      code === 'ENOENT'
        ? `cannot be read: there is no file ${path}`
        : `cannot be read (${code || String(error)})`,
    );
  }
}

/** The bytes of a `data:` URL (base64 or percent-encoded). */
export function decodeDataUrl(url: string, maxBytes: number): Buffer {
  const comma = url.indexOf(',');
  if (comma < 0) throw new PictureError('is not a valid data: URL (no comma)');
  const header = url.slice(5, comma);
  const data = url.slice(comma + 1);
  const base64 = /;base64$/i.test(header);
  // Four base64 characters carry three bytes: refused before decoding when clearly too large.
  if ((base64 ? (data.length * 3) / 4 : data.length / 3) > maxBytes) {
    throw new PictureError(`is larger than ${maxBytes} bytes (MEDIA_MAX_BYTES)`);
  }
  if (base64) {
    if (!/^[A-Za-z0-9+/=\s_-]*$/.test(data)) throw new PictureError('is not valid base64 data');
    return Buffer.from(data, 'base64');
  }
  try {
    return Buffer.from(decodeURIComponent(data), 'latin1');
  } catch {
    throw new PictureError('is not a valid data: URL');
  }
}

type Rewrite = (reference: string, folder: MediaFolder) => string;

/** Every picture field of the file with its folder, in the file's order. */
function visitPictures(
  file: CatalogueFile,
  visit: (reference: string, folder: MediaFolder, location: string) => string,
) {
  const sellers = file.sellers.map((seller, index) => ({
    ...seller,
    logo_url: visit(seller.logo_url, 'sellers', `sellers[${index}].logo_url`),
    banner_url: visit(seller.banner_url, 'sellers', `sellers[${index}].banner_url`),
  }));
  const products = file.products.map((product, index) => {
    const at = `products[${index}]`;
    const folder: MediaFolder = product.type === 'giftcard' ? 'giftcards' : 'products';
    const images = product.images.map((image, position) => visit(image, folder, `${at}.images[${position}]`));
    const chart = product.tabs.sizing_chart_url;
    const tabs = chart
      ? { ...product.tabs, sizing_chart_url: visit(chart, 'charts', `${at}.tabs.sizing_chart_url`) }
      : product.tabs;
    if (product.type === 'simple') return { ...product, images, tabs };
    const variants = product.variants.map((variant, position) =>
      variant.image
        ? { ...variant, image: visit(variant.image, folder, `${at}.variants[${position}].image`) }
        : variant,
    );
    if (product.type === 'configurable') return { ...product, images, tabs, variants };
    const templates = product.mms_templates.map((template, position) => ({
      ...template,
      image_url: visit(template.image_url, 'templates', `${at}.mms_templates[${position}].image_url`),
    }));
    return { ...product, images, tabs, variants, mms_templates: templates };
  });
  return { ...file, sellers, products } as CatalogueFile;
}

function rewritePictures(file: CatalogueFile, rewrite: Rewrite): CatalogueFile {
  return visitPictures(file, (reference, folder) => rewrite(reference, folder));
}

/** Each distinct picture reference of a catalogue file with where it first appears (`products[3].images[0]`). */
export function pictureReferences(file: CatalogueFile): Map<string, string> {
  const locations = new Map<string, string>();
  visitPictures(file, (reference, _folder, location) => {
    if (!locations.has(reference)) locations.set(reference, location);
    return reference;
  });
  return locations;
}
