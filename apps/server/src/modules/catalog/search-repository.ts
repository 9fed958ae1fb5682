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
          : sql`rank desc, name_length, product_id`;

  // Each filter over the matches. The facets read facet_codes (migration 0032): category ids as they
  // are, a seller as SELLER_CODE + id, a colour as COLOR_CODE + its option value's id, a size SIZE_CODE + id.
  const none = sql`true`;
  const fCategory = filters.categoryIds ? sql`facet_codes && ${filters.categoryIds}::int[]` : none;
  const fSeller =
    filters.sellerUrl !== undefined
      ? sql`seller_id = (select s.id from sellers s where s.seller_url = ${filters.sellerUrl})`
      : none;
  const priced = filters.minCents !== undefined || filters.maxCents !== undefined;
  const fPrice = priced
    ? sql`exists (select 1 from unnest(prices) x where x >= ${filters.minCents ?? 0}
        and x <= ${filters.maxCents ?? 2_147_483_647})`
    : none;
  const optionCodes = (base: number, attribute: string, title: string) =>
    sql`facet_codes && array(select ${base} + o.id from option_values o
      where o.attribute_code = ${attribute} and lower(o.title) = lower(${title}))`;
  const fColor = filters.color !== undefined ? optionCodes(COLOR_CODE, 'color', filters.color) : none;
  const fSize = filters.size !== undefined ? optionCodes(SIZE_CODE, 'size', filters.size) : none;
  const fStock = filters.inStock ? sql`in_stock` : none;
  const all = sql`${fCategory} and ${fSeller} and ${fPrice} and ${fColor} and ${fSize} and ${fStock}`;

  // m: the matches, narrow (what ordering, filters and facets read; the prices only when filtered by price).
  const base = sql`
    with tq as (select ${tq} as q),
    m as materialized (
      select d.product_id, d.seller_id, d.facet_codes, ${priced ? sql`d.prices` : sql`null::int[]`} as prices,
        d.price_cents, d.in_stock, d.created_at, length(d.name) as name_length, ${rank} as rank
      from search_documents d, tq
      where ${filters.listedOnly ? sql`d.listed` : sql`true`}
        and ${filters.sellerId !== undefined ? sql`d.seller_id = ${filters.sellerId}` : sql`true`}
        and ${match}
    ),
    r as (select * from m where ${all})`;

  // One pass over the matches' facet codes counts every facet: a code is counted where the filters other
  // than its own facet's hold (each facet's counts answer "how many if I chose this instead").
  const facets = withFacets
    ? sql`,
      (${facetLists(sql`(select x.code, count(*)::int as n from m, unnest(m.facet_codes) as x(code)
        where case
          when x.code < ${SELLER_CODE} then ${fSeller} and ${fPrice} and ${fColor} and ${fSize} and ${fStock}
          when x.code < ${COLOR_CODE} then ${fCategory} and ${fPrice} and ${fColor} and ${fSize} and ${fStock}
          when x.code < ${SIZE_CODE} then ${fCategory} and ${fSeller} and ${fPrice} and ${fSize} and ${fStock}
          else ${fCategory} and ${fSeller} and ${fPrice} and ${fColor} and ${fStock} end
        group by 1)`)}) as facets,
      (select min(price_cents) from r) as price_min,
      (select max(price_cents) from r) as price_max,
      (select count(*)::int from m where in_stock and ${fCategory} and ${fSeller} and ${fPrice}
        and ${fColor} and ${fSize}) as in_stock`
    : sql``;

  const result = await sql<{
    ids: number[] | null;
    total: number;
    facets?: Pick<NonNullable<SearchRows['facets']>, 'category' | 'seller' | 'color' | 'size'>;
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
      category: row.facets?.category ?? [],
      seller: row.facets?.seller ?? [],
      color: row.facets?.color ?? [],
      size: row.facets?.size ?? [],
      price: { min: row.price_min ?? null, max: row.price_max ?? null },
      in_stock: row.in_stock ?? 0,
    };
  }
  return rows;
}

/** facet_codes (migration 0032): a seller's, a colour's and a size's codes start here. */
const SELLER_CODE = 100_000_000;
const COLOR_CODE = 200_000_000;
const SIZE_CODE = 300_000_000;

/**
 * The counted codes (`counted`: rows of code and n) as the reply's four facet lists, one JSON object:
 * categories and sellers by name, colours and sizes by title (option values of one title added together),
 * each most found first, sizes in their shop order.
 */
function facetLists(counted: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`with f as materialized ${counted}
    select json_build_object(
      'category', (select coalesce(json_agg(json_build_object('value', c.id::text, 'label', c.name,
          'count', f.n) order by f.n desc, c.name), '[]')
        from f join categories c on c.id = f.code where f.code < ${SELLER_CODE}),
      'seller', (select coalesce(json_agg(json_build_object('value', s.seller_url, 'label', s.name,
          'count', f.n) order by f.n desc, s.name), '[]')
        from f join sellers s on s.id = f.code - ${SELLER_CODE}
        where f.code >= ${SELLER_CODE} and f.code < ${COLOR_CODE}),
      'color', (select coalesce(json_agg(json_build_object('value', t.title, 'label', t.title, 'count', t.n)
          order by t.n desc, t.title), '[]')
        from (select o.title, sum(f.n)::int as n from f join option_values o on o.id = f.code - ${COLOR_CODE}
          where f.code >= ${COLOR_CODE} and f.code < ${SIZE_CODE} group by 1) t),
      'size', (select coalesce(json_agg(json_build_object('value', t.title, 'label', t.title, 'count', t.n)
          order by t.p, t.title), '[]')
        from (select o.title, sum(f.n)::int as n, min(o.position) as p
          from f join option_values o on o.id = f.code - ${SIZE_CODE}
          where f.code >= ${SIZE_CODE} group by 1) t))`;
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
