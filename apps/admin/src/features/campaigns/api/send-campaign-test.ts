// POST /admin/api/campaigns/:id/test: texts the member of staff's own mobile; answers where it went.
import { campaignTestReplySchema } from '@quokka/contract/api/campaigns';
import type { ApiClient } from '../../../lib/api-client';

export function sendCampaignTest(api: ApiClient, id: number) {
  return api(`/campaigns/${id}/test`, { method: 'POST', body: {}, schema: campaignTestReplySchema });
}
