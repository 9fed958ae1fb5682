// [I33] GET {ns}/search: a page of 10 tiles with the total, the facets and, with few results, a
// spelling the catalogue knows. The same query options serve the browser and the server render
// (entry-server.tsx), so the cache the server hands over is the one the screen reads.
import type { ProductTile } from '@quokka/contract/api/catalog';
import type { SearchFacets } from '@quokka/contract/api/search';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';
import { FIRST_PAGE, nextProductPage, readTiles } from '../../catalog/public';
import { isSearchable, type SearchParams } from '../search-params';

export interface SearchPage {
  tiles: ProductTile[];
  total: number;
  facets: SearchFacets;
  suggestion?: string;
}

export async function getSearchPage(
  params: SearchParams,
  page: number,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const reply = await apiFetch(nsPath('search'), {
    schema: () => import('@quokka/contract/api/search').then((m) => m.searchReplySchema),
    query: { ...params, page },
    signal,
  });
  return {
    tiles: readTiles(reply.data),
    total: reply.total_count,
    facets: reply.facets,
    suggestion: reply.suggestion,
  };
}

export function searchQueryOptions(params: SearchParams) {
  return infiniteQueryOptions({
    queryKey: ['search', 'results', params],
    queryFn: ({ pageParam, signal }) => getSearchPage(params, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (_last, pages, lastPageParam) =>
      nextProductPage(
        pages.map((page) => page.tiles),
        lastPageParam,
      ),
    enabled: isSearchable(params),
  });
}

/** The results of a search; while another search loads, the previous one stays on screen. */
export function useSearch(params: SearchParams) {
  return useInfiniteQuery({ ...searchQueryOptions(params), placeholderData: keepPreviousData });
}
