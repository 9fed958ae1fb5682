// GET /admin/api/campaigns/:id: one campaign with its results (another seller's answers 404).
import { campaignSchema } from '@quokka/contract/api/campaigns';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const campaignQueryKey = (id: number) => ['campaign', id] as const;

export function getCampaign(api: ApiClient, id: number) {
  return api(`/campaigns/${id}`, { schema: campaignSchema });
}

export function campaignQueryOptions(api: ApiClient, id: number) {
  return queryOptions({ queryKey: campaignQueryKey(id), queryFn: () => getCampaign(api, id) });
}
