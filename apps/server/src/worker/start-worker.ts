import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { createCatalogService } from '../modules/catalog/catalog-service.ts';
import { orderReviewRecords } from '../modules/checkout/checkout-service.ts';
import { createShopperMessages } from '../modules/messages/shopper-messages.ts';
import { createOrderReview } from '../modules/orders/order-review.ts';
import type { Providers } from '../providers/providers.ts';
import { createDeliveryWorker, type DeliveryWorker, type WorkerLog } from './delivery-worker.ts';
import { createInvoiceJob } from './invoice-job.ts';
import { type MessageLookup, OutboxLookup, TwilioLookup } from './message-lookup.ts';
import { createReceiptWorker } from './receipt-worker.ts';
import { createReviewDeadlineJob } from './review-deadline-job.ts';
import { createStatementJob } from './statement-job.ts';

// One way to start the worker, for the server process (WORKER=1) and for `npm run worker` alike: the
// providers config chose, and the lookup that matches them. It works two queues: gift card deliveries
// and order receipts.

export interface StartWorkerDeps {
  config: Config;
  db: Db;
  clock: Clock;
  providers: Providers;
  /** Base of picture URLs: PUBLIC_URL, or the address the server listens on. */
  publicUrl: string;
  log: WorkerLog;
}

export function lookupFor(config: Config, providers: Providers): MessageLookup {
  if (providers.outbox) return new OutboxLookup(providers.outbox);
  return new TwilioLookup({
    accountSid: config.TWILIO_ACCOUNT_SID ?? '',
    authToken: config.TWILIO_AUTH_TOKEN ?? '',
  });
}

export function startDeliveryWorker(deps: StartWorkerDeps): DeliveryWorker {
  if (!deps.config.PUBLIC_URL && deps.providers.messaging.mode === 'live') {
    deps.log.warn(
      { public_url: deps.publicUrl },
      'PUBLIC_URL is not set: picture messages point at this address, which the phone network may not reach',
    );
  }
  const shared = {
    db: deps.db,
    clock: deps.clock,
    messaging: deps.providers.messaging,
    lookup: lookupFor(deps.config, deps.providers),
    publicUrl: deps.publicUrl,
    storeName: deps.config.STORE_NAME,
    identity: deps.config.identity,
    log: deps.log,
  };
  const workers = [
    createDeliveryWorker(shared),
    createReceiptWorker(shared),
    // [I15-deadline] Flags orders waiting for review and refuses those past their capture deadline.
    createReviewDeadlineJob({
      review: reviewFor(deps),
      flagHours: deps.config.REVIEW_FLAG_HOURS,
      log: deps.log,
    }),
    // [I16-statements] Makes each seller's weekly statement once the Monday cut-off has passed.
    createStatementJob({ db: deps.db, clock: deps.clock, log: deps.log }),
    // [I16-invoices] Issues each seller's monthly tax invoice once, after the month ends.
    createInvoiceJob({ db: deps.db, clock: deps.clock, log: deps.log }),
  ];
  for (const worker of workers) worker.start();
  return {
    id: workers[0]?.id ?? '',
    runOnce: async () =>
      (await Promise.all(workers.map((worker) => worker.runOnce()))).reduce((a, b) => a + b, 0),
    start: () => {
      for (const worker of workers) worker.start();
    },
    stop: async () => {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}

/** The order review the deadline job refuses through: the same as the server's (services.ts). */
export function reviewFor(deps: StartWorkerDeps) {
  return createOrderReview({
    db: deps.db,
    clock: deps.clock,
    payments: deps.providers.payments,
    messages: createShopperMessages({ db: deps.db, messaging: deps.providers.messaging }),
    orders: orderReviewRecords,
    inventory: createCatalogService(deps.db).inventory,
    storeName: deps.config.STORE_NAME,
    log: deps.log,
  });
}
