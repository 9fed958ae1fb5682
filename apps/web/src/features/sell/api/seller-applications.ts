// [I32] "Sell with us" (/sell, docs/sellers.md): the applicant's mobile is proven with the one-time code
// through the calls the sign-in popup makes (POST {ns}/sendmobilecode, {ns}/confirmmobilecode), and the
// application goes with the code's verified-mobile token (POST {ns}/sellerApplications). Loaded with the
// page only (a lazy screen).
import type { SellerApplicationReply } from '@quokka/contract/api/seller-applications';
import type { SellerApplicationBody } from '@quokka/contract/api/seller-applications-requests';
import { parseAuMobile } from '@quokka/contract/mobile';
import { apiFetch, nsPath } from '../../../lib/api-client';
import { getCaptchaToken } from '../../../lib/captcha';

const wireMobile = (mobile: string) => parseAuMobile(mobile) ?? mobile.trim();

/** POST {ns}/sendmobilecode, as the sign-in popup sends it. */
export async function sendSellerCode(mobile: string): Promise<void> {
  await apiFetch(nsPath('sendmobilecode'), {
    schema: () => import('@quokka/contract/api/common').then((m) => m.statusReplySchema),
    method: 'POST',
    body: { mobile: wireMobile(mobile), r_token: await getCaptchaToken('sendmobilecode') },
  });
}

/** POST {ns}/confirmmobilecode: the code for a verified-mobile token. */
export async function confirmSellerCode(mobile: string, code: string): Promise<string> {
  const reply = await apiFetch(nsPath('confirmmobilecode'), {
    schema: () => import('@quokka/contract/api/auth').then((m) => m.confirmCodeReplySchema),
    method: 'POST',
    body: {
      mobile: wireMobile(mobile),
      code: code.replace(/\s+/g, ''),
      expired: false,
      expired_jwt: null,
      r_token: await getCaptchaToken('confirmmobilecode'),
    },
  });
  return reply.jwt;
}

/** POST {ns}/sellerApplications */
export function sendSellerApplication(body: SellerApplicationBody): Promise<SellerApplicationReply> {
  return apiFetch(nsPath('sellerApplications'), {
    schema: () =>
      import('@quokka/contract/api/seller-applications').then((m) => m.sellerApplicationReplySchema),
    method: 'POST',
    body: { ...body, mobile: wireMobile(body.mobile) },
  });
}
