import { formatCents } from '@quokka/contract/money';
import type { Db } from '../db/database.ts';
import { recordOrderEvent } from '../modules/orders/order-events.ts';
import type { OrderRefunds } from '../modules/orders/order-refunds.ts';

// [I15-webhooks] What Stripe's events change on an order, each in the event's transaction
// (stripe-events.ts). Money goes through the one refund path (modules/orders/order-refunds.ts), under
// the order's row lock (SELECT … FOR UPDATE) every refund takes, so a refund Quokka made itself is on
// record, with its provider refund id, before this looks for it; and what is refunded never exceeds what
// was captured (the orders CHECK holds it too). Nothing here writes a module's tables itself: the
// timeline's events through modules/orders.

export interface LockedOrder {
  id: number;
  increment_id: string;
  payment_state: string;
  captured_cents: number;
  refunded_cents: number;
}

/** The order a payment intent paid for, locked until the transaction ends; undefined when not ours. */
export function lockOrderByPayment(db: Db, paymentIntentId: string): Promise<LockedOrder | undefined> {
  return db
    .selectFrom('orders')
    .select(['id', 'increment_id', 'payment_state', 'captured_cents', 'refunded_cents'])
    .where('payment_id', '=', paymentIntentId)
    .forUpdate()
    .executeTakeFirst();
}

async function hasEvent(db: Db, orderId: number, type: string): Promise<boolean> {
  const row = await db
    .selectFrom('order_events')
    .select('id')
    .where('order_id', '=', orderId)
    .where('type', '=', type)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ProviderRefundInput {
  id: string;
  amountCents: number;
  reason: string | null;
}

export type RefundOutcome =
  | { outcome: 'recorded'; amountCents: number }
  | { outcome: 'known' }
  | { outcome: 'nothing_left'; providerAmountCents: number };

/**
 * [I15-webhooks] A refund made at Stripe (its dashboard, or its API by someone else): recorded once per
 * refund id through the one refund path (order_refunds of source 'provider', the order's refunded total
 * never above what was captured, its payment state, the ledger), with a 'provider_refund' event by
 * 'stripe'. `order` must be locked (lockOrderByPayment) in this transaction.
 */
export async function recordProviderRefund(
  db: Db,
  refunds: OrderRefunds,
  order: LockedOrder,
  refund: ProviderRefundInput,
  at: Date,
): Promise<RefundOutcome> {
  const given = await refunds.giveBack(db, {
    orderId: order.id,
    what: { kind: 'at_provider', providerRefundId: refund.id, cents: refund.amountCents },
    source: 'provider',
    key: `stripe:${refund.id}`,
    restock: false,
    reason: refund.reason ?? 'Refunded at Stripe',
    staffId: null,
    at,
  });
  if (given.replayed) return { outcome: 'known' };
  if (given.refundId === null) return { outcome: 'nothing_left', providerAmountCents: refund.amountCents };
  const amount = given.amountCents;
  const capped = amount < refund.amountCents;
  await recordOrderEvent(db, {
    orderId: order.id,
    type: 'provider_refund',
    actor: 'stripe',
    summary: capped
      ? `Refunded ${formatCents(refund.amountCents)} at Stripe; ${formatCents(amount)} recorded (the rest was already refunded)`
      : `Refunded ${formatCents(amount)} at Stripe`,
    data: {
      refund_id: refund.id,
      amount_cents: amount,
      provider_amount_cents: refund.amountCents,
      reason: refund.reason,
    },
  });
  return { outcome: 'recorded', amountCents: amount };
}

export interface DisputeInput {
  id: string;
  amountCents: number;
  reason: string;
  status: string;
}

/** [I15-webhooks] A chargeback opened or closed at Stripe, on the order's timeline. */
export async function recordDispute(
  db: Db,
  order: LockedOrder,
  dispute: DisputeInput,
  stage: 'opened' | 'closed',
): Promise<void> {
  const reason = dispute.reason.replaceAll('_', ' ');
  await recordOrderEvent(db, {
    orderId: order.id,
    type: stage === 'opened' ? 'dispute_opened' : 'dispute_closed',
    actor: 'stripe',
    summary:
      stage === 'opened'
        ? `Dispute opened at Stripe: ${formatCents(dispute.amountCents)}, reason: ${reason}`
        : `Dispute closed at Stripe: ${dispute.status.replaceAll('_', ' ')} (${formatCents(dispute.amountCents)})`,
    data: {
      dispute_id: dispute.id,
      amount_cents: dispute.amountCents,
      reason: dispute.reason,
      status: dispute.status,
    },
  });
}

/**
 * [I15-webhooks] Stripe released the authorisation (cancelled outside Quokka, or it lapsed): a
 * 'payment_released' event unless the order's payment is released already (by Quokka, which wrote its own
 * event). The order's own state is the back office's to change. Answers whether an event was written.
 */
export async function recordProviderRelease(
  db: Db,
  order: LockedOrder,
  cancellationReason: string | null,
): Promise<boolean> {
  if (order.payment_state === 'released' || (await hasEvent(db, order.id, 'payment_released'))) return false;
  await recordOrderEvent(db, {
    orderId: order.id,
    type: 'payment_released',
    actor: 'stripe',
    summary: cancellationReason
      ? `The card authorisation was released at Stripe (${cancellationReason.replaceAll('_', ' ')})`
      : 'The card authorisation was released at Stripe',
    data: { cancellation_reason: cancellationReason },
  });
  return true;
}

/**
 * [I15-webhooks] A manual-capture payment captured at Stripe, outside Quokka: a 'payment_captured' event by
 * 'stripe' unless Quokka captured it (the order's payment is past 'authorised', or its capture is on the
 * timeline). The order's status and money are the back office's to change. Answers whether an event was
 * written.
 */
export async function recordProviderCapture(
  db: Db,
  order: LockedOrder,
  amountCents: number,
): Promise<boolean> {
  if (order.payment_state !== 'authorised' || (await hasEvent(db, order.id, 'payment_captured')))
    return false;
  await recordOrderEvent(db, {
    orderId: order.id,
    type: 'payment_captured',
    actor: 'stripe',
    summary: `Captured ${formatCents(amountCents)} at Stripe (outside Quokka)`,
    data: { amount_cents: amountCents },
  });
  return true;
}
