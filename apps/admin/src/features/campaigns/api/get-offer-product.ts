// [I30] GET /admin/api/products/:id for a reply-to-buy campaign: whether its product is simple,
// configurable (then its variants, one of which the reply buys) or a gift card (never bought by reply).
import { vendorProductSchema } from '@quokka/contract/api/vendor-products';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const offerProductQueryKey = (productId: number) => ['campaign-offer-product', productId] as const;

export function offerProductQueryOptions(api: ApiClient, productId: number) {
  return queryOptions({
    queryKey: offerProductQueryKey(productId),
    queryFn: () => api(`/products/${productId}`, { schema: vendorProductSchema }),
  });
}
