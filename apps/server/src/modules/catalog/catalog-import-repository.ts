import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  AttributeCode,
  CategoryTable,
  MmsTemplateTable,
  ProductImageTable,
  ProductTable,
  SellerTable,
} from '../../db/schema.ts';

// The importer's SQL. Every write is a multi-row upsert by natural key whose `do update` only fires when
// a value really differs (`is distinct from`), so a re-import rewrites nothing and `updated_at` stays;
// `xmax = 0` in RETURNING tells an inserted row from an updated one, and rows left alone are not
// returned at all. Statements are chunked so no statement carries more than ~15,000 parameters
// (PostgreSQL's limit is 65,535 per statement).

export const ROWS_PER_STATEMENT = 1_000;

export function* chunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

const changed = (table: string, columns: readonly string[]) =>
  sql.raw<boolean>(
    `(${columns.map((c) => `${table}.${c}`).join(', ')}) is distinct from (${columns
      .map((c) => `excluded.${c}`)
      .join(', ')})`,
  );

const inserted = sql<boolean>`xmax = 0`.as('inserted');

export interface UpsertedRow {
  id: number;
  key: string;
  inserted: boolean;
}

// --- look-ups used by validation -------------------------------------------------------------------

export async function existingSellerUrls(db: Db, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db.selectFrom('sellers').select('seller_url').where('seller_url', 'in', urls).execute();
  return new Set(rows.map((row) => row.seller_url));
}

export interface ExistingCategory {
  id: number;
  code: string;
  parent_id: number | null;
}

/** Categories are few (a tree of three levels), so validation reads them all. */
export function allCategories(db: Db): Promise<ExistingCategory[]> {
  return db.selectFrom('categories').select(['id', 'code', 'parent_id']).execute();
}

export interface ExistingProduct {
  sku: string;
  parent_id: number | null;
  type_id: 'simple' | 'configurable';
}

export async function productsBySku(db: Db, skus: string[]): Promise<ExistingProduct[]> {
  const found: ExistingProduct[] = [];
  for (const part of chunks(skus, 10_000)) {
    found.push(
      ...(await db
        .selectFrom('products')
        .select(['sku', 'parent_id', 'type_id'])
        .where(sql<boolean>`sku = any(${part})`)
        .execute()),
    );
  }
  return found;
}

// --- sellers and categories ------------------------------------------------------------------------

const SELLER_COLUMNS = ['name', 'description', 'logo_url', 'banner_url'] as const;

export async function upsertSellers(db: Db, rows: Insertable<SellerTable>[]): Promise<UpsertedRow[]> {
  const out: UpsertedRow[] = [];
  for (const part of chunks(rows)) {
    const result = await db
      .insertInto('sellers')
      .values(part)
      .onConflict((oc) =>
        oc
          .column('seller_url')
          .doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            description: eb.ref('excluded.description'),
            logo_url: eb.ref('excluded.logo_url'),
            banner_url: eb.ref('excluded.banner_url'),
          }))
          .where(changed('sellers', SELLER_COLUMNS)),
      )
      .returning(['id', 'seller_url as key', inserted])
      .execute();
    out.push(...result);
  }
  return out;
}

export async function sellerIds(db: Db, urls: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(urls, 10_000)) {
    const rows = await db
      .selectFrom('sellers')
      .select(['id', 'seller_url'])
      .where(sql<boolean>`seller_url = any(${part})`)
      .execute();
    for (const row of rows) ids.set(row.seller_url, row.id);
  }
  return ids;
}

const CATEGORY_COLUMNS = ['name', 'parent_id', 'level', 'position'] as const;

export async function upsertCategories(db: Db, rows: Insertable<CategoryTable>[]): Promise<UpsertedRow[]> {
  const out: UpsertedRow[] = [];
  for (const part of chunks(rows)) {
    const result = await db
      .insertInto('categories')
      .values(part)
      .onConflict((oc) =>
        oc
          .column('code')
          .doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            parent_id: eb.ref('excluded.parent_id'),
            level: eb.ref('excluded.level'),
            position: eb.ref('excluded.position'),
          }))
          .where(changed('categories', CATEGORY_COLUMNS)),
      )
      .returning(['id', 'code as key', inserted])
      .execute();
    out.push(...result);
  }
  return out;
}

/**
 * Recomputes every category's level and materialised path ('/1/7/42/') from the parent links, and
 * writes only the rows whose values differ: a moved category carries its whole subtree along.
 */
export async function refreshCategoryPaths(db: Db): Promise<void> {
  await sql`
    with recursive tree (id, level, path) as (
      select id, 1, '/' || id || '/' from categories where parent_id is null
      union all
      select c.id, t.level + 1, t.path || c.id || '/' from categories c join tree t on c.parent_id = t.id
    )
    update categories c set level = tree.level, path = tree.path
    from tree
    where c.id = tree.id and (c.level, c.path) is distinct from (tree.level, tree.path)
  `.execute(db);
}

// --- option values ---------------------------------------------------------------------------------

export interface OptionValueRow {
  attribute_code: AttributeCode;
  title: string;
  /** The swatch the file gives; it fills or changes the colour. */
  swatch: string | null;
  /** A swatch guessed from the colour's name (colour-swatches.ts): only fills a colour that has none. */
  guessedSwatch?: string | null;
  position: number;
}

/**
 * Option values are shared by all products (one 'Red', one 'M'). A value's shared position is fixed by
 * the first import that names it (products order their own choices: products.color_position and
 * size_position); a swatch given later fills or changes the colour, an absent swatch keeps it, and a
 * guessed swatch only fills a colour without one.
 */
export async function upsertOptionValues(db: Db, rows: OptionValueRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const given = rows.filter((row) => !row.guessedSwatch);
  const guessed = rows.filter((row) => row.guessedSwatch);
  const values = (part: OptionValueRow[]) =>
    part.map((row) => ({
      attribute_code: row.attribute_code,
      title: row.title,
      swatch: row.swatch ?? row.guessedSwatch ?? null,
      position: row.position,
    }));
  for (const part of chunks(given)) {
    await db
      .insertInto('option_values')
      .values(values(part))
      .onConflict((oc) =>
        oc
          .columns(['attribute_code', 'title'])
          .doUpdateSet((eb) => ({ swatch: eb.ref('excluded.swatch') }))
          .where(
            sql<boolean>`excluded.swatch is not null and option_values.swatch is distinct from excluded.swatch`,
          ),
      )
      .execute();
  }
  for (const part of chunks(guessed)) {
    await db
      .insertInto('option_values')
      .values(values(part))
      .onConflict((oc) =>
        oc
          .columns(['attribute_code', 'title'])
          .doUpdateSet((eb) => ({ swatch: eb.ref('excluded.swatch') }))
          .where(sql<boolean>`option_values.swatch is null`),
      )
      .execute();
  }
  const all = await db.selectFrom('option_values').select(['id', 'attribute_code', 'title']).execute();
  for (const row of all) ids.set(optionKey(row.attribute_code, row.title), row.id);
  return ids;
}

export const optionKey = (attribute: AttributeCode, title: string) => `${attribute}\u0000${title}`;

// --- products and what hangs off them --------------------------------------------------------------

const PRODUCT_COLUMNS = [
  'parent_id',
  'seller_id',
  'type_id',
  'is_giftcard',
  'enabled',
  'name',
  'price_cents',
  'qty',
  'short_desc',
  'description',
  'color_id',
  'size_id',
  'gift_card_price_id',
  'color_position',
  'size_position',
  'tabs',
] as const;

export async function upsertProducts(db: Db, rows: Insertable<ProductTable>[]): Promise<UpsertedRow[]> {
  const out: UpsertedRow[] = [];
  for (const part of chunks(rows)) {
    const result = await db
      .insertInto('products')
      .values(part)
      .onConflict((oc) =>
        oc
          .column('sku')
          .doUpdateSet((eb) => ({
            parent_id: eb.ref('excluded.parent_id'),
            seller_id: eb.ref('excluded.seller_id'),
            type_id: eb.ref('excluded.type_id'),
            is_giftcard: eb.ref('excluded.is_giftcard'),
            enabled: eb.ref('excluded.enabled'),
            name: eb.ref('excluded.name'),
            price_cents: eb.ref('excluded.price_cents'),
            qty: eb.ref('excluded.qty'),
            short_desc: eb.ref('excluded.short_desc'),
            description: eb.ref('excluded.description'),
            color_id: eb.ref('excluded.color_id'),
            size_id: eb.ref('excluded.size_id'),
            gift_card_price_id: eb.ref('excluded.gift_card_price_id'),
            color_position: eb.ref('excluded.color_position'),
            size_position: eb.ref('excluded.size_position'),
            tabs: eb.ref('excluded.tabs'),
            updated_at: sql<Date>`now()`,
          }))
          .where(changed('products', PRODUCT_COLUMNS)),
      )
      .returning(['id', 'sku as key', inserted])
      .execute();
    out.push(...result);
  }
  return out;
}

export async function productIds(db: Db, skus: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(skus, 10_000)) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where(sql<boolean>`sku = any(${part})`)
      .execute();
    for (const row of rows) ids.set(row.sku, row.id);
  }
  return ids;
}

/**
 * Children of these parents that the file no longer lists are disabled rather than deleted: orders may
 * point at them. Returns the parents that lost a child.
 */
export async function disableDroppedChildren(
  db: Db,
  parentIds: number[],
  keptChildIds: number[],
): Promise<number[]> {
  if (parentIds.length === 0) return [];
  const rows = await sql<{ parent_id: number }>`
    update products set enabled = false, updated_at = now()
    where parent_id = any(${parentIds}::int[]) and enabled and not (id = any(${keptChildIds}::int[]))
    returning parent_id
  `.execute(db);
  return rows.rows.map((row) => row.parent_id);
}

/** Sets each product's pictures to exactly `rows` (positions 0..n-1); returns the products that changed. */
export async function syncImages(
  db: Db,
  productIdList: number[],
  rows: ProductImageTable[],
): Promise<number[]> {
  const touched: number[] = [];
  for (const part of chunks(rows)) {
    const result = await db
      .insertInto('product_images')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['product_id', 'position'])
          .doUpdateSet((eb) => ({ url: eb.ref('excluded.url') }))
          .where(sql<boolean>`product_images.url is distinct from excluded.url`),
      )
      .returning('product_id')
      .execute();
    touched.push(...result.map((row) => row.product_id));
  }
  if (productIdList.length > 0) {
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(row.product_id, (counts.get(row.product_id) ?? 0) + 1);
    const ids = productIdList;
    const keep = ids.map((id) => counts.get(id) ?? 0);
    const removed = await sql<{ product_id: number }>`
      delete from product_images pi
      using unnest(${ids}::int[], ${keep}::int[]) as k(product_id, n)
      where pi.product_id = k.product_id and pi.position >= k.n
      returning pi.product_id
    `.execute(db);
    touched.push(...removed.rows.map((row) => row.product_id));
  }
  return touched;
}

/** Sets each product's categories to exactly `links`; returns the products that changed. */
export async function syncProductCategories(
  db: Db,
  productIdList: number[],
  links: { product_id: number; category_id: number }[],
): Promise<number[]> {
  const touched: number[] = [];
  for (const part of chunks(links)) {
    const result = await db
      .insertInto('product_categories')
      .values(part)
      .onConflict((oc) => oc.columns(['category_id', 'product_id']).doNothing())
      .returning('product_id')
      .execute();
    touched.push(...result.map((row) => row.product_id));
  }
  if (productIdList.length > 0) {
    const products = links.map((link) => link.product_id);
    const categories = links.map((link) => link.category_id);
    const removed = await sql<{ product_id: number }>`
      delete from product_categories pc
      where pc.product_id = any(${productIdList}::int[])
        and not exists (
          select 1 from unnest(${products}::int[], ${categories}::int[]) as k(product_id, category_id)
          where k.product_id = pc.product_id and k.category_id = pc.category_id
        )
      returning pc.product_id
    `.execute(db);
    touched.push(...removed.rows.map((row) => row.product_id));
  }
  return touched;
}

/** Sets each gift card's MMS templates to exactly `rows` (matched by code); returns the products that changed. */
export async function syncMmsTemplates(
  db: Db,
  productIdList: number[],
  rows: Insertable<MmsTemplateTable>[],
): Promise<number[]> {
  const touched: number[] = [];
  for (const part of chunks(rows)) {
    const result = await db
      .insertInto('mms_templates')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['product_id', 'code'])
          .doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            image_url: eb.ref('excluded.image_url'),
            position: eb.ref('excluded.position'),
          }))
          .where(changed('mms_templates', ['name', 'image_url', 'position'])),
      )
      .returning('product_id')
      .execute();
    touched.push(...result.map((row) => row.product_id));
  }
  if (productIdList.length > 0) {
    const products = rows.map((row) => row.product_id);
    const codes = rows.map((row) => row.code);
    const removed = await sql<{ product_id: number }>`
      delete from mms_templates t
      where t.product_id = any(${productIdList}::int[])
        and not exists (
          select 1 from unnest(${products}::int[], ${codes}::text[]) as k(product_id, code)
          where k.product_id = t.product_id and k.code = t.code
        )
      returning t.product_id
    `.execute(db);
    touched.push(...removed.rows.map((row) => row.product_id));
  }
  return touched;
}

/**
 * Brings the planner's statistics and the visibility map up to date after a large write. Embedded
 * PGlite has no autovacuum: without this, list queries after a 100,000-product import plan from empty
 * statistics and cannot use index-only scans (measured: a category page went from ~50 ms to ~3 ms).
 * VACUUM cannot run inside a transaction, so this runs after the import commits.
 */
export async function vacuumCatalogue(db: Db): Promise<void> {
  await sql`vacuum (analyze) products, product_images, product_categories, categories, sellers, option_values, mms_templates`.execute(
    db,
  );
}

// --- reset -----------------------------------------------------------------------------------------

/** Deletes every catalogue row and restarts the ids, so a re-seeded demo shop gets the same ids. */
export async function deleteCatalogue(db: Db): Promise<void> {
  // [I13-hotpath] Rendered documents of products that are going (never served once their rows change, but
  // the table would keep them).
  await db.deleteFrom('catalogue_documents').execute();
  await db.deleteFrom('mms_templates').execute();
  await db.deleteFrom('product_categories').execute();
  await db.deleteFrom('product_images').execute();
  await db.deleteFrom('products').where('parent_id', 'is not', null).execute();
  await db.deleteFrom('products').execute();
  // Children first: the parent link restricts deletes.
  for (const level of [3, 2, 1]) await db.deleteFrom('categories').where('level', '=', level).execute();
  await db.deleteFrom('categories').execute();
  await db.deleteFrom('option_values').execute();
  await db.deleteFrom('sellers').execute();
  for (const table of ['mms_templates', 'products', 'categories', 'option_values', 'sellers']) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), 1, false)`.execute(db);
  }
}

export async function catalogueHasRows(db: Db): Promise<boolean> {
  const row = await sql<{ present: boolean }>`
    select exists (select 1 from products)
        or exists (select 1 from categories)
        or exists (select 1 from sellers) as present
  `.execute(db);
  return row.rows[0]?.present === true;
}
