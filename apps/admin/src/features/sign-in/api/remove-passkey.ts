// POST /admin/api/passkeys/:id/remove: one's own passkey, or (operators) another member's waiting one, is
// removed; asks for the passkey.

import { statusSchema } from '../../../lib/api/status';
import type { ApiClient } from '../../../lib/api-client';

export function removePasskey(api: ApiClient, passkeyId: number) {
  return api(`/passkeys/${passkeyId}/remove`, { method: 'POST', body: {}, schema: statusSchema });
}
