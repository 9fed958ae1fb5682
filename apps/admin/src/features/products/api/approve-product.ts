// [I32] POST /admin/api/products/:id/approve (operators): the product is on the storefront at once.
import { vendorProductSchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export function approveProduct(api: ApiClient, productId: number) {
  return api(`/products/${productId}/approve`, { method: 'POST', schema: vendorProductSchema });
}
