// [I32] GET /admin/api/products/review (operators): new products and held changes waiting for approval.
import { productReviewQueueReplySchema } from '@quokka/contract/api/vendor-products';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const REVIEW_QUEUE_QUERY_KEY = ['products', 'review'] as const;

export function reviewQueueQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: REVIEW_QUEUE_QUERY_KEY,
    queryFn: () => api('/products/review', { schema: productReviewQueueReplySchema }),
  });
}
