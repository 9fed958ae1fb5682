// GET {ns}/browseProducts?page: every product, 10 a page [ROUTE-03, ROUTE-04, API-13].
import type { ProductTile } from '@quokka/contract/api/catalog';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';
import { readTiles } from './catalog-readers';
import { FIRST_PAGE, nextProductPage } from './product-paging';

export async function getBrowseProducts(page: number, signal?: AbortSignal): Promise<ProductTile[]> {
  const reply = await apiFetch(nsPath('browseProducts'), {
    schema: () => import('@quokka/contract/api/catalog').then((m) => m.browseProductsReplySchema),
    query: { page },
    signal,
  });
  return readTiles(reply.data);
}

export function browseProductsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['catalog', 'browse'],
    queryFn: ({ pageParam, signal }) => getBrowseProducts(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (_last, pages, lastPageParam) => nextProductPage(pages, lastPageParam),
  });
}

export function useBrowseProducts() {
  return useInfiniteQuery(browseProductsQueryOptions());
}
