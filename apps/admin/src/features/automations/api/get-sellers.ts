// [I31] The sellers an operator may choose on the automations screen. The back office has no seller list of
// its own: the sellers are those of GET /admin/api/products (an operator sees every seller's products),
// one page of the largest size, by name.
import { vendorProductListReplySchema } from '@quokka/contract/api/vendor-products';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export interface SellerChoice {
  id: number;
  name: string;
}

export async function getSellers(api: ApiClient): Promise<SellerChoice[]> {
  const reply = await api('/products', {
    schema: vendorProductListReplySchema,
    query: { page: 1, page_size: 200 },
  });
  const sellers = new Map<number, string>();
  for (const item of reply.items) sellers.set(item.seller_id, item.seller_name);
  return [...sellers]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-AU'));
}

export function automationSellersQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: ['automation-sellers'] as const, queryFn: () => getSellers(api) });
}
