// POST {ns}/confirmmobilecode [API-08]: trades a code for a verified-mobile token.

import { confirmCodeReplySchema } from '@quokka/contract/api/auth';
import type { ConfirmCodeRequest } from '@quokka/contract/api/auth-requests';
import { normaliseOtpCode } from '@quokka/contract/validate-mobile-popup';
import { apiFetch, nsPath } from '../../../lib/api-client';
import { getCaptchaToken } from '../../../lib/captcha';
import { wireMobile } from './send-mobile-code';

export interface ConfirmCodeInput {
  mobile: string;
  code: string;
  /** The expired sign-in link being renewed [AUTH-13, AUTH-14]; its product and seller carry over. */
  expiredJwt?: string | null;
}

export type ConfirmCodeResult =
  | { ok: true; jwt: string }
  | { ok: false; fieldErrors: Record<string, string[]> };

/**
 * A wrong code is an expected answer, not a fault: the server's 400 with input_validation reaches the
 * form as the thrown ApiError's field errors (features/auth/components/mobile-code-flow.tsx).
 */
export async function confirmMobileCode(input: ConfirmCodeInput): Promise<ConfirmCodeResult> {
  const expired = typeof input.expiredJwt === 'string' && input.expiredJwt !== '';
  const body: ConfirmCodeRequest = {
    mobile: wireMobile(input.mobile),
    code: normaliseOtpCode(input.code),
    expired,
    expired_jwt: expired ? input.expiredJwt : null,
    r_token: await getCaptchaToken('confirmmobilecode'), // [API-04]
  };
  const reply = await apiFetch(nsPath('confirmmobilecode'), {
    schema: confirmCodeReplySchema,
    method: 'POST',
    body,
  });
  return { ok: true, jwt: reply.jwt };
}
