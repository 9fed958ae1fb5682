// [I32] POST /admin/api/invites/accept: the token of the invite text's link, used once; the session that
// answers is `needs_passkey` (the member adds their passkey next), as after a text code.
import { staffMeSchema } from '@quokka/contract/api/admin';
import type { ApiClient } from '../../../lib/api-client';

export function acceptInvite(api: ApiClient, token: string) {
  return api('/invites/accept', { method: 'POST', body: { token }, schema: staffMeSchema });
}
