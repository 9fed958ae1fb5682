import Stripe from 'stripe';
import type { Db } from '../../db/database.ts';
import { InvalidDataError } from '../../domain/errors.ts';
import {
  AuthenticationRequiredError,
  CardDeclinedError,
  type Charge,
  type ChargeRequest,
  type OffSessionRequest,
  type Payer,
  PaymentStateError,
  type PaymentsProvider,
  type ProviderRefund,
  type SavedCard,
  SavedCardNotFoundError,
  UnknownPaymentMethodError,
} from './payments-provider.ts';

// Card payments through Stripe: one Stripe customer per member (kept in payment_customers), a
// PaymentIntent created and confirmed in one call with the payment method the card field made, saved
// for later with `setup_future_usage` when the member ticks cc_save, and our idempotency key passed
// through so that a retried placement gets the same PaymentIntent back instead of a second charge.

export const NEEDS_AUTHENTICATION =
  'Your bank asked to confirm this payment, which this checkout cannot do yet. Please use another card.';

export interface StripeClientOptions {
  /** For tests against a local fake: host, port and protocol of the API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export function createStripeClient(secretKey: string, options: StripeClientOptions = {}): Stripe {
  return new Stripe(secretKey, {
    // Retries are safe: every call that creates something carries an idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Quokka storefront' },
    ...options,
  });
}

const errorType = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { type?: unknown; code?: unknown }) : {};

export class StripePayments implements PaymentsProvider {
  readonly mode = 'live';
  readonly name = 'stripe';

  constructor(private readonly stripe: Stripe) {}

  async preparePayer(db: Db, payer: Payer): Promise<void> {
    if (await this.#customerOf(db, payer.customerId)) return;
    // The key makes two first checkouts at once create one Stripe customer, not two.
    const customer = await this.stripe.customers.create(
      {
        email: payer.email,
        name: payer.name,
        phone: payer.mobile,
        metadata: { quokka_customer_id: String(payer.customerId) },
      },
      { idempotencyKey: `quokka-customer-${payer.customerId}-${payer.mobile}` },
    );
    await db
      .insertInto('payment_customers')
      .values({ customer_id: payer.customerId, provider: this.name, provider_customer_id: customer.id })
      .onConflict((oc) => oc.column('customer_id').doNothing())
      .execute();
  }

  async charge(db: Db, request: ChargeRequest): Promise<Charge> {
    const customer = await this.#customerOf(db, request.payer.customerId);
    if (!customer) throw new Error('preparePayer must run before charge');
    const method = await this.#paymentMethod(request.paymentMethod);
    // A saved card of someone else is not there for this member (DECISIONS.md "Wire": 404).
    const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
    if (owner && owner !== customer) throw new SavedCardNotFoundError();

    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          customer,
          payment_method: request.paymentMethod,
          confirm: true,
          // [I15] Authorise only: approving the order captures it, refusing releases it.
          capture_method: 'manual',
          // Cards only, confirmed here: nothing may redirect the shopper away.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          ...(request.saveCard && !owner ? { setup_future_usage: 'off_session' as const } : {}),
          description: request.description,
          metadata: request.metadata,
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      const { type, code } = errorType(error);
      if (type === 'StripeCardError') throw new CardDeclinedError((error as Error).message);
      if (type === 'StripeIdempotencyError') throw new InvalidDataError((error as Error).message);
      if (type === 'StripeInvalidRequestError' && code === 'resource_missing') {
        throw new UnknownPaymentMethodError((error as Error).message);
      }
      throw error;
    }
    if (intent.status !== 'requires_capture') {
      // 3-D Secure and the like: the intent stays unconfirmed and lapses; nothing was taken.
      throw new CardDeclinedError(NEEDS_AUTHENTICATION);
    }
    return {
      id: intent.id,
      amountCents: intent.amount,
      brand: method.card?.brand ?? null,
      last4: method.card?.last4 ?? null,
    };
  }

  /**
   * [I30] Reply to buy: the member's saved card, authorised while they are not at the checkout. Stripe's
   * off-session payment: `off_session: true, confirm: true`, manual capture as checkout, the member's
   * customer and saved payment method. A bank that wants the cardholder answers a card error with code
   * `authentication_required` (AuthenticationRequiredError: nothing taken; the shopper pays on-session).
   */
  async authoriseOffSession(db: Db, request: OffSessionRequest): Promise<Charge> {
    const customer = await this.#customerOf(db, request.payer.customerId);
    if (!customer) throw new SavedCardNotFoundError();
    const method = await this.#paymentMethod(request.paymentMethod);
    // Off-session only with a card saved to this member's customer (never a card typed in, never another's).
    const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
    if (owner !== customer) throw new SavedCardNotFoundError();
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          customer,
          payment_method: request.paymentMethod,
          off_session: true,
          confirm: true,
          capture_method: 'manual',
          payment_method_types: ['card'],
          description: request.description,
          metadata: request.metadata,
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      const { type, code } = errorType(error);
      if (type === 'StripeCardError' && code === 'authentication_required')
        throw new AuthenticationRequiredError((error as Error).message);
      if (type === 'StripeCardError') throw new CardDeclinedError((error as Error).message);
      if (type === 'StripeIdempotencyError') throw new InvalidDataError((error as Error).message);
      if (type === 'StripeInvalidRequestError' && code === 'resource_missing') {
        throw new UnknownPaymentMethodError((error as Error).message);
      }
      throw error;
    }
    if (intent.status !== 'requires_capture') {
      // Anything but an authorisation (an action asked of the cardholder): nothing was taken.
      throw new AuthenticationRequiredError(NEEDS_AUTHENTICATION);
    }
    return {
      id: intent.id,
      amountCents: intent.amount,
      brand: method.card?.brand ?? null,
      last4: method.card?.last4 ?? null,
    };
  }

  async refund(_db: Db, chargeId: string): Promise<void> {
    await this.stripe.refunds.create(
      { payment_intent: chargeId },
      { idempotencyKey: `quokka-refund-${chargeId}` },
    );
  }

  async capture(_db: Db, paymentId: string, amountCents: number): Promise<void> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentId);
    if (intent.status === 'succeeded') return; // captured already: a retried approval
    if (intent.status === 'canceled')
      throw new PaymentStateError('This payment was released and cannot be captured.');
    await this.stripe.paymentIntents.capture(
      paymentId,
      { amount_to_capture: amountCents },
      { idempotencyKey: `quokka-capture-${paymentId}` },
    );
  }

  async release(_db: Db, paymentId: string): Promise<void> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentId);
    if (intent.status === 'canceled') return;
    if (intent.status === 'succeeded')
      throw new PaymentStateError('This payment was captured: refund it instead of releasing it.');
    await this.stripe.paymentIntents.cancel(paymentId, {}, { idempotencyKey: `quokka-release-${paymentId}` });
  }

  async refundAmount(
    _db: Db,
    paymentId: string,
    request: { amountCents: number; idempotencyKey: string },
  ): Promise<ProviderRefund> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentId, amount: request.amountCents },
        { idempotencyKey: request.idempotencyKey },
      );
      return { id: refund.id, amountCents: refund.amount };
    } catch (error) {
      const { type } = errorType(error);
      if (type === 'StripeInvalidRequestError') throw new PaymentStateError((error as Error).message);
      if (type === 'StripeIdempotencyError') throw new InvalidDataError((error as Error).message);
      throw error;
    }
  }

  async savedCards(db: Db, payer: Payer): Promise<SavedCard[]> {
    const customer = await this.#customerOf(db, payer.customerId);
    if (!customer) return [];
    const list = await this.stripe.customers.listPaymentMethods(customer, { type: 'card', limit: 100 });
    return list.data.flatMap((method) =>
      method.card
        ? [
            {
              id: method.id,
              brand: method.card.brand,
              last4: method.card.last4,
              exp_month: method.card.exp_month,
              exp_year: method.card.exp_year,
            },
          ]
        : [],
    );
  }

  async #customerOf(db: Db, customerId: number): Promise<string | undefined> {
    const row = await db
      .selectFrom('payment_customers')
      .select('provider_customer_id')
      .where('customer_id', '=', customerId)
      .where('provider', '=', this.name)
      .executeTakeFirst();
    return row?.provider_customer_id;
  }

  async #paymentMethod(id: string): Promise<Stripe.PaymentMethod> {
    try {
      return await this.stripe.paymentMethods.retrieve(id);
    } catch (error) {
      const { type, code } = errorType(error);
      if (type === 'StripeInvalidRequestError' && code === 'resource_missing') {
        throw new UnknownPaymentMethodError((error as Error).message);
      }
      throw error;
    }
  }
}
