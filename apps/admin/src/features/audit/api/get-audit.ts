// GET /admin/api/audit?page=: every staff action, newest first, one page at a time.
import { auditReplySchema } from '@quokka/contract/api/admin';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const auditQueryKey = (page: number) => ['audit', page] as const;

export function getAudit(api: ApiClient, page: number) {
  return api('/audit', { schema: auditReplySchema, query: { page } });
}

export function auditQueryOptions(api: ApiClient, page: number) {
  return queryOptions({ queryKey: auditQueryKey(page), queryFn: () => getAudit(api, page) });
}
