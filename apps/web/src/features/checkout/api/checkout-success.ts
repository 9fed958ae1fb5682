// GET {ns}/checkoutsuccess?seller_id&campaign_id [API-36]: the order number and the shop's name
// [DATA-44]. Silent: a failed lookup leaves the success page without a number, nothing worse.
import { apiFetch, nsPath } from '../../../lib/api-client';

export interface CheckoutSuccess {
  order_id: string;
  shop_name: string;
}

export async function getCheckoutSuccess(
  sellerId: string | null,
  campaignId: string | null,
  signal?: AbortSignal,
): Promise<CheckoutSuccess | null> {
  const reply = await apiFetch<{ data?: Partial<CheckoutSuccess> } | null>(nsPath('checkoutsuccess'), {
    auth: true,
    query: { seller_id: sellerId, campaign_id: campaignId },
    signal,
    silent: true,
  });
  const data = reply?.data;
  if (!data || data.order_id === undefined || data.order_id === null) return null;
  return { order_id: String(data.order_id), shop_name: String(data.shop_name ?? '') };
}
