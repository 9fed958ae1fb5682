import {
  CATALOGUE_IMPORT_MAX_BYTES,
  type CatalogueImportLine,
  type CatalogueImportReport,
  splitCatalogueProblem,
} from '@quokka/contract/api/catalogue-import';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { ProductChangeSet, StaffRole } from '../../db/schema.ts';
import { ConflictError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import { recordStaffAction } from '../staff/staff-audit.ts';
import { CatalogueImportError, importCatalogue } from './catalog-importer.ts';
import { type CatalogueFormat, detectFormat, readCatalogue } from './catalogue-formats.ts';
import type { ParsedCatalogue } from './catalogue-source.ts';
import type { ReadCatalogue } from './csv-catalogue.ts';
import type { CatalogueFile } from './import-format.ts';
import { holdProductChange } from './product-editing.ts';
import type { StockWatch } from './stock-rises.ts';

// [I32] Import in the back office (docs/sellers.md): a seller's catalogue file, read and written by the
// CLI's own code (catalogue-formats.ts, catalogue-pictures.ts, catalog-importer.ts: the same problems,
// the same "nothing is written when the file is unusable"), with three rules of its own:
// - Every product of the file is imported as the chosen seller's (a vendor: their own), whatever seller
//   the file names; the file's sellers (a JSON file's logos and descriptions) are not written — the
//   seller's profile is edited on its own screen. A sku that is another seller's product is a problem.
// - A vendor's import leaves the shop's existing categories as they are (it may add new ones).
// - Pictures are named by http(s) URL (fetched as the CLI fetches them), data: URL or /media path: a path
//   on the seller's computer cannot be read by the server and is a problem.
// PRODUCT_REVIEW=manual: the new products of a vendor's import wait for an operator (review_status
// 'waiting'); a vendor's new name, description or photos of an APPROVED product are held as a back-office
// edit holds them (product_changes, product-editing.ts holdProductChange: the storefront keeps the approved
// version; Products › Waiting for approval) while its prices, stock, variants and on/off switch apply at
// once; an operator's import is approved at once.

export { CATALOGUE_IMPORT_MAX_BYTES };

export const IMPORT_TEXTS = {
  bodyNeeded:
    'Send the catalogue file itself as the request body (a Shopify or Magento CSV export, or a Quokka JSON catalogue).',
  tooLarge: `The catalogue file is larger than ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files and import each.`,
  notUtf8: 'The catalogue file is not UTF-8 text: export it again as UTF-8 (CSV UTF-8 or JSON).',
  unknownFormat:
    'Cannot tell the format of the file: choose Shopify CSV, Magento CSV or Quokka JSON (format=shopify|magento|json).',
  sellerNeeded: 'Choose the seller to import the products into (seller_id).',
  noSuchSeller: 'No such seller.',
  suspended: (name: string) =>
    `${name} is suspended: its catalogue cannot be imported until the suspension is lifted.`,
  failed: (count: number) =>
    `The catalogue file has ${count} problem${count === 1 ? '' : 's'}; nothing was imported.`,
  broken: 'The import failed on the server; nothing was imported. Please try again.',
  otherSeller: (sku: string) => `sku "${sku}" is another seller's product`,
  localPicture: (reference: string) =>
    `"${reference}" is a file on your computer: name pictures by their http(s) address in the file (or import with the CLI)`,
  renamedSellers: (names: string[], seller: string) =>
    `The file names the seller${names.length === 1 ? '' : 's'} ${names.map((name) => `"${name}"`).join(', ')}: every product was imported as ${seller}'s.`,
};

export interface ImportActor {
  staffId: number;
  role: StaffRole;
  sellerId: number | null;
}

export interface ImportTarget {
  id: number;
  name: string;
  seller_url: string;
}

/**
 * The seller the import writes to: a vendor's own (asking for another is 404, as every back-office route
 * answers another seller's thing); an operator's choice (required). A suspended seller is refused.
 */
export async function importTarget(
  db: Db,
  actor: ImportActor,
  sellerId: number | undefined,
): Promise<ImportTarget> {
  let id: number;
  if (actor.role === 'operator') {
    if (sellerId === undefined) throw new InvalidDataError(IMPORT_TEXTS.sellerNeeded);
    id = sellerId;
  } else {
    if (actor.sellerId === null || (sellerId !== undefined && sellerId !== actor.sellerId)) {
      throw new NotFoundError(IMPORT_TEXTS.noSuchSeller);
    }
    id = actor.sellerId;
  }
  const seller = await db
    .selectFrom('sellers')
    .select(['id', 'name', 'seller_url', 'suspended_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!seller) throw new NotFoundError(IMPORT_TEXTS.noSuchSeller);
  if (seller.suspended_at !== null) throw new ConflictError(IMPORT_TEXTS.suspended(seller.name));
  return { id: seller.id, name: seller.name, seller_url: seller.seller_url };
}

/** The body as text; a file that is not UTF-8 is refused rather than imported with broken names. */
export function uploadText(body: unknown): string {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new InvalidDataError(IMPORT_TEXTS.bodyNeeded);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new InvalidDataError(IMPORT_TEXTS.notUtf8);
  }
}

/** The format asked for, else guessed: a JSON object, or a CSV by its header (as the CLI guesses). */
export function uploadFormat(text: string, asked: CatalogueFormat | undefined): CatalogueFormat {
  if (asked) return asked;
  const start = text.replace(/^\uFEFF/, '').trimStart();
  const format = start.startsWith('{') ? 'json' : detectFormat('upload.csv', text);
  if (!format) throw new InvalidDataError(IMPORT_TEXTS.unknownFormat);
  return format;
}

/** The media store, as app.ts gives it (the catalogue module does not import the media module). */
export interface UploadPictures {
  /** A /media path of a picture the store may hold (media/picture-source.ts `mediaKeyOf`). */
  isMediaPath(reference: string): boolean;
  /**
   * The CLI's storeCataloguePictures (media/catalogue-pictures.ts) with the app's media library: every
   * distinct picture fetched or decoded once, checked and stored; the catalogue with /media paths.
   */
  takeIn(
    parsed: ParsedCatalogue,
    onProgress: (done: number, total: number) => void,
    onStored: (stored: number, total: number) => void,
  ): Promise<CatalogueFile>;
}

/** A picture the server can take without reading its own disk: http(s), data: or one of our /media paths. */
const remotePicture = (pictures: UploadPictures, reference: string) =>
  /^https?:\/\//i.test(reference) || /^data:/i.test(reference) || pictures.isMediaPath(reference);

/**
 * Reads the file as the CLI does, then makes it the target's: every product the seller's, the file's
 * sellers left out, (a vendor) the shop's existing categories left as they are. Throws
 * CatalogueImportError with every problem of the file.
 */
export async function readUpload(
  db: Db,
  pictures: UploadPictures,
  actor: ImportActor,
  target: ImportTarget,
  format: CatalogueFormat,
  text: string,
): Promise<ReadCatalogue> {
  // A CSV's seller is the chosen one (Shopify: instead of each Vendor; Magento: the export names none).
  const read = readCatalogue(format, text, { seller: target.name });
  const local = [...read.pictureLocations].filter(([reference]) => !remotePicture(pictures, reference));
  if (local.length > 0) {
    throw new CatalogueImportError(
      local.map(([reference, location]) => `${location}: ${IMPORT_TEXTS.localPicture(reference)}`),
    );
  }
  const warnings = [...read.warnings];
  if (format === 'json') {
    const named = new Set(read.file.products.map((product) => product.seller));
    named.delete(target.seller_url);
    const names = [...named].map(
      (url) => read.file.sellers.find((seller) => seller.seller_url === url)?.name ?? url,
    );
    if (names.length > 0) warnings.push(IMPORT_TEXTS.renamedSellers(names, target.name));
  }
  let categories = read.file.categories;
  if (actor.role !== 'operator' && categories.length > 0) {
    const existing = new Set(
      (
        await db
          .selectFrom('categories')
          .select('code')
          .where(
            'code',
            'in',
            categories.map((category) => category.code),
          )
          .execute()
      ).map((row) => row.code),
    );
    categories = categories.filter((category) => !existing.has(category.code));
  }
  const file: CatalogueFile = {
    ...read.file,
    sellers: [],
    categories,
    products: read.file.products.map((product) => ({ ...product, seller: target.seller_url })),
  };
  return {
    file,
    pictureLocations: read.pictureLocations,
    warnings,
    ...(read.locate ? { locate: read.locate } : {}),
  };
}

export interface AdminImportDeps {
  db: Db;
  config: Config;
  clock: Clock;
  pictures: UploadPictures;
  /** [I31] Stock the import brings back texts the shoppers waiting for it (the stock alerts' watch). */
  stockWatch: StockWatch;
}

/** Every sku the file writes (products and their variants) with its catalogue path, for problems. */
function skusOf(file: CatalogueFile): Map<string, string> {
  const skus = new Map<string, string>();
  file.products.forEach((product, index) => {
    skus.set(product.sku, `products[${index}].sku`);
    if (product.type !== 'simple') {
      product.variants.forEach((variant, position) => {
        skus.set(variant.sku, `products[${index}].variants[${position}].sku`);
      });
    }
  });
  return skus;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * [I32] PRODUCT_REVIEW=manual, a vendor's import: every approved product of the file whose name,
 * description or photos (the /media URLs the pictures were stored as) differ from the approved ones is
 * rewritten in `file` to the approved ones before anything is written (so the storefront does not change),
 * and the difference is merged into the product's waiting change by the back office's own path, in the
 * import's transaction. Answers how many products have a change held.
 */
async function holdApprovedChanges(
  trx: Db,
  staffId: number,
  sellerId: number,
  file: CatalogueFile,
  now: Date,
): Promise<number> {
  if (file.products.length === 0) return 0;
  const rows = await trx
    .selectFrom('products')
    .select(['id', 'sku', 'seller_id', 'name', 'description'])
    .where('parent_id', 'is', null)
    .where('seller_id', '=', sellerId)
    .where('review_status', '=', 'approved')
    .where(
      'sku',
      'in',
      file.products.map((product) => product.sku),
    )
    .forUpdate()
    .execute();
  if (rows.length === 0) return 0;
  const photos = new Map<number, string[]>();
  const images = await trx
    .selectFrom('product_images')
    .select(['product_id', 'url'])
    .where(
      'product_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  for (const image of images)
    photos.set(image.product_id, [...(photos.get(image.product_id) ?? []), image.url]);
  const approved = new Map(rows.map((row) => [row.sku, row]));
  let held = 0;
  for (const product of file.products) {
    const row = approved.get(product.sku);
    if (!row) continue;
    const current = photos.get(row.id) ?? [];
    const patch: ProductChangeSet = {};
    if (product.name !== row.name) patch.name = product.name;
    if (product.description !== row.description) patch.description = product.description;
    if (!sameList(product.images, current)) patch.photos = [...product.images];
    if (Object.keys(patch).length === 0) continue;
    // Written as approved: the variants' names (`<name> - <size>`) keep the approved name too.
    product.name = row.name;
    product.description = row.description;
    product.images = current;
    await holdProductChange(trx, staffId, row, patch, now);
    held += 1;
  }
  return held;
}

/**
 * Takes the file's pictures in and writes the catalogue in one transaction (catalog-importer.ts), telling
 * `progress` as it goes; answers the report. Throws CatalogueImportError when anything is wrong, with
 * nothing written.
 */
export async function runAdminImport(
  deps: AdminImportDeps,
  actor: ImportActor,
  target: ImportTarget,
  format: CatalogueFormat,
  parsed: ReadCatalogue,
  progress: (line: Extract<CatalogueImportLine, { type: 'progress' }>) => void,
): Promise<CatalogueImportReport> {
  const { db, config, clock } = deps;
  let stored = 0;
  let named = 0;
  // Never reads a file: a path on the seller's computer was refused first (readUpload).
  const file = await deps.pictures.takeIn(
    parsed,
    (done, total) => progress({ type: 'progress', phase: 'pictures', done, total }),
    (count, total) => {
      stored = count;
      named = total;
    },
  );

  const review = config.PRODUCT_REVIEW === 'manual' && actor.role !== 'operator';
  const topSkus = file.products.map((product) => product.sku);
  let existingTop = new Set<string>();
  let waiting = 0;
  let changesWaiting = 0;
  const summary = await importCatalogue(db, file, {
    ...(parsed.locate ? { locate: parsed.locate } : {}),
    onProgress: (done, total) => progress({ type: 'progress', phase: 'products', done, total }),
    stockWatch: deps.stockWatch,
    beforeWrite: async (trx, written) => {
      const skus = skusOf(written);
      const rows =
        skus.size === 0
          ? []
          : await trx
              .selectFrom('products')
              .select(['sku', 'seller_id', 'parent_id'])
              .where('sku', 'in', [...skus.keys()])
              .execute();
      const problems = rows
        .filter((row) => row.seller_id !== target.id)
        .map((row) => `${skus.get(row.sku)}: ${IMPORT_TEXTS.otherSeller(row.sku)}`);
      if (problems.length > 0) throw new CatalogueImportError(problems);
      existingTop = new Set(rows.filter((row) => row.parent_id === null).map((row) => row.sku));
      if (review)
        changesWaiting = await holdApprovedChanges(trx, actor.staffId, target.id, written, clock.now());
    },
    afterWrite: async (trx, written) => {
      const added = topSkus.filter((sku) => !existingTop.has(sku));
      if (review && added.length > 0) {
        const updated = await trx
          .updateTable('products')
          .set({ review_status: 'waiting', submitted_at: clock.now(), review_reason: null })
          .where('parent_id', 'is', null)
          .where('seller_id', '=', target.id)
          .where('sku', 'in', added)
          .executeTakeFirst();
        waiting = Number(updated.numUpdatedRows);
      }
      await recordStaffAction(trx, {
        actor: { staffId: actor.staffId },
        action: 'catalogue.imported',
        subject: `seller:${target.id}`,
        after: {
          format,
          products: written.products,
          variants: written.variants,
          categories: written.categories,
          waiting_for_approval: waiting,
          changes_waiting_for_approval: changesWaiting,
        },
        at: clock.now(),
      });
    },
  });
  return {
    format,
    seller: { id: target.id, name: target.name },
    products: summary.products,
    variants: summary.variants,
    categories: summary.categories,
    pictures: { named, stored },
    waiting_for_approval: waiting,
    changes_waiting_for_approval: changesWaiting,
    warnings: parsed.warnings,
  };
}

/** The `failed` line of an import that stopped: the file's problems, or a fault of the server's. */
export function failedLine(error: unknown): Extract<CatalogueImportLine, { type: 'failed' }> | undefined {
  if (error instanceof CatalogueImportError) {
    return {
      type: 'failed',
      message: IMPORT_TEXTS.failed(error.problems.length),
      problems: error.problems.map(splitCatalogueProblem),
    };
  }
  if (error instanceof InvalidDataError) {
    return {
      type: 'failed',
      message: error.message,
      problems: [{ location: '(file)', message: error.message }],
    };
  }
  return undefined;
}
