// POST /admin/api/passkeys/options: the options of a new passkey, for the browser as they are.
import { webAuthnOptionsSchema } from '@quokka/contract/api/admin';
import type { ApiClient } from '../../../lib/api-client';

export function passkeyRegistrationOptions(api: ApiClient) {
  return api('/passkeys/options', { method: 'POST', schema: webAuthnOptionsSchema });
}
