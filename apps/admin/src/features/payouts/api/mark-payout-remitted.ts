// POST /admin/api/payouts/:id/remitted: the bank has the run's ABA file; asks for the passkey first.
import { payoutRunDetailSchema } from '@quokka/contract/api/payouts';
import type { ApiClient } from '../../../lib/api-client';

export function markPayoutRemitted(api: ApiClient, runId: number) {
  return api(`/payouts/${runId}/remitted`, { method: 'POST', body: {}, schema: payoutRunDetailSchema });
}
