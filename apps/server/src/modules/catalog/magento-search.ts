import type { ProductsRenderInfoReply } from '@quokka/contract/api/catalog';
import type {
  MagentoProduct,
  MagentoProductsReply,
  SearchCriteria,
  SearchFilter,
  SortOrder,
} from '@quokka/contract/api/magento-search';
import { centsToDollars } from '@quokka/contract/money';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { tilesByIds } from './catalog-repository.ts';
import { productRender } from './catalog-service.ts';

// [I33] Magento clients' searchCriteria (docs/search.md; the contract's api/magento-search.ts): the
// filter groups and sort orders of `products-render-info` and `GET /V1/products`, as one SQL query over
// the listed products' search documents (migration 0031: written by the database with every product
// write, so a change is found at once in every process; `listed` is products.listed: enabled, approved,
// seller not suspended) that answers a page of ids and the total. The documents hold the buyable price,
// the lower-case SKUs and a trigram index of names and SKUs, so a price range or a name fragment does
// not read every product. The filters of a group are OR-ed, the groups AND-ed (Magento's rule).
//   name          eq (any case), like (% and _ as SQL's wildcards, any case)
//   sku           eq, like, in — the product's own SKU or one of its listed variants' ("TEE-1-RED-S"
//                 finds TEE-1: the product that sells it, since children are never listed on their own)
//   category_id   eq, in — the category or any below it, as categoryProducts lists it
//   price         eq, gt, gteq, lt, lteq in dollars — the price a shopper pays: a configurable product's
//                 lowest listed variant in stock (all its variants when none is), its tile's 'From $x'
// Sort orders apply in turn (name and sku in any case), then the id, so pages never overlap. Only the
// ids of one page leave the database; the page's rows are read by primary key as the lists read them.

export interface MagentoSearch {
  /** The ids of one page (in order) and how many products match in all. */
  find(criteria: SearchCriteria): Promise<{ ids: number[]; total: number }>;
  /** [API-15] products-render-info with filters or sort orders. */
  productsRenderInfo(criteria: SearchCriteria): Promise<ProductsRenderInfoReply>;
  /** GET /V1/products. */
  products(criteria: SearchCriteria): Promise<MagentoProductsReply>;
}

/** Whether the criteria do more than page through the catalogue in list order. */
export function filtersOrSorts(criteria: SearchCriteria): boolean {
  return criteria.filter_groups.length > 0 || (criteria.sort_orders?.length ?? 0) > 0;
}

// [TILE-02] The price a shopper pays, as tilesByIds reads it (v is the lateral below).
const buyablePrice = sql`(case when p.type_id = 'configurable' then coalesce(v.min_price, p.price_cents)
  else p.price_cents end)`;
const buyableRange = sql`left join lateral (
    select coalesce(min(c.price_cents) filter (where c.qty > 0), min(c.price_cents)) as min_price
    from products c where c.parent_id = p.id and c.listed
  ) v on p.type_id = 'configurable'`;

const PRICE_OPERATORS = { eq: '=', gt: '>', gteq: '>=', lt: '<', lteq: '<=' } as const;

/** A value as a LIKE pattern that matches it and only it. */
const literal = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Whether the listed product `d` or one of its listed variants has a SKU matching `match`. */
const ownOrVariantSku = (match: RawBuilder<unknown>) => sql`exists (
    select 1 from products s where (s.id = d.product_id or s.parent_id = d.product_id) and s.listed
      and ${match})`;

/**
 * A filter's SQL condition on the product's search document `d` (migration 0031: kept by the database
 * with every product write). A SKU is first looked for in the document's SKUs (all of them, lower case,
 * with a trigram index), then checked exactly against the product and its variants.
 */
function condition(filter: SearchFilter): RawBuilder<unknown> {
  const { field, value, condition_type: type } = filter;
  if (field === 'price') {
    const cents = Math.round(Number(value.trim()) * 100);
    const operator = PRICE_OPERATORS[type as keyof typeof PRICE_OPERATORS];
    return sql`d.price_cents ${sql.raw(operator)} ${cents}`;
  }
  if (field === 'category_id') {
    const ids = value.split(',').map((id) => Number(id.trim()));
    return sql`d.category_ids && array(
      select t.id from categories a join categories t on t.path like a.path || '%'
      where a.id = any(${ids}::int[]))`;
  }
  if (field === 'name') {
    if (type === 'like') return sql`lower(d.name) like lower(${value})`;
    return sql`lower(d.name) = lower(${value})`;
  }
  if (type === 'in') {
    const list = value.split(',').map((part) => part.trim());
    return ownOrVariantSku(sql`lower(s.sku) in (select lower(v) from unnest(${list}::text[]) v)`);
  }
  const pattern = type === 'like' ? value : literal(value);
  return sql`d.skus like lower(${`%${pattern}%`})
    and ${ownOrVariantSku(sql`lower(s.sku) like lower(${pattern})`)}`;
}

const SORT_EXPRESSIONS: Record<SortOrder['field'], RawBuilder<unknown>> = {
  name: sql`lower(d.name)`,
  sku: sql`lower(d.sku)`,
  price: sql`d.price_cents`,
  created_at: sql`d.created_at`,
};

/** The page of ids and the total, in one round trip. */
export async function findMatching(
  db: Db,
  criteria: SearchCriteria,
): Promise<{ ids: number[]; total: number }> {
  const groups = criteria.filter_groups.map(
    (group) => sql`(${sql.join(group.filters.map(condition), sql` or `)})`,
  );
  // products.listed, as the document holds it (written in the same transaction).
  const where = sql.join([sql`d.listed`, ...groups], sql` and `);
  const sorts = (criteria.sort_orders ?? []).map((order, index) => ({
    select: sql`${SORT_EXPRESSIONS[order.field]} as ${sql.raw(`s${index}`)}`,
    order: sql.raw(`s${index} ${order.direction === 'DESC' ? 'desc' : 'asc'}`),
  }));
  const orderBy = sql.join([...sorts.map((sort) => sort.order), sql`id`], sql`, `);
  const offset = (criteria.current_page - 1) * criteria.page_size;
  const result = await sql<{ total: number; ids: number[] | null }>`
    with matched as (
      select ${sql.join([sql`d.product_id as id`, ...sorts.map((sort) => sort.select)], sql`, `)}
      from search_documents d
      where ${where}
    )
    select (select count(*)::int from matched) as total,
      (select json_agg(page.id order by page.place) from (
        select id, row_number() over (order by ${orderBy}) as place
        from matched order by ${orderBy} limit ${criteria.page_size} offset ${offset}
      ) page) as ids
  `.execute(db);
  const row = result.rows[0];
  return { ids: row?.ids ?? [], total: row?.total ?? 0 };
}

interface MagentoProductRow {
  id: number;
  sku: string;
  name: string;
  type_id: 'simple' | 'configurable';
  price_cents: number;
  qty: number;
  short_desc: string;
  description: string;
  created_at: string;
  updated_at: string;
  category_ids: number[];
}

/** The rows of GET /V1/products for these ids (any order; unlisted ids are left out). */
async function magentoProductRows(db: Db, ids: number[]): Promise<MagentoProductRow[]> {
  if (ids.length === 0) return [];
  const magentoTime = (column: string) =>
    sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`);
  const result = await sql<MagentoProductRow>`
    select p.id, p.sku, p.name, p.type_id, p.short_desc, p.description,
      ${buyablePrice} as price_cents,
      case when p.type_id = 'configurable' then coalesce(q.qty, 0) else p.qty end as qty,
      ${magentoTime('p.created_at')} as created_at, ${magentoTime('p.updated_at')} as updated_at,
      coalesce((select json_agg(pc.category_id order by pc.category_id) from product_categories pc
        where pc.product_id = p.id), '[]'::json) as category_ids
    from products p ${buyableRange}
    left join lateral (
      select sum(c.qty)::int as qty from products c where c.parent_id = p.id and c.listed
    ) q on p.type_id = 'configurable'
    where p.id = any(${ids}::int[]) and p.parent_id is null and p.listed
  `.execute(db);
  return result.rows;
}

/** Magento's ProductInterface, as far as this catalogue has it (the contract's MagentoProduct). */
function magentoProduct(row: MagentoProductRow): MagentoProduct {
  const categories = row.category_ids.map(String);
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    price: centsToDollars(row.price_cents),
    status: 1,
    visibility: 4,
    type_id: row.type_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    extension_attributes: {
      website_ids: [1],
      category_links: categories.map((category_id) => ({ position: 0, category_id })),
      stock_item: { qty: row.qty, is_in_stock: row.qty > 0 },
    },
    custom_attributes: [
      { attribute_code: 'description', value: row.description },
      { attribute_code: 'short_description', value: row.short_desc },
      { attribute_code: 'category_ids', value: categories },
    ],
  };
}

/** Rows read by id, put back in the page's order. */
function inPageOrder<R extends { id: number }>(ids: number[], rows: R[]): R[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function createMagentoSearch(db: Db, options: { publicUrl?: string | undefined } = {}): MagentoSearch {
  const publicUrl = (options.publicUrl ?? '').replace(/\/$/, '');
  const search: MagentoSearch = {
    find: (criteria) => findMatching(db, criteria),

    async productsRenderInfo(criteria) {
      const { ids, total } = await search.find(criteria);
      const rows = inPageOrder(ids, await tilesByIds(db, ids));
      return { items: rows.map((row) => productRender(row, publicUrl)), total_count: total };
    },

    async products(criteria) {
      const { ids, total } = await search.find(criteria);
      const rows = inPageOrder(ids, await magentoProductRows(db, ids));
      return { items: rows.map(magentoProduct), search_criteria: criteria, total_count: total };
    },
  };
  return search;
}
