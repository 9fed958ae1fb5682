// GET /admin/api/products?q=: the products a campaign may feature (a seller's staff see their own
// seller's; an operator's pick names the seller that sends the campaign).
import { vendorProductListReplySchema } from '@quokka/contract/api/vendor-products';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const campaignProductsQueryKey = (q: string) => ['campaign-products', q] as const;

export function findProducts(api: ApiClient, q: string) {
  return api('/products', { schema: vendorProductListReplySchema, query: { q: q || undefined, page: 1 } });
}

export function campaignProductsQueryOptions(api: ApiClient, q: string) {
  return queryOptions({ queryKey: campaignProductsQueryKey(q), queryFn: () => findProducts(api, q) });
}
