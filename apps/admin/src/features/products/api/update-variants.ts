// [I34-variants] PATCH /admin/api/products/:id/variants: every variant changed on the page in one save,
// all or nothing (a bad row names itself: `variants.2.price_cents`; a stock that moved is a 409 naming its
// SKU). A large price change asks for the passkey first, for the whole save.
import { type UpdateVendorVariantsBody, vendorProductSchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export function updateVariants(api: ApiClient, productId: number, body: UpdateVendorVariantsBody) {
  return api(`/products/${productId}/variants`, { method: 'PATCH', body, schema: vendorProductSchema });
}
