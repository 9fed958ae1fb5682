// GET /admin/api/payouts: the payout runs, newest first.
import { payoutRunListReplySchema } from '@quokka/contract/api/payouts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const PAYOUT_RUNS_QUERY_KEY = ['payout-runs'] as const;

export function getPayoutRuns(api: ApiClient) {
  return api('/payouts', { schema: payoutRunListReplySchema });
}

export function payoutRunsQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: PAYOUT_RUNS_QUERY_KEY, queryFn: () => getPayoutRuns(api) });
}
