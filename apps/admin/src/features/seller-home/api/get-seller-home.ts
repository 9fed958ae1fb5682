// [I34] GET /admin/api/seller-home: the signed-in seller's orders to ship, its lines refunded lately and
// this week's takings (sellers' staff only).
import { type SellerHomeReply, sellerHomeReplySchema } from '@quokka/contract/api/seller-home';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const SELLER_HOME_QUERY_KEY = ['seller-home'] as const;

export function getSellerHome(api: ApiClient): Promise<SellerHomeReply> {
  return api('/seller-home', { schema: sellerHomeReplySchema });
}

export function sellerHomeQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: SELLER_HOME_QUERY_KEY, queryFn: () => getSellerHome(api) });
}
