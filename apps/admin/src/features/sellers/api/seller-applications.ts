// [I32] GET /admin/api/seller-applications?status=: the applications to sell of one status (waiting by
// default, oldest first; decided ones newest first). Every list query starts with SELLER_APPLICATIONS_QUERY_KEY:
// a decision refetches them all.
import {
  type SellerApplicationStatus,
  sellerApplicationListReplySchema,
} from '@quokka/contract/api/seller-applications';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const SELLER_APPLICATIONS_QUERY_KEY = ['seller-applications'] as const;

export function getSellerApplications(api: ApiClient, status: SellerApplicationStatus) {
  return api('/seller-applications', { schema: sellerApplicationListReplySchema, query: { status } });
}

export function sellerApplicationsQueryOptions(api: ApiClient, status: SellerApplicationStatus) {
  return queryOptions({
    queryKey: [...SELLER_APPLICATIONS_QUERY_KEY, status] as const,
    queryFn: () => getSellerApplications(api, status),
  });
}
