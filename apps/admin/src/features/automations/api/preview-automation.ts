// [I31] POST /admin/api/automations/preview: the whole text a shopper would get (the seller's name, the
// words with sample values, the link and the opt-out line) and its SMS parts. Keyed by the body.
import { type AutomationFlow, automationPreviewReplySchema } from '@quokka/contract/api/automations';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export interface AutomationPreviewBody {
  flow: AutomationFlow;
  seller_id?: number;
  message: string;
  product_id: number | null;
}

export function previewAutomation(api: ApiClient, body: AutomationPreviewBody) {
  return api('/automations/preview', { method: 'POST', body, schema: automationPreviewReplySchema });
}

export function automationPreviewQueryOptions(api: ApiClient, body: AutomationPreviewBody) {
  return queryOptions({
    queryKey: ['automation-preview', JSON.stringify(body)] as const,
    queryFn: () => previewAutomation(api, body),
    staleTime: 30_000,
  });
}
