// [I33] The search screen's state lives in its URL (/search?q=…&color=Navy…), so back, forward and reload
// keep it. Read here into the query GET {ns}/search takes (packages/contract/src/api/search.ts): a value
// the server would refuse (a price that is not dollars, an unknown sort) is left out rather than sent.
// Kept free of the contract's zod schemas so the header's part of the first load stays small.
import type { SearchSort } from '@quokka/contract/api/search';

/** The contract's SEARCH_QUERY_MAX and SUGGEST_MIN_CHARS (search-params.test.ts holds them equal). */
export const SEARCH_QUERY_MAX = 100;
export const SUGGEST_MIN_CHARS = 2;
export const SEARCH_SORTS: readonly SearchSort[] = ['relevance', 'price_asc', 'price_desc', 'newest'];

/** The filters of the results page, as the URL and the API name them. */
export const FILTER_KEYS = [
  'category_id',
  'seller_url',
  'price_min',
  'price_max',
  'color',
  'size',
  'in_stock',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** A search: the words, the filters given and the sort (absent: relevance); every value a string. */
export type SearchParams = { q: string; sort?: SearchSort } & Partial<Record<FilterKey, string>>;

const WHOLE = /^\d{1,10}$/;
const DOLLARS = /^\d{1,7}(\.\d{1,2})?$/;

function valid(key: FilterKey, value: string): string | undefined {
  switch (key) {
    case 'category_id':
      return WHOLE.test(value) && Number(value) >= 1 && Number(value) <= 2_147_483_647 ? value : undefined;
    case 'price_min':
    case 'price_max':
      return DOLLARS.test(value) ? value : undefined;
    case 'in_stock':
      return value === '1' || value === 'true' ? '1' : undefined;
    case 'seller_url':
      return value.length <= 200 ? value : undefined;
    default:
      return value.length <= 100 ? value : undefined;
  }
}

/** The search a URL's query string describes. */
export function readSearchParams(url: URLSearchParams): SearchParams {
  const params: SearchParams = { q: (url.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX) };
  for (const key of FILTER_KEYS) {
    const value = url.get(key)?.trim();
    const kept = value ? valid(key, value) : undefined;
    if (kept !== undefined) params[key] = kept;
  }
  const sort = url.get('sort');
  if (sort && sort !== 'relevance' && SEARCH_SORTS.includes(sort as SearchSort)) {
    params.sort = sort as SearchSort;
  }
  return params;
}

/** How many filters are set (the sort is not one). */
export function activeFilters(params: SearchParams): number {
  return FILTER_KEYS.filter((key) => params[key] !== undefined).length;
}

/** Whether there is anything to search for: words or a filter. */
export function isSearchable(params: SearchParams): boolean {
  return params.q !== '' || activeFilters(params) > 0;
}

/** The query string of a search, in a fixed order (q first); empty values left out. */
export function searchQueryString(params: SearchParams): string {
  const url = new URLSearchParams({ q: params.q });
  for (const key of FILTER_KEYS) {
    const value = params[key];
    if (value) url.set(key, value);
  }
  if (params.sort && params.sort !== 'relevance') url.set('sort', params.sort);
  return url.toString();
}

/** The results page of a search. */
export function searchPath(params: SearchParams): string {
  return `/search?${searchQueryString(params)}`;
}
