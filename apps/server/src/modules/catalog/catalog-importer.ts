import { dollarsToCents } from '@quokka/contract/money';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AttributeCode, MmsTemplateTable, ProductImageTable, ProductTable } from '../../db/schema.ts';
import { InvalidDataError } from '../../domain/errors.ts';
import { invalidateCatalogueCache } from './catalog-cache.ts';
import {
  allCategories,
  catalogueHasRows,
  deleteCatalogue,
  disableDroppedChildren,
  existingSellerUrls,
  type OptionValueRow,
  optionKey,
  productIds,
  productsBySku,
  refreshCategoryPaths,
  sellerIds,
  syncImages,
  syncMmsTemplates,
  syncProductCategories,
  type UpsertedRow,
  upsertCategories,
  upsertOptionValues,
  upsertProducts,
  upsertSellers,
  vacuumCatalogue,
} from './catalog-import-repository.ts';
import { notifyCatalogueChanged } from './catalog-notifications.ts';
import { guessSwatch } from './colour-swatches.ts';
import {
  type CatalogueFile,
  type CatalogueFileInput,
  catalogueFile,
  type ProductInput,
} from './import-format.ts';
import { NO_STOCK_WATCH, risesOf, type StockWatch, stockFigures } from './stock-rises.ts';

// Imports a catalogue file (docs/catalogue-import.md): validate everything first and report every
// problem with the path of the bad entry, then write the whole file in ONE transaction with batched
// multi-row upserts by natural key (seller_url, category code, sku, option title, template code).
// A bad file changes nothing; importing the same file twice changes nothing.

/** Top-level products written per batch (their variants, pictures, categories and templates go along). */
export const PRODUCTS_PER_BATCH = 500;

/** Imports that write at least this many rows refresh the planner's statistics afterwards. */
export const VACUUM_AFTER_ROWS = 1_000;

/** Categories have at most three levels (SPEC.md §2 side menu; the table's check constraint). */
export const MAX_CATEGORY_LEVEL = 3;

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

export interface ImportSummary {
  sellers: ImportCounts;
  categories: ImportCounts;
  /** Top-level products; a product counts as updated when it or any of its variants, pictures, categories or templates changed. */
  products: ImportCounts;
  /** Variants and gift-card prices the file lists (a variant whose own picture changed counts as updated). */
  variants: ImportCounts & {
    /** Variants of these products that the file no longer lists, disabled by this import. */
    disabled: number;
  };
}

export interface ImportOptions {
  /** Called as batches finish, with the top-level products written so far and their total. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Where a catalogue path comes from in the file read (`row 12, column Vendor` for a CSV), so the
   * problems found against the database name the cell rather than the built catalogue's path.
   */
  locate?: (path: string) => string | undefined;
  /**
   * Sellers already in the database are left as they are (a CSV names a seller by its Vendor only, and
   * must not overwrite the logo and description a JSON import gave it).
   */
  keepExistingSellers?: boolean;
  /** [I31] Told of the items whose stock the import raised, in its transaction (stock-rises.ts). */
  stockWatch?: StockWatch;
  /**
   * [I32] Runs in the import's transaction once the file's references are checked, before anything is
   * written (the back office's checks of the seller's skus); a CatalogueImportError it throws is
   * relocated like the importer's own problems.
   */
  beforeWrite?: (trx: Db, file: CatalogueFile) => Promise<void>;
  /** [I32] Runs in the import's transaction once everything is written (the review of new products, the audit line). */
  afterWrite?: (trx: Db, summary: ImportSummary) => Promise<void>;
}

/** A file that cannot be imported; `problems` lists every one, each starting with its path. */
export class CatalogueImportError extends InvalidDataError {
  constructor(readonly problems: string[]) {
    super(
      `The catalogue file has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems
        .map((problem) => `  - ${problem}`)
        .join('\n')}`,
      { parameters: problems },
    );
  }
}

/** `products[3].seller: unknown seller "x"` → `row 12, column Vendor: unknown seller "x"`. */
export function relocateProblems(
  problems: readonly string[],
  locate: ((path: string) => string | undefined) | undefined,
): string[] {
  if (!locate) return [...problems];
  return problems.map((problem) => {
    const split = problem.indexOf(': ');
    if (split === -1) return problem;
    const where = locate(problem.slice(0, split));
    // A message may name another entry ('also used at products.0.variants.1.sku'): name its cell too.
    const message = problem
      .slice(split + 2)
      .replace(
        /\bproducts\.(\d+)(?:\.variants\.(\d+))?\.sku\b/g,
        (text, product: string, variant?: string) => {
          const path =
            variant === undefined
              ? `products[${product}].sku`
              : `products[${product}].variants[${variant}].sku`;
          return locate(path) ?? text;
        },
      );
    return where ? `${where}: ${message}` : problem;
  });
}

/** `['products', 12, 'variants', 3, 'sku']` → `products[12].variants[3].sku`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && /^\d+$/.test(part)) out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(file)';
}

/** Validates the file's structure and its own consistency (no database needed). */
export function parseCatalogueFile(input: unknown): CatalogueFile {
  const parsed = catalogueFile.safeParse(input, {
    // A missing field reads better as 'is required' than as zod's 'expected string, received undefined'.
    error: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined,
  });
  if (parsed.success) return parsed.data;
  throw new CatalogueImportError(
    parsed.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`),
  );
}

const emptyCounts = (): ImportCounts => ({ created: 0, updated: 0, unchanged: 0 });

function count(rows: UpsertedRow[], total: number): ImportCounts {
  const created = rows.filter((row) => row.inserted).length;
  const updated = rows.length - created;
  return { created, updated, unchanged: total - created - updated };
}

interface CategoryPlan {
  code: string;
  name: string;
  parent: string | null;
  position: number;
  level: number;
}

/**
 * Checks everything the file refers to against the file and the database: sellers, categories (known,
 * no cycle, at most three levels counting existing parents and children), and skus that would change
 * kind. Returns the categories in the order to write them (parents first) with their levels.
 */
async function checkReferences(db: Db, file: CatalogueFile): Promise<CategoryPlan[]> {
  const problems: string[] = [];

  const fileSellers = new Set(file.sellers.map((seller) => seller.seller_url));
  const wanted = [...new Set(file.products.map((product) => product.seller))].filter(
    (url) => !fileSellers.has(url),
  );
  const dbSellers = await existingSellerUrls(db, wanted);
  file.products.forEach((product, index) => {
    if (!fileSellers.has(product.seller) && !dbSellers.has(product.seller)) {
      problems.push(`products[${index}].seller: unknown seller "${product.seller}"`);
    }
  });

  // The tree as it will be after the import: the database's links, overridden by the file's.
  const existing = await allCategories(db);
  const codeById = new Map(existing.map((category) => [category.id, category.code]));
  const parentOf = new Map<string, string | null>();
  for (const category of existing) {
    parentOf.set(
      category.code,
      category.parent_id === null ? null : (codeById.get(category.parent_id) ?? null),
    );
  }
  const fileIndex = new Map<string, number>();
  file.categories.forEach((category, index) => {
    fileIndex.set(category.code, index);
    parentOf.set(category.code, category.parent ?? null);
  });
  file.categories.forEach((category, index) => {
    if (category.parent && !parentOf.has(category.parent)) {
      problems.push(`categories[${index}].parent: unknown category "${category.parent}"`);
    }
  });

  const levels = new Map<string, number>();
  const levelOf = (code: string): number => {
    const known = levels.get(code);
    if (known !== undefined) return known;
    const chain: string[] = [];
    let cursor: string | null | undefined = code;
    while (cursor && !levels.has(cursor)) {
      if (chain.includes(cursor)) return Number.POSITIVE_INFINITY;
      chain.push(cursor);
      cursor = parentOf.get(cursor);
    }
    let level = cursor ? (levels.get(cursor) ?? 0) : 0;
    for (const link of chain.reverse()) {
      level += 1;
      levels.set(link, level);
    }
    return level;
  };
  const reported = new Set<number>();
  for (const code of parentOf.keys()) {
    const level = levelOf(code);
    if (level <= MAX_CATEGORY_LEVEL) continue;
    // Blame the nearest category of the file on the way up: that is the entry that makes it too deep.
    let blamed: string | null | undefined = code;
    const seen = new Set<string>();
    while (blamed && !fileIndex.has(blamed) && !seen.has(blamed)) {
      seen.add(blamed);
      blamed = parentOf.get(blamed);
    }
    const index = blamed ? fileIndex.get(blamed) : undefined;
    if (index === undefined || reported.has(index)) continue;
    reported.add(index);
    problems.push(
      level === Number.POSITIVE_INFINITY
        ? `categories[${index}].parent: "${blamed}" would be its own ancestor`
        : `categories[${index}].parent: "${code}" would be at level ${level}; categories have at most ${MAX_CATEGORY_LEVEL} levels`,
    );
  }

  file.products.forEach((product, index) => {
    product.categories.forEach((code, position) => {
      if (!parentOf.has(code))
        problems.push(`products[${index}].categories[${position}]: unknown category "${code}"`);
    });
  });

  // A sku keeps its kind: a top-level product does not become a variant of another, nor the reverse.
  const variantSkus = new Map<string, string>();
  const topSkus = new Map<string, string>();
  file.products.forEach((product, index) => {
    topSkus.set(product.sku, `products[${index}].sku`);
    if ('variants' in product) {
      product.variants.forEach((variant, position) => {
        variantSkus.set(variant.sku, `products[${index}].variants[${position}].sku`);
      });
    }
  });
  const known = await productsBySku(db, [...variantSkus.keys(), ...topSkus.keys()]);
  for (const row of known) {
    const asVariant = variantSkus.get(row.sku);
    if (asVariant && row.parent_id === null) {
      problems.push(
        `${asVariant}: sku "${row.sku}" is a product in the database and cannot become a variant`,
      );
    }
    const asProduct = topSkus.get(row.sku);
    if (asProduct && row.parent_id !== null) {
      problems.push(
        `${asProduct}: sku "${row.sku}" is a variant in the database and cannot become a product`,
      );
    }
  }

  if (problems.length > 0) throw new CatalogueImportError(problems);

  return file.categories
    .map((category) => ({
      code: category.code,
      name: category.name,
      parent: category.parent ?? null,
      position: category.position,
      level: levels.get(category.code) ?? 1,
    }))
    .sort((a, b) => a.level - b.level);
}

/**
 * Every option value the file names, in the order of first appearance. This shared position only
 * decides the order for variants imported before per-product positions existed (migration 0011).
 */
function optionValuesOf(file: CatalogueFile): OptionValueRow[] {
  const rows = new Map<string, OptionValueRow>();
  const add = (attribute: AttributeCode, title: string | undefined, swatch?: string | null) => {
    if (!title) return;
    const key = optionKey(attribute, title);
    const known = rows.get(key);
    if (known) {
      if (!known.swatch && swatch) known.swatch = swatch;
      return;
    }
    rows.set(key, { attribute_code: attribute, title, swatch: swatch ?? null, position: rows.size });
  };
  for (const product of file.products) {
    if (product.type === 'configurable') {
      for (const choice of product.options?.color ?? []) add('color', choice.title, choice.swatch);
      for (const choice of product.options?.size ?? []) add('size', choice.title, choice.swatch);
    }
    if (product.type === 'simple') continue;
    for (const variant of product.variants) {
      add('color', variant.color);
      add('size', variant.size);
      add('gift_card_price', variant.gift_card_price);
    }
  }
  for (const row of rows.values()) {
    if (row.attribute_code === 'color' && !row.swatch) row.guessedSwatch = guessSwatch(row.title);
  }
  return [...rows.values()];
}

/**
 * [DATA-24] The product's own order of its colours and of its sizes: the choices its `options` list, in
 * that order, then those named only by its variants, in the order the variants first name them.
 */
export function productOptionOrder(product: ProductInput): {
  color: Map<string, number>;
  size: Map<string, number>;
} {
  const order = { color: new Map<string, number>(), size: new Map<string, number>() };
  if (product.type !== 'configurable') return order;
  const add = (attribute: 'color' | 'size', title: string | undefined) => {
    const positions = order[attribute];
    if (title && !positions.has(title)) positions.set(title, positions.size);
  };
  for (const choice of product.options?.color ?? []) add('color', choice.title);
  for (const choice of product.options?.size ?? []) add('size', choice.title);
  for (const variant of product.variants) {
    add('color', variant.color);
    add('size', variant.size);
  }
  return order;
}

const tabsOf = (product: ProductInput) =>
  JSON.stringify({
    shipping: product.tabs.shipping,
    sizing_chart_url: product.tabs.sizing_chart_url ?? null,
    faq: product.tabs.faq,
  });

async function writeProducts(
  db: Db,
  file: CatalogueFile,
  ids: { sellers: Map<string, number>; categories: Map<string, number>; options: Map<string, number> },
  onBatch: (done: number) => void,
): Promise<{ counts: ImportCounts; variants: ImportSummary['variants'] }> {
  const counts = emptyCounts();
  const variants = { ...emptyCounts(), disabled: 0 };
  let done = 0;
  for (let start = 0; start < file.products.length; start += PRODUCTS_PER_BATCH) {
    const batch = file.products.slice(start, start + PRODUCTS_PER_BATCH);

    const parents: Insertable<ProductTable>[] = batch.map((product) => ({
      sku: product.sku,
      parent_id: null,
      seller_id: ids.sellers.get(product.seller)!,
      type_id: product.type === 'simple' ? 'simple' : 'configurable',
      is_giftcard: product.type === 'giftcard',
      enabled: product.enabled,
      name: product.name,
      price_cents: dollarsToCents(product.price),
      // A configurable parent holds no stock of its own: its children do.
      qty: product.type === 'simple' ? product.qty : 0,
      short_desc: product.short_desc,
      description: product.description,
      color_id: null,
      size_id: null,
      gift_card_price_id: null,
      color_position: null,
      size_position: null,
      tabs: tabsOf(product),
    }));
    const parentRows = await upsertProducts(db, parents);
    const parentIds = await productIds(
      db,
      batch.map((product) => product.sku),
    );
    const idOf = (sku: string) => parentIds.get(sku)!;

    const children: Insertable<ProductTable>[] = [];
    for (const product of batch) {
      if (product.type === 'simple') continue;
      const order = productOptionOrder(product);
      for (const variant of product.variants) {
        const labels = [variant.color, variant.size, variant.gift_card_price].filter(Boolean);
        const option = (attribute: AttributeCode, title: string | undefined) =>
          title ? (ids.options.get(optionKey(attribute, title)) ?? null) : null;
        children.push({
          sku: variant.sku,
          parent_id: idOf(product.sku),
          seller_id: ids.sellers.get(product.seller)!,
          type_id: 'simple',
          is_giftcard: product.type === 'giftcard',
          enabled: product.enabled,
          name: `${product.name} - ${labels.join(' / ')}`,
          price_cents: dollarsToCents(variant.price ?? product.price),
          qty: variant.qty,
          short_desc: '',
          description: '',
          color_id: option('color', variant.color),
          size_id: option('size', variant.size),
          gift_card_price_id: option('gift_card_price', variant.gift_card_price),
          color_position: variant.color ? (order.color.get(variant.color) ?? null) : null,
          size_position: variant.size ? (order.size.get(variant.size) ?? null) : null,
          tabs: '{}',
        });
      }
    }
    const childRows = await upsertProducts(db, children);
    const childIds = await productIds(
      db,
      children.map((child) => child.sku),
    );

    const batchIds = batch.map((product) => idOf(product.sku));
    const images: ProductImageTable[] = batch.flatMap((product) =>
      product.images.map((url, position) => ({ product_id: idOf(product.sku), position, url })),
    );
    // A variant's own picture (its colour) is the variant's first and only picture; a variant whose
    // picture left the file loses it.
    const variantImages: ProductImageTable[] = batch.flatMap((product) =>
      product.type === 'simple'
        ? []
        : product.variants.flatMap((variant) =>
            variant.image
              ? [{ product_id: childIds.get(variant.sku)!, position: 0, url: variant.image }]
              : [],
          ),
    );
    const parentOfChild = new Map(children.map((child) => [childIds.get(child.sku)!, child.parent_id!]));
    const links = batch.flatMap((product) =>
      [...new Set(product.categories)].map((code) => ({
        product_id: idOf(product.sku),
        category_id: ids.categories.get(code)!,
      })),
    );
    const templates: Insertable<MmsTemplateTable>[] = batch.flatMap((product) =>
      product.type === 'giftcard'
        ? product.mms_templates.map((template, position) => ({
            product_id: idOf(product.sku),
            code: template.code,
            name: template.name,
            image_url: template.image_url,
            position,
          }))
        : [],
    );

    // Which top-level products changed in any way, for the summary.
    const changedIds = new Set<number>(parentRows.filter((row) => !row.inserted).map((row) => row.id));
    const parentIdBySkuOfChild = new Map(children.map((child) => [child.sku, child.parent_id!]));
    for (const row of childRows) {
      const parent = parentIdBySkuOfChild.get(row.key);
      if (parent !== undefined) changedIds.add(parent);
    }
    const disabled = await disableDroppedChildren(db, batchIds, [...childIds.values()]);
    for (const id of disabled) changedIds.add(id);
    variants.disabled += disabled.length;
    const createdChildren = new Set(childRows.filter((row) => row.inserted).map((row) => row.id));
    const updatedChildren = new Set(childRows.filter((row) => !row.inserted).map((row) => row.id));
    const imageIds = [...batchIds, ...parentOfChild.keys()];
    for (const id of await syncImages(db, imageIds, [...images, ...variantImages])) {
      const parent = parentOfChild.get(id);
      changedIds.add(parent ?? id);
      if (parent !== undefined && !createdChildren.has(id)) updatedChildren.add(id);
    }
    variants.created += createdChildren.size;
    variants.updated += updatedChildren.size;
    variants.unchanged += children.length - createdChildren.size - updatedChildren.size;
    for (const id of await syncProductCategories(db, batchIds, links)) changedIds.add(id);
    for (const id of await syncMmsTemplates(db, batchIds, templates)) changedIds.add(id);

    const createdIds = new Set(parentRows.filter((row) => row.inserted).map((row) => row.id));
    for (const id of batchIds) {
      if (createdIds.has(id)) counts.created += 1;
      else if (changedIds.has(id)) counts.updated += 1;
      else counts.unchanged += 1;
    }
    done += batch.length;
    onBatch(done);
  }
  return { counts, variants };
}

/**
 * Imports a catalogue file in one transaction. Throws CatalogueImportError (listing every problem with
 * its path) and writes nothing when the file or its references are bad.
 */
export async function importCatalogue(
  db: Db,
  input: CatalogueFile | CatalogueFileInput,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  // Parsing an already parsed file is harmless, and it means no caller can skip validation.
  const file = parseCatalogueFile(input);
  const total = file.products.length;

  const summary = await db.transaction().execute(async (trx) => {
    const relocated = (error: unknown) => {
      if (error instanceof CatalogueImportError && options.locate) {
        throw new CatalogueImportError(relocateProblems(error.problems, options.locate));
      }
      throw error;
    };
    const categoryPlan = await checkReferences(trx, file).catch(relocated);
    if (options.beforeWrite) await options.beforeWrite(trx, file).catch(relocated);

    const known = options.keepExistingSellers
      ? await existingSellerUrls(
          trx,
          file.sellers.map((seller) => seller.seller_url),
        )
      : new Set<string>();
    const sellerRows = await upsertSellers(
      trx,
      file.sellers
        .filter((seller) => !known.has(seller.seller_url))
        .map((seller) => ({
          seller_url: seller.seller_url,
          name: seller.name,
          description: seller.description,
          logo_url: seller.logo_url,
          banner_url: seller.banner_url,
        })),
    );
    const sellers = await sellerIds(trx, [...new Set(file.products.map((product) => product.seller))]);

    // Parents first, one level at a time, so every parent id is known when its children are written.
    const categoryIds = new Map((await allCategories(trx)).map((category) => [category.code, category.id]));
    const categoryRows: UpsertedRow[] = [];
    for (let level = 1; level <= MAX_CATEGORY_LEVEL; level += 1) {
      const rows = categoryPlan.filter((category) => category.level === level);
      if (rows.length === 0) continue;
      const written = await upsertCategories(
        trx,
        rows.map((category) => ({
          code: category.code,
          name: category.name,
          parent_id: category.parent ? categoryIds.get(category.parent)! : null,
          level: category.level,
          position: category.position,
        })),
      );
      categoryRows.push(...written);
      for (const row of written) categoryIds.set(row.key, row.id);
    }
    await refreshCategoryPaths(trx);

    const optionIds = await upsertOptionValues(trx, optionValuesOf(file));
    // [I31] The stock of the items shoppers wait for, before and after the write (stock-rises.ts).
    const watch = options.stockWatch ?? NO_STOCK_WATCH;
    const waited = await watch.waitedFor(trx);
    const stockBefore = await stockFigures(trx, waited, true);
    options.onProgress?.(0, total);
    const products = await writeProducts(
      trx,
      file,
      { sellers, categories: categoryIds, options: optionIds },
      (done) => options.onProgress?.(done, total),
    );

    const rises = risesOf(stockBefore, await stockFigures(trx, waited));
    if (rises.length > 0) await watch.rose(trx, rises);

    const result: ImportSummary = {
      sellers: count(sellerRows, file.sellers.length),
      categories: count(categoryRows, file.categories.length),
      products: products.counts,
      variants: products.variants,
    };
    await options.afterWrite?.(trx, result);
    // Delivered on commit: every other server process drops its cached catalogue replies.
    await notifyCatalogueChanged(trx);
    return result;
  });
  invalidateCatalogueCache();
  const written = [summary.sellers, summary.categories, summary.products, summary.variants].reduce(
    (sum, counts) => sum + counts.created + counts.updated,
    0,
  );
  if (written >= VACUUM_AFTER_ROWS) {
    // Only an optimisation: the import is committed whatever happens here.
    await vacuumCatalogue(db).catch(() => undefined);
  }
  return summary;
}

/** Deletes every catalogue row (sellers, categories, options, products and what hangs off them). */
export async function resetCatalogue(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteCatalogue(trx);
    await notifyCatalogueChanged(trx);
  });
  invalidateCatalogueCache();
}

export async function catalogueIsEmpty(db: Db): Promise<boolean> {
  return !(await catalogueHasRows(db));
}
