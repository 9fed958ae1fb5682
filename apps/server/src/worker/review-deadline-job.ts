import type { OrderReview } from '../modules/orders/order-review.ts';
import { type DeliveryWorker, describeError, type WorkerLog } from './delivery-worker.ts';

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

export function createReviewDeadlineJob(options: ReviewDeadlineJobOptions): DeliveryWorker {
  const { review, log } = options;
  const pollMs = options.pollMs ?? 60_000;
  const id = 'review-deadline';
  let stopRequested = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  /** One pass; answers how many orders it flagged or refused. */
  async function runOnce(): Promise<number> {
    const flagged = await review.flagWaiting(options.flagHours);
    const refused = await review.refuseExpired();
    return flagged + refused;
  }

  const tick = async (): Promise<void> => {
    try {
      await runOnce();
    } catch (error) {
      log.error({ err: describeError(error) }, 'review deadline job: could not run');
    }
    if (!stopRequested) timer = setTimeout(() => (running = tick()), pollMs);
  };

  return {
    id,
    runOnce,
    start() {
      stopRequested = false;
      running = tick();
    },
    async stop() {
      stopRequested = true;
      clearTimeout(timer);
      await running;
    },
  };
}
