import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { automationRenderers } from '../modules/campaigns/automation-renderer.ts';
import { AUTOMATION_PURPOSE } from '../modules/campaigns/automation-sends.ts';
import { createCampaignJob } from '../modules/campaigns/campaign-job.ts';
import { PGLITE_QUEUE_BATCH } from '../modules/campaigns/campaign-queue.ts';
import { sendRateFor } from '../modules/campaigns/campaign-rate.ts';
import { campaignRenderers } from '../modules/campaigns/campaign-renderer.ts';
import { CAMPAIGN_PURPOSE } from '../modules/campaigns/campaign-sends.ts';
import { createCartReminderJob } from '../modules/campaigns/cart-reminders.ts';
import { createStockAlertJob } from '../modules/campaigns/stock-alerts.ts';
import { createThankYouJob } from '../modules/campaigns/thank-you.ts';
import { isQuietHour, nextSendableInstant } from '../modules/giftcards/quiet-hours.ts';
import { type MessageLookup, OutboxLookup, TwilioLookup } from '../modules/messages/message-lookup.ts';
import { createOutboxSender, type OutboxSender, type WorkerLog } from '../modules/messages/outbox.ts';
import type { OrderReview } from '../modules/orders/order-review.ts';
import type { Providers } from '../providers/providers.ts';
import { createInvoiceJob } from './invoice-job.ts';
import type { JobPasses } from './job-passes.ts';
import { messageRenderers } from './order-receipt-message.ts';
import { createPollLoop, type PeriodicJob, type PollLoop } from './poll-loop.ts';
import { createReviewDeadlineJob } from './review-deadline-job.ts';
import { createStatementJob } from './statement-job.ts';

// One way to start the worker, for the server process (WORKER=1) and for `npm run worker` alike: the
// providers config chose, and the lookup that matches them. One poll loop (poll-loop.ts) runs its jobs:
// the outbox (every text and picture message, gift cards' included: modules/messages/outbox.ts), the
// review deadline, the weekly statements and the monthly tax invoices.

export interface StartWorkerDeps {
  config: Config;
  db: Db;
  clock: Clock;
  providers: Providers;
  /** Base of picture URLs: PUBLIC_URL, or the address the server listens on. */
  publicUrl: string;
  log: WorkerLog;
  /** [I26] Counts each job's passes (the sandbox's GET /dev/jobs.json shows them). */
  passes?: JobPasses;
}

/** What the worker's jobs call, built in services.ts: the order review the deadline job refuses through. */
export interface WorkerServices {
  orderReview: Pick<OrderReview, 'flagWaiting' | 'refuseExpired'>;
}

export function lookupFor(config: Config, providers: Providers): MessageLookup {
  if (providers.outbox) return new OutboxLookup(providers.outbox);
  return new TwilioLookup({
    accountSid: config.TWILIO_ACCOUNT_SID ?? '',
    authToken: config.TWILIO_AUTH_TOKEN ?? '',
  });
}

/**
 * The outbox's sender with the app's renderers and quiet hours: the worker's and the server's (services.ts).
 * [I29] It leaves campaign texts to the campaign sender, so a campaign never holds up receipts or codes.
 */
export function outboxSenderFor(
  deps: Omit<StartWorkerDeps, 'log'> & { log: WorkerLog },
  options: { workerId?: string } = {},
): OutboxSender {
  return createOutboxSender({
    db: deps.db,
    clock: deps.clock,
    messaging: deps.providers.messaging,
    lookup: lookupFor(deps.config, deps.providers),
    renderers: messageRenderers({
      storeName: deps.config.STORE_NAME,
      identity: deps.config.identity,
      publicUrl: deps.publicUrl,
    }),
    quietHours: { isQuietHour, nextSendableInstant },
    log: deps.log,
    // [I31] Automated texts are marketing too: the campaign sender's, at its rate.
    excludePurposes: [CAMPAIGN_PURPOSE, AUTOMATION_PURPOSE],
    ...options,
  });
}

/**
 * [I29] The campaign sender: only campaign texts, at SMS_SENDS_PER_SECOND across every process (the
 * send_rate table), with the campaign renderer (state, consent and the weekly cap checked at the claim).
 * [I31] It sends automated texts too, with the automation renderer (automation-renderer.ts).
 */
export function campaignSenderFor(
  deps: Omit<StartWorkerDeps, 'log'> & { log: WorkerLog },
  options: { workerId?: string; batchSize?: number } = {},
): OutboxSender {
  return createOutboxSender({
    db: deps.db,
    clock: deps.clock,
    messaging: deps.providers.messaging,
    lookup: lookupFor(deps.config, deps.providers),
    renderers: {
      ...campaignRenderers({
        publicUrl: deps.publicUrl,
        perWeek: deps.config.MARKETING_TEXTS_PER_WEEK,
        replyToBuyMaxCents: deps.config.REPLY_TO_BUY_MAX_CENTS,
      }),
      // [I31] Automated texts: the flow, STOP, consent, the cart's re-checks and the shared weekly cap.
      ...automationRenderers({ publicUrl: deps.publicUrl, perWeek: deps.config.MARKETING_TEXTS_PER_WEEK }),
    },
    quietHours: { isQuietHour, nextSendableInstant },
    log: deps.log,
    purposes: [CAMPAIGN_PURPOSE, AUTOMATION_PURPOSE],
    rate: sendRateFor(deps.db, deps.clock, deps.config.SMS_SENDS_PER_SECOND),
    batchSize: Math.min(20, deps.config.SMS_SENDS_PER_SECOND),
    ...options,
  });
}

/** The outbox as a job of the poll loop: every second, every due row. */
export function outboxJob(sender: OutboxSender, everyMs = 1_000): PeriodicJob {
  return { name: 'outbox', everyMs, runOnce: sender.runOnce, stop: sender.stop };
}

export function startWorker(deps: StartWorkerDeps, services: WorkerServices): PollLoop {
  if (!deps.config.PUBLIC_URL && deps.providers.messaging.mode === 'live') {
    deps.log.warn(
      { public_url: deps.publicUrl },
      'PUBLIC_URL is not set: picture messages point at this address, which the phone network may not reach',
    );
  }
  const outbox = outboxSenderFor(deps);
  const campaignOutbox = campaignSenderFor(deps, { workerId: `${outbox.id}:campaigns` });
  const { passes } = deps;
  const loop = createPollLoop({
    id: outbox.id,
    log: deps.log,
    ...(passes ? { onPass: (job: string) => passes.record(job) } : {}),
    jobs: [
      outboxJob(outbox),
      // [I29] Campaign texts at their own rate, and the job that starts and queues due campaigns.
      { ...outboxJob(campaignOutbox), name: 'campaign-outbox' },
      createCampaignJob({
        db: deps.db,
        clock: deps.clock,
        log: deps.log,
        // [I29] PGlite has one connection: short statements, so a checkout never waits long behind one.
        ...(deps.config.DATABASE_URL ? {} : { batch: PGLITE_QUEUE_BATCH }),
      }),
      // [I31] Texts that go by themselves (docs/automations.md): the cart left behind, the thank-you after
      // delivery, and back-in-stock asks past their 60 days. (A restock texts the waiting shoppers in its
      // own transaction; these passes queue the rest, which the campaign sender sends.)
      createCartReminderJob({ db: deps.db, clock: deps.clock, log: deps.log }),
      createThankYouJob({ db: deps.db, clock: deps.clock, log: deps.log }),
      createStockAlertJob({ db: deps.db, clock: deps.clock, log: deps.log }),
      // [I15-deadline] Flags orders waiting for review and refuses those past their capture deadline.
      createReviewDeadlineJob({
        review: services.orderReview,
        flagHours: deps.config.REVIEW_FLAG_HOURS,
        log: deps.log,
      }),
      // [I16-statements] Makes each seller's weekly statement once the Monday cut-off has passed.
      createStatementJob({
        db: deps.db,
        clock: deps.clock,
        log: deps.log,
        subscriptionCents: deps.config.SELLER_SUBSCRIPTION_CENTS,
      }),
      // [I16-invoices] Issues each seller's monthly tax invoice once, after the month ends.
      createInvoiceJob({ db: deps.db, clock: deps.clock, log: deps.log }),
    ],
  });
  loop.start();
  return loop;
}
