// [I32] POST /admin/api/members/:id/suspend {reason}: the member cannot sign in, order or redeem; their
// sessions end at once.
import { type AdminMember, adminMemberReplySchema } from '@quokka/contract/api/members';
import type { ApiClient } from '../../../lib/api-client';

export async function suspendMember(api: ApiClient, memberId: number, reason: string): Promise<AdminMember> {
  return (
    await api(`/members/${memberId}/suspend`, {
      method: 'POST',
      body: { reason },
      schema: adminMemberReplySchema,
    })
  ).member;
}
