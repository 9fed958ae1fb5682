// GET /admin/api/products/:id: one product as its editor shows it (variants, photos, colour pictures).
// Every change answers with the product and puts it here.
import { vendorProductSchema } from '@quokka/contract/api/vendor-products';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const productQueryKey = (productId: number) => ['product', productId] as const;

export function getProduct(api: ApiClient, productId: number) {
  return api(`/products/${productId}`, { schema: vendorProductSchema });
}

export function productQueryOptions(api: ApiClient, productId: number) {
  return queryOptions({ queryKey: productQueryKey(productId), queryFn: () => getProduct(api, productId) });
}
