// [I32] GET /admin/api/sellers: every seller with its suspension (operators), for the Sellers screen.
import { type AdminSeller, adminSellersReplySchema } from '@quokka/contract/api/sellers';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const SELLERS_QUERY_KEY = ['sellers'] as const;

export async function getSellers(api: ApiClient): Promise<AdminSeller[]> {
  return (await api('/sellers', { schema: adminSellersReplySchema })).items;
}

export function sellersQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: SELLERS_QUERY_KEY, queryFn: () => getSellers(api) });
}
