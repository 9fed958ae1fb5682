// POST /admin/api/sign-in/code/confirm: the code of that text; the session that answers is `needs_passkey`
// until a passkey is added (a code alone never opens the back office).
import { type staffConfirmCodeBodySchema, staffMeSchema } from '@quokka/contract/api/admin';
import type { input } from 'zod';
import type { ApiClient } from '../../../lib/api-client';

export function confirmSignInCode(api: ApiClient, body: input<typeof staffConfirmCodeBodySchema>) {
  return api('/sign-in/code/confirm', { method: 'POST', body, schema: staffMeSchema });
}
