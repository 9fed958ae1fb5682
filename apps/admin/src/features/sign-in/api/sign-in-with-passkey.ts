// POST /admin/api/sign-in/passkey: the browser's answer to the challenge; a full session when it holds.
import { staffMeSchema } from '@quokka/contract/api/admin';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import type { ApiClient } from '../../../lib/api-client';

export function signInWithPasskey(api: ApiClient, body: { response: AuthenticationResponseJSON }) {
  return api('/sign-in/passkey', { method: 'POST', body, schema: staffMeSchema });
}
