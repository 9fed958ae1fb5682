// GET {ns}/seller?product_id [API-10], for the seller checkout shows [CHK-02]. Silent: without it the
// page falls back to what the cart lines know of their seller.
import { sellerReplySchema } from '@quokka/contract/api/catalog';
import { apiFetch, nsPath } from '../../../lib/api-client';

export interface CheckoutSeller {
  id: number | null;
  name: string;
  image: string;
  sellerUrl: string;
}

export async function getSellerOfProduct(
  productId: number,
  signal?: AbortSignal,
): Promise<CheckoutSeller | null> {
  try {
    const { seller } = await apiFetch(nsPath('seller'), {
      schema: sellerReplySchema,
      query: { product_id: productId },
      signal,
      silent: true,
    });
    return {
      id: seller.id,
      name: seller.name,
      image: seller.image || seller.supplied_by_image,
      sellerUrl: seller.seller_url || seller.shop_url,
    };
  } catch {
    return null;
  }
}
