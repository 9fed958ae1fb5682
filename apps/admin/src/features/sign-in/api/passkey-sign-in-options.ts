// POST /admin/api/sign-in/passkey/options: the challenge of a passkey sign-in, for the browser as it is.
import { webAuthnOptionsSchema } from '@quokka/contract/api/admin';
import type { ApiClient } from '../../../lib/api-client';

export function passkeySignInOptions(api: ApiClient) {
  return api('/sign-in/passkey/options', { method: 'POST', schema: webAuthnOptionsSchema });
}
