// [I31] Back in stock (docs/automations.md): {ns}/stockAlerts — whether the product's seller offers
// "Text me when it's back" and which of its items the member waits for; asking (a member, or a visitor
// with the one-time code's token); a member's "Don't text me". The visitor's code goes through the same
// calls the sign-in popup makes (sendmobilecode, confirmmobilecode). Loaded with the back-in-stock box
// only, never on the product page's first load (docs/architecture.md "The JavaScript budget").
import type { StockAlertReply, StockAlertStatus } from '@quokka/contract/api/automations';
import { parseAuMobile } from '@quokka/contract/mobile';
import { apiFetch, nsPath } from '../../../lib/api-client';
import { getCaptchaToken } from '../../../lib/captcha';

const automations = () => import('@quokka/contract/api/automations');
const common = () => import('@quokka/contract/api/common');

export const stockAlertQueryKey = (productId: number, signedIn: boolean) =>
  ['catalog', 'stockAlerts', productId, signedIn] as const;

export function getStockAlertStatus(
  productId: number,
  signedIn: boolean,
  signal?: AbortSignal,
): Promise<StockAlertStatus> {
  return apiFetch(nsPath('stockAlerts'), {
    schema: () => automations().then((m) => m.stockAlertStatusSchema),
    query: { product_id: productId },
    auth: signedIn,
    signal,
    // An extra on the page: its failure never shows the shop's offline or error popups.
    silent: true,
  });
}

/** Asks for one item's text: signed in (the bearer token), or with the visitor's verified-mobile token. */
export function askStockAlert(
  productId: number,
  proof: { jwt: string } | 'member',
): Promise<StockAlertReply> {
  return apiFetch(nsPath('stockAlerts'), {
    schema: () => automations().then((m) => m.stockAlertReplySchema),
    method: 'POST',
    body: proof === 'member' ? { product_id: productId } : { product_id: productId, jwt: proof.jwt },
    auth: proof === 'member',
  });
}

export async function cancelStockAlert(productId: number): Promise<void> {
  await apiFetch(nsPath(`stockAlerts/${productId}`), {
    schema: () => common().then((m) => m.statusReplySchema),
    method: 'DELETE',
    auth: true,
  });
}

const wireMobile = (mobile: string) => parseAuMobile(mobile) ?? mobile.trim();

/** POST {ns}/sendmobilecode, as the sign-in popup sends it. */
export async function sendStockAlertCode(mobile: string): Promise<void> {
  await apiFetch(nsPath('sendmobilecode'), {
    schema: () => common().then((m) => m.statusReplySchema),
    method: 'POST',
    body: { mobile: wireMobile(mobile), r_token: await getCaptchaToken('sendmobilecode') },
  });
}

/** POST {ns}/confirmmobilecode: the code for a verified-mobile token. */
export async function confirmStockAlertCode(mobile: string, code: string): Promise<string> {
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
