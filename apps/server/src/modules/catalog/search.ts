import type { SearchQuery, SearchReply, SearchSuggestionsReply } from '@quokka/contract/api/search';
import { SUGGEST_CATEGORIES, SUGGEST_MIN_CHARS, SUGGEST_PRODUCTS } from '@quokka/contract/api/search';
import { PAGE_SIZE } from '@quokka/contract/constants';
import { centsToDollars } from '@quokka/contract/money';
import type { Db } from '../../db/database.ts';
import { allCategoryRows, tilesByIds } from './catalog-repository.ts';
import { tile } from './catalog-service.ts';
import {
  categoryAndDescendants,
  correctionCandidates,
  MAX_EXPANSIONS,
  type QueryWord,
  type SearchFilters,
  searchRows,
  suggestedProducts,
  wordExpansions,
} from './search-repository.ts';

// [I33] Storefront search (docs/search.md): GET {ns}/search and {ns}/searchSuggestions, and the back
// office's product lists (searchProductIds). Only listed products (enabled, approved, seller not
// suspended: products.listed) ever reach the storefront.
//
// A query is split into words (letters and digits); a word no catalogue word starts with is corrected
// to the nearest catalogue word (at most 1 edit for words of up to 4 letters, 2 above; adjacent letters
// swapped count as one), and the search matches either spelling. The corrected query is the reply's
// `suggestion` ("Did you mean hoodie?").
//
// Nothing is cached: the documents are written by the database with every product write
// (migration 0031), so a change is found by the next search in every process.

const MAX_WORDS = 8;

/** The query's words, lower case: runs of letters and digits. */
export function queryWords(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_WORDS);
}

/** Optimal string alignment distance (Levenshtein with a swap of adjacent letters as one edit). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** The catalogue word nearest `word`, if one is near enough. */
function nearest(word: string, candidates: readonly string[]): string | undefined {
  const allowed = word.length <= 4 ? 1 : 2;
  let best: { word: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance > allowed) continue;
    // Nearer first; then the shorter (a hoodie before hoodies); then alphabetical, so it never wobbles.
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance &&
        (candidate.length < best.word.length ||
          (candidate.length === best.word.length && candidate < best.word)))
    )
      best = { word: candidate, distance };
  }
  return best?.word;
}

/**
 * The words of `q`, each with the catalogue words it begins (asked as those exact words when there are
 * few) or, when none begins with it, its correction.
 */
export async function readQuery(db: Db, q: string): Promise<QueryWord[]> {
  const words = queryWords(q);
  const found = await wordExpansions(db, words);
  return Promise.all(
    words.map(async (word): Promise<QueryWord> => {
      const starts = found.get(word) ?? [];
      // Digits are SKUs and sizes, and a short word is a prefix still being typed: left as they are.
      if (/\d/.test(word) || word.length < 3) return { word };
      if (starts.length > 0) return starts.length <= MAX_EXPANSIONS ? { word, expansions: starts } : { word };
      const correction = nearest(word, await correctionCandidates(db, word));
      if (!correction) return { word };
      const corrected = (await wordExpansions(db, [correction])).get(correction) ?? [];
      return corrected.length > 0 && corrected.length <= MAX_EXPANSIONS
        ? { word, correction, expansions: corrected }
        : { word, correction };
    }),
  );
}

/** The query with each corrected word replaced, when any was; otherwise undefined. */
function correctedQuery(words: readonly QueryWord[]): string | undefined {
  if (!words.some((w) => w.correction)) return undefined;
  return words.map((w) => w.correction ?? w.word).join(' ');
}

export interface SearchIdsOptions {
  /** Only what the storefront shows (enabled, approved, seller not suspended). */
  listedOnly: boolean;
  sellerId?: number | undefined;
  limit: number;
  offset: number;
}

/**
 * [I33] The back office's product lists: top-level product ids matching `q` as the storefront search
 * matches them, in relevance order (newest first for an empty query), and how many there are.
 */
export async function searchProductIds(
  db: Db,
  q: string,
  options: SearchIdsOptions,
): Promise<{ ids: number[]; total: number }> {
  const words = await readQuery(db, q);
  const { ids, total } = await searchRows(
    db,
    { text: q.trim(), words },
    { listedOnly: options.listedOnly, sellerId: options.sellerId },
    'relevance',
    { limit: options.limit, offset: options.offset },
    false,
  );
  return { ids, total };
}

const EMPTY_FACETS: SearchReply['facets'] = {
  category: [],
  seller: [],
  color: [],
  size: [],
  price: { min: null, max: null },
  in_stock: 0,
};

/** GET {ns}/search: a page of tiles (10) as browseProducts shows them, the total, facets and a suggestion. */
export async function searchCatalogue(db: Db, query: SearchQuery): Promise<SearchReply> {
  const words = await readQuery(db, query.q);
  const filters: SearchFilters = {
    listedOnly: true,
    sellerUrl: query.seller_url,
    minCents: query.price_min === undefined ? undefined : Math.round(query.price_min * 100),
    maxCents: query.price_max === undefined ? undefined : Math.round(query.price_max * 100),
    color: query.color,
    size: query.size,
    inStock: query.in_stock === '1' || query.in_stock === 'true',
  };
  if (query.category_id !== undefined)
    filters.categoryIds = await categoryAndDescendants(db, query.category_id);
  const rows = await searchRows(
    db,
    { text: query.q, words },
    filters,
    query.sort,
    { limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE },
    true,
  );
  const byId = new Map((await tilesByIds(db, rows.ids)).map((row) => [row.id, row]));
  const data = rows.ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [tile(row)] : [];
  });
  const facets = rows.facets ?? EMPTY_FACETS;
  const suggestion = correctedQuery(words);
  return {
    status: true,
    data,
    total_count: rows.total,
    facets: {
      ...facets,
      price: {
        min: facets.price.min === null ? null : centsToDollars(facets.price.min),
        max: facets.price.max === null ? null : centsToDollars(facets.price.max),
      },
    },
    ...(suggestion ? { suggestion } : {}),
  };
}

/**
 * [start, end) ranges of `name` where a word of it starts with a query word (or its correction, or the
 * word without a plural s): what a suggestion marks.
 */
export function marksOf(name: string, words: readonly QueryWord[]): [number, number][] {
  const terms = words.flatMap((w) => [w.word, ...(w.correction ? [w.correction] : [])]);
  const marks: [number, number][] = [];
  for (const found of name.matchAll(/[\p{L}\p{N}]+/gu)) {
    const nameWord = found[0].toLowerCase();
    let length = 0;
    for (const term of terms) {
      const stem = term.length > 3 && term.endsWith('s') ? term.slice(0, -1) : term;
      if (nameWord.startsWith(term)) length = Math.max(length, term.length);
      else if (nameWord.startsWith(stem)) length = Math.max(length, stem.length);
    }
    if (length > 0) marks.push([found.index, found.index + length]);
  }
  return marks;
}

/** Whether every query word starts some word of `name` (categories are matched in memory). */
function nameMatches(name: string, words: readonly QueryWord[]): boolean {
  const nameWords = name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.every((w) => {
    const terms = [w.word, ...(w.correction ? [w.correction] : [])].map((t) =>
      t.length > 3 && t.endsWith('s') ? t.slice(0, -1) : t,
    );
    return nameWords.some((nameWord) => terms.some((term) => nameWord.startsWith(term)));
  });
}

/** GET {ns}/searchSuggestions: up to 5 products and 3 categories, their matching part marked. */
export async function searchSuggestions(db: Db, q: string): Promise<SearchSuggestionsReply> {
  if (q.trim().length < SUGGEST_MIN_CHARS) return { status: true, products: [], categories: [] };
  const words = await readQuery(db, q);
  if (words.length === 0) return { status: true, products: [], categories: [] };
  const [{ ids }, categoryRows] = await Promise.all([
    searchRows(
      db,
      { text: q.trim(), words },
      { listedOnly: true },
      'relevance',
      { limit: SUGGEST_PRODUCTS, offset: 0 },
      false,
    ),
    allCategoryRows(db),
  ]);
  const rows = new Map((await suggestedProducts(db, ids)).map((row) => [row.id, row]));
  const products = ids.flatMap((id) => {
    const row = rows.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        name: row.name,
        sku: row.sku,
        price: centsToDollars(row.price_cents),
        image: row.image ?? '',
        marks: marksOf(row.name, words),
      },
    ];
  });
  const categories = categoryRows
    .filter((row) => nameMatches(row.name, words))
    .slice(0, SUGGEST_CATEGORIES)
    .map((row) => ({ id: row.id, name: row.name, marks: marksOf(row.name, words) }));
  return { status: true, products, categories };
}
