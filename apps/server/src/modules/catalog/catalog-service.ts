import type {
  AttributeCode,
  Category,
  ConfigurableChild,
  ConfigurableOption,
  MmsTemplate,
  OptionChoice,
  Product,
  ProductRender,
  ProductReply,
  ProductTile,
  SellerInformationReply,
  SellerSummary,
} from '@quokka/contract/api/catalog';
import {
  GIFT_CARD_TILE_RATIO,
  LISTING_CURRENCY,
  LISTING_STORE_ID,
  OPTION_ID,
  PAGE_SIZE,
  PRODUCT_TILE_RATIO,
} from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { centsToDollars, formatCents } from '@quokka/contract/money';
import type { Db } from '../../db/database.ts';
import { InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import { Batcher } from './catalog-batch.ts';
import { CatalogueCache, etagOf, invalidateCatalogueCache } from './catalog-cache.ts';
import { notifyProductsChanged } from './catalog-notifications.ts';
import {
  allCategoryRows,
  type CategoryRow,
  type ChildRow,
  categoryListedIds,
  findCategory,
  findMmsTemplates,
  findProducts,
  findSellerByUrl,
  findSellerOfProduct,
  listedIds,
  type OptionValueJson,
  type ProductRow,
  returnStock,
  type SellerRow,
  sellerIdOf,
  sellerListedIds,
  sellerName,
  stockOf,
  type TileRow,
  takeStock,
  tilesByIds,
} from './catalog-repository.ts';
import {
  type CatalogueDocument,
  currentDocuments,
  type DocumentKind,
  DocumentWriter,
  JsonText,
  type RenderedDocument,
} from './catalogue-documents.ts';
import { NO_STOCK_WATCH, type StockRise, type StockWatch } from './stock-rises.ts';

// The catalogue as the storefront reads it (SPEC.md §3, §7 Catalogue; DECISIONS.md "Wire"): rows in
// cents become wire shapes in dollars. Lists never show children or disabled products; a configurable
// product lists at its lowest child price ('From $x') with its children's summed stock.

export const SELLER_NOT_FOUND = 'The seller does not exist.';
export const PRODUCT_NOT_FOUND = 'The product does not exist.';
export const CATEGORY_NOT_FOUND = 'The category does not exist.';

/** [ERR-05] Unknown, disabled or out of stock. */
export const productNotAvailable = () =>
  new InvalidDataError(MSG.productNotAvailable, { code: 'PRODUCT_NOT_AVAILABLE' });
/** [ERR-06] More than the stock (counting what the cart already holds). */
export const qtyNotAvailable = () => new InvalidDataError(MSG.qtyNotAvailable, { code: 'QTY_NOT_AVAILABLE' });

const OPTION_LABELS: Record<AttributeCode, string> = {
  color: 'Color',
  size: 'Size',
  gift_card_price: 'Gift Card Price',
};
const ATTRIBUTES: readonly AttributeCode[] = ['color', 'size', 'gift_card_price'];

const pageOf = (ids: readonly number[], page: number, size = PAGE_SIZE) =>
  ids.slice((page - 1) * size, page * size);

/**
 * Listings (all products, a seller's, a category subtree's) are kept as ordered id lists for as long as
 * a cached reply lives, and dropped with the replies by an import (not by an order: which products are
 * listed does not depend on stock, and the tiles are read afresh). A page is then a slice plus one
 * query by primary key, so page 9,000 costs what page 1 costs and the single PGlite connection is not
 * held by OFFSET scans.
 * A stale list (at most CATALOGUE_CACHE_TTL_MS, as for replies) is fetched as it is, without re-checking
 * `enabled`, so a page never comes back short of 10 while later pages exist — the client would stop.
 * When a list ages out it keeps answering while ONE query refreshes it in the background
 * (staleWhileRefresh): reloading 100,000 ids took ~25 ms, which every page miss used to wait for every
 * 5 s. That only delays an unannounced change (SQL by hand) by the refresh; an import or reset drops the
 * lists at once, here and, by notification, in every process, and stock is never in them.
 */
const MAX_LISTINGS = 2_000;

/** The most pages of tiles, and products, one gathered query reads; and how many such queries run at once. */
const BATCH_PAGES = 10;
const BATCH_PRODUCTS = 20;
const BATCHES_IN_FLIGHT = 2;

function sellerSummary(row: SellerRow): SellerSummary {
  // [DATA-28, DATA-29, DATA-30] Every alias the client may read carries the same value.
  return {
    id: row.id,
    name: row.name,
    seller_url: row.seller_url,
    shop_url: row.seller_url,
    image: row.logo_url,
    supplied_by_image: row.logo_url,
    description: row.description,
    popup_description: row.description,
    banner_image: row.banner_url,
  };
}

/** [I33] Search's tiles too (search.ts): a tile is the same wherever it shows. */
export function tile(row: TileRow): ProductTile {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    qty: row.qty,
    price: centsToDollars(row.price_cents),
    type_id: row.type_id,
    is_giftcard: row.is_giftcard,
    short_desc: row.short_desc,
    // [DATA-27] image and images, main picture first.
    image: row.images[0] ?? '',
    images: row.images,
    product_seller_image: row.seller_image,
    seller_url: row.seller_url,
  };
}

/** [DATA-24] color (93), size (141) and gift_card_price (216), only those the children use. */
function configurableOptions(children: ChildRow[]) {
  const options: Partial<Record<AttributeCode, ConfigurableOption>> = {};
  const products: Partial<Record<AttributeCode, Record<string, string[]>>> = {};
  for (const attribute of ATTRIBUTES) {
    const choices = new Map<number, { value: OptionValueJson; qty: number; price: number; skus: string[] }>();
    for (const child of children) {
      const value = child[attribute];
      if (!value) continue;
      const choice = choices.get(value.id) ?? { value, qty: 0, price: child.price_cents, skus: [] };
      choice.qty += child.qty;
      choice.price = Math.min(choice.price, child.price_cents);
      if (child.qty > 0) choice.skus.push(child.sku);
      choices.set(value.id, choice);
    }
    if (choices.size === 0) continue;
    // Gift card prices read best cheapest first; colours and sizes keep the order the catalogue gave them.
    const ordered = [...choices.values()].sort((a, b) =>
      attribute === 'gift_card_price'
        ? a.price - b.price || a.value.position - b.value.position
        : a.value.position - b.value.position || a.value.id - b.value.id,
    );
    options[attribute] = {
      option_id: OPTION_ID[attribute],
      attribute_code: attribute,
      label: OPTION_LABELS[attribute],
      options: ordered.map(
        (choice): OptionChoice => ({
          option_value: choice.value.id,
          default_title: choice.value.title,
          qty: choice.qty,
          ...(attribute === 'color' ? { swatch: choice.value.swatch } : {}),
        }),
      ),
    };
    products[attribute] = Object.fromEntries(ordered.map((choice) => [String(choice.value.id), choice.skus]));
  }
  return { options, products };
}

function child(row: ChildRow): ConfigurableChild {
  const options: ConfigurableChild['options'] = {};
  for (const attribute of ATTRIBUTES) {
    const value = row[attribute];
    if (value) options[attribute] = value.id;
  }
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    qty: row.qty,
    price: centsToDollars(row.price_cents),
    options,
    ...(row.image ? { image: row.image } : {}),
  };
}

function product(row: ProductRow): Product {
  const { options, products } = configurableOptions(row.children);
  return {
    ...tile(row),
    description: row.description,
    tabs: {
      shipping: row.tabs.shipping ?? [],
      sizing_chart: row.tabs.sizing_chart_url ?? null,
      faq: row.tabs.faq ?? [],
    },
    seller: sellerSummary(row.seller),
    configurable_options: options,
    configurable_products: row.children.map(child),
    configurable_options_products: products,
  };
}

function tree(rows: CategoryRow[]): Category[] {
  // Rows arrive ordered by position then name, so appending keeps every level in that order.
  const nodes = new Map<number, Category>(
    rows.map((row) => [row.id, { entity_id: row.id, value: row.name, children: [] }]),
  );
  const roots: Category[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The listing picture is 240 px wide, as tall as a tile shows it [CONST-08, CONST-09]. */
const LISTING_IMAGE_WIDTH = 240;

/** [API-15] One product of products-render-info (also of its filtered pages, magento-search.ts). */
export function productRender(row: TileRow, publicUrl: string): ProductRender {
  const min = row.price_cents;
  const max = row.max_price_cents;
  const height = Math.round(
    LISTING_IMAGE_WIDTH * (row.is_giftcard ? GIFT_CARD_TILE_RATIO : PRODUCT_TILE_RATIO),
  );
  return {
    id: row.id,
    name: row.name,
    type: row.type_id,
    url: `${publicUrl}/product/${row.id}`,
    store_id: LISTING_STORE_ID,
    currency_code: LISTING_CURRENCY,
    price_info: {
      final_price: centsToDollars(min),
      max_price: centsToDollars(max),
      minimal_price: centsToDollars(min),
      regular_price: centsToDollars(min),
      max_regular_price: centsToDollars(max),
      minimal_regular_price: centsToDollars(min),
      special_price: null,
      formatted_prices: {
        final_price: formatCents(min),
        max_price: formatCents(max),
        minimal_price: formatCents(min),
        regular_price: formatCents(min),
        max_regular_price: formatCents(max),
        minimal_regular_price: formatCents(min),
      },
    },
    images: row.images.slice(0, 1).map((url) => ({
      url: url.startsWith('/') ? `${publicUrl}${url}` : url,
      code: 'small_image',
      height,
      width: LISTING_IMAGE_WIDTH,
      label: row.name,
    })),
    is_salable: row.qty > 0 ? '1' : '0',
    extension_attributes: {
      sku: row.sku,
      qty: row.qty,
      is_giftcard: row.is_giftcard,
      short_desc: row.short_desc,
      seller_url: row.seller_url,
      product_seller_image: row.seller_image,
    },
  };
}

export interface CatalogService {
  /** [API-09, ERR-04] The product, or `{status:false, not_exists:true}` for an unknown, disabled or child id. */
  product(id: number): Promise<ProductReply>;
  /**
   * [I13-hotpath] The same replies as product, browse, categoryProducts and sellerInformation, as the JSON
   * text the routes send: built from the products' stored documents (catalogue-documents.ts) where they
   * are current, so a read that misses the reply cache rebuilds nothing that has not changed.
   */
  productJson(id: number): Promise<JsonText>;
  browseJson(page: number): Promise<JsonText>;
  categoryProductsJson(categoryId: number, page: number): Promise<JsonText>;
  sellerInformationJson(sellerUrl: string, page: number): Promise<JsonText>;
  /** Resolves when the documents rendered so far are stored (before the database closes). */
  flush(): Promise<void>;
  /** [API-10] */
  sellerOfProduct(productId: number): Promise<{ status: true; seller: SellerSummary }>;
  /** [API-11] */
  sellerInformation(sellerUrl: string, page: number): Promise<SellerInformationReply>;
  /** [API-12] */
  categories(): Promise<Category[]>;
  /** [API-13, LIST-01, CONST-01] */
  browse(page: number): Promise<{ data: ProductTile[] }>;
  /** [API-14] */
  categoryProducts(
    categoryId: number,
    page: number,
  ): Promise<{ data: ProductTile[]; products: ProductTile[] }>;
  /** [API-16, DATA-43] */
  mmsTemplates(productId: number): Promise<{ data: MmsTemplate[] }>;
  /** [API-15] */
  productsRenderInfo(
    page: number,
    pageSize: number,
  ): Promise<{ items: ProductRender[]; total_count: number }>;
  /** A seller's shop name by id or seller url (the checkout success page names the shop). */
  sellerName(ref: { id?: number; url?: string }): Promise<string | undefined>;
  /** [I16-checkout-giftcard] A seller's id by id or seller_url, or undefined. */
  sellerId(ref: { id?: number; url?: string }): Promise<number | undefined>;
  /** Stock, which only the catalogue writes. */
  inventory: Inventory;
}

/** One product and how many units an order takes of it. */
export interface StockLine {
  productId: number;
  qty: number;
}

export interface Inventory {
  /**
   * Takes the stock of every line inside the caller's transaction `trx` (the order's), or throws the §8
   * error of the first line short of stock: PRODUCT_NOT_AVAILABLE when none is left (or it is off sale),
   * QTY_NOT_AVAILABLE when fewer than asked for are. The caller's rollback then gives back what was taken.
   */
  take(trx: Db, lines: readonly StockLine[]): Promise<void>;
  /**
   * [I15-review] Gives back what `take` took for these lines (a refused order), inside the caller's
   * transaction, in product id order like `take`.
   */
  giveBack(trx: Db, lines: readonly StockLine[]): Promise<void>;
  /** After the taking transaction committed: product pages show the new stock at once. */
  changed(): void;
}

/**
 * Row locks in product id order, one conditional update each (STYLE.md; the stock allocation of Saleor):
 * two orders never wait on each other in a circle, and stock never goes below zero.
 */
async function takeInProductOrder(trx: Db, lines: readonly StockLine[]): Promise<void> {
  const ordered = [...lines].sort((a, b) => a.productId - b.productId);
  for (const line of ordered) {
    if (!(await takeStock(trx, line.productId, line.qty))) {
      throw (await stockOf(trx, line.productId)) <= 0 ? productNotAvailable() : qtyNotAvailable();
    }
  }
  // Delivered when the order's transaction commits: every other process drops these products' replies.
  await notifyProductsChanged(
    trx,
    ordered.map((line) => line.productId),
  );
}

async function giveBackInProductOrder(
  trx: Db,
  lines: readonly StockLine[],
  watch: StockWatch,
): Promise<void> {
  const ordered = [...lines].sort((a, b) => a.productId - b.productId);
  const rises: StockRise[] = [];
  for (const line of ordered) {
    const after = await returnStock(trx, line.productId, line.qty);
    if (after !== undefined && line.qty > 0)
      rises.push({ productId: line.productId, before: after - line.qty, after });
  }
  // [I31] The shoppers waiting for what came back, in this transaction (stock-rises.ts).
  if (rises.length > 0) await watch.rose(trx, rises);
  await notifyProductsChanged(
    trx,
    ordered.map((line) => line.productId),
  );
}

export interface CatalogServiceOptions {
  publicUrl?: string | undefined;
  /** Where a failed write of rendered documents is reported (nothing is lost: they are rendered again). */
  onDocumentError?: (error: unknown) => void;
  /** [I31] Told of stock that comes back (a refund, cancel or refusal that restocks). */
  stockWatch?: StockWatch;
}

const NOT_EXISTS = JSON.stringify({ status: false, not_exists: true });

export function createCatalogService(db: Db, options: CatalogServiceOptions = {}): CatalogService {
  const publicUrl = (options.publicUrl ?? '').replace(/\/$/, '');
  const documents = new DocumentWriter(db, options.onDocumentError ?? (() => {}));
  // Which products are listed does not depend on stock: an order keeps these, an import drops them.
  const listings = new CatalogueCache<number[]>(MAX_LISTINGS, Date.now, {
    dependsOnStock: false,
    staleWhileRefresh: true,
  });
  // Misses that arrive together go as one query (catalog-batch.ts): pages of tiles as one query for
  // all their ids, products as one query for all of them.
  const tiles = new Batcher<number[], TileRow[]>(
    async (pages) => {
      const rows = new Map((await tilesByIds(db, [...new Set(pages.flat())])).map((row) => [row.id, row]));
      return pages.map((ids) => ids.flatMap((id) => rows.get(id) ?? []));
    },
    { maxBatch: BATCH_PAGES, maxInFlight: BATCHES_IN_FLIGHT },
  );
  // [I13-hotpath] A miss reads the products' current documents first; only the rest are read whole,
  // rendered here, and stored for the next read (after this reply has gone). A product reply keeps its
  // ETag; a tile is only ever sent inside a page, which has its own.
  async function documentsOf<R extends TileRow>(
    kind: DocumentKind,
    ids: readonly number[],
    readRows: (missing: number[]) => Promise<R[]>,
    render: (row: R) => unknown,
  ): Promise<Map<number, CatalogueDocument>> {
    const found = await currentDocuments(db, kind, ids);
    const missing = [...new Set(ids.filter((id) => !found.has(id)))];
    if (missing.length === 0) return found;
    const rendered: RenderedDocument[] = [];
    for (const row of await readRows(missing)) {
      const body = JSON.stringify(render(row));
      const doc = { body, etag: kind === 'product' ? etagOf(body) : '' };
      rendered.push({ ...doc, productId: row.id, kind, epoch: row.doc_epoch, signature: row.doc_signature });
      found.set(row.id, doc);
    }
    documents.add(rendered);
    return found;
  }
  const productDocuments = new Batcher<number, CatalogueDocument | undefined>(
    async (ids) => {
      const found = await documentsOf('product', ids, (missing) => findProducts(db, missing), product);
      return ids.map((id) => found.get(id));
    },
    { maxBatch: BATCH_PRODUCTS, maxInFlight: BATCHES_IN_FLIGHT },
  );
  // Each page comes back as its JSON array's text, the tiles' documents joined.
  const tileDocuments = new Batcher<number[], string>(
    async (pages) => {
      const found = await documentsOf(
        'tile',
        [...new Set(pages.flat())],
        (missing) => tilesByIds(db, missing),
        tile,
      );
      return pages.map((page) => {
        let json = '';
        for (const id of page) {
          const doc = found.get(id);
          if (doc) json = json === '' ? doc.body : `${json},${doc.body}`;
        }
        return `[${json}]`;
      });
    },
    { maxBatch: BATCH_PAGES, maxInFlight: BATCHES_IN_FLIGHT },
  );
  const tilesOf = (ids: number[]) => (ids.length === 0 ? Promise.resolve([]) : tiles.load(ids));
  /** A page of tiles as a JSON array's text. */
  const pageJson = async (key: string, load: () => Promise<number[]>, pageNumber: number) => {
    const ids = pageOf(await listings.get(key, load), pageNumber);
    return ids.length === 0 ? '[]' : tileDocuments.load(ids);
  };
  const service: CatalogService = {
    inventory: {
      take: takeInProductOrder,
      giveBack: (trx, lines) => giveBackInProductOrder(trx, lines, options.stockWatch ?? NO_STOCK_WATCH),
      changed: invalidateCatalogueCache,
    },

    sellerName: (ref) => sellerName(db, ref),
    sellerId: (ref) => sellerIdOf(db, ref),

    async productJson(id) {
      const doc = await productDocuments.load(id);
      return doc ? new JsonText(doc.body, doc.etag) : new JsonText(NOT_EXISTS);
    },

    async product(id) {
      return JSON.parse((await service.productJson(id)).text) as ProductReply;
    },

    flush: () => documents.drain(),

    async sellerOfProduct(productId) {
      const row = await findSellerOfProduct(db, productId);
      if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
      return { status: true, seller: sellerSummary(row) };
    },

    async sellerInformationJson(sellerUrl, pageNumber) {
      const seller = await findSellerByUrl(db, sellerUrl);
      if (!seller) throw new NotFoundError(SELLER_NOT_FOUND);
      // [I32] A suspended seller's profile still answers, with no products and `selling: false`.
      const tiles = seller.suspended
        ? '[]'
        : await pageJson(`seller:${seller.id}`, () => sellerListedIds(db, seller.id), pageNumber);
      const profile = `"selling":${!seller.suspended},"shipping_info":${JSON.stringify(seller.shipping_info)}`;
      return new JsonText(
        `{"status":true,"seller":${JSON.stringify(sellerSummary(seller))},"products":${tiles},${profile}}`,
      );
    },

    async sellerInformation(sellerUrl, pageNumber) {
      return JSON.parse((await service.sellerInformationJson(sellerUrl, pageNumber)).text);
    },

    async categories() {
      return tree(await allCategoryRows(db));
    },

    async browseJson(pageNumber) {
      return new JsonText(`{"data":${await pageJson('all', () => listedIds(db), pageNumber)}}`);
    },

    async browse(pageNumber) {
      return JSON.parse((await service.browseJson(pageNumber)).text);
    },

    async categoryProductsJson(categoryId, pageNumber) {
      const category = await findCategory(db, categoryId);
      if (!category) throw new NotFoundError(CATEGORY_NOT_FOUND);
      const tiles = await pageJson(
        `category:${category.path}`,
        () => categoryListedIds(db, category.path),
        pageNumber,
      );
      // The client reads `products` (SPEC.md §7); `data` carries the same list like the other lists.
      return new JsonText(`{"data":${tiles},"products":${tiles}}`);
    },

    async categoryProducts(categoryId, pageNumber) {
      return JSON.parse((await service.categoryProductsJson(categoryId, pageNumber)).text);
    },

    async mmsTemplates(productId) {
      const rows = await findMmsTemplates(db, productId);
      if (!rows) throw new NotFoundError(PRODUCT_NOT_FOUND);
      return {
        data: rows.map((row) => ({
          id: row.id,
          mms_template_id: row.id,
          mms_template_url: row.image_url,
          name: row.name,
        })),
      };
    },

    async productsRenderInfo(pageNumber, size) {
      const all = await listings.get('all', () => listedIds(db));
      const rows = await tilesOf(pageOf(all, pageNumber, size));
      return { items: rows.map((row) => productRender(row, publicUrl)), total_count: all.length };
    },
  };
  return service;
}
