// [I32] POST /admin/api/sellers/:id/suspend {reason}: its products leave the storefront at once; its staff
// are texted the reason.
import { type AdminSeller, adminSellerReplySchema } from '@quokka/contract/api/sellers';
import type { ApiClient } from '../../../lib/api-client';

export async function suspendSeller(api: ApiClient, sellerId: number, reason: string): Promise<AdminSeller> {
  return (
    await api(`/sellers/${sellerId}/suspend`, {
      method: 'POST',
      body: { reason },
      schema: adminSellerReplySchema,
    })
  ).seller;
}
