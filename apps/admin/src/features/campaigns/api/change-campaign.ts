// POST /admin/api/campaigns/:id/pause | resume | cancel | approve (approve: operators) → the campaign.
import { campaignSchema } from '@quokka/contract/api/campaigns';
import type { ApiClient } from '../../../lib/api-client';

export type CampaignStep = 'pause' | 'resume' | 'cancel' | 'approve';

export function changeCampaign(api: ApiClient, id: number, step: CampaignStep) {
  return api(`/campaigns/${id}/${step}`, { method: 'POST', body: {}, schema: campaignSchema });
}
