// [I32] GET /admin/api/products/sku-suggestion?name=: a free SKU made from the product's name.
import { skuSuggestionReplySchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export async function getSkuSuggestion(api: ApiClient, name: string): Promise<string> {
  return (await api('/products/sku-suggestion', { query: { name }, schema: skuSuggestionReplySchema })).sku;
}
