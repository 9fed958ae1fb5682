// The seller a shopper arrived through, for the registration welcome [REG-13]: the link's seller when
// the auth reply named one, else the seller of the link's product (`GET {ns}/seller`).
import { sellerReplySchema } from '@quokka/contract/api/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';
import { getItem, STORAGE_KEYS } from '../../../lib/storage';
import { getLinkSellerName } from '../auth-session';

export async function fetchSellerNameOfProduct(productId: string): Promise<string | null> {
  // Silent: a welcome without the seller's name is fine; an error popup over it is not.
  const { seller } = await apiFetch(nsPath('seller'), {
    schema: sellerReplySchema,
    query: { product_id: productId },
    silent: true,
  });
  return seller.name.trim() !== '' ? seller.name : null;
}

export function sellerNameOfProductQuery(productId: string) {
  return queryOptions({
    queryKey: ['auth', 'seller-name', productId],
    queryFn: () => fetchSellerNameOfProduct(productId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The seller's name when known, else null (the welcome then says 'This store'). */
export function useLinkSellerName(): string | null {
  const known = getLinkSellerName();
  const productId = getItem(STORAGE_KEYS.productId);
  const query = useQuery({
    ...sellerNameOfProductQuery(productId ?? ''),
    enabled: known === null && productId !== null && /^\d+$/.test(productId),
  });
  return known ?? query.data ?? null;
}
