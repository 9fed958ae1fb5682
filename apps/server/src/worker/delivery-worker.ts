import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { BusinessIdentity } from '@quokka/contract/business-identity';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { validUntilOnSend } from '../modules/giftcards/gift-card-validity.ts';
import { isQuietHour, nextSendableInstant } from '../modules/giftcards/quiet-hours.ts';
import type { MessageLookup } from '../modules/messages/message-lookup.ts';
import {
  definedOnly,
  describeError,
  SENDER_DEFAULTS,
  type WorkerLog,
  withTimeout,
} from '../modules/messages/outbox.ts';
import { recordShopperMessage, type SentMessageRecord } from '../modules/messages/shopper-messages.ts';
import type { MessagingProvider } from '../providers/messaging/messaging-provider.ts';
import {
  claimNext,
  type DeliveryCard,
  type DeliveryRow,
  deliveryCard,
  deliveryOf,
  failDelivery,
  finishDelivery,
  giftCardOrigin,
  type MessageKind,
  recordIntent,
  recordMessage,
  requeueDelivery,
} from './delivery-repository.ts';
import {
  formatValidUntil,
  giftCardMmsBody,
  mmsPictureUrl,
  mmsReference,
  receiptReference,
  receiptSmsBody,
} from './gift-card-message.ts';
import { createPollLoop, type PollLoop } from './poll-loop.ts';

// The gift card delivery worker ([GIFT-01], [GIFT-02], DECISIONS.md "Gift cards"; docs/gift-cards.md).
// It claims due sends from PostgreSQL one at a time and sends each card's picture message and the
// purchaser's receipt exactly once:
// 1. the claim (status 'sending', a lease, an owner token) commits before anything is sent;
// 2. each message's intent commits before its provider call, its provider id right after;
// 3. a message whose intent is on record but whose id is not (the worker died, or the call failed in a
//    way that may have sent it) is looked up at the provider by the card's reference before it is ever
//    sent again;
// 4. provider failures are retried with exponential backoff, up to a limit, then the send is 'failed'.
// Nothing is sent from 20:00 to 06:00 in the card's zone ([CONST-27]): such a claim goes back to the
// queue until 06:00 there.

export type { WorkerLog };

export interface DeliveryWorkerOptions {
  db: Db;
  clock: Clock;
  messaging: MessagingProvider;
  lookup: MessageLookup;
  /** Base of the picture URLs and shop links in messages (PUBLIC_URL, or the server's address). */
  publicUrl: string;
  /** [I11-13] The storefront and operator the picture message says it comes from. */
  storeName: string;
  identity: BusinessIdentity;
  log: WorkerLog;
  /** How long a claim is the claimant's; past it the send is presumed abandoned. */
  leaseMs?: number;
  /** A provider call that takes longer counts as failed (it may still have sent: the retry looks first). */
  providerTimeoutMs?: number;
  /** Idle time between looks at the queue. */
  pollMs?: number;
  /** Attempts before a send is given up as 'failed'. */
  maxAttempts?: number;
  /** The first retry's delay; each later one doubles, up to backoffMaxMs. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Names this worker in lease owners and logs. */
  workerId?: string;
}

/** Defaults: the outbox's (modules/messages/outbox.ts), polled every second. */
export const WORKER_DEFAULTS = {
  leaseMs: SENDER_DEFAULTS.leaseMs,
  providerTimeoutMs: SENDER_DEFAULTS.providerTimeoutMs,
  pollMs: 1_000,
  maxAttempts: SENDER_DEFAULTS.maxAttempts,
  backoffBaseMs: SENDER_DEFAULTS.backoffBaseMs,
  backoffMaxMs: SENDER_DEFAULTS.backoffMaxMs,
} as const;

type HandleOutcome = 'sent' | 'deferred' | 'retry' | 'failed' | 'lost';

/** The gift card deliveries as one job of the worker's poll loop (poll-loop.ts). */
export function giftCardDeliveryJob(options: DeliveryWorkerOptions) {
  const settings = { ...WORKER_DEFAULTS, ...definedOnly(options) };
  const { db, clock, messaging, lookup, log } = options;
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let stopRequested = false;

  const backoffMs = (attempts: number) =>
    Math.min(settings.backoffBaseMs * 2 ** Math.max(0, attempts - 1), settings.backoffMaxMs);

  /** [I15-messages] On the card's page; bookkeeping that fails never makes the message go again. */
  const recordSent = (message: SentMessageRecord) =>
    recordShopperMessage(db, messaging, message, clock.now()).catch((error: unknown) =>
      log.error(
        { card_id: message.giftCardId, err: describeError(error) },
        'gift card: sent, but not recorded in sent_messages',
      ),
    );

  /** Sends one message of the card exactly once; false when the claim was lost meanwhile. */
  async function deliverMessage(
    claim: DeliveryRow,
    owner: string,
    kind: MessageKind,
    send: () => Promise<string>,
    query: Parameters<MessageLookup['findSent']>[0],
    record: { purpose: 'gift_card' | 'gift_card_receipt'; orderId: number | null },
    validUntil?: Date,
  ): Promise<boolean> {
    const intentAt = kind === 'mms' ? claim.mms_intent_at : claim.receipt_intent_at;
    // An earlier attempt recorded its intent but not its result: it may have sent. Ask first.
    let messageId = intentAt ? await lookup.findSent(query) : undefined;
    if (messageId) {
      log.warn(
        { card_id: claim.card_id, kind, provider_message_id: messageId },
        'gift card: found the message an earlier attempt sent; not sending it again',
      );
    } else {
      const now = clock.now();
      if (!(await recordIntent(db, { cardId: claim.card_id, owner, kind, now, validUntil }))) return false;
      messageId = await withTimeout(send(), settings.providerTimeoutMs);
    }
    await recordSent({
      to: query.to,
      kind: query.kind,
      purpose: record.purpose,
      orderId: record.orderId,
      giftCardId: claim.card_id,
      providerMessageId: messageId,
    });
    return recordMessage(db, { cardId: claim.card_id, owner, kind, messageId, now: clock.now() });
  }

  async function deliver(
    claim: DeliveryRow,
    card: DeliveryCard,
    owner: string,
    zone: string,
  ): Promise<boolean> {
    const now = clock.now();
    let validUntil = card.valid_until ?? validUntilOnSend(null, now, zone);
    if (!claim.mms_message_id) {
      // [GIFT-03] 3 years from the actual send, when that is later than the schedule said.
      validUntil = validUntilOnSend(card.valid_until, now, zone);
      const body = giftCardMmsBody(
        card,
        await giftCardOrigin(db, card),
        { publicUrl: options.publicUrl, storeName: options.storeName, identity: options.identity },
        formatValidUntil(validUntil, zone),
        claim.delivery_key,
      );
      const picture = card.mms_template_url;
      const kept = await deliverMessage(
        claim,
        owner,
        'mms',
        async () =>
          picture
            ? (
                await messaging.sendMms(
                  card.recipient_mobile,
                  body,
                  mmsPictureUrl(picture, options.publicUrl),
                )
              ).providerMessageId
            : (await messaging.sendSms(card.recipient_mobile, body)).providerMessageId,
        {
          to: card.recipient_mobile,
          kind: picture ? 'mms' : 'sms',
          reference: mmsReference(claim.delivery_key),
        },
        { purpose: 'gift_card', orderId: card.order_id },
        validUntil,
      );
      if (!kept) return false;
      log.info({ card_id: card.id }, 'gift card: picture message sent');
    }
    if (!claim.receipt_message_id) {
      const body = receiptSmsBody(card, formatValidUntil(validUntil, zone), claim.delivery_key);
      const kept = await deliverMessage(
        claim,
        owner,
        'receipt',
        async () => (await messaging.sendSms(card.purchaser_mobile, body)).providerMessageId,
        { to: card.purchaser_mobile, kind: 'sms', reference: receiptReference(claim.delivery_key) },
        { purpose: 'gift_card_receipt', orderId: card.order_id },
      );
      if (!kept) return false;
    }
    return finishDelivery(db, { cardId: card.id, owner, now: clock.now() });
  }

  async function handle(claim: DeliveryRow): Promise<HandleOutcome> {
    const owner = claim.lease_owner ?? '';
    const card = await deliveryCard(db, claim.card_id);
    if (!card) return 'lost';
    const zone = card.delivery_timezone ?? DEFAULT_TIMEZONE;
    const now = clock.now();
    if (isQuietHour(now, zone)) {
      // [CONST-27] Not now: 06:00 in the card's zone, and this claim was no attempt.
      const nextAttemptAt = nextSendableInstant(now, zone);
      await requeueDelivery(db, { cardId: card.id, owner, now, nextAttemptAt, uncount: true });
      log.info(
        { card_id: card.id, zone, until: nextAttemptAt.toISOString() },
        'gift card: quiet hours, deferred',
      );
      return 'deferred';
    }
    try {
      if (await deliver(claim, card, owner, zone)) return 'sent';
      log.warn(
        { card_id: card.id, worker: id },
        'gift card: claim lost to another worker; leaving the send to it',
      );
      return 'lost';
    } catch (error) {
      const reason = describeError(error);
      const at = clock.now();
      if (claim.attempts >= settings.maxAttempts) {
        if (claim.mms_message_id || (await deliveryOf(db, card.id))?.mms_message_id) {
          // The card itself went out; only the receipt could not be sent.
          await finishDelivery(db, { cardId: card.id, owner, now: at, note: `receipt not sent: ${reason}` });
          log.error(
            { card_id: card.id, attempts: claim.attempts, err: reason },
            'gift card: receipt not sent, given up',
          );
          return 'sent';
        }
        await failDelivery(db, { cardId: card.id, owner, now: at, error: reason });
        log.error(
          { card_id: card.id, attempts: claim.attempts, err: reason },
          'gift card: delivery FAILED after the last attempt; needs an operator',
        );
        return 'failed';
      }
      const nextAttemptAt = nextSendableInstant(new Date(at.getTime() + backoffMs(claim.attempts)), zone);
      await requeueDelivery(db, { cardId: card.id, owner, now: at, nextAttemptAt, error: reason });
      log.warn(
        { card_id: card.id, attempts: claim.attempts, retry_at: nextAttemptAt.toISOString(), err: reason },
        'gift card: provider failed, will retry',
      );
      return 'retry';
    }
  }

  async function runOnce(): Promise<number> {
    stopRequested = false;
    let handled = 0;
    while (!stopRequested) {
      const now = clock.now();
      const owner = `${id}:${randomBytes(6).toString('hex')}`;
      const claim = await claimNext(db, {
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

  return {
    id,
    name: 'gift-card-deliveries',
    everyMs: settings.pollMs,
    runOnce,
    stop() {
      stopRequested = true;
    },
  };
}

/** The gift card deliveries on a poll loop of their own (tests; the worker runs them in its one loop). */
export function createDeliveryWorker(options: DeliveryWorkerOptions): PollLoop & { id: string } {
  const job = giftCardDeliveryJob(options);
  return createPollLoop({ id: job.id, jobs: [job], log: options.log });
}
