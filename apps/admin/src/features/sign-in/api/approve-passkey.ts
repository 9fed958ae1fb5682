// POST /admin/api/passkeys/:id/approve: an operator lets a waiting passkey count now; asks for the passkey.

import { statusSchema } from '../../../lib/api/status';
import type { ApiClient } from '../../../lib/api-client';

export function approvePasskey(api: ApiClient, passkeyId: number) {
  return api(`/passkeys/${passkeyId}/approve`, { method: 'POST', body: {}, schema: statusSchema });
}
