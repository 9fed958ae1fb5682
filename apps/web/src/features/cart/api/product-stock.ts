// [I11-3] The stock a cart line may reach, from the product reply (GET {ns}/product, API-09): the
// product's own qty, or the qty of the configurable child the line holds, by sku.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';

/** Units in stock per sku of one product page (the product and its children). */
export type StockBySku = ReadonlyMap<string, number>;

export async function getProductStock(productId: number, signal?: AbortSignal): Promise<StockBySku> {
  // Silent: without a stock figure the '+' is simply not capped; the server still checks each change.
  const reply = await apiFetch(nsPath('product'), {
    schema: () => import('@quokka/contract/api/catalog').then((m) => m.productReplySchema),
    query: { product_id: productId },
    signal,
    silent: true,
  });
  const stock = new Map<string, number>();
  if ('not_exists' in reply) return stock;
  stock.set(reply.sku, reply.qty);
  for (const child of reply.configurable_products) stock.set(child.sku, child.qty);
  return stock;
}

export function productStockQueryOptions(productId: number) {
  return queryOptions({
    queryKey: ['cart', 'stock', productId] as const,
    queryFn: ({ signal }) => getProductStock(productId, signal),
    staleTime: 30_000,
    retry: false,
  });
}

/** The stock of the line's sku, or null while unknown (no cap then). */
export function useLineStock(productId: number | string, sku: string | undefined): number | null {
  const id = Number(productId);
  const enabled = Number.isSafeInteger(id) && id > 0 && sku !== undefined;
  const query = useQuery({ ...productStockQueryOptions(id), enabled });
  const stock = sku === undefined ? undefined : query.data?.get(sku);
  return typeof stock === 'number' && Number.isFinite(stock) ? stock : null;
}
