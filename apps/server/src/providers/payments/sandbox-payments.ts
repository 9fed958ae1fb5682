import { randomBytes } from 'node:crypto';
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

// Cards in sandbox mode follow Stripe's test mode (DECISIONS.md "Sandbox mode"): the web app's sandbox
// card field turns Stripe's test numbers into Stripe's test payment method ids, and only those ids are
// accepted here. No card number ever reaches the server.

interface TestCard {
  brand: SavedCard['brand'];
  last4: string;
  /** The refusal Stripe gives for this card, if it is a declining one. */
  decline?: string;
  /**
   * [I30] The bank asks the cardholder to confirm every payment (Stripe's 4000 0027 6000 3184): on-session
   * this checkout cannot do it (refused with NEEDS_AUTHENTICATION); off-session Stripe declines with
   * `authentication_required`.
   */
  authentication?: true;
}

/** [I30] What the sandbox answers a card whose bank wants the cardholder (the live provider's words). */
export const NEEDS_AUTHENTICATION =
  'Your bank asked to confirm this payment, which this checkout cannot do yet. Please use another card.';
export const OFF_SESSION_AUTHENTICATION = 'Your card was declined. This transaction requires authentication.';

/** The test payment method ids the sandbox accepts, with the card each stands for. */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, TestCard>> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', decline: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: 'Your card has insufficient funds.',
  },
  // [I30] 4000 0027 6000 3184: authentication on every payment, off-session included.
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', authentication: true },
};

const SAVED_CARD_PREFIX = 'pm_sandbox_';
/** Test cards never expire in practice; a saved one shows December, a few years on, like Stripe's. */
const TEST_CARD_EXP_MONTH = 12;
const TEST_CARD_YEARS_VALID = 3;

export const IDEMPOTENCY_MISMATCH =
  'Keys for idempotent requests can only be used with the same parameters they were first used with.';

export class SandboxPayments implements PaymentsProvider {
  readonly mode = 'sandbox';
  readonly name = 'sandbox';
  #charges = 0;
  #refunds = 0;
  #releases = 0;

  /** Charges made by this process (replays of an idempotency key not counted), for tests and the log. */
  get chargesMade(): number {
    return this.#charges;
  }

  get refundsMade(): number {
    return this.#refunds;
  }

  /** Authorisations released by this process (a release of a released one not counted). */
  get releasesMade(): number {
    return this.#releases;
  }

  async preparePayer(): Promise<void> {}

  async charge(db: Db, request: ChargeRequest): Promise<Charge> {
    const replay = await this.#chargeByKey(db, request.idempotencyKey);
    if (replay) return this.#replayed(replay, request);

    const { testMethod, card } = await this.#resolve(db, request.payer, request.paymentMethod);
    if (card.decline) throw new CardDeclinedError(card.decline);
    if (card.authentication) throw new CardDeclinedError(NEEDS_AUTHENTICATION);

    const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
    const inserted = await db
      .insertInto('sandbox_charges')
      .values({
        id,
        customer_id: request.payer.customerId,
        amount_cents: request.amountCents,
        currency: request.currency,
        payment_method: request.paymentMethod,
        idempotency_key: request.idempotencyKey,
        // [I15] Checkout authorises; approving the order captures (capture), refusing releases (release).
        status: 'authorised',
        captured_cents: 0,
      })
      // A concurrent request with the same key got there first: its charge is this one.
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const winner = await this.#chargeByKey(db, request.idempotencyKey);
      if (!winner) throw new Error('sandbox charge vanished after an idempotency conflict');
      return this.#replayed(winner, request);
    }
    this.#charges += 1;

    if (request.saveCard && !request.paymentMethod.startsWith(SAVED_CARD_PREFIX)) {
      await db
        .insertInto('sandbox_saved_cards')
        .values({
          id: `${SAVED_CARD_PREFIX}${randomBytes(12).toString('hex')}`,
          customer_id: request.payer.customerId,
          test_payment_method: testMethod,
          brand: card.brand,
          last4: card.last4,
          exp_month: TEST_CARD_EXP_MONTH,
          exp_year: new Date().getUTCFullYear() + TEST_CARD_YEARS_VALID,
        })
        .onConflict((oc) => oc.columns(['customer_id', 'test_payment_method']).doNothing())
        .execute();
    }
    return { id, amountCents: request.amountCents, brand: card.brand, last4: card.last4 };
  }

  /**
   * [I30] A saved card authorised off-session (reply to buy), as Stripe's test cards behave: 4242 is
   * authorised (manual capture), the decline cards decline, 3184 declines with `authentication_required`.
   * Only a card saved by the payer: an off-session payment never takes a card typed in.
   */
  async authoriseOffSession(db: Db, request: OffSessionRequest): Promise<Charge> {
    if (!request.paymentMethod.startsWith(SAVED_CARD_PREFIX)) throw new SavedCardNotFoundError();
    const asCharge: ChargeRequest = { ...request, saveCard: false };
    const replay = await this.#chargeByKey(db, request.idempotencyKey);
    if (replay) return this.#replayed(replay, asCharge);
    const { card } = await this.#resolve(db, request.payer, request.paymentMethod);
    if (card.decline) throw new CardDeclinedError(card.decline);
    if (card.authentication) throw new AuthenticationRequiredError(OFF_SESSION_AUTHENTICATION);
    return this.charge(db, asCharge);
  }

  /**
   * [I30] Saves a test card for a member directly, as if saved at an earlier checkout (tests and the
   * sandbox's own set-up: 3184 and the decline cards cannot be saved through checkout). Answers its id.
   */
  async saveTestCard(db: Db, customerId: number, testMethod: string): Promise<string> {
    const card = SANDBOX_TEST_CARDS[testMethod];
    if (!card) throw new Error(`no sandbox test card ${testMethod}`);
    const id = `${SAVED_CARD_PREFIX}${randomBytes(12).toString('hex')}`;
    await db
      .insertInto('sandbox_saved_cards')
      .values({
        id,
        customer_id: customerId,
        test_payment_method: testMethod,
        brand: card.brand,
        last4: card.last4,
        exp_month: TEST_CARD_EXP_MONTH,
        exp_year: new Date().getUTCFullYear() + TEST_CARD_YEARS_VALID,
      })
      .onConflict((oc) => oc.columns(['customer_id', 'test_payment_method']).doNothing())
      .execute();
    const saved = await db
      .selectFrom('sandbox_saved_cards')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('test_payment_method', '=', testMethod)
      .executeTakeFirstOrThrow();
    return saved.id;
  }

  async refund(db: Db, chargeId: string): Promise<void> {
    await db
      .updateTable('sandbox_charges')
      .set((eb) => ({ status: 'refunded', refunded_cents: eb.ref('captured_cents') }))
      .where('id', '=', chargeId)
      .execute();
    this.#refunds += 1;
  }

  async capture(db: Db, paymentId: string, amountCents: number): Promise<void> {
    const charge = await this.#lockCharge(db, paymentId);
    if (charge.status === 'captured' || charge.status === 'refunded') return;
    if (charge.status === 'released')
      throw new PaymentStateError('This payment was released and cannot be captured.');
    if (!Number.isInteger(amountCents) || amountCents < 0 || amountCents > charge.amount_cents)
      throw new PaymentStateError('The amount to capture must not be more than was authorised.');
    await db
      .updateTable('sandbox_charges')
      .set({ status: 'captured', captured_cents: amountCents })
      .where('id', '=', paymentId)
      .execute();
  }

  async release(db: Db, paymentId: string): Promise<void> {
    // An authorisation made in an order transaction that rolled back was rolled back with it: nothing is
    // held, so there is nothing to release (checkout's undo after a failed commit).
    const exists = await db
      .selectFrom('sandbox_charges')
      .select('id')
      .where('id', '=', paymentId)
      .executeTakeFirst();
    if (!exists) return;
    const charge = await this.#lockCharge(db, paymentId);
    if (charge.status === 'released') return;
    if (charge.status !== 'authorised')
      throw new PaymentStateError('This payment was captured: refund it instead of releasing it.');
    await db.updateTable('sandbox_charges').set({ status: 'released' }).where('id', '=', paymentId).execute();
    this.#releases += 1;
  }

  async refundAmount(
    db: Db,
    paymentId: string,
    request: { amountCents: number; idempotencyKey: string },
  ): Promise<ProviderRefund> {
    const charge = await this.#lockCharge(db, paymentId);
    const replay = await db
      .selectFrom('sandbox_refunds')
      .select(['id', 'amount_cents', 'charge_id'])
      .where('idempotency_key', '=', request.idempotencyKey)
      .executeTakeFirst();
    if (replay) {
      if (replay.charge_id !== paymentId || replay.amount_cents !== request.amountCents)
        throw new InvalidDataError(IDEMPOTENCY_MISMATCH);
      return { id: replay.id, amountCents: replay.amount_cents };
    }
    if (charge.status !== 'captured') throw new PaymentStateError('Only a captured payment can be refunded.');
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0)
      throw new PaymentStateError('A refund must be at least one cent.');
    if (charge.refunded_cents + request.amountCents > charge.captured_cents)
      throw new PaymentStateError('A refund cannot be more than what is left of the captured payment.');
    const id = `re_sandbox_${randomBytes(12).toString('hex')}`;
    await db
      .insertInto('sandbox_refunds')
      .values({
        id,
        charge_id: paymentId,
        amount_cents: request.amountCents,
        idempotency_key: request.idempotencyKey,
      })
      .execute();
    const refunded = charge.refunded_cents + request.amountCents;
    await db
      .updateTable('sandbox_charges')
      .set({ refunded_cents: refunded, status: refunded === charge.captured_cents ? 'refunded' : 'captured' })
      .where('id', '=', paymentId)
      .execute();
    this.#refunds += 1;
    return { id, amountCents: request.amountCents };
  }

  /** The charge, locked for the rest of the caller's transaction (`db` may be a transaction or the pool). */
  async #lockCharge(db: Db, paymentId: string) {
    const charge = await db
      .selectFrom('sandbox_charges')
      .select(['id', 'status', 'amount_cents', 'captured_cents', 'refunded_cents'])
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!charge) throw new PaymentStateError(`No such payment: '${paymentId}'.`);
    return charge;
  }

  async savedCards(db: Db, payer: Payer): Promise<SavedCard[]> {
    return db
      .selectFrom('sandbox_saved_cards')
      .select(['id', 'brand', 'last4', 'exp_month', 'exp_year'])
      .where('customer_id', '=', payer.customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  #chargeByKey(db: Db, key: string) {
    return db
      .selectFrom('sandbox_charges')
      .select(['id', 'amount_cents', 'payment_method', 'customer_id'])
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  async #replayed(
    row: { id: string; amount_cents: number; payment_method: string; customer_id: number },
    request: ChargeRequest,
  ): Promise<Charge> {
    // As Stripe: a key reused with other parameters is refused rather than answered with another charge.
    if (
      row.amount_cents !== request.amountCents ||
      row.payment_method !== request.paymentMethod ||
      row.customer_id !== request.payer.customerId
    ) {
      throw new InvalidDataError(IDEMPOTENCY_MISMATCH);
    }
    const card = SANDBOX_TEST_CARDS[row.payment_method];
    return {
      id: row.id,
      amountCents: row.amount_cents,
      brand: card?.brand ?? null,
      last4: card?.last4 ?? null,
    };
  }

  async #resolve(
    db: Db,
    payer: Payer,
    paymentMethod: string,
  ): Promise<{ testMethod: string; card: TestCard }> {
    if (paymentMethod.startsWith(SAVED_CARD_PREFIX)) {
      const saved = await db
        .selectFrom('sandbox_saved_cards')
        .select('test_payment_method')
        .where('id', '=', paymentMethod)
        .where('customer_id', '=', payer.customerId)
        .executeTakeFirst();
      const card = saved && SANDBOX_TEST_CARDS[saved.test_payment_method];
      if (!saved || !card) throw new SavedCardNotFoundError();
      return { testMethod: saved.test_payment_method, card };
    }
    const card = Object.hasOwn(SANDBOX_TEST_CARDS, paymentMethod)
      ? SANDBOX_TEST_CARDS[paymentMethod]
      : undefined;
    if (!card) {
      throw new UnknownPaymentMethodError(
        `No such PaymentMethod: '${paymentMethod}'. In sandbox mode use a test card such as 4242 4242 4242 4242.`,
      );
    }
    return { testMethod: paymentMethod, card };
  }
}
