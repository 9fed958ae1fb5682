// POST carts/mine/payment-information [API-29]: places the order. Called with fetch here rather than
// through apiFetch because its failures mean something else than anywhere else (SPEC.md §8):
// - no response is NOT 'offline': the order is treated as placed [ERR-09, CHKF-16];
// - a failure other than 401 is a card error shown on the card field [ERR-08];
// and it carries an Idempotency-Key, so a repeat of one attempt never charges twice.
import type { AddressWire } from '@quokka/contract/api/address';
import { type PaymentInformationRequest, paymentInformationReplySchema } from '@quokka/contract/api/checkout';
import { ApiError, apiBase, checkedReply, hasErrorCode, parseReplyText } from '../../../lib/api-client';
import { expireSession, getAppState } from '../../../lib/app-state';
import { fetchWithRetryAfter } from '../../../lib/retry-after';

export const PAYMENT_INFORMATION_PATH = '/rest/default/V1/carts/mine/payment-information';
/** DECISIONS.md "Sandbox mode": the card method code in both modes. */
export const PAYMENT_METHOD_CODE = 'stripe_payments';

export interface PaymentInformationInput {
  billingAddress: AddressWire;
  /** A payment method id: a saved card's, or the new card's from the card field. */
  token: string;
  saveCard: boolean;
  cartId: number;
  idempotencyKey: string;
  /** [I16-checkout-giftcard] The applied gift card's number, or null. */
  giftCardNumber?: string | null;
  /** [I16-checkout-giftcard] The seller of the visit's link or profile, or null. */
  affiliateSeller?: string | null;
  /** [I29] The sellers whose "Text me offers" box was ticked; sent only when there is one. */
  textOffers?: readonly number[];
}

export type PlacementResult =
  | { kind: 'placed'; orderId: string }
  /** No response at all [ERR-09]. */
  | { kind: 'no-response' }
  | { kind: 'failed'; error: ApiError }
  /** [I12-5, I12-12] Not acted on (429 or 503), even after waiting: nothing was charged; try again later. */
  | { kind: 'try-later'; message: string };

export async function placeOrder(input: PaymentInformationInput): Promise<PlacementResult> {
  const token = getAppState().auth.token;
  const body: PaymentInformationRequest = {
    cartId: input.cartId,
    billingAddress: input.billingAddress,
    paymentMethod: {
      method: PAYMENT_METHOD_CODE,
      additional_data: { cc_save: input.saveCard, ...(input.token ? { token: input.token } : {}) },
    },
    ...(input.giftCardNumber ? { gift_card_number: input.giftCardNumber } : {}),
    ...(input.affiliateSeller ? { affiliate_seller: input.affiliateSeller } : {}),
    ...(input.textOffers?.length ? { text_offers: [...input.textOffers] } : {}),
  };
  let response: Response;
  try {
    // [I12-5, I12-12] A short Retry-After is waited out, and the same attempt (same key) sent again.
    response = await fetchWithRetryAfter(() =>
      fetch(`${apiBase()}${PAYMENT_INFORMATION_PATH}`, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'Idempotency-Key': input.idempotencyKey,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      }),
    );
  } catch {
    return { kind: 'no-response' };
  }
  let text = '';
  try {
    text = await response.text();
  } catch {
    // A reply cut short after the status: the status says enough.
  }
  const reply = parseReplyText(text);
  if (response.ok) {
    const orderId = checkedReply(paymentInformationReplySchema, reply, `POST ${PAYMENT_INFORMATION_PATH}`);
    return { kind: 'placed', orderId };
  }
  const message =
    typeof reply === 'object' && reply !== null && 'message' in reply && typeof reply.message === 'string'
      ? reply.message
      : response.statusText;
  if (response.status === 429 || response.status === 503) {
    return { kind: 'try-later', message: message || 'The shop is busy. Please try again in a moment.' };
  }
  const error = new ApiError(response.status, message, reply);
  if (hasErrorCode(error, 'SESSION_EXPIRED', 'SIGN_IN_REQUIRED')) expireSession(); // [AUTH-23]
  return { kind: 'failed', error };
}

/**
 * A fresh key per Confirm Purchase attempt. [I12-12] An attempt the server did not answer for good (a
 * limit, a restart) keeps its key when the shopper presses again: the checkout page holds it.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return `checkout-${crypto.randomUUID()}`;
  }
  return `checkout-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
