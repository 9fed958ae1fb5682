// One change of a product on its page: a call of api/ that answers with the product as it now is, which is
// put in place (the page shows it at once) while the products list is read again.
import type { VendorProduct } from '@quokka/contract/api/vendor-products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { productQueryKey } from './api/get-product';
import { PRODUCTS_QUERY_KEY } from './api/get-products';

/** One change of the product: a call of api/ that answers with the product as it now is. */
export type ProductChangeCall = (api: ApiClient) => Promise<VendorProduct>;

/** Sends one change of the product and puts the product it answers in place. */
export function useProductChange(productId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ProductChangeCall) => change(api),
    onSuccess: (product) => {
      queryClient.setQueryData(productQueryKey(productId), product);
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
    },
  });
}
