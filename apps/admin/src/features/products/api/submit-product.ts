// [I32] POST /admin/api/products/:id/submit: a refused product sent for approval again.
import { vendorProductSchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export function submitProduct(api: ApiClient, productId: number) {
  return api(`/products/${productId}/submit`, { method: 'POST', schema: vendorProductSchema });
}
