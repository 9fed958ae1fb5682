import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// [I33] Search's SQL (docs/search.md). It reads search_documents (migration 0031: one row per top-level
// product, kept by the database's own triggers in the same transaction as every product write, so a
// change is searchable at once in every process) and search_words (the catalogue's words, for
// correcting a misspelt query word by trigram).
//
// A query word w matches a product when its words hold w as a prefix ('simple': "hood" → hoodies) or
// its English stem ('english': "jackets" → jacket), or the word it was corrected to; every word must
// match, in any order. A query with a digit also matches a fragment of any SKU (trigram index).
// Ranking: an exact SKU, then an exact name, then all the words in the name, then ts_rank (name and SKUs
// weigh A, categories/colours/sizes B, the description D).

/** One query word and what it may also be read as (its correction, the catalogue words it begins). */
export interface QueryWord {
  word: string;
  correction?: string | undefined;
  /**
   * The catalogue's words (search_words) starting with `word`, when it is all letters, at least 3 long and
   * begins at most MAX_EXPANSIONS of them. The word is then asked as those exact words rather than as a
   * prefix: the word index answers exact words from its entries alone, while a prefix makes PostgreSQL
   * read every matching row's whole document to check it (ten times slower at 100,000 products).
   */
  expansions?: readonly string[] | undefined;
}

export interface SearchFilters {
  /** Category ids: the asked category and its descendants. */
  categoryIds?: number[] | undefined;
  sellerUrl?: string | undefined;
  sellerId?: number | undefined;
  minCents?: number | undefined;
  maxCents?: number | undefined;
  color?: string | undefined;
  size?: string | undefined;
  inStock?: boolean | undefined;
  listedOnly: boolean;
}

export type SearchOrder = 'relevance' | 'price_asc' | 'price_desc' | 'newest';

export interface FacetRow {
  value: string;
  label: string;
  count: number;
}

export interface SearchRows {
  ids: number[];
  total: number;
  facets?: {
    category: FacetRow[];
    seller: FacetRow[];
    color: FacetRow[];
    size: FacetRow[];
    price: { min: number | null; max: number | null };
    in_stock: number;
  };
}

/** At most this many catalogue words stand for a prefix; a shorter, commoner prefix stays a prefix. */
export const MAX_EXPANSIONS = 24;

const prefix = (word: string) => `${word}:*`;

/** Words for to_tsquery: letters and digits only, so nothing in them is tsquery syntax. */
const plain = (word: string) => word.replace(/[^\p{L}\p{N}]/gu, '');

/**
 * One word's alternatives: `text` in 'simple', or'ed with the English stem of `stemText` only when that
 * differs from its 'simple' form — each lexeme once in the tsquery, so GIN is asked for it once. [I33]
 */
const orStem = (text: string, stemText: string) =>
  sql`(select case when e = s then p else p || e end
    from (select to_tsquery('simple', ${text}) as p, to_tsquery('simple', ${stemText}) as s,
      to_tsquery('english', ${stemText}) as e) w)`;

/**
 * Exact words, each as itself ('simple') or its English stem (descriptions are indexed as stems), or'ed:
 * one to_tsquery of each configuration. [I33]
 */
const exactWords = (words: readonly string[]) => {
  const list = [...new Set(words.map(plain).filter((word) => word.length > 0))].join(' | ');
  return sql`(select case when e = s then s else s || e end
    from (select to_tsquery('simple', ${list}) as s, to_tsquery('english', ${list}) as e) w)`;
};

/** The tsquery of the words: each word (or its correction) as a prefix or a stem, all of them. */
function tsQuery(words: readonly QueryWord[]): RawBuilder<unknown> {
  const parts = words.map(({ word, correction, expansions }) => {
    if (expansions && expansions.length > 0)
      return exactWords([...expansions, word, ...(correction ? [correction] : [])]);
    const alternatives = [
      orStem(prefix(word), prefix(word)),
      ...(correction ? [orStem(prefix(correction), correction)] : []),
    ];
    return sql`(${sql.join(alternatives, sql` || `)})`;
  });
  return sql.join(parts, sql` && `);
}

// A SKU (the product's or a listed child's) starting with the fragment, by the b-tree products_sku_prefix.
const skuPrefixed = (escaped: string) =>
  sql`select coalesce(p.parent_id, p.id) from products p
    where lower(p.sku) like ${`${escaped}%`} and (p.parent_id is null or p.listed)`;

/**
 * [I33] What a SKU fragment (`escaped` for LIKE) matches: the products with a SKU starting with it when
 * there are any (a b-tree range, answered as their ids so the main statement ORs them with the word
 * index's bitmap), else those with a SKU holding it anywhere (the trigram index on search_documents.skus).
 */
async function skuFragmentMatch(db: Db, escaped: string): Promise<RawBuilder<unknown>> {
  const { rows } = await sql<{ ids: number[] | null }>`select array_agg(distinct x) as ids
    from (${skuPrefixed(escaped)}) s(x)`.execute(db);
  const ids = rows[0]?.ids ?? [];
  return ids.length > 0 ? sql`d.product_id = any(${ids}::int[])` : sql`d.skus like ${`%${escaped}%`}`;
}

/**
 * The products matching `text` (its words already split and corrected) under the filters: one page of
 * ids in the asked order, the total and — when asked — each filter's values counted with the other
 * filters applied.
 */
export async function searchRows(
  db: Db,
  query: { text: string; words: readonly QueryWord[] },
  filters: SearchFilters,
  order: SearchOrder,
  page: { limit: number; offset: number },
  withFacets: boolean,
): Promise<SearchRows> {
  const q = query.text.toLowerCase();
  const hasWords = query.words.length > 0;
  const skuText = /\d/.test(q) ? q.replace(/[\\%_]/g, (c) => `\\${c}`) : null;
  const skuLike = skuText === null ? null : `%${skuText}%`;
  const skuMatch = skuText === null ? null : await skuFragmentMatch(db, skuText);
  const match = hasWords
    ? skuMatch
      ? sql`(d.tsv @@ tq.q or ${skuMatch})`
      : sql`d.tsv @@ tq.q`
    : (skuMatch ?? sql`true`);
  const tq = hasWords ? tsQuery(query.words) : sql`null::tsquery`;
  // An exact SKU can only be asked by a query with a digit (as a SKU fragment is): other queries skip
  // the comparison with every matching product's SKUs.
  const exactSku = skuLike ? sql`(' ' || d.skus || ' ') like ${`% ${q} %`}` : sql`false`;
  const rank = hasWords
    ? sql`case when ${exactSku} then 1000
        when lower(d.name) = ${q} then 900 else 0 end
      + case when d.name_tsv @@ tq.q then 100 else 0 end
      + ts_rank(d.tsv, tq.q, 1) * 10`
    : skuLike
      ? sql`case when (' ' || d.skus || ' ') like ${`% ${q} %`} then 1000 else 0 end`
      : sql`0`;
  const orderBy =
    order === 'price_asc'
      ? sql`price_cents, product_id`
      : order === 'price_desc'
        ? sql`price_cents desc, product_id`
        : order === 'newest' || (!hasWords && !skuLike)
          ? sql`created_at desc, product_id desc`
          : sql`rank desc, length(name), product_id`;

  const none = sql`true`;
  const fCategory = filters.categoryIds ? sql`category_ids && ${filters.categoryIds}::int[]` : none;
  const fSeller =
    filters.sellerUrl !== undefined
      ? sql`seller_id = (select s.id from sellers s where s.seller_url = ${filters.sellerUrl})`
      : none;
  const fPrice =
    filters.minCents !== undefined || filters.maxCents !== undefined
      ? sql`exists (select 1 from unnest(prices) x where x >= ${filters.minCents ?? 0}
          and x <= ${filters.maxCents ?? 2_147_483_647})`
      : none;
  const fColor =
    filters.color !== undefined
      ? sql`exists (select 1 from unnest(colors) x where lower(x) = lower(${filters.color}))`
      : none;
  const fSize =
    filters.size !== undefined
      ? sql`exists (select 1 from unnest(sizes) x where lower(x) = lower(${filters.size}))`
      : none;
  const fStock = filters.inStock ? sql`in_stock` : none;
  const all = sql`${fCategory} and ${fSeller} and ${fPrice} and ${fColor} and ${fSize} and ${fStock}`;

  const base = sql`
    with tq as (select ${tq} as q),
    m as materialized (
      select d.product_id, d.name, d.seller_id, d.category_ids, d.colors, d.sizes, d.prices, d.price_cents,
        d.in_stock, d.created_at, ${rank} as rank
      from search_documents d, tq
      where ${filters.listedOnly ? sql`d.listed` : sql`true`}
        and ${filters.sellerId !== undefined ? sql`d.seller_id = ${filters.sellerId}` : sql`true`}
        and ${match}
    ),
    r as (select * from m where ${all})`;

  const facets = withFacets
    ? sql`,
      (select coalesce(json_agg(json_build_object('value', f.id::text, 'label', c.name, 'count', f.n)
          order by f.n desc, c.name), '[]')
        from (select unnest(category_ids) as id, count(*)::int as n from m
          where ${fSeller} and ${fPrice} and ${fColor} and ${fSize} and ${fStock} group by 1) f
        join categories c on c.id = f.id) as category,
      (select coalesce(json_agg(json_build_object('value', s.seller_url, 'label', s.name, 'count', f.n)
          order by f.n desc, s.name), '[]')
        from (select seller_id, count(*)::int as n from m
          where ${fCategory} and ${fPrice} and ${fColor} and ${fSize} and ${fStock} group by 1) f
        join sellers s on s.id = f.seller_id) as seller,
      (select coalesce(json_agg(json_build_object('value', f.v, 'label', f.v, 'count', f.n)
          order by f.n desc, f.v), '[]')
        from (select unnest(colors) as v, count(*)::int as n from m
          where ${fCategory} and ${fSeller} and ${fPrice} and ${fSize} and ${fStock} group by 1) f) as color,
      (select coalesce(json_agg(json_build_object('value', f.v, 'label', f.v, 'count', f.n)
          order by f.p, f.v), '[]')
        from (select c.v, c.n, (select min(o.position) from option_values o
            where o.attribute_code = 'size' and o.title = c.v) as p
          from (select x.v, count(*)::int as n from m, unnest(m.sizes) as x(v)
            where ${fCategory} and ${fSeller} and ${fPrice} and ${fColor} and ${fStock} group by 1) c) f) as size,
      (select min(price_cents) from r) as price_min,
      (select max(price_cents) from r) as price_max,
      (select count(*)::int from m where in_stock and ${fCategory} and ${fSeller} and ${fPrice}
        and ${fColor} and ${fSize}) as in_stock`
    : sql``;

  const result = await sql<{
    ids: number[] | null;
    total: number;
    category?: FacetRow[];
    seller?: FacetRow[];
    color?: FacetRow[];
    size?: FacetRow[];
    price_min?: number | null;
    price_max?: number | null;
    in_stock?: number;
  }>`${base}
    select
      (select json_agg(product_id) from (select product_id from r order by ${orderBy}
        limit ${page.limit} offset ${page.offset}) p) as ids,
      (select count(*)::int from r) as total${facets}
  `.execute(db);
  const row = result.rows[0];
  const rows: SearchRows = { ids: row?.ids ?? [], total: row?.total ?? 0 };
  if (withFacets && row) {
    rows.facets = {
      category: row.category ?? [],
      seller: row.seller ?? [],
      color: row.color ?? [],
      size: row.size ?? [],
      price: { min: row.price_min ?? null, max: row.price_max ?? null },
      in_stock: row.in_stock ?? 0,
    };
  }
  return rows;
}

/**
 * The catalogue's words starting with each of `words` (up to MAX_EXPANSIONS + 1 of them, from the
 * search_words b-tree): a word no catalogue word starts with gets none and is a candidate for correcting.
 */
export async function wordExpansions(db: Db, words: readonly string[]): Promise<Map<string, string[]>> {
  if (words.length === 0) return new Map();
  const result = await sql<{ word: string; found: string[] }>`
    select q.word, array(select w.word from search_words w
      where w.word ~>=~ q.word and w.word ~<~ (q.word || chr(1114111))
      order by w.word using ~<~ limit ${MAX_EXPANSIONS + 1}) as found
    from unnest(${words}::text[]) q(word)
  `.execute(db);
  return new Map(result.rows.map((row) => [row.word, row.found]));
}

/**
 * Catalogue words that may be what `word` meant: trigram-similar ones (the index), and those of about its
 * length sharing its first letter (a transposition in a short word shares few trigrams: "jakcet").
 */
export async function correctionCandidates(db: Db, word: string): Promise<string[]> {
  const result = await sql<{ word: string }>`
    (select w.word from search_words w where w.word % ${word}
      order by similarity(w.word, ${word}) desc limit 50)
    union
    (select w.word from search_words w
      where w.word like ${`${word.slice(0, 1)}%`} and length(w.word) between ${word.length - 2} and ${word.length + 2}
      limit 2000)
  `.execute(db);
  return result.rows.map((row) => row.word);
}

export interface SuggestedProductRow {
  id: number;
  name: string;
  sku: string;
  price_cents: number;
  image: string | null;
}

export async function suggestedProducts(db: Db, ids: readonly number[]): Promise<SuggestedProductRow[]> {
  if (ids.length === 0) return [];
  const result = await sql<SuggestedProductRow>`
    select d.product_id as id, d.name, d.sku, d.price_cents,
      (select pi.url from product_images pi where pi.product_id = d.product_id order by pi.position limit 1)
        as image
    from search_documents d where d.product_id = any(${ids as number[]}::int[])
  `.execute(db);
  return result.rows;
}

/** The category and its descendants (materialised path prefix); empty for an unknown category. */
export async function categoryAndDescendants(db: Db, categoryId: number): Promise<number[]> {
  const result = await sql<{ id: number }>`
    select c.id from categories c, categories a
    where a.id = ${categoryId} and c.path like a.path || '%'
  `.execute(db);
  return result.rows.map((row) => row.id);
}
