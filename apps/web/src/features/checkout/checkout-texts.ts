// Shopper-facing texts of the checkout that SPEC.md does not give [I11-1, I11-6, I11-7]: said once, here,
// so the page, its tests and the journeys read the same words.
import { MSG } from '@quokka/contract/messages';

export const CHECKOUT_TEXT = {
  /** Beside the pay button: where this order goes. */
  shipTo: 'Ship to:',
  /** The 'Add New Address' form is open: Confirm Purchase saves it and ships there. */
  shipToNewAddress: 'the new address above',
  shipToNone: 'add an address above',
  /** Confirm Purchase saved a new address whose delivery the total on screen did not hold yet. */
  deliveryAdded: (delivery: string, total: string) =>
    `Delivery here is ${delivery}: your total is ${total}. Tap Confirm Purchase to pay.`,
  checkTotal: 'Please check your total, then tap Confirm Purchase to pay.',
  /** Announced once, when 30 seconds are left. */
  timeWarning: '30 seconds left to confirm your purchase. If time runs out, your cart is kept.',
  /** What the seller profile says after the countdown ran out (see checkout-timeout.ts). */
  timedOut: 'Your checkout timed out — your cart is saved',
} as const;

/** 'Confirm in 2 minutes 5 seconds', the countdown's name for screen readers. */
export function countdownSpoken(left: number): string {
  const minutes = Math.floor(left / 60);
  const seconds = left % 60;
  const parts = [
    minutes > 0 ? `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` : '',
    seconds > 0 || minutes === 0 ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}` : '',
  ];
  return `${MSG.confirmIn} ${parts.filter(Boolean).join(' ')}`;
}

/** 125 → '2:05'. */
export function countdownClock(left: number): string {
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}
