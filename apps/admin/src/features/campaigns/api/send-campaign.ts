// POST /admin/api/campaigns/:id/send: now (`{}`), or scheduled `{at: 'YYYY-MM-DD HH:mm', zone}`. Under
// CAMPAIGN_REVIEW=manual a seller's campaign goes to review first.
import { campaignSchema } from '@quokka/contract/api/campaigns';
import type { ApiClient } from '../../../lib/api-client';

export type SendWhen = { at: string; zone: string } | 'now';

export function sendCampaign(api: ApiClient, id: number, when: SendWhen) {
  const body = when === 'now' ? {} : { at: when.at, zone: when.zone };
  return api(`/campaigns/${id}/send`, { method: 'POST', body, schema: campaignSchema });
}
