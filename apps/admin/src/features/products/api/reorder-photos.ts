// PUT /admin/api/products/:id/photos/order: the photos in their new order, main first.
import { type ReorderPhotosBody, vendorProductSchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export function reorderPhotos(api: ApiClient, productId: number, body: ReorderPhotosBody) {
  return api(`/products/${productId}/photos/order`, { method: 'PUT', body, schema: vendorProductSchema });
}
