// DELETE /admin/api/products/:id/colours/:colourId/photo: a colour's picture removed.
import { vendorProductSchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export function removeColourPhoto(api: ApiClient, productId: number, colourId: number) {
  return api(`/products/${productId}/colours/${colourId}/photo`, {
    method: 'DELETE',
    schema: vendorProductSchema,
  });
}
