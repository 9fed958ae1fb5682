// [I32] POST /admin/api/product-changes/:id/approve (operators): the held change is written and shown.
import { vendorProductSchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export function approveChange(api: ApiClient, changeId: number) {
  return api(`/product-changes/${changeId}/approve`, { method: 'POST', schema: vendorProductSchema });
}
