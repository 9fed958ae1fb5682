// [I32] GET /admin/api/sellers (operators): the sellers an operator adds a product for.
import { adminSellersReplySchema } from '@quokka/contract/api/sellers';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export function sellerChoicesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['sellers'] as const,
    queryFn: async () => (await api('/sellers', { schema: adminSellersReplySchema })).items,
  });
}
