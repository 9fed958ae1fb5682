import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type Selectable, sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { SentMessageTable } from '../../db/schema.ts';
import type { MessagingProvider } from '../../providers/messaging/messaging-provider.ts';
import type { MessageLookup } from './message-lookup.ts';
import { firstStatus, messageProviderName } from './shopper-messages.ts';

// The outbox (docs/architecture.md "Outbox"): every text or picture message is a `sent_messages` row
// written IN THE TRANSACTION of the change that causes it (enqueueMessage), so a committed change always
// has its message and a rolled-back one never does. One sender then sends each row exactly once:
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
// A row queued with `render` is written by its renderer when it goes (before its intent is recorded, as of
// the intent's time, so a retry writes the same text): the renderer may also answer "not yet" (the claim
// goes back until then, no attempt) or "never" (the row is 'cancelled'), and may hand back what to record
// with the send (afterSend: run in the transaction that records the row sent, on the owner token, so it
// happens exactly once). A row that will never be sent (cancelMessages: a voided gift card's) is
// 'cancelled'; a sender that still holds its claim can record nothing over it.
// The same sender serves the background worker (runOnce: every due row) and a request that wants its
// message out before it answers (sendNow: the rows it just committed; anything left is the worker's).
// [I29] A sender may serve some purposes only, or all but some (the campaign sender and the main one), and
// may take its claims from a rate shared across processes (SendRate: slots of the current second).

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
  /** [I31] The automated text this row sends (modules/automations/automation-sends.ts). */
  automationSendId?: number | null;
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
      automation_send_id: message.automationSendId ?? null,
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
  /**
   * What the send changes besides the row (a gift card's validity, the next message it causes): run in
   * the transaction that records the row sent, only when this sender still holds the claim.
   */
  afterSend?: (trx: Db, sentAt: Date) => Promise<void>;
}

/** A renderer's answer: the message, or not yet (back to the queue until `wait`), or never (`stop`: why). */
export type RenderOutcome = RenderedMessage | { wait: Date } | { stop: string };

/**
 * Writes the text of rows queued with `render` (they read what they need when the message goes). `at` is
 * the send's intent time (the first attempt's, on a retry), so every attempt writes the same text.
 */
export type MessageRenderers = Record<string, (db: Db, row: OutboxRow, at: Date) => Promise<RenderOutcome>>;

/** Quiet hours of a purpose that has them ([CONST-27]); handed in by the composition root. */
export interface QuietHours {
  isQuietHour(at: Date, zone: string): boolean;
  nextSendableInstant(at: Date, zone: string): Date;
}

/** Slots of a send rate shared across processes (modules/campaigns/campaign-rate.ts). */
export interface SendRate {
  take(wanted: number): Promise<number>;
  giveBack(unused: number): Promise<void>;
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
  /** Only these purposes (a test of one kind, or the campaign sender); every purpose by default. */
  purposes?: readonly string[];
  /** Never these purposes (the main sender leaves campaign texts to their own rate-limited sender). */
  excludePurposes?: readonly string[];
  /**
   * A rate shared across processes ([I29] SMS_SENDS_PER_SECOND): before each claim the sender takes up
   * to the rows it wants and claims only what it was given (none: this pass ends); what it was given
   * and did not claim it gives back.
   */
  rate?: SendRate;
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

export type SendOutcome = 'sent' | 'deferred' | 'retry' | 'failed' | 'lost';

/**
 * Stops the unsent rows of these purposes about a gift card, in the caller's transaction: 'cancelled'
 * with the reason (other texts about the card, such as a void's refund text, still go). The
 * sender claims only 'queued' rows and 'sending' rows whose lease ran out, and records nothing on a row
 * that is no longer its 'sending' one, so a sender holding a claim neither records nor retries it (a
 * provider call already on its way cannot be called back). Answers how many rows were stopped.
 */
export async function cancelMessages(
  trx: Db,
  of: { giftCardId: number; purposes: readonly string[] },
  reason: string,
  now: Date,
): Promise<number> {
  const stopped = await trx
    .updateTable('sent_messages')
    .set({
      send_state: 'cancelled',
      last_error: reason,
      lease_owner: null,
      lease_until: null,
      status_at: now,
    })
    .where('gift_card_id', '=', of.giftCardId)
    .where('purpose', 'in', [...of.purposes])
    .where('send_state', 'in', ['queued', 'sending'])
    .executeTakeFirst();
  return Number(stopped.numUpdatedRows);
}

/** Moves a queued row's earliest send; false when it is no longer queued (being sent, sent or stopped). */
export async function moveMessage(trx: Db, key: string, notBefore: Date): Promise<boolean> {
  const moved = await trx
    .updateTable('sent_messages')
    .set({ next_attempt_at: notBefore })
    .where('idempotency_key', '=', key)
    .where('send_state', '=', 'queued')
    .executeTakeFirst();
  return moved.numUpdatedRows > 0n;
}

/**
 * Makes these queued rows due at `now` (those waiting for a later time that has stopped applying, such as
 * a gift card waiting for its order's approval); answers the ids made due. Rows already due, claimed or
 * done are left as they are.
 */
export async function wakeMessages(trx: Db, ids: readonly number[], now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const woken = await trx
    .updateTable('sent_messages')
    .set({ next_attempt_at: now })
    .where('id', 'in', [...ids])
    .where('send_state', '=', 'queued')
    .where('next_attempt_at', '>', now)
    .returning('id')
    .execute();
  return woken.map((row) => row.id);
}

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
        if (options.excludePurposes?.length)
          due = due.where('purpose', 'not in', [...options.excludePurposes]);
        return due.orderBy('next_attempt_at').orderBy('id').limit(limit).forUpdate().skipLocked();
      })
      .returningAll()
      .execute()
      .then((rows) => rows.sort((a, b) => a.id - b.id));
  }

  const owned = (rowId: number, owner: string, executor: Db = db) =>
    executor
      .updateTable('sent_messages')
      .where('id', '=', rowId)
      .where('lease_owner', '=', owner)
      .where('send_state', '=', 'sending');

  const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;

  async function render(row: OutboxRow, at: Date): Promise<RenderOutcome> {
    if (row.render) {
      const renderer = renderers[row.render];
      if (!renderer) throw new Error(`outbox: no renderer '${row.render}'`);
      return renderer(db, row, at);
    }
    const body = row.body ?? '';
    return { body, mediaUrl: row.media_url, reference: body };
  }

  /** Provider ids the outbox already holds for other rows to this number: never this row's message. */
  async function recordedFor(row: OutboxRow): Promise<string[]> {
    const rows = await db
      .selectFrom('sent_messages')
      .select('provider_message_id')
      .where('to_number', '=', row.to_number)
      .where('send_state', '=', 'sent')
      .where('id', '!=', row.id)
      .execute();
    return rows.map((other) => other.provider_message_id);
  }

  /**
   * Sends one claimed row exactly once (its batch's intent already committed); false when the claim was
   * lost meanwhile.
   */
  /**
   * The provider's id of the row's message: an earlier attempt's, found at the provider, or a new send's.
   */
  async function transmit(row: OutboxRow, message: RenderedMessage): Promise<string> {
    // An earlier attempt recorded its intent but not its result: it may have sent. Ask first (a message
    // of the same text recorded for another row, such as a resend of the same picture message, is not it).
    let providerMessageId = row.intent_at
      ? await lookup.findSent({
          to: row.to_number,
          kind: row.kind,
          reference: message.reference,
          exclude: await recordedFor(row),
        })
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
    return providerMessageId;
  }

  /** A message with an after-send step: recorded sent and the step run in one transaction. */
  async function recordWithStep(
    row: OutboxRow,
    message: RenderedMessage & { afterSend: NonNullable<RenderedMessage['afterSend']> },
    owner: string,
    providerMessageId: string,
  ): Promise<boolean> {
    const now = clock.now();
    const record = async (executor: Db) =>
      changed(
        await owned(row.id, owner, executor)
          .set({
            send_state: 'sent',
            provider: messageProviderName(messaging),
            provider_message_id: providerMessageId,
            ...firstStatus(messaging, row.to_number),
            status_at: now,
            sent_at: now,
            lease_owner: null,
            lease_until: null,
          })
          .executeTakeFirst(),
      );
    return db.transaction().execute(async (trx) => {
      if (!(await record(trx))) return false;
      await message.afterSend(trx, now);
      return true;
    });
  }

  /**
   * Records sent messages in one statement (one commit for several, where a statement per row cost a
   * commit each); answers the ids recorded. A row whose claim was lost meanwhile is left
   * alone (every write after the claim is conditional on the owner token).
   */
  async function recordSent(
    sent: readonly { row: OutboxRow; providerMessageId: string }[],
    owner: string,
  ): Promise<Set<number>> {
    if (sent.length === 0) return new Set();
    const now = clock.now();
    const values = sql.join(
      sent.map(({ row, providerMessageId }) => {
        const first = firstStatus(messaging, row.to_number);
        return sql`(${row.id}::int, ${providerMessageId}::text, ${first.status}::text, ${first.error_code}::text)`;
      }),
    );
    const recorded = await sql<{ id: number }>`
      update sent_messages as m set
        send_state = 'sent', provider = ${messageProviderName(messaging)}, provider_message_id = v.pmid,
        status = v.status, error_code = v.error_code, status_at = ${now}, sent_at = ${now},
        lease_owner = null, lease_until = null
      from (values ${values}) as v(id, pmid, status, error_code)
      where m.id = v.id and m.lease_owner = ${owner} and m.send_state = 'sending'
      returning m.id`.execute(db);
    return new Set(recorded.rows.map((row) => row.id));
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

  /** Never to be sent (its renderer said why): 'cancelled', unless the claim was lost meanwhile. */
  async function stopRow(row: OutboxRow, owner: string, reason: string) {
    await owned(row.id, owner)
      .set({
        send_state: 'cancelled',
        attempts: sql<number>`attempts - 1`,
        last_error: reason,
        status_at: clock.now(),
        lease_owner: null,
        lease_until: null,
      })
      .execute();
    log.info({ message_id: row.id, purpose: row.purpose, reason }, 'outbox: message stopped; never sent');
  }

  /**
   * Readies one claimed row: quiet hours and a renderer's "not yet" put it back (no attempt), its "never"
   * stops it; a renderer that fails counts as a failed attempt. Answers the message to send, or undefined.
   */
  async function ready(row: OutboxRow, owner: string, now: Date): Promise<RenderedMessage | undefined> {
    const zone = row.quiet_zone;
    // [CONST-27] Not now: when its quiet hours end, and this claim was no attempt.
    if (zone && options.quietHours?.isQuietHour(now, zone)) {
      const until = options.quietHours.nextSendableInstant(now, zone);
      await release(row, owner, until);
      log.info(
        { message_id: row.id, purpose: row.purpose, zone, until: until.toISOString() },
        'outbox: quiet hours, deferred',
      );
      return undefined;
    }
    let outcome: RenderOutcome;
    try {
      outcome = await render(row, row.intent_at ?? now);
    } catch (error) {
      await failed(row, owner, error);
      return undefined;
    }
    if ('wait' in outcome) {
      // Never sooner than a second on: a "not yet" that is already past would be claimed again at once.
      const later = new Date(now.getTime() + 1_000);
      await release(row, owner, outcome.wait.getTime() > later.getTime() ? outcome.wait : later);
      return undefined;
    }
    if ('stop' in outcome) {
      await stopRow(row, owner, outcome.stop);
      return undefined;
    }
    return outcome;
  }

  /**
   * One claimed batch: each row readied (quiet hours, its renderer); the intents of the rest committed in
   * one statement (before any provider call); then each sent and recorded, side by side (a provider call
   * takes a round trip to it: one at a time, one worker would send a few a second to Twilio).
   */
  async function processBatch(rows: readonly OutboxRow[], owner: string): Promise<void> {
    const now = clock.now();
    const due: { row: OutboxRow; message: RenderedMessage }[] = [];
    for (const row of rows) {
      const message = await ready(row, owner, now);
      if (message) due.push({ row, message });
    }
    const fresh = due.filter(({ row }) => !row.intent_at).map(({ row }) => row.id);
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
    // A row whose intent could not be recorded was taken over meanwhile (this claim's lease ran out), or
    // stopped (cancelMessages).
    // Results are recorded as they come, several to a statement: whatever arrived while the previous
    // statement ran goes in the next one (a slow provider call never holds back the others' records).
    const recorded = new Set<number>();
    const waiting: { row: OutboxRow; providerMessageId: string }[] = [];
    let recording: Promise<void> = Promise.resolve();
    let recordError: unknown;
    const record = (row: OutboxRow, providerMessageId: string) => {
      waiting.push({ row, providerMessageId });
      recording = recording.then(async () => {
        const items = waiting.splice(0);
        if (items.length === 0) return;
        try {
          for (const rowId of await recordSent(items, owner)) recorded.add(rowId);
        } catch (error) {
          recordError ??= error;
        }
        for (const item of items) if (!recordError && !recorded.has(item.row.id)) lost(item.row);
      });
    };
    await Promise.all(
      due
        .filter(({ row }) => row.intent_at || held.has(row.id))
        .map(async ({ row, message }) => {
          let providerMessageId: string;
          try {
            providerMessageId = await transmit(row, message);
          } catch (error) {
            await failed(row, owner, error);
            return;
          }
          const { afterSend } = message;
          if (!afterSend) {
            record(row, providerMessageId);
            return;
          }
          try {
            if (!(await recordWithStep(row, { ...message, afterSend }, owner, providerMessageId))) lost(row);
          } catch (error) {
            await failed(row, owner, error);
          }
        }),
    );
    // Should a record fail, each row's intent is on record and its claim runs out: the next attempt looks
    // the message up at the provider before it ever sends again.
    await recording;
    if (recordError) throw recordError;
  }

  const lost = (row: OutboxRow) =>
    log.warn({ message_id: row.id, worker: id }, 'outbox: claim lost to another sender; leaving it to it');

  /** A failed attempt: back to the queue after its backoff, or given up after the last one. */
  async function failed(row: OutboxRow, owner: string, error: unknown): Promise<SendOutcome> {
    const zone = row.quiet_zone;
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

  const newOwner = () => `${id}:${randomBytes(6).toString('hex')}`;

  return {
    id,
    async runOnce() {
      stopRequested = false;
      let handled = 0;
      while (!stopRequested) {
        const owner = newOwner();
        const allowed = options.rate ? await options.rate.take(settings.batchSize) : settings.batchSize;
        if (allowed <= 0) break;
        const rows = await claim(owner, allowed);
        if (options.rate && rows.length < allowed) await options.rate.giveBack(allowed - rows.length);
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
