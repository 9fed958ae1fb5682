// POST /admin/api/sign-in/code: a one-time code texted to a staff member's mobile.
import type { staffCodeBodySchema } from '@quokka/contract/api/admin';
import type { input } from 'zod';
import { statusSchema } from '../../../lib/api/status';
import type { ApiClient } from '../../../lib/api-client';

export function sendSignInCode(api: ApiClient, body: input<typeof staffCodeBodySchema>) {
  return api('/sign-in/code', { method: 'POST', body, schema: statusSchema });
}
