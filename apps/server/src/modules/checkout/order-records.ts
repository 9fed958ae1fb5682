import {
  lockOrderForReview,
  orderStockLines,
  pendingOrdersDueBy,
  recordLineRefund,
  recordOrderRefund,
  recordOrderStatus,
  recordReviewDecision,
} from './checkout-repository.ts';

// The order's rows as other modules write them after checkout. Orders and their lines are checkout's
// tables (scripts/check-boundaries.mjs TABLE_OWNERS): the review (modules/orders/order-review.ts, run by
// the worker's poll loop too) and the back office's fulfilment ask through these records, each write in
// the caller's transaction, and never write the tables themselves.

/**
 * [I15-review] The orders' rows as the review (modules/orders/order-review.ts) reads and writes them, each
 * in the caller's transaction: orders are checkout's tables, the review asks through here.
 */
export const orderReviewRecords = {
  lock: lockOrderForReview,
  decide: recordReviewDecision,
  stockLines: orderStockLines,
  pendingDueBy: pendingOrdersDueBy,
};

/** [I15] The writes of an order's life after review: fulfilment status, refunds (under the order row lock). */
export const orderRecords = {
  status: recordOrderStatus,
  lineRefund: recordLineRefund,
  refund: recordOrderRefund,
};
