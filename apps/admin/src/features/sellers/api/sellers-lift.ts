// [I32] POST /admin/api/sellers/:id/lift: the seller's products are back in the shop; its staff are texted.
import { type AdminSeller, adminSellerReplySchema } from '@quokka/contract/api/sellers';
import type { ApiClient } from '../../../lib/api-client';

export async function liftSellerSuspension(api: ApiClient, sellerId: number): Promise<AdminSeller> {
  return (await api(`/sellers/${sellerId}/lift`, { method: 'POST', schema: adminSellerReplySchema })).seller;
}
