// GET {ns}/categoryProducts?category_id&page: the products of a category and its descendants [ROUTE-08, API-14].
import type { ProductTile } from '@quokka/contract/api/catalog';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';
import { readTiles } from './catalog-readers';
import { FIRST_PAGE, nextProductPage } from './product-paging';

export async function getCategoryProducts(
  categoryId: number,
  page: number,
  signal?: AbortSignal,
): Promise<ProductTile[]> {
  const reply = await apiFetch(nsPath('categoryProducts'), {
    schema: () => import('@quokka/contract/api/catalog').then((m) => m.categoryProductsReplySchema),
    query: { category_id: categoryId, page },
    signal,
  });
  // SPEC.md §7 reads `products`; our server also sends the same list as `data`, like browseProducts.
  return readTiles(reply?.products ?? reply?.data);
}

export function categoryProductsQueryOptions(categoryId: number) {
  return infiniteQueryOptions({
    queryKey: ['catalog', 'category', categoryId],
    queryFn: ({ pageParam, signal }) => getCategoryProducts(categoryId, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (_last, pages, lastPageParam) => nextProductPage(pages, lastPageParam),
  });
}

export function useCategoryProducts(categoryId: number | null) {
  return useInfiniteQuery({
    ...categoryProductsQueryOptions(categoryId ?? 0),
    enabled: categoryId !== null,
  });
}
