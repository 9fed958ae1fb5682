import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { InvalidDataError } from '../../domain/errors.ts';
import {
  CardDeclinedError,
  type Charge,
  type ChargeRequest,
  type Payer,
  type PaymentsProvider,
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
}

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

  /** Charges made by this process (replays of an idempotency key not counted), for tests and the log. */
  get chargesMade(): number {
    return this.#charges;
  }

  get refundsMade(): number {
    return this.#refunds;
  }

  async preparePayer(): Promise<void> {}

  async charge(db: Db, request: ChargeRequest): Promise<Charge> {
    const replay = await this.#chargeByKey(db, request.idempotencyKey);
    if (replay) return this.#replayed(replay, request);

    const { testMethod, card } = await this.#resolve(db, request.payer, request.paymentMethod);
    if (card.decline) throw new CardDeclinedError(card.decline);

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
        status: 'succeeded',
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

  async refund(db: Db, chargeId: string): Promise<void> {
    await db.updateTable('sandbox_charges').set({ status: 'refunded' }).where('id', '=', chargeId).execute();
    this.#refunds += 1;
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
