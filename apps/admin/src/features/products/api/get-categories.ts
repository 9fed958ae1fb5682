// [I32] GET /admin/api/products/categories: the shop's categories a new product is filed under.
import { productCategoriesReplySchema } from '@quokka/contract/api/vendor-products';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export function productCategoriesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['product-categories'] as const,
    queryFn: async () => (await api('/products/categories', { schema: productCategoriesReplySchema })).items,
  });
}
