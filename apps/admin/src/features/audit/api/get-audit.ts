// GET /admin/api/audit: every staff action, newest first, read in words, one page at a time, with the
// filters of the address (audit-query.ts).
import { auditReplySchema } from '@quokka/contract/api/audit';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { type AuditFilters, filterQuery } from '../audit-query';

export const auditQueryKey = (filters: AuditFilters, page: number) => ['audit', filters, page] as const;

export function getAudit(api: ApiClient, filters: AuditFilters, page: number) {
  return api('/audit', { schema: auditReplySchema, query: { ...filterQuery(filters), page } });
}

export function auditQueryOptions(api: ApiClient, filters: AuditFilters, page: number) {
  return queryOptions({
    queryKey: auditQueryKey(filters, page),
    queryFn: () => getAudit(api, filters, page),
  });
}
