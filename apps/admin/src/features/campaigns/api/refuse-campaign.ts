// POST /admin/api/campaigns/:id/refuse {reason} (operators): the seller's staff see the reason.
import { campaignSchema } from '@quokka/contract/api/campaigns';
import type { ApiClient } from '../../../lib/api-client';

export function refuseCampaign(api: ApiClient, id: number, reason: string) {
  return api(`/campaigns/${id}/refuse`, { method: 'POST', body: { reason }, schema: campaignSchema });
}
