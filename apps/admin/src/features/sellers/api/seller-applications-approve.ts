// [I32] POST /admin/api/seller-applications/:id/approve: makes the seller and its owner's account, and
// texts the applicant the approval and the invite link.
import {
  type ApproveSellerApplicationReply,
  approveSellerApplicationReplySchema,
} from '@quokka/contract/api/seller-applications';
import type { ApiClient } from '../../../lib/api-client';

export function approveSellerApplication(api: ApiClient, id: number): Promise<ApproveSellerApplicationReply> {
  return api(`/seller-applications/${id}/approve`, {
    method: 'POST',
    body: {},
    schema: approveSellerApplicationReplySchema,
  });
}
