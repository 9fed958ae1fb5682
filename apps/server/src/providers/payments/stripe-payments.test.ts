import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { FakeClock } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { type DatabaseHandle, type Db, openTestDatabase } from '../../db/database.ts';
import {
  addToCart,
  aShopper,
  call,
  NS,
  placeOrder,
  REST,
  saveShipping,
  stockOf,
} from '../../test/cart-factory.ts';
import { aSeller, aSimpleProduct, importTestCatalogue } from '../../test/catalog-factory.ts';
import { fakeWebDist } from '../../test/test-app.ts';
import { createProviders } from '../providers.ts';
import { type FakeStripe, startFakeStripe } from './fake-stripe-server.ts';
import {
  AuthenticationRequiredError,
  CardDeclinedError,
  type Charge,
  type ChargeRequest,
  type OffSessionRequest,
  PaymentStateError,
  type PaymentsProvider,
  SavedCardNotFoundError,
} from './payments-provider.ts';
import { createStripeClient, StripePayments } from './stripe-payments.ts';

// The Stripe provider through the whole app, against a local fake of Stripe's API (the real Stripe
// client, pointed at it with host/port/protocol).

const SETTINGS = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: '0',
  WORKER: '0',
  TRUST_PROXY: '1',
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
  STRIPE_LIVE_PUBLISHABLE_KEY: 'pk_live_fake',
  LIVE_ORIGIN: 'https://shop.example.com',
};

let fake: FakeStripe;
let database: DatabaseHandle;
let app: FastifyInstance;
let stripePayments: StripePayments;
const clock = new FakeClock();
const t = {
  get db() {
    return database.db;
  },
  clock,
};

/**
 * Wraps the provider so that, once, the order's transaction breaks right after the money is taken (as a
 * lost database connection would): the charge succeeds, then every statement of the transaction fails.
 */
class FailingAfterCharge implements PaymentsProvider {
  readonly mode = 'live';
  readonly name = 'stripe';
  failNext = false;
  constructor(private readonly inner: PaymentsProvider) {}
  preparePayer: PaymentsProvider['preparePayer'] = (db, payer) => this.inner.preparePayer(db, payer);
  authoriseOffSession: PaymentsProvider['authoriseOffSession'] = (db, request) =>
    this.inner.authoriseOffSession(db, request);
  refund: PaymentsProvider['refund'] = (db, id) => this.inner.refund(db, id);
  savedCards: PaymentsProvider['savedCards'] = (db, payer) => this.inner.savedCards(db, payer);
  capture: PaymentsProvider['capture'] = (db, id, amount) => this.inner.capture(db, id, amount);
  release: PaymentsProvider['release'] = (db, id) => this.inner.release(db, id);
  refundAmount: PaymentsProvider['refundAmount'] = (db, id, request) =>
    this.inner.refundAmount(db, id, request);
  async charge(db: Db, request: ChargeRequest): Promise<Charge> {
    const charge = await this.inner.charge(db, request);
    if (this.failNext) {
      this.failNext = false;
      // A failed statement aborts the transaction: whatever the service writes next fails, and it rolls back.
      await sql`select 1 / 0`.execute(db).catch(() => undefined);
    }
    return charge;
  }
}
let payments: FailingAfterCharge;

beforeAll(async () => {
  fake = await startFakeStripe();
  database = await openTestDatabase();
  const config = loadConfig(SETTINGS);
  stripePayments = new StripePayments(
    createStripeClient('sk_test_fake', { host: '127.0.0.1', port: fake.port, protocol: 'http' }),
  );
  payments = new FailingAfterCharge(stripePayments);
  app = await buildApp({
    config,
    db: database.db,
    clock,
    providers: { ...createProviders(config, database.db), payments },
    webDistDir: fakeWebDist(),
  });
  await app.ready();
  await importTestCatalogue(database.db, {
    sellers: [aSeller()],
    products: [aSimpleProduct('MUG-1', { price: 19.95, qty: 100 })],
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await fake.close();
});

async function readyShopper() {
  const shopper = await aShopper(t);
  await addToCart(app, shopper, 'MUG-1', 2);
  await saveShipping(app, shopper);
  return shopper;
}

const intentRequests = () =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');

describe('Stripe payments', () => {
  it('[API-29] one Stripe customer per member; a PaymentIntent created and confirmed with the card, saving it when asked, with our idempotency key', async () => {
    const shopper = await readyShopper();
    const reply = await placeOrder(app, shopper, 'pm_card_visa', { save: true });
    expect(reply.status).toBe(200);

    const customers = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0]?.params).toMatchObject({
      email: shopper.email,
      phone: shopper.mobile,
      name: 'Jane Citizen',
    });
    const stored = await database.db
      .selectFrom('payment_customers')
      .selectAll()
      .where('customer_id', '=', shopper.id)
      .executeTakeFirstOrThrow();
    expect(stored.provider_customer_id).toMatch(/^cus_/);

    const [intent] = intentRequests();
    expect(intent?.params).toMatchObject({
      amount: '4985', // 19.95 × 2 + 9.95
      currency: 'aud',
      customer: stored.provider_customer_id,
      payment_method: 'pm_card_visa',
      confirm: 'true',
      setup_future_usage: 'off_session',
    });
    expect(intent?.idempotencyKey).toMatch(/^quokka-order-cart-\d+-[0-9a-f]{32}$/);
    const order = await database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', Number(reply.body))
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ payment_provider: 'stripe', card_brand: 'visa', card_last4: '4242' });
    expect(order.payment_id).toBe(fake.paymentIntents[0]?.id);
    expect(intent?.params['metadata[order_increment_id]']).toBe(order.increment_id);

    // [API-30, DATA-40] The saved card comes from Stripe, and a second order reuses the Stripe customer.
    const cards = await call<{ data: { id: string }[] }>(app, 'GET', `${NS}/savedcards`, {
      headers: shopper.headers,
    });
    expect(cards.body.data).toEqual([
      { id: expect.stringMatching(/^pm_/), brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031 },
    ]);
    await addToCart(app, shopper, 'MUG-1', 1);
    await saveShipping(app, shopper);
    const again = await placeOrder(app, shopper, cards.body.data[0]!.id);
    expect(again.status).toBe(200);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers')).toHaveLength(1);
    expect(intentRequests().at(-1)?.params).not.toHaveProperty('setup_future_usage');
  });

  it('[ERR-08] a declined card: 400 with Stripe’s reason; cart and stock untouched; a good card then goes through under another key', async () => {
    const shopper = await readyShopper();
    const stock = await stockOf(database.db, 'MUG-1');
    const declined = await placeOrder(app, shopper, 'pm_card_chargeDeclinedInsufficientFunds');
    expect(declined).toMatchObject({ status: 400, body: { message: 'Your card has insufficient funds.' } });
    expect(await stockOf(database.db, 'MUG-1')).toBe(stock);
    const items = await call<unknown[]>(app, 'GET', `${REST}/carts/mine/items`, { headers: shopper.headers });
    expect(items.body).toHaveLength(1);
    const declinedKey = intentRequests().at(-1)?.idempotencyKey;

    const ok = await placeOrder(app, shopper, 'pm_card_mastercard');
    expect(ok.status).toBe(200);
    expect(intentRequests().at(-1)?.idempotencyKey).not.toBe(declinedKey);
    expect(await stockOf(database.db, 'MUG-1')).toBe(stock - 2);
  });

  it('an unknown payment method, or a card saved by another member, is refused without a charge', async () => {
    const owner = await readyShopper();
    await placeOrder(app, owner, 'pm_card_visa');
    const ownerCustomer = await database.db
      .selectFrom('payment_customers')
      .select('provider_customer_id')
      .where('customer_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const theirs = fake.saveCard(ownerCustomer.provider_customer_id, 'pm_card_mastercard');

    const shopper = await readyShopper();
    const intents = fake.paymentIntents.length;
    expect((await placeOrder(app, shopper, 'pm_made_up')).status).toBe(400);
    expect((await placeOrder(app, shopper, theirs)).status).toBe(404);
    expect(fake.paymentIntents).toHaveLength(intents);
  });

  it('the idempotency key passes through: the same charge twice is one PaymentIntent (a retry after a crash)', async () => {
    const shopper = await aShopper(t);
    await stripePayments.preparePayer(database.db, {
      customerId: shopper.id,
      email: shopper.email,
      name: 'Jane Citizen',
      mobile: shopper.mobile,
    });
    const request: ChargeRequest = {
      payer: { customerId: shopper.id, email: shopper.email, name: 'Jane Citizen', mobile: shopper.mobile },
      amountCents: 1234,
      currency: 'aud',
      paymentMethod: 'pm_card_visa',
      saveCard: false,
      idempotencyKey: `quokka-order-cart-test-${shopper.id}`,
      description: 'Order 000000001',
      metadata: { cart_id: 'test' },
    };
    const intents = fake.paymentIntents.length;
    const first = await stripePayments.charge(database.db, request);
    const second = await stripePayments.charge(database.db, request);
    expect(second.id).toBe(first.id);
    expect(fake.paymentIntents).toHaveLength(intents + 1);
    expect(intentRequests().at(-1)?.replayed).toBe(true);
  });

  it('[I15-review] authorised but the order could not be saved: the authorisation is released, no order, stock untouched', async () => {
    const shopper = await readyShopper();
    const stock = await stockOf(database.db, 'MUG-1');
    const refunds = fake.refunds.length;
    payments.failNext = true;
    const reply = await placeOrder(app, shopper);
    expect(reply.status).toBe(500);
    const intent = fake.paymentIntents.at(-1)?.id ?? '';
    expect(fake.cancels).toEqual([intent]);
    expect(fake.intent(intent)?.status).toBe('canceled');
    expect(fake.refunds).toHaveLength(refunds);
    expect(await stockOf(database.db, 'MUG-1')).toBe(stock);
    const orders = await database.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', shopper.id)
      .execute();
    expect(orders).toEqual([]);
  });
});

describe('[I15-review] authorise at checkout, then capture, release or refund part', () => {
  /** An authorisation of `amount` cents for a new member, straight through the provider. */
  async function authorise(amount: number): Promise<string> {
    const shopper = await aShopper(t);
    const payer = {
      customerId: shopper.id,
      email: shopper.email,
      name: 'Jane Citizen',
      mobile: shopper.mobile,
    };
    await stripePayments.preparePayer(database.db, payer);
    const charge = await stripePayments.charge(database.db, {
      payer,
      amountCents: amount,
      currency: 'aud',
      paymentMethod: 'pm_card_visa',
      saveCard: false,
      idempotencyKey: `quokka-test-${shopper.id}`,
      description: 'Order test',
      metadata: {},
    });
    return charge.id;
  }

  it('[I15-review] checkout creates a manual-capture PaymentIntent and the order waits authorised; auto approval captures it', async () => {
    const shopper = await readyShopper();
    const reply = await placeOrder(app, shopper, 'pm_card_visa');
    expect(reply.status).toBe(200);
    expect(intentRequests().at(-1)?.params).toMatchObject({ capture_method: 'manual', amount: '4985' });
    const order = await database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', Number(reply.body))
      .executeTakeFirstOrThrow();
    // ORDER_REVIEW=auto (the default): captured right after the commit, the whole grand total.
    expect(fake.captures.at(-1)).toEqual({ id: order.payment_id, amount: 4985 });
    expect(order).toMatchObject({
      status: 'approved',
      payment_state: 'captured',
      authorised_cents: 4985,
      captured_cents: 4985,
    });
  });

  it('[I15-review] capture takes the amount once (a repeat is a no-op); a captured payment cannot be released', async () => {
    const id = await authorise(2500);
    expect(fake.intent(id)).toMatchObject({ status: 'requires_capture', amount_capturable: 2500 });
    await stripePayments.capture(database.db, id, 2500);
    await stripePayments.capture(database.db, id, 2500);
    expect(fake.captures.filter((c) => c.id === id)).toEqual([{ id, amount: 2500 }]);
    expect(fake.intent(id)).toMatchObject({ status: 'succeeded', amount_received: 2500 });
    await expect(stripePayments.release(database.db, id)).rejects.toBeInstanceOf(PaymentStateError);
  });

  it('[I15-review] release cancels the authorisation once; a released payment cannot be captured or refunded', async () => {
    const id = await authorise(1800);
    await stripePayments.release(database.db, id);
    await stripePayments.release(database.db, id);
    expect(fake.cancels.filter((c) => c === id)).toEqual([id]);
    expect(fake.intent(id)?.status).toBe('canceled');
    await expect(stripePayments.capture(database.db, id, 1800)).rejects.toBeInstanceOf(PaymentStateError);
    await expect(
      stripePayments.refundAmount(database.db, id, { amountCents: 100, idempotencyKey: `r-${id}` }),
    ).rejects.toBeInstanceOf(PaymentStateError);
  });

  it('[I15-review] refundAmount refunds part, a retried key is the same refund, never more than captured', async () => {
    const id = await authorise(5000);
    await stripePayments.capture(database.db, id, 5000);
    const first = await stripePayments.refundAmount(database.db, id, {
      amountCents: 1995,
      idempotencyKey: `a-${id}`,
    });
    const retried = await stripePayments.refundAmount(database.db, id, {
      amountCents: 1995,
      idempotencyKey: `a-${id}`,
    });
    expect(retried).toEqual(first);
    expect(first.amountCents).toBe(1995);
    // 5000 − 1995 = 3005 left: 3006 is one cent too many, 3005 is the rest.
    await expect(
      stripePayments.refundAmount(database.db, id, { amountCents: 3006, idempotencyKey: `b-${id}` }),
    ).rejects.toBeInstanceOf(PaymentStateError);
    await stripePayments.refundAmount(database.db, id, { amountCents: 3005, idempotencyKey: `c-${id}` });
    expect(fake.refundsMade.filter((r) => r.payment_intent === id).map((r) => r.amount)).toEqual([
      1995, 3005,
    ]);
    // The same key with another amount is refused, as Stripe does.
    await expect(
      stripePayments.refundAmount(database.db, id, { amountCents: 10, idempotencyKey: `a-${id}` }),
    ).rejects.toThrow(/same parameters/);
  });
});

describe('[I30] off-session authorisation of a saved card (reply to buy)', () => {
  /** A member known to Stripe with a card saved from this test method, and the request for it. */
  async function savedCardRequest(testMethod: string): Promise<OffSessionRequest> {
    const shopper = await aShopper(t);
    const payer = {
      customerId: shopper.id,
      email: shopper.email,
      name: 'Jane Citizen',
      mobile: shopper.mobile,
    };
    await stripePayments.preparePayer(database.db, payer);
    const customer = await database.db
      .selectFrom('payment_customers')
      .select('provider_customer_id')
      .where('customer_id', '=', shopper.id)
      .executeTakeFirstOrThrow();
    return {
      payer,
      amountCents: 2990,
      currency: 'aud',
      paymentMethod: fake.saveCard(customer.provider_customer_id, testMethod),
      idempotencyKey: `quokka-reply-offer-test-${shopper.id}`,
      description: 'Order 000000123',
      metadata: { reply_offer_id: '1' },
    };
  }

  it('[I30] a PaymentIntent with off_session and confirm, manual capture, the customer and the saved card; the key passes through', async () => {
    const request = await savedCardRequest('pm_card_visa');
    const charge = await stripePayments.authoriseOffSession(database.db, request);
    expect(charge).toMatchObject({ amountCents: 2990, brand: 'visa', last4: '4242' });
    const sent = intentRequests().at(-1);
    expect(sent?.params).toMatchObject({
      amount: '2990',
      payment_method: request.paymentMethod,
      off_session: 'true',
      confirm: 'true',
      capture_method: 'manual',
    });
    expect(sent?.idempotencyKey).toBe(request.idempotencyKey);
    expect(fake.intent(charge.id)).toMatchObject({ status: 'requires_capture', off_session: true });
    // A retried text: the same key, the same PaymentIntent.
    expect((await stripePayments.authoriseOffSession(database.db, request)).id).toBe(charge.id);
  });

  it('[I30] 3184 declines with authentication_required; a declining card declines; neither leaves an intent', async () => {
    const intents = fake.paymentIntents.length;
    await expect(
      stripePayments.authoriseOffSession(
        database.db,
        await savedCardRequest('pm_card_authenticationRequired'),
      ),
    ).rejects.toBeInstanceOf(AuthenticationRequiredError);
    const declined = stripePayments.authoriseOffSession(
      database.db,
      await savedCardRequest('pm_card_chargeDeclined'),
    );
    await expect(declined).rejects.toBeInstanceOf(CardDeclinedError);
    await expect(declined).rejects.toThrow('Your card was declined.');
    expect(fake.paymentIntents.length).toBe(intents);
  });

  it("[I30] only a card saved to the member: a test card id or another member's card is refused", async () => {
    const mine = await savedCardRequest('pm_card_visa');
    const other = await savedCardRequest('pm_card_visa');
    await expect(
      stripePayments.authoriseOffSession(database.db, { ...mine, paymentMethod: 'pm_card_visa' }),
    ).rejects.toBeInstanceOf(SavedCardNotFoundError);
    await expect(
      stripePayments.authoriseOffSession(database.db, { ...mine, paymentMethod: other.paymentMethod }),
    ).rejects.toBeInstanceOf(SavedCardNotFoundError);
  });
});

describe('[API-05] the publishable key by site origin', () => {
  const configOf = async (url: string, headers: Record<string, string>) => {
    const reply = await app.inject({ method: 'GET', url, headers });
    const match = /<meta name="quokka-config" content="([^"]*)"/.exec(reply.body);
    const json = (match?.[1] ?? '').replaceAll(/&#(\d+);/g, (_m, code: string) =>
      String.fromCharCode(Number(code)),
    );
    return JSON.parse(json) as { stripePublishableKey: string | null };
  };

  it('the live key only on the live origin', async () => {
    const live = await configOf('/checkout', { host: 'shop.example.com', 'x-forwarded-proto': 'https' });
    expect(live.stripePublishableKey).toBe('pk_live_fake');
  });

  it('the test key everywhere else (another host, or the live host over plain http)', async () => {
    expect((await configOf('/checkout', { host: 'staging.example.com' })).stripePublishableKey).toBe(
      'pk_test_fake',
    );
    expect((await configOf('/browse', { host: 'shop.example.com' })).stripePublishableKey).toBe(
      'pk_test_fake',
    );
  });

  it('no key while payments run in sandbox mode, even with a publishable key set', async () => {
    const sandboxConfig = loadConfig({ ...SETTINGS, STRIPE_SECRET_KEY: '' });
    // The same database: a second test database in one process trips Kysely's migration-table check.
    const sandboxApp = await buildApp({
      config: sandboxConfig,
      db: database.db,
      clock,
      webDistDir: fakeWebDist(),
    });
    try {
      const reply = await sandboxApp.inject({
        method: 'GET',
        url: '/checkout',
        headers: { host: 'shop.example.com', 'x-forwarded-proto': 'https' },
      });
      expect(reply.body).toContain('&#34;stripePublishableKey&#34;:null');
    } finally {
      await sandboxApp.close();
    }
  });
});
