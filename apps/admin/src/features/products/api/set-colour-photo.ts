// PUT /admin/api/products/:id/colours/:colourId/photo: a colour's own picture (sent as it is).
import { vendorProductSchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export function setColourPhoto(api: ApiClient, productId: number, colourId: number, picture: Blob) {
  return api(`/products/${productId}/colours/${colourId}/photo`, {
    method: 'PUT',
    body: picture,
    schema: vendorProductSchema,
  });
}
