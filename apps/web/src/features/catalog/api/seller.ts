// GET {ns}/seller?product_id: the seller of a product, for the supplied-by popup [API-10, SHELL-18].
import type { SellerSummary } from '@quokka/contract/api/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';
import { readSeller } from './catalog-readers';

export async function getSeller(productId: number, signal?: AbortSignal): Promise<SellerSummary> {
  const reply = await apiFetch(nsPath('seller'), {
    schema: () => import('@quokka/contract/api/catalog').then((m) => m.sellerReplySchema),
    query: { product_id: productId },
    signal,
  });
  return readSeller(reply.seller);
}

export function sellerQueryOptions(productId: number) {
  return queryOptions({
    queryKey: ['catalog', 'seller', productId],
    queryFn: ({ signal }) => getSeller(productId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useSeller(productId: number | null) {
  return useQuery({ ...sellerQueryOptions(productId ?? 0), enabled: productId !== null });
}
