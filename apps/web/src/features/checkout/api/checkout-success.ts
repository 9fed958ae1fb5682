// GET {ns}/checkoutsuccess?seller_id&campaign_id [API-36]: the order number and the shop's name
// [DATA-44]. Silent: a failed lookup leaves the success page without a number, nothing worse.
import { type CheckoutSuccessReply, checkoutSuccessReplySchema } from '@quokka/contract/api/checkout';
import { apiFetch, nsPath } from '../../../lib/api-client';

export type CheckoutSuccess = CheckoutSuccessReply['data'];

/** The last answer, kept so that /success restates the order Confirm Purchase just looked up without asking again. */
let lastAnswer: CheckoutSuccess | null = null;

/** The lookup's answer for this order number, if this page load already has it. */
export function knownCheckoutSuccess(orderNumber: string | null): CheckoutSuccess | null {
  return orderNumber !== null && lastAnswer?.order_id === orderNumber ? lastAnswer : null;
}

export async function getCheckoutSuccess(
  sellerId: string | null,
  campaignId: string | null,
  signal?: AbortSignal,
): Promise<CheckoutSuccess | null> {
  const reply = await apiFetch(nsPath('checkoutsuccess'), {
    schema: checkoutSuccessReplySchema,
    auth: true,
    query: { seller_id: sellerId, campaign_id: campaignId },
    signal,
    silent: true,
  });
  lastAnswer = reply.data;
  return reply.data;
}
