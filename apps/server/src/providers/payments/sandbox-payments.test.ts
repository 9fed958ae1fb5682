import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openTestDatabase } from '../../db/database.ts';
import { aMember } from '../../test/customer-factory.ts';
import {
  AuthenticationRequiredError,
  CardDeclinedError,
  type OffSessionRequest,
  PaymentStateError,
  SavedCardNotFoundError,
} from './payments-provider.ts';
import { IDEMPOTENCY_MISMATCH, SandboxPayments } from './sandbox-payments.ts';

// [I15-review] The sandbox gateway authorises at checkout and then captures, releases and refunds part, as
// Stripe's manual capture does, on its own rows (sandbox_charges, sandbox_refunds).

let database: DatabaseHandle;
const sandbox = new SandboxPayments();

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

async function authorise(amountCents: number): Promise<string> {
  const member = await aMember(database.db);
  const charge = await sandbox.charge(database.db, {
    payer: { customerId: member.id, email: member.email, name: 'Jane Citizen', mobile: member.mobile },
    amountCents,
    currency: 'aud',
    paymentMethod: 'pm_card_visa',
    saveCard: false,
    idempotencyKey: `sandbox-test-${member.id}`,
    description: 'Order test',
    metadata: {},
  });
  return charge.id;
}

const chargeRow = (id: string) =>
  database.db.selectFrom('sandbox_charges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('sandbox payments [I15-review]', { timeout: 60_000 }, () => {
  it('[I15-review] a charge only authorises: nothing captured', async () => {
    const id = await authorise(4985);
    expect(await chargeRow(id)).toMatchObject({
      status: 'authorised',
      amount_cents: 4985,
      captured_cents: 0,
    });
  });

  it('[I15-review] capture takes the amount; a repeat is a no-op; more than authorised is refused; a captured one cannot be released', async () => {
    const over = await authorise(1000);
    await expect(sandbox.capture(database.db, over, 1001)).rejects.toBeInstanceOf(PaymentStateError);
    const id = await authorise(4985);
    await sandbox.capture(database.db, id, 4985);
    await sandbox.capture(database.db, id, 4985);
    expect(await chargeRow(id)).toMatchObject({ status: 'captured', captured_cents: 4985 });
    await expect(sandbox.release(database.db, id)).rejects.toBeInstanceOf(PaymentStateError);
  });

  it('[I15-review] release frees the hold once; a released one cannot be captured or refunded', async () => {
    const id = await authorise(2000);
    const releases = sandbox.releasesMade;
    await sandbox.release(database.db, id);
    await sandbox.release(database.db, id);
    expect(sandbox.releasesMade).toBe(releases + 1);
    expect(await chargeRow(id)).toMatchObject({ status: 'released', captured_cents: 0 });
    await expect(sandbox.capture(database.db, id, 2000)).rejects.toBeInstanceOf(PaymentStateError);
    await expect(
      sandbox.refundAmount(database.db, id, { amountCents: 1, idempotencyKey: `r-${id}` }),
    ).rejects.toBeInstanceOf(PaymentStateError);
    // An authorisation rolled back with its order transaction: nothing held, nothing to release.
    await expect(sandbox.release(database.db, 'pi_sandbox_never_committed')).resolves.toBeUndefined();
  });

  it('[I15-review] refundAmount refunds part; the same key is the same refund; never more than captured', async () => {
    const id = await authorise(5000);
    await expect(
      sandbox.refundAmount(database.db, id, { amountCents: 100, idempotencyKey: `early-${id}` }),
    ).rejects.toBeInstanceOf(PaymentStateError);
    await sandbox.capture(database.db, id, 5000);
    const first = await sandbox.refundAmount(database.db, id, {
      amountCents: 1995,
      idempotencyKey: `a-${id}`,
    });
    expect(
      await sandbox.refundAmount(database.db, id, { amountCents: 1995, idempotencyKey: `a-${id}` }),
    ).toEqual(first);
    await expect(
      sandbox.refundAmount(database.db, id, { amountCents: 10, idempotencyKey: `a-${id}` }),
    ).rejects.toThrow(IDEMPOTENCY_MISMATCH);
    // 5000 − 1995 = 3005 left.
    await expect(
      sandbox.refundAmount(database.db, id, { amountCents: 3006, idempotencyKey: `b-${id}` }),
    ).rejects.toBeInstanceOf(PaymentStateError);
    expect(await chargeRow(id)).toMatchObject({ status: 'captured', refunded_cents: 1995 });
    await sandbox.refundAmount(database.db, id, { amountCents: 3005, idempotencyKey: `c-${id}` });
    expect(await chargeRow(id)).toMatchObject({
      status: 'refunded',
      captured_cents: 5000,
      refunded_cents: 5000,
    });
    await expect(
      sandbox.refundAmount(database.db, id, { amountCents: 1, idempotencyKey: `d-${id}` }),
    ).rejects.toBeInstanceOf(PaymentStateError);
  });
});

describe('sandbox payments off-session [I30]', { timeout: 60_000 }, () => {
  async function offSession(testCard: string, overrides: Partial<OffSessionRequest> = {}) {
    const member = await aMember(database.db);
    const card = await sandbox.saveTestCard(database.db, member.id, testCard);
    const request: OffSessionRequest = {
      payer: { customerId: member.id, email: member.email, name: 'Jane Citizen', mobile: member.mobile },
      amountCents: 2990,
      currency: 'aud',
      paymentMethod: card,
      idempotencyKey: `reply-offer-test-${member.id}`,
      description: 'Order test',
      metadata: {},
      ...overrides,
    };
    return { member, card, request };
  }

  it('[I30] a saved 4242 is authorised off-session (manual capture: nothing captured); the same key answers the same authorisation', async () => {
    const { request } = await offSession('pm_card_visa');
    const made = sandbox.chargesMade;
    const charge = await sandbox.authoriseOffSession(database.db, request);
    expect(charge).toMatchObject({ amountCents: 2990, brand: 'visa', last4: '4242' });
    expect(await chargeRow(charge.id)).toMatchObject({ status: 'authorised', captured_cents: 0 });
    const again = await sandbox.authoriseOffSession(database.db, request);
    expect(again.id).toBe(charge.id);
    expect(sandbox.chargesMade).toBe(made + 1);
  });

  it('[I30] 4000 0027 6000 3184 declines off-session with authentication_required; the decline cards decline; nothing is recorded', async () => {
    const auth = await offSession('pm_card_authenticationRequired');
    await expect(sandbox.authoriseOffSession(database.db, auth.request)).rejects.toBeInstanceOf(
      AuthenticationRequiredError,
    );
    const declined = await offSession('pm_card_chargeDeclined');
    const refusal = sandbox.authoriseOffSession(database.db, declined.request);
    await expect(refusal).rejects.toBeInstanceOf(CardDeclinedError);
    await expect(refusal).rejects.not.toBeInstanceOf(AuthenticationRequiredError);
    const funds = await offSession('pm_card_chargeDeclinedInsufficientFunds');
    await expect(sandbox.authoriseOffSession(database.db, funds.request)).rejects.toThrow(
      /insufficient funds/,
    );
    for (const { request } of [auth, declined, funds]) {
      const rows = await database.db
        .selectFrom('sandbox_charges')
        .select('id')
        .where('idempotency_key', '=', request.idempotencyKey)
        .execute();
      expect(rows).toEqual([]);
    }
  });

  it("[I30] only a card the payer saved: a typed test card or another member's saved card is not there", async () => {
    const { request } = await offSession('pm_card_visa', { paymentMethod: 'pm_card_visa' });
    await expect(sandbox.authoriseOffSession(database.db, request)).rejects.toBeInstanceOf(
      SavedCardNotFoundError,
    );
    const other = await offSession('pm_card_visa');
    const mine = await offSession('pm_card_visa');
    await expect(
      sandbox.authoriseOffSession(database.db, { ...mine.request, paymentMethod: other.card }),
    ).rejects.toBeInstanceOf(SavedCardNotFoundError);
  });

  it('[I30] on-session, 3184 is refused: this checkout cannot ask the bank', async () => {
    const member = await aMember(database.db);
    await expect(
      sandbox.charge(database.db, {
        payer: { customerId: member.id, email: member.email, name: 'Jane Citizen', mobile: member.mobile },
        amountCents: 1000,
        currency: 'aud',
        paymentMethod: 'pm_card_authenticationRequired',
        saveCard: true,
        idempotencyKey: `sandbox-3184-${member.id}`,
        description: 'Order test',
        metadata: {},
      }),
    ).rejects.toThrow(/bank asked to confirm/);
  });
});
