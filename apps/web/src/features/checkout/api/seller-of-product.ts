// GET {ns}/seller?product_id [API-10], for the seller checkout shows [CHK-02]. Silent: without it the
// page falls back to what the cart lines know of their seller.
import { apiFetch, nsPath } from '../../../lib/api-client';

export interface CheckoutSeller {
  id: number | null;
  name: string;
  image: string;
  sellerUrl: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export async function getSellerOfProduct(
  productId: number,
  signal?: AbortSignal,
): Promise<CheckoutSeller | null> {
  try {
    const reply = await apiFetch<{ seller?: Record<string, unknown> } | null>(nsPath('seller'), {
      query: { product_id: productId },
      signal,
      silent: true,
    });
    const seller = reply?.seller;
    if (!seller) return null;
    const id = Number(seller.id);
    return {
      id: Number.isFinite(id) ? id : null,
      name: text(seller.name),
      image: text(seller.image) || text(seller.supplied_by_image),
      sellerUrl: text(seller.seller_url) || text(seller.shop_url),
    };
  } catch {
    return null;
  }
}
