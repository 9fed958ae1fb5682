// GET /admin/api/sellers (operators): every seller, for the Import screen's seller picker.
import { adminSellersReplySchema } from '@quokka/contract/api/sellers';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export function getSellers(api: ApiClient) {
  return api('/sellers', { schema: adminSellersReplySchema });
}

export function sellersQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: ['sellers'], queryFn: () => getSellers(api) });
}
