// PATCH /admin/api/products/:id/variants/:variantId: a variant's price, stock (set only if it is still the
// stock the editor loaded, else 409) and on or off sale. A large price change asks for the passkey first.
import { type UpdateVendorVariantBody, vendorProductSchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export function updateVariant(
  api: ApiClient,
  productId: number,
  variantId: number,
  body: UpdateVendorVariantBody,
) {
  return api(`/products/${productId}/variants/${variantId}`, {
    method: 'PATCH',
    body,
    schema: vendorProductSchema,
  });
}
