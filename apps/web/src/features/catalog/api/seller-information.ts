// GET {ns}/sellerInformation?seller_url&page: the seller and a page of its products [API-11, ROUTE-11, CART-10].
import type { ProductTile, SellerSummary } from '@quokka/contract/api/catalog';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';
import { readSeller, readTiles } from './catalog-readers';
import { FIRST_PAGE, nextProductPage } from './product-paging';

export interface SellerPage {
  /** Null when the reply says there is no such seller (`status: false`). */
  seller: SellerSummary | null;
  products: ProductTile[];
  /** [I32] False while an operator has suspended the seller (no products then); true when not said. */
  selling: boolean;
  /** [I32] The seller's delivery words; '' when it gave none. */
  shippingInfo: string;
}

export async function getSellerInformation(
  sellerUrl: string,
  page: number,
  signal?: AbortSignal,
): Promise<SellerPage> {
  const reply = await apiFetch(nsPath('sellerInformation'), {
    schema: () => import('@quokka/contract/api/catalog').then((m) => m.sellerInformationReplySchema),
    query: { seller_url: sellerUrl, page },
    signal,
  });
  const known = reply.status !== false && reply.seller != null;
  return {
    seller: known ? readSeller(reply.seller) : null,
    products: readTiles(reply.products),
    selling: reply.selling !== false,
    shippingInfo: typeof reply.shipping_info === 'string' ? reply.shipping_info.trim() : '',
  };
}

export function sellerInformationQueryOptions(sellerUrl: string) {
  return infiniteQueryOptions({
    queryKey: ['catalog', 'seller-information', sellerUrl],
    queryFn: ({ pageParam, signal }) => getSellerInformation(sellerUrl, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (_last, pages, lastPageParam) =>
      nextProductPage(
        pages.map((page) => page.products),
        lastPageParam,
      ),
  });
}

export function useSellerInformation(sellerUrl: string) {
  return useInfiniteQuery(sellerInformationQueryOptions(sellerUrl));
}
