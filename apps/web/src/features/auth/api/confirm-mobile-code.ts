// POST {ns}/confirmmobilecode [API-08]: trades a code for a verified-mobile token.

import type { ConfirmMobileCodeBody } from '@quokka/contract/validate-mobile-popup';
import { normaliseOtpCode } from '@quokka/contract/validate-mobile-popup';
import { apiFetch, nsPath, readInputValidation } from '../../../lib/api-client';
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

interface ConfirmReply {
  status?: boolean;
  jwt?: string;
  input_validation?: Record<string, string[]>;
}

/**
 * A wrong code is an expected answer, not a fault: the server's 400 with input_validation (or a
 * 200 with status false, as some backends answer) comes back as field errors for the form.
 */
export async function confirmMobileCode(input: ConfirmCodeInput): Promise<ConfirmCodeResult> {
  const expired = typeof input.expiredJwt === 'string' && input.expiredJwt !== '';
  const body: ConfirmMobileCodeBody = {
    mobile: wireMobile(input.mobile),
    code: normaliseOtpCode(input.code),
    expired,
    expired_jwt: expired ? input.expiredJwt : null,
    r_token: await getCaptchaToken('confirmmobilecode'), // [API-04]
  };
  const reply = await apiFetch<ConfirmReply | null>(nsPath('confirmmobilecode'), { method: 'POST', body });
  if (reply?.status === true && typeof reply.jwt === 'string' && reply.jwt !== '') {
    return { ok: true, jwt: reply.jwt };
  }
  return { ok: false, fieldErrors: readInputValidation(reply) ?? {} };
}
