// [I34-photos] PUT /admin/api/products/:id/photos/:position: a new picture (sent as it is, with its own
// type) in the place of the photo there (0 = main), so a full set of 4 needs no Remove first.
import { vendorProductSchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export function replacePhoto(api: ApiClient, productId: number, position: number, picture: Blob) {
  return api(`/products/${productId}/photos/${position}`, {
    method: 'PUT',
    body: picture,
    schema: vendorProductSchema,
  });
}
