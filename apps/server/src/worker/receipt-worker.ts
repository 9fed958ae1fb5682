import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { BusinessIdentity } from '@quokka/contract/business-identity';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { recordShopperMessage, type SentMessageRecord } from '../modules/messages/shopper-messages.ts';
import type { MessagingProvider } from '../providers/messaging/messaging-provider.ts';
import {
  type DeliveryWorker,
  definedOnly,
  describeError,
  WORKER_DEFAULTS,
  type WorkerLog,
  withTimeout,
} from './delivery-worker.ts';
import type { MessageLookup } from './message-lookup.ts';
import { orderReceiptReference, orderReceiptSmsBody } from './order-receipt-message.ts';
import {
  claimNextReceipt,
  failReceipt,
  finishReceipt,
  type ReceiptRow,
  receiptOrder,
  recordReceiptIntent,
  requeueReceipt,
} from './receipt-repository.ts';

// [I11-11] The order receipt worker: each paid order's receipt text, sent exactly once, the way the gift
// card worker sends (delivery-worker.ts, docs/gift-cards.md "Exactly once"):
// 1. the claim (status 'sending', a lease, an owner token) commits before anything is sent;
// 2. the intent commits before the provider call, the provider's id right after;
// 3. a receipt whose intent is on record but whose id is not (the worker died, or the call failed in a way
//    that may have sent it) is looked up at the provider by its reference before it is ever sent again;
// 4. provider failures are retried with exponential backoff, up to a limit, then the receipt is 'failed'.
// Unlike a gift card it is not held in quiet hours: the shopper has just paid and waits for it.

export interface ReceiptWorkerOptions {
  db: Db;
  clock: Clock;
  messaging: MessagingProvider;
  lookup: MessageLookup;
  /** The storefront's address for the order link (PUBLIC_URL, or the server's address). */
  publicUrl: string;
  storeName: string;
  identity: BusinessIdentity;
  log: WorkerLog;
  leaseMs?: number;
  providerTimeoutMs?: number;
  pollMs?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  workerId?: string;
}

export function createReceiptWorker(options: ReceiptWorkerOptions): DeliveryWorker {
  const settings = { ...WORKER_DEFAULTS, ...definedOnly(options) };
  const { db, clock, messaging, lookup, log } = options;
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let stopRequested = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  /** [I15-messages] On the order's timeline; bookkeeping that fails never makes the text go again. */
  const recordSent = (message: SentMessageRecord, details: object) =>
    recordShopperMessage(db, messaging, message, clock.now()).catch((error: unknown) =>
      log.error(
        { ...details, err: describeError(error) },
        'receipt: sent, but not recorded in sent_messages',
      ),
    );

  const backoffMs = (attempts: number) =>
    Math.min(settings.backoffBaseMs * 2 ** Math.max(0, attempts - 1), settings.backoffMaxMs);

  /** Sends the receipt once; false when the claim was lost meanwhile (another worker has it). */
  async function deliver(claim: ReceiptRow, owner: string): Promise<boolean> {
    const orderId = claim.order_id;
    const reference = orderReceiptReference(claim.delivery_key);
    // An earlier attempt recorded its intent but not its result: it may have sent. Ask first.
    let messageId = claim.intent_at
      ? await lookup.findSent({ to: claim.to_mobile, kind: 'sms', reference })
      : undefined;
    if (messageId) {
      log.warn(
        { order_id: orderId, provider_message_id: messageId },
        'receipt: found the text an earlier attempt sent; not sending it again',
      );
    } else {
      const order = await receiptOrder(db, orderId);
      if (!order) throw new Error(`order ${orderId} not found`);
      const body = orderReceiptSmsBody({
        order,
        storeName: options.storeName,
        identity: options.identity,
        publicUrl: options.publicUrl,
        deliveryKey: claim.delivery_key,
      });
      if (!(await recordReceiptIntent(db, { orderId, owner, now: clock.now() }))) return false;
      messageId = (await withTimeout(messaging.sendSms(claim.to_mobile, body), settings.providerTimeoutMs))
        .providerMessageId;
    }
    await recordSent(
      { to: claim.to_mobile, kind: 'sms', purpose: 'order_receipt', orderId, providerMessageId: messageId },
      { order_id: orderId },
    );
    return finishReceipt(db, { orderId, owner, messageId, now: clock.now() });
  }

  async function handle(claim: ReceiptRow): Promise<void> {
    const owner = claim.lease_owner ?? '';
    const orderId = claim.order_id;
    try {
      if (await deliver(claim, owner)) {
        log.info({ order_id: orderId }, 'receipt: sent');
        return;
      }
      log.warn({ order_id: orderId, worker: id }, 'receipt: claim lost to another worker; leaving it to it');
    } catch (error) {
      const reason = describeError(error);
      const now = clock.now();
      if (claim.attempts >= settings.maxAttempts) {
        await failReceipt(db, { orderId, owner, now, error: reason });
        log.error(
          { order_id: orderId, attempts: claim.attempts, err: reason },
          'receipt: not sent, given up',
        );
        return;
      }
      const nextAttemptAt = new Date(now.getTime() + backoffMs(claim.attempts));
      await requeueReceipt(db, { orderId, owner, now, nextAttemptAt, error: reason });
      log.warn(
        { order_id: orderId, attempts: claim.attempts, retry_at: nextAttemptAt.toISOString(), err: reason },
        'receipt: provider failed, will retry',
      );
    }
  }

  async function runOnce(): Promise<number> {
    let handled = 0;
    while (!stopRequested) {
      const now = clock.now();
      const owner = `${id}:${randomBytes(6).toString('hex')}`;
      const claim = await claimNextReceipt(db, {
        owner,
        now,
        leaseUntil: new Date(now.getTime() + settings.leaseMs),
      });
      if (!claim) break;
      await handle(claim);
      handled += 1;
    }
    return handled;
  }

  const tick = async (): Promise<void> => {
    try {
      await runOnce();
    } catch (error) {
      log.error({ err: describeError(error), worker: id }, 'receipt worker: could not read the queue');
    }
    if (!stopRequested) timer = setTimeout(() => (running = tick()), settings.pollMs);
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
