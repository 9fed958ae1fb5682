// POST /admin/api/campaigns (a new draft) or PUT /admin/api/campaigns/:id (a draft or refused one).
import { type CampaignBody, campaignSchema } from '@quokka/contract/api/campaigns';
import type { ApiClient } from '../../../lib/api-client';

export function saveCampaign(api: ApiClient, id: number | null, body: CampaignBody) {
  return id === null
    ? api('/campaigns', { method: 'POST', body, schema: campaignSchema })
    : api(`/campaigns/${id}`, { method: 'PUT', body, schema: campaignSchema });
}
