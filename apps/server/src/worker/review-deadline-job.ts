import type { WorkerLog } from '../modules/messages/outbox.ts';
import type { OrderReview } from '../modules/orders/order-review.ts';
import type { PeriodicJob } from './poll-loop.ts';

// [I15-deadline] The review deadline job (DECISIONS.md "After checkout"; docs/order-review.md). Every
// minute, in every worker process:
// 1. each order waiting for review longer than REVIEW_FLAG_HOURS gets one 'review_flagged' event (the
//    unique index order_events_review_flagged_once makes it one, however many processes run this);
// 2. each order still pending when its capture_by (placed + 6 days, before the card network's 7-day
//    expiry) has come is refused and released, "Not reviewed in time", and the shopper texted — through
//    the same refuse as an operator's, which locks the order row and acts only on a pending order, so two
//    processes never refuse (or text) twice.

export interface ReviewDeadlineJobOptions {
  review: Pick<OrderReview, 'flagWaiting' | 'refuseExpired'>;
  flagHours: number;
  log: WorkerLog;
  /** Idle time between runs. */
  pollMs?: number;
}

export function createReviewDeadlineJob(options: ReviewDeadlineJobOptions): PeriodicJob {
  const { review } = options;
  const pollMs = options.pollMs ?? 60_000;
  /** One pass; answers how many orders it flagged or refused. */
  async function runOnce(): Promise<number> {
    const flagged = await review.flagWaiting(options.flagHours);
    const refused = await review.refuseExpired();
    return flagged + refused;
  }

  return { name: 'review-deadline', everyMs: pollMs, runOnce };
}
