// POST /admin/api/step-up: the browser's answer to the check; the session that answers carries the fresh
// check, and the refused request is sent again (lib/api-client.ts).
import { staffMeSchema } from '@quokka/contract/api/admin';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import type { ApiClient } from '../api-client';

export function stepUp(api: ApiClient, body: { response: AuthenticationResponseJSON }) {
  return api('/step-up', { method: 'POST', body, schema: staffMeSchema, noStepUp: true });
}
