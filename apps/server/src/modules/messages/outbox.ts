import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type Selectable, sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { SentMessageTable } from '../../db/schema.ts';
import type { MessagingProvider } from '../../providers/messaging/messaging-provider.ts';
import { sandboxDeliveryStatus } from '../../providers/messaging/sandbox-messaging.ts';
import type { MessageLookup } from './message-lookup.ts';

// The outbox (docs/architecture.md "Outbox"): every text or picture message is a `sent_messages` row
// written IN THE TRANSACTION of the change that causes it (enqueueMessage), so a committed change always
// has its message and a rolled-back one never does. One sender then sends each row exactly once, the way
// the gift card worker always has (worker/delivery-worker.ts):
// 1. the claim (send_state 'sending', a lease, an owner token) commits before anything is sent;
// 2. the intent (intent_at, one statement for the claimed batch) commits before any provider call, each
//    row's provider id and first status right after its call (the batch's calls go side by side); every write after the claim is conditional on the owner token, so a sender that lost its lease
//    (it was presumed dead) never overwrites what the one that took over recorded;
// 3. a row whose intent is on record but whose result is not (the process died, or the call failed in a
//    way that may have sent it) is looked up at the provider by its reference before it is ever sent
//    again: the row's own reference line when its text has one (the receipt's 'Ref O-<key>'), otherwise
//    its whole text to that number;
// 4. provider failures go back to the queue with exponential backoff (the row shows 'failed',
//    'send_failed' meanwhile, as the timeline always showed a failed text), up to a limit, then the row
//    is given up as send_state 'failed' for an operator to see.
// A purpose with quiet hours (its row carries quiet_zone) is never sent in them: the claim goes back to
// the queue until they end and does not count as an attempt.
// The same sender serves the background worker (runOnce: every due row) and a request that wants its
// message out before it answers (sendNow: the rows it just committed; anything left is the worker's).

export type OutboxRow = Selectable<SentMessageTable>;

export interface OutboxMessage {
  to: string;
  kind: 'sms' | 'mms';
  purpose: string;
  /** The text, or `render`: the renderer that writes it when it goes. */
  body?: string;
  mediaUrl?: string;
  render?: string;
  orderId?: number | null;
  giftCardId?: number | null;
  /** Unique: enqueueing the same key again answers the row already there and queues nothing. */
  key: string;
  /** The earliest it may go (now by default). */
  notBefore?: Date;
  /** The zone whose quiet hours hold it, for a purpose that has them. */
  quietZone?: string;
}

/**
 * Queues a message in the caller's transaction; answers its sent_messages.id (the row already there when
 * the key was queued before).
 */
export async function enqueueMessage(db: Db, message: OutboxMessage, now: Date): Promise<number> {
  const id = await insertMessage(db, message, now);
  if (id !== undefined) return id;
  const existing = await db
    .selectFrom('sent_messages')
    .select('id')
    .where('idempotency_key', '=', message.key)
    .executeTakeFirstOrThrow();
  return existing.id;
}

/** The insert: a row when the key is new, nothing when it was queued before (or by a racing transaction). */
async function insertMessage(db: Db, message: OutboxMessage, now: Date): Promise<number | undefined> {
  if (message.body === undefined && message.render === undefined)
    throw new Error(`outbox: message ${message.key} has neither a body nor a renderer`);
  const row = await db
    .insertInto('sent_messages')
    .values({
      provider: 'none',
      provider_message_id: `pending:${message.key}`,
      kind: message.kind,
      purpose: message.purpose,
      to_number: message.to,
      order_id: message.orderId ?? null,
      gift_card_id: message.giftCardId ?? null,
      status: 'queued',
      status_at: now,
      body: message.body ?? null,
      media_url: message.mediaUrl ?? null,
      render: message.render ?? null,
      idempotency_key: message.key,
      send_state: 'queued',
      next_attempt_at: message.notBefore ?? now,
      quiet_zone: message.quietZone ?? null,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Queues a message unless its key was queued before; answers the new row's id, or undefined. */
export function enqueueOnce(db: Db, message: OutboxMessage, now: Date): Promise<number | undefined> {
  return insertMessage(db, message, now);
}

/** The outbox row of a purpose about an order (the receipt's, in tests and the bench). */
export function outboxRowOf(
  db: Db,
  of: { purpose: string; orderId: number },
): Promise<OutboxRow | undefined> {
  return db
    .selectFrom('sent_messages')
    .selectAll()
    .where('purpose', '=', of.purpose)
    .where('order_id', '=', of.orderId)
    .orderBy('id')
    .executeTakeFirst();
}

export interface WorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What a renderer makes of a row: the text, its picture, and the reference a look-up searches for. */
export interface RenderedMessage {
  body: string;
  mediaUrl?: string | null;
  reference: string;
}

/** Writes the text of rows queued with `render` (they read what they need when the message goes). */
export type MessageRenderers = Record<string, (db: Db, row: OutboxRow) => Promise<RenderedMessage>>;

/** Quiet hours of a purpose that has them ([CONST-27]); handed in by the composition root. */
export interface QuietHours {
  isQuietHour(at: Date, zone: string): boolean;
  nextSendableInstant(at: Date, zone: string): Date;
}

export interface OutboxSenderOptions {
  db: Db;
  clock: Clock;
  messaging: MessagingProvider;
  lookup: MessageLookup;
  renderers?: MessageRenderers;
  quietHours?: QuietHours;
  log: WorkerLog;
  /** How long a claim is the claimant's; past it the send is presumed abandoned. */
  leaseMs?: number;
  /** A provider call that takes longer counts as failed (it may still have sent: the retry looks first). */
  providerTimeoutMs?: number;
  /** Attempts before a row is given up as 'failed'. */
  maxAttempts?: number;
  /** The first retry's delay; each later one doubles, up to backoffMaxMs. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Rows claimed at once (each is still sent and recorded on its own). */
  batchSize?: number;
  /** Only these purposes (a test of one kind); every purpose by default. */
  purposes?: readonly string[];
  /** Names this sender in lease owners and logs. */
  workerId?: string;
}

/** Defaults: the lease is ten times the provider timeout, so only a dead worker's lease ever runs out. */
export const SENDER_DEFAULTS = {
  leaseMs: 5 * 60_000,
  providerTimeoutMs: 30_000,
  maxAttempts: 8,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  batchSize: 20,
} as const;

export class ProviderTimeoutError extends Error {}

/** The provider's answer, or a ProviderTimeoutError after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new ProviderTimeoutError(`no answer from the provider within ${ms} ms`)),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const describeError = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** The options given, without the undefined ones (so defaults stay in force). */
export function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** sent_messages.provider: the sandbox outbox or Twilio. */
const providerName = (messaging: Pick<MessagingProvider, 'mode'>): 'sandbox' | 'twilio' =>
  messaging.mode === 'sandbox' ? 'sandbox' : 'twilio';

export type SendOutcome = 'sent' | 'deferred' | 'retry' | 'failed' | 'lost';

export interface OutboxSender {
  readonly id: string;
  /** Sends every row due now, a batch at a time; answers how many rows it handled. */
  runOnce(): Promise<number>;
  /** Sends these rows now if they are due and nobody has them (a request's own messages); never throws. */
  sendNow(ids: readonly number[]): Promise<void>;
  /** Stops runOnce after the row in hand. */
  stop(): void;
}

export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const settings = { ...SENDER_DEFAULTS, ...definedOnly(options) };
  const { db, clock, messaging, lookup, log } = options;
  const renderers = options.renderers ?? {};
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let stopRequested = false;

  const backoffMs = (attempts: number) =>
    Math.min(settings.backoffBaseMs * 2 ** Math.max(0, attempts - 1), settings.backoffMaxMs);

  /** Claims up to `limit` due rows (of `ids` only, when given) under one owner token. */
  function claim(owner: string, limit: number, ids?: readonly number[]): Promise<OutboxRow[]> {
    const now = clock.now();
    return db
      .updateTable('sent_messages')
      .set({
        send_state: 'sending',
        lease_owner: owner,
        lease_until: new Date(now.getTime() + settings.leaseMs),
        attempts: sql<number>`attempts + 1`,
      })
      .where('id', 'in', (eb) => {
        let due = eb
          .selectFrom('sent_messages')
          .select('id')
          .where((w) =>
            w.or([
              w.and([w('send_state', '=', 'queued'), w('next_attempt_at', '<=', now)]),
              w.and([w('send_state', '=', 'sending'), w('lease_until', '<=', now)]),
            ]),
          );
        if (ids) due = due.where('id', 'in', ids.length > 0 ? [...ids] : [-1]);
        if (options.purposes) due = due.where('purpose', 'in', [...options.purposes]);
        return due.orderBy('next_attempt_at').orderBy('id').limit(limit).forUpdate().skipLocked();
      })
      .returningAll()
      .execute()
      .then((rows) => rows.sort((a, b) => a.id - b.id));
  }

  const owned = (rowId: number, owner: string) =>
    db
      .updateTable('sent_messages')
      .where('id', '=', rowId)
      .where('lease_owner', '=', owner)
      .where('send_state', '=', 'sending');

  const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;

  async function render(row: OutboxRow): Promise<RenderedMessage> {
    if (row.render) {
      const renderer = renderers[row.render];
      if (!renderer) throw new Error(`outbox: no renderer '${row.render}'`);
      return renderer(db, row);
    }
    const body = row.body ?? '';
    return { body, mediaUrl: row.media_url, reference: body };
  }

  /** The provider's first word: Twilio's 'queued', or the sandbox's at-once outcome. */
  function firstStatus(to: string) {
    if (messaging.mode === 'sandbox') {
      const outcome = sandboxDeliveryStatus(to);
      return { status: outcome.status, error_code: outcome.errorCode };
    }
    return { status: 'queued' as const, error_code: null };
  }

  /**
   * Sends one claimed row exactly once (its batch's intent already committed); false when the claim was
   * lost meanwhile.
   */
  async function deliver(row: OutboxRow, owner: string): Promise<boolean> {
    const message = await render(row);
    // An earlier attempt recorded its intent but not its result: it may have sent. Ask first.
    let providerMessageId = row.intent_at
      ? await lookup.findSent({ to: row.to_number, kind: row.kind, reference: message.reference })
      : undefined;
    if (providerMessageId) {
      log.warn(
        { message_id: row.id, purpose: row.purpose, provider_message_id: providerMessageId },
        'outbox: found the message an earlier attempt sent; not sending it again',
      );
    } else {
      const sent =
        row.kind === 'mms'
          ? messaging.sendMms(row.to_number, message.body, message.mediaUrl ?? '')
          : messaging.sendSms(row.to_number, message.body);
      providerMessageId = (await withTimeout(sent, settings.providerTimeoutMs)).providerMessageId;
    }
    const now = clock.now();
    return changed(
      await owned(row.id, owner)
        .set({
          send_state: 'sent',
          provider: providerName(messaging),
          provider_message_id: providerMessageId,
          ...firstStatus(row.to_number),
          status_at: now,
          sent_at: now,
          lease_owner: null,
          lease_until: null,
        })
        .executeTakeFirst(),
    );
  }

  /** Back to the queue without it counting as an attempt: quiet hours until `until`, or a stop (now). */
  const release = (row: OutboxRow, owner: string, until?: Date) =>
    owned(row.id, owner)
      .set({
        send_state: 'queued',
        ...(until ? { next_attempt_at: until } : {}),
        attempts: sql<number>`attempts - 1`,
        lease_owner: null,
        lease_until: null,
      })
      .execute();

  /**
   * One claimed batch: rows in their quiet hours deferred; the intents of the rest committed in one
   * statement (before any provider call); then each sent and recorded, side by side (a provider call
   * takes a round trip to it: one at a time, one worker would send a few a second to Twilio).
   */
  async function processBatch(rows: readonly OutboxRow[], owner: string): Promise<void> {
    const now = clock.now();
    const due: OutboxRow[] = [];
    for (const row of rows) {
      const zone = row.quiet_zone;
      // [CONST-27] Not now: when its quiet hours end, and this claim was no attempt.
      if (zone && options.quietHours?.isQuietHour(now, zone))
        await release(row, owner, options.quietHours.nextSendableInstant(now, zone));
      else due.push(row);
    }
    const fresh = due.filter((row) => !row.intent_at).map((row) => row.id);
    const held =
      fresh.length === 0
        ? new Set<number>()
        : new Set(
            (
              await db
                .updateTable('sent_messages')
                .set({ intent_at: now })
                .where('id', 'in', fresh)
                .where('lease_owner', '=', owner)
                .where('send_state', '=', 'sending')
                .returning('id')
                .execute()
            ).map((row) => row.id),
          );
    // A row whose intent could not be recorded was taken over meanwhile (this claim's lease ran out).
    await Promise.all(
      due.filter((row) => row.intent_at || held.has(row.id)).map((row) => handle(row, owner)),
    );
  }

  async function handle(row: OutboxRow, owner: string): Promise<SendOutcome> {
    const zone = row.quiet_zone;
    try {
      if (await deliver(row, owner)) return 'sent';
      log.warn({ message_id: row.id, worker: id }, 'outbox: claim lost to another sender; leaving it to it');
      return 'lost';
    } catch (error) {
      const reason = describeError(error);
      const at = clock.now();
      const failedNow = { status: 'failed' as const, error_code: 'send_failed', status_at: at };
      if (row.attempts >= settings.maxAttempts) {
        await owned(row.id, owner)
          .set({
            send_state: 'failed',
            ...failedNow,
            last_error: reason,
            lease_owner: null,
            lease_until: null,
          })
          .execute();
        log.error(
          { message_id: row.id, purpose: row.purpose, attempts: row.attempts, err: reason },
          'outbox: message FAILED after the last attempt; needs an operator',
        );
        return 'failed';
      }
      let nextAttemptAt = new Date(at.getTime() + backoffMs(row.attempts));
      if (zone && options.quietHours)
        nextAttemptAt = options.quietHours.nextSendableInstant(nextAttemptAt, zone);
      await owned(row.id, owner)
        .set({
          send_state: 'queued',
          next_attempt_at: nextAttemptAt,
          ...failedNow,
          last_error: reason,
          lease_owner: null,
          lease_until: null,
        })
        .execute();
      log.warn(
        {
          message_id: row.id,
          purpose: row.purpose,
          attempts: row.attempts,
          retry_at: nextAttemptAt.toISOString(),
          err: reason,
        },
        'outbox: provider failed, will retry',
      );
      return 'retry';
    }
  }

  const newOwner = () => `${id}:${randomBytes(6).toString('hex')}`;

  return {
    id,
    async runOnce() {
      stopRequested = false;
      let handled = 0;
      while (!stopRequested) {
        const owner = newOwner();
        const rows = await claim(owner, settings.batchSize);
        if (rows.length === 0) break;
        if (stopRequested) {
          // Stopping: the batch goes back to the queue at once, and its claims were no attempt.
          for (const row of rows) await release(row, owner);
          break;
        }
        await processBatch(rows, owner);
        handled += rows.length;
      }
      return handled;
    },
    async sendNow(ids) {
      if (ids.length === 0) return;
      try {
        const owner = newOwner();
        await processBatch(await claim(owner, ids.length, ids), owner);
      } catch (error) {
        log.error({ err: describeError(error), ids }, 'outbox: could not send now; the worker will');
      }
    },
    stop() {
      stopRequested = true;
    },
  };
}
