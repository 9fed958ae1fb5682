// [I32] POST /admin/api/product-changes/:id/refuse {reason} (operators): the product stays as approved.
import { vendorProductSchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export function refuseChange(api: ApiClient, changeId: number, reason: string) {
  return api(`/product-changes/${changeId}/refuse`, {
    method: 'POST',
    body: { reason },
    schema: vendorProductSchema,
  });
}
