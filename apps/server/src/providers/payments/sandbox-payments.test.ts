import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openTestDatabase } from '../../db/database.ts';
import { aMember } from '../../test/customer-factory.ts';
import { PaymentStateError } from './payments-provider.ts';
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
