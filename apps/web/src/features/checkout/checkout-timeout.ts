// [CHKF-09] When the countdown runs out the shopper goes to the seller profile (SPEC.md §4); the
// navigation carries why [I11-6], so that page can say it and the shopper knows the cart is
// still there. The seller profile reads it through `checkoutTimedOutNotice(location.state)`.
import { CHECKOUT_TEXT } from './checkout-texts';

export interface CheckoutTimedOutState {
  checkoutTimedOut: true;
}

export const CHECKOUT_TIMED_OUT_STATE: Readonly<CheckoutTimedOutState> = Object.freeze({
  checkoutTimedOut: true,
});

/** The notice for a page reached with this navigation state: 'Your checkout timed out — …', or null. */
export function checkoutTimedOutNotice(state: unknown): string | null {
  const timedOut =
    typeof state === 'object' &&
    state !== null &&
    'checkoutTimedOut' in state &&
    state.checkoutTimedOut === true;
  return timedOut ? CHECKOUT_TEXT.timedOut : null;
}
