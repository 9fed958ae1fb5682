// [I31] GET /admin/api/automations?seller_id=: a seller's flows (every flow, in AUTOMATION_FLOWS order) with
// their words, timing and results. A seller's staff get their own seller's; an operator names the seller.
import { automationListReplySchema } from '@quokka/contract/api/automations';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const AUTOMATIONS_QUERY_KEY = ['automations'] as const;

/** `sellerId` null: the member's own seller (a seller's staff). */
export const automationsQueryKey = (sellerId: number | null) => [...AUTOMATIONS_QUERY_KEY, sellerId] as const;

export function getAutomations(api: ApiClient, sellerId: number | null) {
  return api('/automations', {
    schema: automationListReplySchema,
    query: { seller_id: sellerId ?? undefined },
  });
}

export function automationsQueryOptions(api: ApiClient, sellerId: number | null) {
  return queryOptions({
    queryKey: automationsQueryKey(sellerId),
    queryFn: () => getAutomations(api, sellerId),
  });
}
