// SPEC.md §5 "Payment": what Confirm Purchase checks before anything is sent ([CHKF-10]).

import { MSG } from './messages.ts';
import type { FieldErrors } from './wire.ts';

export type PaymentField = 'card' | 'shipping_address';

export interface PaymentInput {
  /** The chosen saved card id or new card's payment method id; empty when none is chosen. */
  card?: string | number | null;
  /** The chosen shipping address id; empty when there is none. */
  shippingAddressId?: string | number | null;
}

const isChosen = (value: string | number | null | undefined): boolean =>
  typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && value.trim() !== '';

/** [VAL-31, VAL-32] {} when a card and a shipping address are chosen. */
export function validatePayment(input: PaymentInput): FieldErrors<PaymentField> {
  const errors: FieldErrors<PaymentField> = {};
  if (!isChosen(input.shippingAddressId)) errors.shipping_address = MSG.completeShipping; // [VAL-32]
  if (!isChosen(input.card)) errors.card = MSG.enterCard; // [VAL-31]
  return errors;
}
