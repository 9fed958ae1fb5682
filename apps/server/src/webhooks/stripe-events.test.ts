import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, aShopper, placeOrder, saveShipping } from '../test/cart-factory.ts';
import { aSeller, aSimpleProduct, importTestCatalogue } from '../test/catalog-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { handleStripeEvent } from './stripe-events.ts';

// [I15-webhooks] Stripe's events on the real app: orders placed through the API (the sandbox gateway
// stands in for Stripe's payments; its payment ids are the payment intents the events name), events
// built as Stripe sends them and signed with Stripe's own test helper (generateTestHeaderString).

const SECRET = 'whsec_test_secret_1';
let t: TestApp;

interface PlacedOrder {
  id: number;
  paymentId: string;
}

/** One mug (19.95) and standard shipping (9.95): 29.90 authorised and captured. */
async function anOrder(): Promise<PlacedOrder> {
  const shopper = await aShopper(t);
  expect((await addToCart(t.app, shopper, 'MUG-1')).status).toBe(200);
  expect((await saveShipping(t.app, shopper)).status).toBe(200);
  const placed = await placeOrder(t.app, shopper);
  expect(placed.status).toBe(200);
  const order = await t.db
    .selectFrom('orders')
    .select(['id', 'payment_id', 'captured_cents'])
    .where('id', '=', Number(placed.body))
    .executeTakeFirstOrThrow();
  expect(order.captured_cents).toBe(2990);
  return { id: order.id, paymentId: order.payment_id ?? '' };
}

const eventId = () => `evt_${randomBytes(8).toString('hex')}`;

function anEvent(type: string, object: object, id = eventId()) {
  return {
    id,
    object: 'event',
    api_version: '2025-08-27.basil',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

const aRefund = (id: string, amount: number, paymentIntent: string, status = 'succeeded') => ({
  id,
  object: 'refund',
  amount,
  currency: 'aud',
  payment_intent: paymentIntent,
  reason: 'requested_by_customer',
  status,
});

/** charge.refunded as Stripe sends it: the charge with every refund made so far. */
function chargeRefunded(order: PlacedOrder, refunds: ReturnType<typeof aRefund>[], id?: string) {
  return anEvent(
    'charge.refunded',
    {
      id: `ch_${order.paymentId}`,
      object: 'charge',
      amount: 2990,
      amount_refunded: refunds.reduce((sum, refund) => sum + refund.amount, 0),
      payment_intent: order.paymentId,
      refunded: true,
      refunds: { object: 'list', data: refunds, has_more: false, url: '/v1/refunds' },
    },
    id,
  );
}

function post(
  app: TestApp['app'],
  event: object,
  options: { secret?: string; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? SECRET })
      : options.signature;
  return app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature !== null ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });
}

const orderOf = (id: number) =>
  t.db
    .selectFrom('orders')
    .select(['status', 'payment_state', 'captured_cents', 'refunded_cents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const refundsOf = (orderId: number) =>
  t.db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

const eventsOf = (orderId: number) =>
  t.db
    .selectFrom('order_events')
    .select(['type', 'actor', 'summary', 'data'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();

const stripeEventsOf = async (orderId: number) =>
  (await eventsOf(orderId)).filter((event) => event.actor === 'stripe');

beforeAll(async () => {
  t = await createTestApp({ STRIPE_WEBHOOK_SECRET: SECRET });
  await importTestCatalogue(t.db, {
    sellers: [aSeller({ name: 'Harbour Goods' })],
    products: [aSimpleProduct('MUG-1', { price: 19.95, qty: 500 })],
  });
});
afterAll(() => t?.close());

describe('[I15-webhooks] POST /webhooks/stripe: signatures', () => {
  it('a missing Stripe-Signature is a 400', async () => {
    const order = await anOrder();
    const reply = await post(t.app, chargeRefunded(order, [aRefund('re_nosig', 100, order.paymentId)]), {
      signature: null,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ message: expect.stringContaining('not signed by Stripe') });
    expect(await refundsOf(order.id)).toHaveLength(0);
  });

  it('a signature made with another secret, or over another body, is a 400 and changes nothing', async () => {
    const order = await anOrder();
    const event = chargeRefunded(order, [aRefund('re_badsig', 100, order.paymentId)]);
    const other = await post(t.app, event, { secret: 'whsec_someone_else' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ message: 'The Stripe-Signature does not match this request.' });
    const signedForSmaller = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(chargeRefunded(order, [aRefund('re_badsig', 1, order.paymentId)])),
      secret: SECRET,
    });
    expect((await post(t.app, event, { signature: signedForSmaller })).statusCode).toBe(400);
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 0, payment_state: 'captured' });
  });

  it('is 404 when STRIPE_WEBHOOK_SECRET is not set', async () => {
    const other = await createTestApp();
    try {
      const reply = await post(other.app, anEvent('charge.refunded', {}));
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await other.close();
    }
  });
});

describe('[I15-webhooks] refunds made in the Stripe dashboard', () => {
  it('charge.refunded records the refund once: order_refunds (provider), the refunded total, the payment state and a provider_refund event by stripe', async () => {
    const order = await anOrder();
    const event = chargeRefunded(order, [aRefund('re_dash_1', 1000, order.paymentId)]);
    // The webhook arrives twice, one after the other and then twice at once.
    expect((await post(t.app, event)).statusCode).toBe(204);
    expect((await post(t.app, event)).statusCode).toBe(204);
    const replies = await Promise.all([post(t.app, event), post(t.app, event)]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([204, 204]);

    expect(await refundsOf(order.id)).toMatchObject([
      {
        amount_cents: 1000,
        shipping_cents: 0,
        source: 'provider',
        provider_refund_id: 're_dash_1',
        idempotency_key: 'stripe:re_dash_1',
        restocked: false,
      },
    ]);
    expect(await orderOf(order.id)).toMatchObject({
      status: 'approved',
      captured_cents: 2990,
      refunded_cents: 1000,
      payment_state: 'partially_refunded',
    });
    expect(await stripeEventsOf(order.id)).toEqual([
      {
        type: 'provider_refund',
        actor: 'stripe',
        summary: 'Refunded $10.00 at Stripe',
        data: {
          refund_id: 're_dash_1',
          amount_cents: 1000,
          provider_amount_cents: 1000,
          reason: 'Refunded at Stripe: requested by customer',
        },
      },
    ]);
  });

  it('a later charge.refunded (another event id, listing the first refund again) adds only the new refund; all refunded → refunded', async () => {
    const order = await anOrder();
    const first = aRefund('re_two_1', 1000, order.paymentId);
    expect((await post(t.app, chargeRefunded(order, [first]))).statusCode).toBe(204);
    const second = aRefund('re_two_2', 1990, order.paymentId);
    // Two different events listing both refunds, at once.
    const replies = await Promise.all([
      post(t.app, chargeRefunded(order, [first, second])),
      post(t.app, chargeRefunded(order, [second, first])),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([204, 204]);
    expect(
      (await refundsOf(order.id)).map((refund) => [refund.provider_refund_id, refund.amount_cents]),
    ).toEqual([
      ['re_two_1', 1000],
      ['re_two_2', 1990],
    ]);
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 2990, payment_state: 'refunded' });
    expect((await stripeEventsOf(order.id)).map((event) => event.summary)).toEqual([
      'Refunded $10.00 at Stripe',
      'Refunded $19.90 at Stripe',
    ]);
  });

  it('never records more than was captured: two refunds of $20.00 racing on a $29.90 order record $20.00 and $9.90', async () => {
    const order = await anOrder();
    const replies = await Promise.all([
      post(t.app, chargeRefunded(order, [aRefund('re_race_1', 2000, order.paymentId)])),
      post(t.app, chargeRefunded(order, [aRefund('re_race_2', 2000, order.paymentId)])),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([204, 204]);
    const amounts = (await refundsOf(order.id)).map((refund) => refund.amount_cents);
    expect(amounts).toEqual([2000, 990]);
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 2990, payment_state: 'refunded' });
    const capped = (await stripeEventsOf(order.id))[1];
    expect(capped?.summary).toBe('Refunded $20.00 at Stripe; $9.90 recorded (the rest was already refunded)');
    // Nothing is left to record for a further refund.
    expect(
      (await post(t.app, chargeRefunded(order, [aRefund('re_race_3', 500, order.paymentId)]))).statusCode,
    ).toBe(204);
    expect(await refundsOf(order.id)).toHaveLength(2);
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 2990 });
  });

  it('a refund Quokka made itself (its provider refund id on record) is not recorded again; pending refunds count, failed ones do not', async () => {
    const order = await anOrder();
    // What the back office's refund writes (set up directly): $5.00 refunded by staff as re_own.
    await t.db
      .insertInto('order_refunds')
      .values({
        order_id: order.id,
        amount_cents: 500,
        source: 'staff',
        idempotency_key: 'staff-click-1',
        provider_refund_id: 're_own',
      })
      .execute();
    await t.db
      .updateTable('orders')
      .set({ refunded_cents: 500, payment_state: 'partially_refunded' })
      .where('id', '=', order.id)
      .execute();
    const event = chargeRefunded(order, [
      aRefund('re_own', 500, order.paymentId),
      aRefund('re_pending', 300, order.paymentId, 'pending'),
      aRefund('re_failed', 700, order.paymentId, 'failed'),
    ]);
    expect((await post(t.app, event)).statusCode).toBe(204);
    expect((await refundsOf(order.id)).map((refund) => [refund.provider_refund_id, refund.source])).toEqual([
      ['re_own', 'staff'],
      ['re_pending', 'provider'],
    ]);
    expect(await orderOf(order.id)).toMatchObject({
      refunded_cents: 800,
      payment_state: 'partially_refunded',
    });
  });

  it('charge.refund.updated: a refund that succeeds later is recorded once', async () => {
    const order = await anOrder();
    const refund = aRefund('re_later', 1200, order.paymentId);
    expect((await post(t.app, anEvent('charge.refund.updated', refund))).statusCode).toBe(204);
    expect((await post(t.app, chargeRefunded(order, [refund]))).statusCode).toBe(204);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 1200 });
  });

  it('a charge without its refunds listed asks Stripe for them (listRefunds)', async () => {
    const order = await anOrder();
    const event = chargeRefunded(order, []);
    const charge = event.data.object as { refunds?: unknown };
    delete charge.refunds;
    const asked: string[] = [];
    const result = await handleStripeEvent(event as unknown as Stripe.Event, {
      config: t.config,
      db: t.db,
      refunds: t.app.services.refunds,
      listRefunds: async (chargeId) => {
        asked.push(chargeId);
        return [aRefund('re_listed', 400, order.paymentId) as unknown as Stripe.Refund];
      },
    });
    expect(result).toMatchObject({ handled: 'applied', orderId: order.id });
    expect(asked).toEqual([`ch_${order.paymentId}`]);
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 400 });
  });
});

describe('[I15-webhooks] disputes, releases and captures on the timeline', () => {
  const aDispute = (order: PlacedOrder, status: string) => ({
    id: 'dp_1',
    object: 'dispute',
    amount: 2990,
    currency: 'aud',
    charge: `ch_${order.paymentId}`,
    payment_intent: order.paymentId,
    reason: 'product_not_received',
    status,
  });

  it('charge.dispute.created and .closed are dispute_opened and dispute_closed events by stripe, once each', async () => {
    const order = await anOrder();
    const opened = anEvent('charge.dispute.created', aDispute(order, 'needs_response'));
    expect((await post(t.app, opened)).statusCode).toBe(204);
    expect((await post(t.app, opened)).statusCode).toBe(204);
    expect((await post(t.app, anEvent('charge.dispute.closed', aDispute(order, 'lost')))).statusCode).toBe(
      204,
    );
    expect(await stripeEventsOf(order.id)).toEqual([
      {
        type: 'dispute_opened',
        actor: 'stripe',
        summary: 'Dispute opened at Stripe: $29.90, reason: product not received',
        data: {
          dispute_id: 'dp_1',
          amount_cents: 2990,
          reason: 'product_not_received',
          status: 'needs_response',
        },
      },
      {
        type: 'dispute_closed',
        actor: 'stripe',
        summary: 'Dispute closed at Stripe: lost ($29.90)',
        data: { dispute_id: 'dp_1', amount_cents: 2990, reason: 'product_not_received', status: 'lost' },
      },
    ]);
    // The money is the back office's: a dispute changes no figure.
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 0, payment_state: 'captured' });
  });

  /** An order still awaiting review: authorised, not captured (set up directly). */
  async function anAuthorisedOrder(): Promise<PlacedOrder> {
    const order = await anOrder();
    await t.db
      .updateTable('orders')
      .set({ status: 'pending_review', payment_state: 'authorised', captured_cents: 0 })
      .where('id', '=', order.id)
      .execute();
    // As if placed under manual review: the automatic approval's events were never written.
    await t.db
      .deleteFrom('order_events')
      .where('order_id', '=', order.id)
      .where('type', 'in', ['approved', 'payment_captured'])
      .execute();
    return order;
  }

  const anIntent = (order: PlacedOrder, fields: object) => ({
    id: order.paymentId,
    object: 'payment_intent',
    amount: 2990,
    currency: 'aud',
    ...fields,
  });

  it('payment_intent.canceled is a payment_released event by stripe, once, unless the payment is released already', async () => {
    const order = await anAuthorisedOrder();
    const canceled = () =>
      anEvent(
        'payment_intent.canceled',
        anIntent(order, { status: 'canceled', cancellation_reason: 'automatic' }),
      );
    expect((await post(t.app, canceled())).statusCode).toBe(204);
    expect((await post(t.app, canceled())).statusCode).toBe(204);
    expect(await stripeEventsOf(order.id)).toMatchObject([
      {
        type: 'payment_released',
        summary: 'The card authorisation was released at Stripe (automatic)',
        data: { cancellation_reason: 'automatic' },
      },
    ]);
    expect(await orderOf(order.id)).toMatchObject({ status: 'pending_review' });

    const released = await anAuthorisedOrder();
    await t.db
      .updateTable('orders')
      .set({ payment_state: 'released' })
      .where('id', '=', released.id)
      .execute();
    expect((await post(t.app, anEvent('payment_intent.canceled', anIntent(released, {})))).statusCode).toBe(
      204,
    );
    expect(await stripeEventsOf(released.id)).toEqual([]);
  });

  it('payment_intent.succeeded of a manual-capture intent captured outside Quokka is a payment_captured event by stripe; the status stays', async () => {
    const order = await anAuthorisedOrder();
    const succeeded = () =>
      anEvent(
        'payment_intent.succeeded',
        anIntent(order, { status: 'succeeded', capture_method: 'manual', amount_received: 2990 }),
      );
    expect((await post(t.app, succeeded())).statusCode).toBe(204);
    expect((await post(t.app, succeeded())).statusCode).toBe(204);
    expect(await stripeEventsOf(order.id)).toEqual([
      {
        type: 'payment_captured',
        actor: 'stripe',
        summary: 'Captured $29.90 at Stripe (outside Quokka)',
        data: { amount_cents: 2990 },
      },
    ]);
    expect(await orderOf(order.id)).toMatchObject({ status: 'pending_review', payment_state: 'authorised' });

    // Captured by Quokka already, or an automatic-capture payment: nothing to add.
    const captured = await anOrder();
    expect((await post(t.app, succeeded())).statusCode).toBe(204);
    const manual = anIntent(captured, {
      status: 'succeeded',
      capture_method: 'manual',
      amount_received: 2990,
    });
    expect((await post(t.app, anEvent('payment_intent.succeeded', manual))).statusCode).toBe(204);
    const automatic = anIntent(captured, {
      status: 'succeeded',
      capture_method: 'automatic',
      amount_received: 2990,
    });
    expect((await post(t.app, anEvent('payment_intent.succeeded', automatic))).statusCode).toBe(204);
    expect(await stripeEventsOf(captured.id)).toEqual([]);
  });

  it('an event about a payment that is not an order, or of a type not handled, is answered 204 and recorded once', async () => {
    const unknown = anEvent('charge.dispute.created', {
      id: 'dp_x',
      object: 'dispute',
      amount: 100,
      payment_intent: 'pi_not_ours',
      reason: 'fraudulent',
      status: 'needs_response',
    });
    expect((await post(t.app, unknown)).statusCode).toBe(204);
    const other = anEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await post(t.app, other)).statusCode).toBe(204);
    const recorded = await t.db
      .selectFrom('webhook_events')
      .select(['event_id', 'type'])
      .where('provider', '=', 'stripe')
      .where('event_id', 'in', [unknown.id, other.id])
      .orderBy('type')
      .execute();
    expect(recorded).toEqual([
      { event_id: unknown.id, type: 'charge.dispute.created' },
      { event_id: other.id, type: 'customer.created' },
    ]);
  });
});
