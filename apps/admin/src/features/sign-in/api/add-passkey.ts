// POST /admin/api/passkeys: the new passkey the browser made; answers with the session as it now is (a
// passkey added after a text code waits before it counts for money actions: `passkey_pending_until`).
import { staffMeSchema } from '@quokka/contract/api/admin';
import type { RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { ApiClient } from '../../../lib/api-client';

export function addPasskey(api: ApiClient, body: { response: RegistrationResponseJSON }) {
  return api('/passkeys', { method: 'POST', body, schema: staffMeSchema });
}
