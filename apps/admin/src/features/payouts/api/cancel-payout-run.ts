// POST /admin/api/payouts/:id/cancel: a draft run cancelled; its statements are due again.
import { payoutRunDetailSchema } from '@quokka/contract/api/payouts';
import type { ApiClient } from '../../../lib/api-client';

export function cancelPayoutRun(api: ApiClient, runId: number) {
  return api(`/payouts/${runId}/cancel`, { method: 'POST', body: {}, schema: payoutRunDetailSchema });
}
