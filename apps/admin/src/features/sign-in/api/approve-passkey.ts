// POST /admin/api/passkeys/:id/approve: an operator lets a waiting passkey count now; asks for the passkey.
import type { ApiClient } from '../../../lib/api-client';
import { statusSchema } from './status';

export function approvePasskey(api: ApiClient, passkeyId: number) {
  return api(`/passkeys/${passkeyId}/approve`, { method: 'POST', body: {}, schema: statusSchema });
}
