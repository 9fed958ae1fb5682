// POST /admin/api/passkeys/:id/remove: one's own passkey, or (operators) another member's waiting one, is
// removed; asks for the passkey.
import type { ApiClient } from '../../../lib/api-client';
import { statusSchema } from './status';

export function removePasskey(api: ApiClient, passkeyId: number) {
  return api(`/passkeys/${passkeyId}/remove`, { method: 'POST', body: {}, schema: statusSchema });
}
