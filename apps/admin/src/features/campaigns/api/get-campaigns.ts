// GET /admin/api/campaigns?state=&page=: the campaigns a member may see (a seller's staff their own
// seller's, operators every seller's), newest first. Every list query starts with 'campaigns'.
import { type CampaignState, campaignListReplySchema } from '@quokka/contract/api/campaigns';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export interface CampaignSearch {
  state: CampaignState | '';
  page: number;
}

export const CAMPAIGNS_PAGE_SIZE = 20;

export const CAMPAIGNS_QUERY_KEY = ['campaigns'] as const;

export const campaignsQueryKey = (search: CampaignSearch) =>
  [...CAMPAIGNS_QUERY_KEY, search.state, search.page] as const;

export function getCampaigns(api: ApiClient, search: CampaignSearch) {
  return api('/campaigns', {
    schema: campaignListReplySchema,
    query: { state: search.state || undefined, page: search.page, page_size: CAMPAIGNS_PAGE_SIZE },
  });
}

export function campaignsQueryOptions(api: ApiClient, search: CampaignSearch) {
  return queryOptions({ queryKey: campaignsQueryKey(search), queryFn: () => getCampaigns(api, search) });
}
