// POST /admin/api/campaigns/preview: what a draft would send before it is saved (the text as a phone
// shows it, its segments, the recipients and the estimated cost). Keyed by the body, so the same form
// asks once.
import { type CampaignBody, campaignPreviewReplySchema } from '@quokka/contract/api/campaigns';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const campaignPreviewQueryKey = (body: CampaignBody) =>
  ['campaign-preview', JSON.stringify(body)] as const;

export function previewCampaign(api: ApiClient, body: CampaignBody) {
  return api('/campaigns/preview', { method: 'POST', body, schema: campaignPreviewReplySchema });
}

export function campaignPreviewQueryOptions(api: ApiClient, body: CampaignBody) {
  return queryOptions({
    queryKey: campaignPreviewQueryKey(body),
    queryFn: () => previewCampaign(api, body),
    staleTime: 30_000,
  });
}
