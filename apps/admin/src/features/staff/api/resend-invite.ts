// [I32] POST /admin/api/staff/:id/invite: texts the member a new invite link; the links before stop working.
import { staffListItemSchema } from '@quokka/contract/api/staff-admin';
import type { ApiClient } from '../../../lib/api-client';

export function resendInvite(api: ApiClient, staffId: number) {
  return api(`/staff/${staffId}/invite`, { method: 'POST', body: {}, schema: staffListItemSchema });
}
