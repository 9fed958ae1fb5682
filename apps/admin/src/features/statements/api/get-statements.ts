// GET /admin/api/statements?seller_id=&week=: the weekly statements (a vendor's own seller's only).
import { statementListReplySchema } from '@quokka/contract/api/ledger';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export interface StatementFilters {
  seller_id: string;
  week: string;
}

export const statementsQueryKey = (filters: StatementFilters) =>
  ['statements', filters.seller_id, filters.week] as const;

export function getStatements(api: ApiClient, filters: StatementFilters) {
  return api('/statements', {
    schema: statementListReplySchema,
    query: { seller_id: filters.seller_id, week: filters.week },
  });
}

export function statementsQueryOptions(api: ApiClient, filters: StatementFilters) {
  return queryOptions({ queryKey: statementsQueryKey(filters), queryFn: () => getStatements(api, filters) });
}
