// [I32] GET /admin/api/members?q=: the members whose mobile or email contains q (operators).
import { type AdminMember, adminMembersReplySchema } from '@quokka/contract/api/members';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const MEMBERS_QUERY_KEY = ['members'] as const;

export async function getMembers(api: ApiClient, q: string): Promise<AdminMember[]> {
  return (await api('/members', { schema: adminMembersReplySchema, query: { q } })).items;
}

export function membersQueryOptions(api: ApiClient, q: string) {
  return queryOptions({
    queryKey: [...MEMBERS_QUERY_KEY, q] as const,
    queryFn: () => getMembers(api, q),
    enabled: q.length > 0,
  });
}
