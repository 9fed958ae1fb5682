// POST {ns}/sendmobilecode [API-07]: texts a one-time code to the mobile.
import type { SendCodeRequest } from '@quokka/contract/api/auth-requests';
import { statusReplySchema } from '@quokka/contract/api/common';
import { parseAuMobile } from '@quokka/contract/mobile';
import { apiFetch, nsPath } from '../../../lib/api-client';
import { getCaptchaToken } from '../../../lib/captcha';

/** The mobile as the server stores it (E.164) when it is an Australian mobile, else as typed. */
export function wireMobile(mobile: string): string {
  return parseAuMobile(mobile) ?? mobile.trim();
}

export async function sendMobileCode(mobile: string): Promise<void> {
  const body: SendCodeRequest = {
    mobile: wireMobile(mobile),
    r_token: await getCaptchaToken('sendmobilecode'), // [API-04]
  };
  await apiFetch(nsPath('sendmobilecode'), { schema: statusReplySchema, method: 'POST', body });
}
