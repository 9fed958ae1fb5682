// Confirm Purchase (SPEC.md §4 Checkout), the steps in order [CHKF-10..15]:
//   1. the address and the card must be valid — nothing is sent before [CHKF-10, VAL-31, VAL-32];
//   2. shipping information is saved [CHKF-11];
//   3. the order is placed: payment information [CHKF-12];
//   4. the success lookup runs [CHKF-13];
//   5. when the cart holds a gift card, the gift card order is saved [CHKF-14];
//   6. the shopper goes to /success [CHKF-15] (the caller navigates on 'placed').
// A placement without a response is treated as placed [CHKF-16, ERR-09]; any other failure but 401 is
// 'There was an error processing your payment.' on the card field [ERR-08, VAL-33].

import type { AddressWire } from '@quokka/contract/api/address';
import type { ShippingMethod } from '@quokka/contract/api/checkout';
import { MSG, withSupportContact } from '@quokka/contract/messages';
import { type PaymentField, validatePayment } from '@quokka/contract/validate-payment';
import type { FieldErrors } from '@quokka/contract/wire';
import { ApiError, hasErrorCode } from '../../lib/api-client';
import { getAppState, showLoader, showMessage } from '../../lib/app-state';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { serverCartMatchesBrowser } from '../cart/public';
import { getCheckoutSuccess } from './api/checkout-success';
import { placeOrder } from './api/payment-information';
import { saveShippingInformation } from './api/shipping-information';
import { type GiftCardOrderContext, saveGiftCardOrder } from './gift-card-checkout';

export type AddressChoice =
  | { kind: 'saved'; id: number; address: AddressWire }
  /** Typed at checkout and not in the address book (yet): sent in full. */
  | { kind: 'new'; address: AddressWire };

export type PaymentMethodResult = { ok: true; id: string } | { ok: false; message: string };

export type CardChoice =
  | { kind: 'saved'; id: string }
  | {
      kind: 'new';
      save: boolean;
      isEmpty: () => boolean;
      /** Turns the card field into a payment method id (the provider's field or the sandbox's). */
      createPaymentMethod: () => Promise<PaymentMethodResult>;
    };

export interface ConfirmPurchaseInput {
  cartId: number;
  address: AddressChoice | null;
  card: CardChoice | null;
  shippingMethod: ShippingMethod | null;
  sellerId: string | null;
  campaignId: string | null;
  hasGiftCards: boolean;
  /** [I16-checkout-giftcard] The applied gift card's number (digits), or null. */
  giftCardNumber?: string | null;
  /** [I16-checkout-giftcard] False when the gift card pays everything: no payment card is needed. */
  cardRequired?: boolean;
  /** [I16-checkout-giftcard] The seller of the visit's link or profile (id or url), or null. */
  affiliateSeller?: string | null;
  /** [I29] The sellers whose "Text me offers" box the shopper ticked (none: nothing is sent). */
  textOffers?: readonly number[];
  /** One per attempt: a repeat of the same attempt is answered with the same order; kept for 'try-later'. */
  idempotencyKey: string;
}

export type ConfirmPurchaseOutcome =
  | { kind: 'invalid'; errors: FieldErrors<PaymentField> }
  | { kind: 'card-error'; message: string; detail: string | null }
  /** Shipping information was refused or got no answer; the shell already shows why. */
  | { kind: 'not-saved'; message: string | null }
  | { kind: 'signed-out' }
  /** [I12-5, I12-12] The server did not act on it (a limit, a restart): nothing charged, press again. */
  | { kind: 'try-later'; message: string }
  | { kind: 'placed'; orderId: string | null; orderNumber: string | null; shopName: string | null };

/** The steps Confirm Purchase takes from other features: step 5 is the gift cards' (gift-card-checkout.ts).
 * Passed in, never patched: a test that needs another step passes its own. */
export interface ConfirmPurchaseSteps {
  saveGiftCardOrder: (context: GiftCardOrderContext) => Promise<void>;
}

export const CONFIRM_PURCHASE_STEPS: Readonly<ConfirmPurchaseSteps> = Object.freeze({ saveGiftCardOrder });

function addressPayload(choice: AddressChoice): AddressWire {
  if (choice.kind === 'new') return choice.address;
  return { ...choice.address, customer_address_id: choice.id, id: choice.id };
}

/** Step 1 [CHKF-10]: the §5 payment rules, then the card field itself. */
async function validate(input: ConfirmPurchaseInput): Promise<ConfirmPurchaseOutcome | string> {
  const card = input.card;
  // [I16-checkout-giftcard] Nothing left to pay: no card is asked for (one chosen is not used).
  if (input.cardRequired === false) {
    if (!input.address) return { kind: 'invalid', errors: { shipping_address: MSG.completeShipping } };
    return '';
  }
  const errors = validatePayment({
    shippingAddressId: input.address ? (input.address.kind === 'saved' ? input.address.id : 'new') : null,
    card: card ? (card.kind === 'saved' ? card.id : card.isEmpty() ? null : 'new') : null,
  });
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  if (!card) return { kind: 'invalid', errors: { card: MSG.enterCard } };
  if (card.kind === 'saved') return card.id;
  const created = await card.createPaymentMethod();
  // [VAL-33] The card field's own complaint, on the card field.
  return created.ok ? created.id : { kind: 'card-error', message: created.message, detail: null };
}

export async function confirmPurchase(
  input: ConfirmPurchaseInput,
  steps: ConfirmPurchaseSteps = CONFIRM_PURCHASE_STEPS,
): Promise<ConfirmPurchaseOutcome> {
  const checked = await validate(input);
  if (typeof checked !== 'string') return checked;
  const token = checked;
  const address = input.address;
  if (!address) return { kind: 'invalid', errors: { shipping_address: MSG.completeShipping } };
  const payload = addressPayload(address);

  const hideLoader = showLoader(MSG.placingOrder);
  try {
    // [I11-2] Payment charges the server cart: never a line the shopper does not see here.
    if (!(await serverCartMatchesBrowser(getAppState().cartItems)))
      return { kind: 'not-saved', message: null };

    // Step 2 [CHKF-11]
    try {
      await saveShippingInformation(payload, input.shippingMethod);
    } catch (error) {
      if (hasErrorCode(error, 'SESSION_EXPIRED', 'SIGN_IN_REQUIRED')) return { kind: 'signed-out' };
      const message = error instanceof ApiError && error.status < 500 ? error.message : null;
      return { kind: 'not-saved', message };
    }

    // Step 3 [CHKF-12]
    const placement = await placeOrder({
      cartId: input.cartId,
      billingAddress: payload,
      token,
      saveCard: input.card?.kind === 'new' && input.card.save,
      idempotencyKey: input.idempotencyKey,
      giftCardNumber: input.giftCardNumber ?? null,
      affiliateSeller: input.affiliateSeller ?? null,
      textOffers: input.textOffers ?? [],
    });
    if (placement.kind === 'try-later') return placement;
    if (placement.kind === 'failed') {
      if (hasErrorCode(placement.error, 'SESSION_EXPIRED', 'SIGN_IN_REQUIRED')) return { kind: 'signed-out' };
      // [ERR-08, VAL-33] The provider's reason ('Your card was declined.') goes under it.
      return { kind: 'card-error', message: MSG.paymentError, detail: placement.error.message || null };
    }
    // [CHKF-16, ERR-09] No response: treated as placed.
    const orderId = placement.kind === 'placed' ? placement.orderId : null;

    // Step 4 [CHKF-13]
    const success = await getCheckoutSuccess(input.sellerId, input.campaignId).catch(() => null);

    // Step 5 [CHKF-14]
    if (input.hasGiftCards) {
      try {
        await steps.saveGiftCardOrder({
          cartId: input.cartId,
          orderId,
          orderNumber: success?.order_id ?? null,
        });
      } catch {
        // [I11-12] 'Please contact support.' followed by how.
        showMessage(
          withSupportContact(MSG.giftCardSaveErrorText, getRuntimeConfig().business),
          MSG.giftCardSaveErrorTitle,
        );
      }
    }

    // Step 6 [CHKF-15]: the caller goes to /success, which empties the browser's cart (doing it here
    // would send the checkout page to /browse for an empty cart first).
    return {
      kind: 'placed',
      orderId,
      orderNumber: success?.order_id ?? null,
      shopName: success?.shop_name || null,
    };
  } finally {
    hideLoader();
  }
}
