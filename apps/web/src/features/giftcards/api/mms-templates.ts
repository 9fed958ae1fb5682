// GET {ns}/getgiftcardmmstemplates?product_id [API-16, DATA-43]: the pictures a gift card can carry.
import { type MmsTemplate, mmsTemplatesReplySchema } from '@quokka/contract/api/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';

export async function getMmsTemplates(productId: number, signal?: AbortSignal): Promise<MmsTemplate[]> {
  const reply = await apiFetch(nsPath('getgiftcardmmstemplates'), {
    schema: mmsTemplatesReplySchema,
    query: { product_id: productId },
    signal,
  });
  return reply.data;
}

export function mmsTemplatesQueryOptions(productId: number) {
  return queryOptions({
    queryKey: ['giftcards', 'templates', productId],
    queryFn: ({ signal }) => getMmsTemplates(productId, signal),
  });
}

export function useMmsTemplates(productId: number | null) {
  return useQuery({ ...mmsTemplatesQueryOptions(productId ?? 0), enabled: productId !== null });
}
