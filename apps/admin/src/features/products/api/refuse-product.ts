// [I32] POST /admin/api/products/:id/refuse {reason} (operators): the seller is texted the reason.
import { vendorProductSchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export function refuseProduct(api: ApiClient, productId: number, reason: string) {
  return api(`/products/${productId}/refuse`, {
    method: 'POST',
    body: { reason },
    schema: vendorProductSchema,
  });
}
