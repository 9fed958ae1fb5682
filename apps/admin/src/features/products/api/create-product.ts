// [I32] POST /admin/api/products: a new product with its photos (uploaded first) named; answers it.
import { type CreateVendorProductBody, vendorProductSchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export function createProduct(api: ApiClient, body: CreateVendorProductBody) {
  return api('/products', { method: 'POST', body, schema: vendorProductSchema });
}
