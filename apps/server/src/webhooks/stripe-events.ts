import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { type Clock, systemClock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { InvalidDataError, NotFoundError } from '../domain/errors.ts';
import { postChargeback } from '../modules/ledger/ledger-postings.ts';
import { recordOrderEvent } from '../modules/orders/order-events.ts';
import type { OrderRefunds } from '../modules/orders/order-refunds.ts';
import { createStripeClient } from '../providers/payments/stripe-payments.ts';
import {
  type LockedOrder,
  lockOrderByPayment,
  type ProviderRefundInput,
  recordDispute,
  recordProviderCapture,
  recordProviderRefund,
  recordProviderRelease,
} from './stripe-order-updates.ts';
import { claimWebhookEvent } from './webhook-events.ts';

// [I15-webhooks] POST /webhooks/stripe: Stripe's events about our payments, on the order's timeline.
// 1. 404 unless STRIPE_WEBHOOK_SECRET is set (the endpoint's signing secret);
// 2. the raw body must carry a valid Stripe-Signature (stripe.webhooks.constructEvent), else 400;
// 3. once per event id (webhook_events 'stripe'), in one transaction with what it changes;
// 4. the order is the one whose payment_id is the event's payment intent; an event about anything else
//    is answered and ignored.
// Events: charge.refunded (and charge.refund.updated / refund.updated), refunds made at Stripe recorded
// once per refund id (stripe-order-updates.ts); charge.dispute.created / .closed; payment_intent.canceled;
// payment_intent.succeeded of a manual-capture intent captured outside Quokka. Others are acknowledged.

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

/** Refunds counted as made: Stripe counts pending card refunds in amount_refunded too. */
const MADE = new Set(['succeeded', 'pending']);

export interface StripeEventsDeps {
  config: Config;
  db: Db;
  /** The one refund path (modules/orders/order-refunds.ts): a refund made at Stripe is recorded through it. */
  refunds: OrderRefunds;
  /** [I16-ledger] When a chargeback arrived (its 3-month window); the system clock when left out. */
  clock?: Clock;
  /**
   * Lists a charge's refunds when the event's charge does not carry them (API versions since 2022-11-15
   * leave `refunds` out): Stripe's API with STRIPE_SECRET_KEY; none without it.
   */
  listRefunds?: ((chargeId: string) => Promise<Stripe.Refund[]>) | undefined;
}

export type StripeEventResult =
  | { handled: 'replay' }
  | { handled: 'ignored'; reason: string }
  | { handled: 'applied'; orderId: number; changes: string[] };

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const refundInput = (refund: Stripe.Refund): ProviderRefundInput => ({
  id: refund.id,
  amountCents: refund.amount,
  reason: refund.reason ? `Refunded at Stripe: ${refund.reason.replaceAll('_', ' ')}` : null,
});

/** The payment intent an event is about, and what to do with its (locked) order. */
type Plan = { paymentIntentId: string | null; apply: (trx: Db, order: LockedOrder) => Promise<string[]> };

async function planOf(event: Stripe.Event, deps: StripeEventsDeps): Promise<Plan | string> {
  switch (event.type) {
    case 'charge.refunded': {
      const charge = event.data.object;
      // Read before the transaction: no provider call while the order row is locked.
      const refunds = charge.refunds?.data ?? (deps.listRefunds ? await deps.listRefunds(charge.id) : null);
      if (!refunds) return 'the charge lists no refunds and Stripe cannot be asked (no STRIPE_SECRET_KEY)';
      return {
        paymentIntentId: idOf(charge.payment_intent),
        apply: async (trx, order) => {
          const changes: string[] = [];
          for (const refund of refunds) {
            if (!MADE.has(refund.status ?? '')) continue;
            const outcome = await recordProviderRefund(
              trx,
              deps.refunds,
              order,
              refundInput(refund),
              (deps.clock ?? systemClock).now(),
            );
            changes.push(`${refund.id}: ${outcome.outcome}`);
          }
          return changes;
        },
      };
    }
    case 'charge.refund.updated':
    case 'refund.updated': {
      const refund = event.data.object;
      if (!MADE.has(refund.status ?? '')) return `refund ${refund.id} is ${refund.status}`;
      return {
        paymentIntentId: idOf(refund.payment_intent),
        apply: async (trx, order) => [
          `${refund.id}: ${(await recordProviderRefund(trx, deps.refunds, order, refundInput(refund), (deps.clock ?? systemClock).now())).outcome}`,
        ],
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const stage = event.type === 'charge.dispute.created' ? 'opened' : 'closed';
      return {
        paymentIntentId: idOf(dispute.payment_intent),
        apply: async (trx, order) => {
          await recordDispute(
            trx,
            order,
            { id: dispute.id, amountCents: dispute.amount, reason: dispute.reason, status: dispute.status },
            stage,
          );
          if (stage === 'opened') {
            // [I16-ledger][BIZ-06] Within 3 months of the order the chargeback is taken back from the
            // sellers (ledger-postings.ts allocates it); later, it is on the timeline only.
            const at = (deps.clock ?? systemClock).now();
            const posting = await postChargeback(trx, {
              orderId: order.id,
              disputeId: dispute.id,
              amountCents: dispute.amount,
              at,
            });
            if (!posting.posted && posting.reason === 'too_late') {
              await recordOrderEvent(trx, {
                orderId: order.id,
                type: 'note',
                actor: 'system',
                summary: `Chargeback ${dispute.id} not reversed on the sellers' statements: it came more than 3 months after the order (allowed until ${posting.deadline.toISOString()})`,
                data: { dispute_id: dispute.id, deadline: posting.deadline.toISOString() },
              });
              return [`dispute ${stage}`, 'chargeback not reversed (over 3 months)'];
            }
            if (posting.posted) return [`dispute ${stage}`, 'chargeback posted'];
          }
          return [`dispute ${stage}`];
        },
      };
    }
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      return {
        paymentIntentId: intent.id,
        apply: async (trx, order) =>
          (await recordProviderRelease(trx, order, intent.cancellation_reason)) ? ['released'] : [],
      };
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      // An automatic-capture intent succeeds at checkout: nothing happened outside Quokka.
      if (intent.capture_method !== 'manual') return 'not a manual-capture payment';
      return {
        paymentIntentId: intent.id,
        apply: async (trx, order) =>
          (await recordProviderCapture(trx, order, intent.amount_received)) ? ['captured'] : [],
      };
    }
    default:
      return `event type ${event.type} is not handled`;
  }
}

/** Handles one verified event, once. */
export async function handleStripeEvent(
  event: Stripe.Event,
  deps: StripeEventsDeps,
): Promise<StripeEventResult> {
  const plan = await planOf(event, deps);
  return deps.db.transaction().execute(async (trx): Promise<StripeEventResult> => {
    if (!(await claimWebhookEvent(trx, { provider: 'stripe', id: event.id, type: event.type }))) {
      return { handled: 'replay' };
    }
    if (typeof plan === 'string') return { handled: 'ignored', reason: plan };
    if (!plan.paymentIntentId) return { handled: 'ignored', reason: 'no payment intent' };
    const order = await lockOrderByPayment(trx, plan.paymentIntentId);
    if (!order) return { handled: 'ignored', reason: `no order paid by ${plan.paymentIntentId}` };
    return { handled: 'applied', orderId: order.id, changes: await plan.apply(trx, order) };
  });
}

/** The refunds of a charge, from Stripe's API. */
export function stripeRefundLister(secretKey: string): (chargeId: string) => Promise<Stripe.Refund[]> {
  const stripe = createStripeClient(secretKey);
  return async (chargeId) => {
    const refunds: Stripe.Refund[] = [];
    for await (const refund of stripe.refunds.list({ charge: chargeId, limit: 100 })) refunds.push(refund);
    return refunds;
  };
}

function logResult(log: FastifyBaseLogger, event: Stripe.Event, result: StripeEventResult) {
  log.info({ stripe_event: event.id, type: event.type, result }, `stripe event: ${result.handled}`);
}

export async function registerStripeWebhook(app: FastifyInstance, deps: StripeEventsDeps): Promise<void> {
  const { config } = deps;
  const listRefunds =
    deps.listRefunds ?? (config.STRIPE_SECRET_KEY ? stripeRefundLister(config.STRIPE_SECRET_KEY) : undefined);
  await app.register(async (scope) => {
    // The signature is over the exact bytes Stripe sent: this route takes its body raw, whatever its type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Signed by Stripe and sent from its few addresses: not counted against one address's request budget.
    scope.post(STRIPE_WEBHOOK_PATH, { config: { rateLimit: false } }, async (request, reply) => {
      const secret = config.STRIPE_WEBHOOK_SECRET;
      if (!secret) throw new NotFoundError('Stripe webhooks are not configured on this server.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') {
        throw new InvalidDataError('The request is not signed by Stripe (no Stripe-Signature).');
      }
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(raw, signature, secret);
      } catch {
        throw new InvalidDataError('The Stripe-Signature does not match this request.');
      }
      const result = await handleStripeEvent(event, { ...deps, listRefunds });
      logResult(request.log, event, result);
      return reply.status(204).send();
    });
  });
}
