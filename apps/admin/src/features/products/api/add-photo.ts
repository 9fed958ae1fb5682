// POST /admin/api/products/:id/photos: a picture added last (sent as it is, with its own type), up to 4.
import { vendorProductSchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export function addPhoto(api: ApiClient, productId: number, picture: Blob) {
  return api(`/products/${productId}/photos`, { method: 'POST', body: picture, schema: vendorProductSchema });
}
