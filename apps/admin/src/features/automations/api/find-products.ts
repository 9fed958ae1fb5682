// [I31] GET /admin/api/products?q=&seller_id=: the seller's products the thank-you may link to (a seller's
// staff see their own; an operator's list is the chosen seller's).
import { vendorProductListReplySchema } from '@quokka/contract/api/vendor-products';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const PRODUCT_CHOICES = 20;

export function automationProductsQueryOptions(api: ApiClient, sellerId: number | null, q: string) {
  return queryOptions({
    queryKey: ['automation-products', sellerId, q] as const,
    queryFn: () =>
      api('/products', {
        schema: vendorProductListReplySchema,
        query: { q: q || undefined, seller_id: sellerId ?? undefined, page: 1, page_size: PRODUCT_CHOICES },
      }),
  });
}
