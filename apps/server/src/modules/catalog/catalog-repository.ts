import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ProductTabs } from '../../db/schema.ts';
import { CURRENT_EPOCH, ROW_SIGNATURE } from './catalogue-documents.ts';

// The catalogue's read SQL. A list is an ordered id list read from an index (products_listing,
// products_seller, or the category subtree through categories_path and product_categories), kept by the
// service as a short-lived snapshot; a page is then ONE query by primary key for its ten ids, each row
// with its seller, pictures and — for a configurable product — the lowest and highest child price and
// the summed child stock from lateral subqueries on products_parent. No N+1, and no OFFSET scan.
// The one write here is stock: an order takes it (takeStock), inside the order's transaction.

export interface TileRow {
  id: number;
  name: string;
  sku: string;
  type_id: 'simple' | 'configurable';
  is_giftcard: boolean;
  short_desc: string;
  /** For a configurable product, the lowest price over its enabled children in stock (all when none is). */
  price_cents: number;
  /** For a configurable product, the highest price over its enabled children in stock (all when none is). */
  max_price_cents: number;
  /** For a configurable product, the stock summed over its enabled children. */
  qty: number;
  images: string[];
  seller_url: string;
  seller_image: string;
  /** [I13-hotpath] The catalogue epoch and row signature this row was read at (catalogue-documents.ts). */
  doc_epoch: number;
  doc_signature: string;
}

export interface SellerRow {
  id: number;
  seller_url: string;
  name: string;
  description: string;
  logo_url: string;
  banner_url: string;
}

export interface OptionValueJson {
  id: number;
  title: string;
  swatch: string | null;
  position: number;
}

export interface ChildRow {
  id: number;
  sku: string;
  name: string;
  qty: number;
  price_cents: number;
  color: OptionValueJson | null;
  size: OptionValueJson | null;
  gift_card_price: OptionValueJson | null;
  /** The child's own picture (its colour), if the catalogue gave it one. */
  image: string | null;
}

export interface ProductRow extends TileRow {
  description: string;
  tabs: ProductTabs;
  seller: SellerRow;
  children: ChildRow[];
}

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  path: string;
}

export interface MmsTemplateRow {
  id: number;
  name: string;
  image_url: string;
}

// [I32] listed: enabled, approved (PRODUCT_REVIEW) and its seller not suspended (migration 0029).
const ofTopLevel = sql`p.parent_id is null and p.listed`;

// [I13-hotpath] The ids of a gathered read go through a sub-select, `any((select $1::int[])::int[])`,
// not `any($1::int[])`: for the plain parameter PostgreSQL priced a custom plan for one id below the
// generic plan and planned every execution of the named statement again (0.8 ms a product read at
// 100,000 products, 0.35 ms on the generic plan). The planner never looks into a sub-select's value, so
// both plans cost the same and it keeps the generic one after its five trials
// (prepared-statements.test.ts).

/**
 * [TILE-02, PDP-06] 'From $x' counts what a shopper can buy: a configurable product's price range spans its
 * enabled children in stock, and all its enabled children only when every one is sold out.
 */
const buyablePriceRange = sql.raw(`
  coalesce(min(c.price_cents) filter (where c.qty > 0), min(c.price_cents)) as min_price,
  coalesce(max(c.price_cents) filter (where c.qty > 0), max(c.price_cents)) as max_price`);

/**
 * The tiles of exactly these products, in id order. The ids come from a listing snapshot
 * (listedIds and friends), so the page's rows are fetched by primary key: no OFFSET scan, however
 * deep the page.
 */
export async function tilesByIds(db: Db, ids: number[]): Promise<TileRow[]> {
  if (ids.length === 0) return [];
  const result = await sql<TileRow>`/* prepared:catalogue_tiles */
    select p.id, p.name, p.sku, p.type_id, p.is_giftcard, p.short_desc,
      case when p.type_id = 'configurable' then coalesce(v.min_price, p.price_cents) else p.price_cents end
        as price_cents,
      case when p.type_id = 'configurable' then coalesce(v.max_price, p.price_cents) else p.price_cents end
        as max_price_cents,
      case when p.type_id = 'configurable' then coalesce(v.qty, 0) else p.qty end as qty,
      coalesce(i.images, '[]'::json) as images,
      s.seller_url, s.logo_url as seller_image,
      ${CURRENT_EPOCH} as doc_epoch, ${ROW_SIGNATURE} as doc_signature
    from products p
    join sellers s on s.id = p.seller_id
    left join lateral (
      select ${buyablePriceRange}, sum(c.qty)::int as qty
      from products c where c.parent_id = p.id and c.listed
    ) v on p.type_id = 'configurable'
    left join lateral (
      select json_agg(pi.url order by pi.position) as images from product_images pi where pi.product_id = p.id
    ) i on true
    where p.id = any((select ${ids}::int[])::int[])
    order by p.id
  `.execute(db);
  return result.rows;
}

async function ids(db: Db, filter: RawBuilder<unknown>, prepared = sql``): Promise<number[]> {
  // One JSON array rather than a row per id: PGlite hands rows to JavaScript one by one, and for 100,000
  // ids that took ~600 ms against ~55 ms for the array (measured).
  const result = await sql<{ ids: number[] | null }>`${prepared}
    select json_agg(p.id order by p.id) as ids from products p where ${ofTopLevel} and ${filter}
  `.execute(db);
  return result.rows[0]?.ids ?? [];
}

/** Every listed product (enabled, top-level) in list order; an index-only scan of products_listing. */
export function listedIds(db: Db): Promise<number[]> {
  return ids(db, sql`true`, sql.raw('/* prepared:catalogue_listed_ids */'));
}

export function sellerListedIds(db: Db, sellerId: number): Promise<number[]> {
  return ids(db, sql`p.seller_id = ${sellerId}`);
}

/** Products filed under the category or any of its descendants (materialised path prefix), each once. */
export function categoryListedIds(db: Db, path: string): Promise<number[]> {
  return ids(
    db,
    sql`p.id in (
      select pc.product_id from product_categories pc
      where pc.category_id in (select c.id from categories c where c.path like ${`${path}%`})
    )`,
  );
}

// [DATA-24] A variant's colour and size sit at their place within the product (migration 0011), or at
// the shared position for variants imported before it.
const optionJson = (alias: string, ownPosition = 'null') =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'title', ${alias}.title, 'swatch', ${alias}.swatch, 'position', coalesce(${ownPosition}, ${alias}.position)) end`,
  );

/**
 * The whole product in one query: row, seller, pictures and enabled children with their option values
 * and their own picture.
 */
export async function findProduct(db: Db, id: number): Promise<ProductRow | undefined> {
  return (await findProducts(db, [id]))[0];
}

/**
 * Several whole products (as findProduct) in one query, in id order; ids that are not a listed product
 * (unknown, disabled, a child) are left out. The service gathers concurrent product misses into one call.
 */
export async function findProducts(db: Db, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const result = await sql<ProductRow>`/* prepared:catalogue_products */
    select p.id, p.name, p.sku, p.type_id, p.is_giftcard, p.short_desc, p.description, p.tabs,
      case when p.type_id = 'configurable' then coalesce(v.min_price, p.price_cents) else p.price_cents end
        as price_cents,
      case when p.type_id = 'configurable' then coalesce(v.max_price, p.price_cents) else p.price_cents end
        as max_price_cents,
      case when p.type_id = 'configurable' then coalesce(v.qty, 0) else p.qty end as qty,
      coalesce((select json_agg(pi.url order by pi.position) from product_images pi where pi.product_id = p.id),
        '[]'::json) as images,
      s.seller_url, s.logo_url as seller_image,
      json_build_object('id', s.id, 'seller_url', s.seller_url, 'name', s.name, 'description', s.description,
        'logo_url', s.logo_url, 'banner_url', s.banner_url) as seller,
      coalesce((
        select json_agg(json_build_object('id', c.id, 'sku', c.sku, 'name', c.name, 'qty', c.qty,
            'price_cents', c.price_cents, 'color', ${optionJson('oc', 'c.color_position')}, 'size', ${optionJson('os', 'c.size_position')},
            'gift_card_price', ${optionJson('og')},
            'image', (select pi.url from product_images pi where pi.product_id = c.id order by pi.position limit 1))
          order by c.id)
        from products c
        left join option_values oc on oc.id = c.color_id
        left join option_values os on os.id = c.size_id
        left join option_values og on og.id = c.gift_card_price_id
        where c.parent_id = p.id and c.listed
      ), '[]'::json) as children,
      ${CURRENT_EPOCH} as doc_epoch, ${ROW_SIGNATURE} as doc_signature
    from products p
    join sellers s on s.id = p.seller_id
    left join lateral (
      select ${buyablePriceRange}, sum(c.qty)::int as qty
      from products c where c.parent_id = p.id and c.listed
    ) v on p.type_id = 'configurable'
    where p.id = any((select ${ids}::int[])::int[]) and ${ofTopLevel}
    order by p.id
  `.execute(db);
  return result.rows;
}

export async function findSellerOfProduct(db: Db, productId: number): Promise<SellerRow | undefined> {
  return db
    .selectFrom('products as p')
    .innerJoin('sellers as s', 's.id', 'p.seller_id')
    .select(['s.id', 's.seller_url', 's.name', 's.description', 's.logo_url', 's.banner_url'])
    .where('p.id', '=', productId)
    .where('p.parent_id', 'is', null)
    .where('p.listed', '=', true)
    .executeTakeFirst();
}

/** [I32] The profile's seller also says whether it sells now and what it says about delivery. */
export type ProfileSellerRow = SellerRow & { shipping_info: string; suspended: boolean };

export async function findSellerByUrl(db: Db, sellerUrl: string): Promise<ProfileSellerRow | undefined> {
  return db
    .selectFrom('sellers')
    .select(['id', 'seller_url', 'name', 'description', 'logo_url', 'banner_url', 'shipping_info'])
    .select(sql<boolean>`suspended_at is not null`.as('suspended'))
    .where('seller_url', '=', sellerUrl)
    .executeTakeFirst();
}

export function allCategoryRows(db: Db): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'name', 'path'])
    .orderBy('position')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findCategory(db: Db, id: number): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'name', 'path'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The templates of an enabled gift card product, in their order; undefined when there is no such product. */
export async function findMmsTemplates(db: Db, productId: number): Promise<MmsTemplateRow[] | undefined> {
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .where('parent_id', 'is', null)
    .where('listed', '=', true)
    .executeTakeFirst();
  if (!product) return undefined;
  return db
    .selectFrom('mms_templates')
    .select(['id', 'name', 'image_url'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Takes `qty` units if there are that many, in one statement: the row lock it takes makes a second
 * buyer wait for this transaction and then see what is left (the conditional update of Saleor's stock
 * allocation). False when there are not enough, or the product is off sale.
 */
export async function takeStock(db: Db, productId: number, qty: number): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ qty: sql<number>`qty - ${qty}`, updated_at: sql<Date>`now()` })
    .where('id', '=', productId)
    .where('qty', '>=', qty)
    .where('listed', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * [I15-review] Gives back stock an order took (a refused order): the caller's transaction, no condition.
 * [I31] Answers the stock after (undefined for an unknown product): what came back is a restock.
 */
export async function returnStock(db: Db, productId: number, qty: number): Promise<number | undefined> {
  const row = await db
    .updateTable('products')
    .set({ qty: sql<number>`qty + ${qty}`, updated_at: sql<Date>`now()` })
    .where('id', '=', productId)
    .returning('qty')
    .executeTakeFirst();
  return row?.qty;
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const row = await db.selectFrom('products').select('qty').where('id', '=', productId).executeTakeFirst();
  return row?.qty ?? 0;
}

/** A seller's shop name, by id or by seller url. */
/** [I16-checkout-giftcard] A seller's id by id or seller_url (the visit's affiliate seller), or undefined. */
export async function sellerIdOf(db: Db, ref: { id?: number; url?: string }): Promise<number | undefined> {
  if (ref.id === undefined && ref.url === undefined) return undefined;
  let query = db.selectFrom('sellers').select('id');
  query =
    ref.id !== undefined ? query.where('id', '=', ref.id) : query.where('seller_url', '=', ref.url ?? '');
  return (await query.executeTakeFirst())?.id;
}

export async function sellerName(db: Db, ref: { id?: number; url?: string }): Promise<string | undefined> {
  if (ref.id === undefined && ref.url === undefined) return undefined;
  let query = db.selectFrom('sellers').select('name');
  query =
    ref.id !== undefined ? query.where('id', '=', ref.id) : query.where('seller_url', '=', ref.url ?? '');
  return (await query.executeTakeFirst())?.name;
}
