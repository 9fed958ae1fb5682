// GET /admin/api/payouts/due?by=: the statements due by a day (Sydney); a seller with no bank account is
// listed and left out of a run. Every due query starts with 'payouts-due'. [I34] Without a day (null) the
// server picks the next remittance date with something due (or today), and its reply's `by` says which.
import { payoutsDueReplySchema } from '@quokka/contract/api/payouts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const PAYOUTS_DUE_QUERY_KEY = ['payouts-due'] as const;

export const payoutsDueQueryKey = (by: string | null) => [...PAYOUTS_DUE_QUERY_KEY, by] as const;

export function getPayoutsDue(api: ApiClient, by: string | null) {
  return api('/payouts/due', { query: by === null ? {} : { by }, schema: payoutsDueReplySchema });
}

export function payoutsDueQueryOptions(api: ApiClient, by: string | null) {
  return queryOptions({ queryKey: payoutsDueQueryKey(by), queryFn: () => getPayoutsDue(api, by) });
}
