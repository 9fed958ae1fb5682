import type { SavedCard } from '@quokka/contract/api/checkout';
import type { Db } from '../../db/database.ts';
import { ConflictError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';

// One interface for card payments; the sandbox follows the card provider's test mode, the real
// implementation talks to Stripe. Chosen by config (DECISIONS.md "Sandbox mode"). The payment method
// code on the wire is `stripe_payments` in both modes.

export const PAYMENT_METHOD_CODE = 'stripe_payments';

/** The member paying, as the provider needs to know them. */
export interface Payer {
  customerId: number;
  email: string;
  name: string;
  mobile: string;
}

export interface ChargeRequest {
  payer: Payer;
  amountCents: number;
  currency: 'aud';
  /** A new payment method id from the card field, or the id of one of the payer's saved cards. */
  paymentMethod: string;
  /** Keep the card for later (`cc_save`). */
  saveCard: boolean;
  /** The same key always means the same charge: a retry never charges twice. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

/**
 * [I30] An authorisation of a saved card while the shopper is not at the checkout (reply to buy): Stripe's
 * `off_session: true, confirm: true` with manual capture, the payer's customer and saved payment method.
 */
export interface OffSessionRequest {
  payer: Payer;
  amountCents: number;
  currency: 'aud';
  /** One of the payer's saved cards (another member's is SavedCardNotFoundError). */
  paymentMethod: string;
  /** The same key always means the same authorisation: a retry never charges twice. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

export interface Charge {
  /** The provider's payment id (a Stripe PaymentIntent id, or `pi_sandbox_…`). */
  id: string;
  amountCents: number;
  brand: string | null;
  last4: string | null;
}

/** [DATA-40] A saved card as `{ns}/savedcards` lists it (the contract's shape). */
export type { SavedCard };

/** [I15] A refund as the provider made it. */
export interface ProviderRefund {
  /** The provider's refund id (Stripe `re_…`, or `re_sandbox_…`). */
  id: string;
  amountCents: number;
}

/** [I15] The payment is not in a state that allows this (released, not captured, over-refunded). */
export class PaymentStateError extends ConflictError {}

/** The card was refused: the provider's reason, which the client shows on the card field. */
export class CardDeclinedError extends InvalidDataError {
  constructor(reason: string) {
    super(reason, { code: 'PAYMENT_DECLINED' });
  }
}

/**
 * [I30] An off-session payment the card's bank wants the cardholder to confirm (Stripe's
 * `authentication_required` decline): nothing was taken; the shopper must pay on-session at checkout.
 */
export class AuthenticationRequiredError extends CardDeclinedError {
  constructor(reason: string) {
    super(reason);
  }
}

/** A payment method the provider does not know (a typo, or another mode's id): it cannot be charged. */
export class UnknownPaymentMethodError extends InvalidDataError {
  constructor(message: string) {
    super(message, { code: 'PAYMENT_DECLINED' });
  }
}

/** A saved card that is not the payer's: nothing reveals that it exists (DECISIONS.md "Wire"). */
export class SavedCardNotFoundError extends NotFoundError {
  constructor() {
    super('The saved card does not exist.');
  }
}

export interface PaymentsProvider {
  readonly mode: 'sandbox' | 'live';
  /** Stored on each order, so a payment id is always read with the provider that made it. */
  readonly name: 'sandbox' | 'stripe';
  /**
   * Whatever must exist at the provider before a charge (Stripe: the member's customer). Called outside
   * the order transaction, so that nothing it records is rolled back with a declined card.
   */
  preparePayer(db: Db, payer: Payer): Promise<void>;
  /**
   * Charges the card or throws CardDeclinedError / UnknownPaymentMethodError / SavedCardNotFoundError.
   * `db` is the order's transaction: the provider's own bookkeeping commits or rolls back with the
   * order (on the embedded database it is also the only connection there is).
   */
  charge(db: Db, request: ChargeRequest): Promise<Charge>;
  /**
   * [I30] Authorises a saved card off-session (manual capture, as checkout). Throws CardDeclinedError,
   * AuthenticationRequiredError (the bank wants the cardholder: Stripe's `authentication_required`),
   * UnknownPaymentMethodError or SavedCardNotFoundError. `db` is the order's transaction, as for charge.
   */
  authoriseOffSession(db: Db, request: OffSessionRequest): Promise<Charge>;
  /** Gives a charge back in full: used when the order could not be committed after the charge. */
  refund(db: Db, chargeId: string): Promise<void>;
  /**
   * [I15] Takes `amountCents` (at most what was authorised) of an authorised payment. Capturing a payment
   * already captured is a no-op (a retried approval). Throws PaymentStateError when it was released.
   */
  capture(db: Db, paymentId: string, amountCents: number): Promise<void>;
  /** [I15] Releases an authorisation that was never captured. Releasing twice is a no-op. */
  release(db: Db, paymentId: string): Promise<void>;
  /**
   * [I15] Gives back part (or all) of a captured payment. The same `idempotencyKey` always means the same
   * refund (a retry never refunds twice). Throws PaymentStateError when more would be refunded than was
   * captured, or the payment was never captured.
   */
  refundAmount(
    db: Db,
    paymentId: string,
    request: { amountCents: number; idempotencyKey: string },
  ): Promise<ProviderRefund>;
  /** [API-30] The payer's saved cards, newest first. */
  savedCards(db: Db, payer: Payer): Promise<SavedCard[]>;
}
