// GET /admin/api/payouts/due?by=: the statements due by a day (Sydney); a seller with no bank account is
// listed and left out of a run. Every due query starts with 'payouts-due'.
import { payoutsDueReplySchema } from '@quokka/contract/api/payouts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const PAYOUTS_DUE_QUERY_KEY = ['payouts-due'] as const;

export const payoutsDueQueryKey = (by: string) => [...PAYOUTS_DUE_QUERY_KEY, by] as const;

export function getPayoutsDue(api: ApiClient, by: string) {
  return api('/payouts/due', { query: { by }, schema: payoutsDueReplySchema });
}

export function payoutsDueQueryOptions(api: ApiClient, by: string) {
  return queryOptions({ queryKey: payoutsDueQueryKey(by), queryFn: () => getPayoutsDue(api, by) });
}
