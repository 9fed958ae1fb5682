// GET {ns}/product?product_id: the full product, or `{status:false, not_exists:true}` [API-09, ERR-04].
import type { Product } from '@quokka/contract/api/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';
import { readProduct } from './catalog-readers';

export type ProductResult = { found: true; product: Product } | { found: false };

function isNotExists(reply: unknown): boolean {
  return typeof reply !== 'object' || reply === null || ('not_exists' in reply && Boolean(reply.not_exists));
}

export async function getProduct(productId: number, signal?: AbortSignal): Promise<ProductResult> {
  const reply = await apiFetch(nsPath('product'), {
    schema: () => import('@quokka/contract/api/catalog').then((m) => m.productReplySchema),
    query: { product_id: productId },
    signal,
  });
  if ('not_exists' in reply || isNotExists(reply)) return { found: false };
  return { found: true, product: readProduct(reply) };
}

export function productQueryOptions(productId: number) {
  return queryOptions({
    queryKey: ['catalog', 'product', productId],
    queryFn: ({ signal }) => getProduct(productId, signal),
    // A failure already opens the shell's popup and the page offers 'Try again'; a silent second try
    // would only open the popup again after the shopper closed it.
    retry: false,
  });
}

export function useProduct(productId: number | null) {
  return useQuery({ ...productQueryOptions(productId ?? 0), enabled: productId !== null });
}
