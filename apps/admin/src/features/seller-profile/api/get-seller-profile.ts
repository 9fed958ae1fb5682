// [I32] GET /admin/api/seller-profile: the seller's profile as the storefront shows it.
import { sellerProfileSchema } from '@quokka/contract/api/staff-admin';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const SELLER_PROFILE_QUERY_KEY = ['seller-profile'] as const;

export function getSellerProfile(api: ApiClient) {
  return api('/seller-profile', { schema: sellerProfileSchema });
}

export function sellerProfileQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: SELLER_PROFILE_QUERY_KEY, queryFn: () => getSellerProfile(api) });
}
