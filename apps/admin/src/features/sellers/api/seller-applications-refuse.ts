// [I32] POST /admin/api/seller-applications/:id/refuse {reason}: the applicant is texted the reason.
import {
  type AdminSellerApplication,
  adminSellerApplicationSchema,
  type RefuseSellerApplicationBody,
} from '@quokka/contract/api/seller-applications';
import type { ApiClient } from '../../../lib/api-client';

export function refuseSellerApplication(
  api: ApiClient,
  id: number,
  body: RefuseSellerApplicationBody,
): Promise<AdminSellerApplication> {
  return api(`/seller-applications/${id}/refuse`, {
    method: 'POST',
    body,
    schema: adminSellerApplicationSchema,
  });
}
