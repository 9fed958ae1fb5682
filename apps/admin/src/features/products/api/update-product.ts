// PATCH /admin/api/products/:id: the name, the description, on or off sale.
import { type UpdateVendorProductBody, vendorProductSchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export function updateProduct(api: ApiClient, productId: number, body: UpdateVendorProductBody) {
  return api(`/products/${productId}`, { method: 'PATCH', body, schema: vendorProductSchema });
}
