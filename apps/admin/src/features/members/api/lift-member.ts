// [I32] POST /admin/api/members/:id/lift: the member may sign in again.
import { type AdminMember, adminMemberReplySchema } from '@quokka/contract/api/members';
import type { ApiClient } from '../../../lib/api-client';

export async function liftMemberSuspension(api: ApiClient, memberId: number): Promise<AdminMember> {
  return (await api(`/members/${memberId}/lift`, { method: 'POST', schema: adminMemberReplySchema })).member;
}
