// [I32] GET /admin/api/staff: the members of staff the signed-in member may manage (operators: everyone;
// a seller's owner: their seller's staff), each with their invite state. Every change refetches it.
import { staffListReplySchema } from '@quokka/contract/api/staff-admin';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const STAFF_QUERY_KEY = ['staff'] as const;

export function getStaff(api: ApiClient) {
  return api('/staff', { schema: staffListReplySchema });
}

export function staffQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: STAFF_QUERY_KEY, queryFn: () => getStaff(api) });
}
