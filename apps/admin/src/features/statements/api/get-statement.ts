// GET /admin/api/statements/:id: one weekly statement with its totals by kind and every line; its CSV and
// PDF downloads are plain links.
import { statementReplySchema } from '@quokka/contract/api/ledger';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, type ApiClient } from '../../../lib/api-client';

export const statementQueryKey = (id: string | undefined) => ['statement', id] as const;

export function getStatement(api: ApiClient, id: string | undefined) {
  return api(`/statements/${id}`, { schema: statementReplySchema });
}

export function statementQueryOptions(api: ApiClient, id: string | undefined) {
  return queryOptions({ queryKey: statementQueryKey(id), queryFn: () => getStatement(api, id) });
}

export function statementDownloadHref(statementId: number | string, format: 'csv' | 'pdf'): string {
  return `${API_BASE}/statements/${statementId}/${format}`;
}
