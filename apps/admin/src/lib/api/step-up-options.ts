// POST /admin/api/step-up/options: the challenge of a passkey check asked for by a 403 STEP_UP_REQUIRED
// (never itself a step-up).
import { webAuthnOptionsSchema } from '@quokka/contract/api/admin';
import type { ApiClient } from '../api-client';

export function stepUpOptions(api: ApiClient) {
  return api('/step-up/options', { method: 'POST', schema: webAuthnOptionsSchema, noStepUp: true });
}
