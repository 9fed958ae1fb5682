// GET /admin/api/products?q=&seller_id=&page=: the products a member may edit (a vendor's own seller's).
// Every list query starts with 'products': a product change refetches them all.
import { vendorProductListReplySchema } from '@quokka/contract/api/vendor-products';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export interface ProductSearch {
  q: string;
  sellerId: string;
  page: number;
}

export const PRODUCTS_QUERY_KEY = ['products'] as const;

export const productsQueryKey = (search: ProductSearch) =>
  [...PRODUCTS_QUERY_KEY, search.q, search.sellerId, search.page] as const;

export function getProducts(api: ApiClient, search: ProductSearch) {
  return api('/products', {
    schema: vendorProductListReplySchema,
    query: { q: search.q || undefined, seller_id: search.sellerId || undefined, page: search.page },
  });
}

export function productsQueryOptions(api: ApiClient, search: ProductSearch) {
  return queryOptions({ queryKey: productsQueryKey(search), queryFn: () => getProducts(api, search) });
}
