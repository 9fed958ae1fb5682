// [I33] Replies of GET {ns}/search and {ns}/searchSuggestions in the contract's shapes
// (packages/contract/src/api/search.ts), and a fetch stand-in that answers them (and the catalogue's
// categories, which the side menu asks for) by path and query.
import type { ProductTile } from '@quokka/contract/api/catalog';
import type { SearchFacets, SearchReply, SearchSuggestionsReply } from '@quokka/contract/api/search';
import { PAGE_SIZE } from '@quokka/contract/constants';
import { vi } from 'vitest';
import { errorReply, jsonReply } from '../../../test/fake-replies';

const NS = '/rest/default/V1/storefront';

export function aHoodie(id: number, overrides: Partial<ProductTile> = {}): ProductTile {
  return {
    id,
    name: `Harbour Hoodie ${id}`,
    sku: `HB-HOODIE-${id}`,
    qty: 5,
    price: 60,
    type_id: 'simple',
    is_giftcard: false,
    short_desc: 'Brushed fleece',
    image: `/media/products/hoodie-${id}.svg`,
    images: [`/media/products/hoodie-${id}.svg`],
    product_seller_image: '/media/sellers/harbour.svg',
    seller_url: 'harbour-goods',
    ...overrides,
  };
}

export function someFacets(overrides: Partial<SearchFacets> = {}): SearchFacets {
  return {
    category: [
      { value: '19', label: 'Tees', count: 4 },
      { value: '20', label: 'Hoodies', count: 20 },
    ],
    seller: [{ value: 'harbour-goods', label: 'Harbour Goods', count: 24 }],
    color: [
      { value: 'Navy', label: 'Navy', count: 9 },
      { value: 'Salt White', label: 'Salt White', count: 15 },
    ],
    size: [
      { value: 'S', label: 'S', count: 8 },
      { value: 'M', label: 'M', count: 3 },
    ],
    price: { min: 25, max: 120 },
    in_stock: 21,
    ...overrides,
  };
}

/** The reply for one page of a search with `total` results (an empty list past the end). */
export function aSearchPage(total: number, page: number, overrides: Partial<SearchReply> = {}): SearchReply {
  const first = (page - 1) * PAGE_SIZE + 1;
  const size = Math.max(0, Math.min(PAGE_SIZE, total - first + 1));
  return {
    status: true,
    data: Array.from({ length: size }, (_, index) => aHoodie(first + index)),
    total_count: total,
    facets:
      total > 0
        ? someFacets()
        : someFacets({
            category: [],
            seller: [],
            color: [],
            size: [],
            in_stock: 0,
            price: { min: null, max: null },
          }),
    ...overrides,
  };
}

export function someSuggestions(): SearchSuggestionsReply {
  return {
    status: true,
    products: [
      {
        id: 31,
        name: 'Harbour Hoodie',
        sku: 'HB-HOODIE',
        price: 60,
        image: '/media/h.svg',
        marks: [[8, 12]],
      },
      {
        id: 32,
        name: 'Hooded Rain Jacket',
        sku: 'HB-JACKET',
        price: 95,
        image: '/media/j.svg',
        marks: [[0, 4]],
      },
    ],
    categories: [{ id: 20, name: 'Hoodies', marks: [[0, 4]] }],
  };
}

type Answer<T> = T | Response | ((query: URLSearchParams) => T | Response);

export interface SearchReplies {
  search?: Answer<SearchReply>;
  searchSuggestions?: Answer<SearchSuggestionsReply>;
}

/** Stubs `fetch` (the network boundary) to answer the search calls; other paths answer 404. */
export function stubSearchApi(replies: SearchReplies) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const name = url.pathname.startsWith(`${NS}/`) ? url.pathname.slice(NS.length + 1) : '';
    if (name === 'categories') return jsonReply([]);
    const answer: Answer<unknown> = name in replies ? replies[name as keyof SearchReplies] : undefined;
    if (answer === undefined) return errorReply('NOT_FOUND', 'Not found');
    const body = typeof answer === 'function' ? answer(url.searchParams) : answer;
    return body instanceof Response ? body : jsonReply(body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The query strings of the calls made to one endpoint, in order. */
export function callsTo(fetchMock: ReturnType<typeof stubSearchApi>, name: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `${NS}/${name}`)
    .map((url) => url.searchParams);
}
