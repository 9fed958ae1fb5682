// POST /admin/api/payouts: a draft run of the statements due by a day; asks for the passkey first.
import { type CreatePayoutRunBody, payoutRunDetailSchema } from '@quokka/contract/api/payouts';
import type { ApiClient } from '../../../lib/api-client';

export function createPayoutRun(api: ApiClient, body: CreatePayoutRunBody) {
  return api('/payouts', { method: 'POST', body, schema: payoutRunDetailSchema });
}
