// DELETE /admin/api/products/:id/photos/:position: one photo removed (a product keeps at least one).
import { vendorProductSchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export function removePhoto(api: ApiClient, productId: number, position: number) {
  return api(`/products/${productId}/photos/${position}`, { method: 'DELETE', schema: vendorProductSchema });
}
