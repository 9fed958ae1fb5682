// [I32] GET /admin/api/sellers (operators): every seller, for the Add staff form's seller picker.
import { adminSellersReplySchema } from '@quokka/contract/api/sellers';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export function getSellers(api: ApiClient) {
  return api('/sellers', { schema: adminSellersReplySchema });
}

export function staffSellersQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: ['staff-sellers'] as const, queryFn: () => getSellers(api) });
}
