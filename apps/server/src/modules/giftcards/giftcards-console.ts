import type {
  AdminGiftCard,
  GiftCardListReply,
  GiftCardNumberReply,
  GiftCardState,
  SentMessage,
} from '@quokka/contract/api/admin';
import type { BusinessIdentity } from '@quokka/contract/business-identity';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { parseAuMobile } from '@quokka/contract/mobile';
import { formatCents } from '@quokka/contract/money';
import { utcToZonedWallTime, zonedWallTimeToUtc } from '@quokka/contract/timezones';
import { validateSchedule } from '@quokka/contract/validate-schedule';
import { hasErrors, toInputValidation } from '@quokka/contract/wire';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { ConflictError, InputValidationError, NotFoundError } from '../../domain/errors.ts';
import type { PaymentsProvider } from '../../providers/payments/payments-provider.ts';
import type { ShopperMessages } from '../messages/shopper-messages.ts';
import { attachEventMessage, recordOrderEvent } from '../orders/order-events.ts';
import { recordRefundRow } from '../orders/order-refunds.ts';
import type { OrderChangeRecords } from '../orders/order-review.ts';
import { validUntilFrom, validUntilOnSend } from './gift-card-validity.ts';
import { SCHEDULE_GRACE_MS } from './giftcards-service.ts';
import { nextSendableInstant } from './quiet-hours.ts';

// [I15-giftcards] The gift card console of the back office (docs/gift-card-console.md): find a paid card
// by number, mobile or order; see its state and its messages; resend its picture message (once per
// request key), reschedule it while it waits, void it (refunding the purchaser what is
// left on it); and the total the shop owes in live gift cards (their balances).
//
// A card's state is computed, never stored: voided > delivered (one of its picture messages was
// delivered) > its latest picture message (failed/undelivered → failed; queued/sent → sent) > the
// delivery queue's row (failed → failed; sent, or the picture message recorded → sent; sending →
// sending; queued → scheduled).
//
// The staff guards, the audit log and the worker's message texts are handed in (staff-back-office.ts
// wires them): this module imports neither modules/staff nor worker/, which both import it.

export const GIFT_CARD_CONSOLE_TEXT = {
  notFound: 'The gift card does not exist.',
  voided: 'This gift card has been voided.',
  alreadyVoided: 'This gift card has already been voided.',
  notSentYet: 'This gift card has not been sent yet: reschedule it instead.',
  beingSent: 'This gift card is being sent right now. Try again in a minute.',
  notReschedulable: 'This gift card is being sent or was sent: it can no longer be rescheduled.',
  keyOfOtherCard: 'This request key was used for another gift card.',
  overRefund: (left: number) =>
    `Voiding would refund more than is left of the payment (${formatCents(left)} can still be refunded).`,
  notRefundedAuthorised:
    'Not refunded: the order’s payment was only authorised, not captured (nothing was charged for it yet).',
  notRefundedNothingCaptured: 'Not refunded: nothing was captured on this order.',
  notRefundedLine: 'Not refunded: the card’s order line had already been refunded.',
  notRefundedSpent: (amount: number) =>
    `Not refunded: the card had been spent in full (${formatCents(amount)}).`,
  sendFailed: (reason: string) =>
    `The picture message could not be sent (${reason}). Nothing more is sent for this request; press Resend to try again.`,
} as const;

/** The worker's picture message, handed in from worker/gift-card-message.ts (and delivery-repository.ts). */
export interface GiftCardMessageKit {
  giftCardMmsBody(
    card: {
      recipient_firstname: string;
      recipient_lastname: string;
      recipient_mobile: string;
      recipient_message: string;
      product_name: string;
      amount_cents: number;
      gift_card_no: string;
    },
    origin: { senderName: string; seller: { name: string; url: string } | null },
    sender: { publicUrl: string; storeName: string; identity: BusinessIdentity },
    validUntil: string,
    deliveryKey: string,
  ): string;
  mmsPictureUrl(templateUrl: string, publicUrl: string): string;
  formatValidUntil(validUntil: Date, zone: string): string;
  giftCardOrigin(
    db: Db,
    card: { customer_id: number; product_id: number; order_id: number | null },
  ): Promise<{ senderName: string; seller: { name: string; url: string } | null }>;
}

/** One line of the audit log (modules/staff/staff-audit.ts recordStaffAction), handed in. */
export type RecordStaffAction = (
  db: Db,
  entry: {
    actor: { staffId: number };
    action: string;
    subject: string;
    before?: unknown;
    after?: unknown;
    at: Date;
  },
) => Promise<void>;

export interface GiftCardConsoleDeps {
  db: Db;
  clock: Clock;
  messages: ShopperMessages;
  payments: PaymentsProvider;
  /** The storefront the picture message says it comes from (as the delivery worker's). */
  sender: { publicUrl: string; storeName: string; identity: BusinessIdentity };
  message: GiftCardMessageKit;
  audit: RecordStaffAction;
  /** The order's refund totals (checkout's orderRecords): a void refunds the card's line. */
  records: Pick<OrderChangeRecords, 'refund' | 'lineRefund'>;
  log: { warn(details: object, message: string): void };
}

export interface GiftCardListInput {
  q?: string | undefined;
  state?: GiftCardState | undefined;
  page: number;
  page_size: number;
}

export interface GiftCardConsole {
  list(query: GiftCardListInput): Promise<GiftCardListReply>;
  get(cardId: number): Promise<AdminGiftCard>;
  /**
   * `requireFreshPasskey` throws 403 STEP_UP_REQUIRED unless the session's passkey check is fresh: asked
   * only when the message goes to a number other than the card's (it carries the whole card number).
   */
  resend(
    staffId: number,
    cardId: number,
    body: { mobile?: string | undefined; request_key: string },
    requireFreshPasskey: () => Promise<void>,
  ): Promise<AdminGiftCard>;
  /** The card's whole number, written to the audit log (the route asks for a fresh passkey check). */
  showNumber(staffId: number, cardId: number): Promise<GiftCardNumberReply>;
  reschedule(
    staffId: number,
    cardId: number,
    body: { scheduled_delivery: string; delivery_timezone: string },
  ): Promise<AdminGiftCard>;
  void(staffId: number, cardId: number, body: { reason: string }): Promise<AdminGiftCard>;
}

/** The idempotency key of a card's void refund, at the provider and in order_refunds. */
export const voidRefundKey = (cardId: number) => `void-card-${cardId}`;

// ---------------------------------------------------------------- reading cards

const STATE = sql<GiftCardState>`case
  when c.voided_at is not null then 'voided'
  when exists (select 1 from sent_messages m where m.gift_card_id = c.id and m.purpose = 'gift_card'
    and m.status = 'delivered') then 'delivered'
  when (select m.status from sent_messages m where m.gift_card_id = c.id and m.purpose = 'gift_card'
    order by m.id desc limit 1) in ('failed', 'undelivered') then 'failed'
  when exists (select 1 from sent_messages m where m.gift_card_id = c.id and m.purpose = 'gift_card') then 'sent'
  when d.status = 'failed' then 'failed'
  when d.status = 'sent' or d.mms_message_id is not null then 'sent'
  when d.status = 'sending' then 'sending'
  else 'scheduled'
end`;

// The seller the card spends with: its order line's, else the product's.
const SELLER = sql<number | null>`coalesce(
  (select i.seller_id from order_items i where i.order_id = c.order_id
    and i.sku = c.configurable_product_sku order by i.id limit 1),
  (select p.seller_id from products p where p.id = c.product_id))`;

// The worker's send, else the first picture message recorded for it.
const SENT_AT = sql<Date | null>`coalesce(d.sent_at, (select min(m.created_at) from sent_messages m
  where m.gift_card_id = c.id and m.purpose = 'gift_card'))`;

const VOID_REFUNDED = sql<number | null>`(select r.amount_cents from order_refunds r
  where r.order_id = c.order_id and r.idempotency_key = 'void-card-' || c.id)`;

// Why a void refunded nothing, as its order event recorded it.
const VOID_NOT_REFUNDED = sql<string | null>`(select e.data->>'not_refunded' from order_events e
  where e.order_id = c.order_id and e.type = 'gift_card_voided' and e.data->>'gift_card_id' = c.id::text
  order by e.id desc limit 1)`;

/** Paid cards (linked to an order) with what the console shows; drafts in carts are not gift cards yet. */
function cardRows(db: Db) {
  return db
    .selectFrom('gift_card_details as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .leftJoin('gift_card_deliveries as d', 'd.card_id', 'c.id')
    .select([
      'c.id',
      'c.customer_id',
      'c.product_id',
      'c.configurable_product_sku',
      'c.gift_card_no',
      'c.amount_cents',
      'c.balance_cents',
      'c.product_name',
      'c.recipient_firstname',
      'c.recipient_lastname',
      'c.recipient_mobile',
      'c.recipient_message',
      'c.purchaser_mobile',
      'c.mms_template_url',
      'c.order_id',
      'c.scheduled_at',
      'c.delivery_timezone',
      'c.valid_until',
      'c.voided_at',
      'c.void_reason',
      'c.created_at',
      'o.increment_id',
      'd.status as delivery_status',
      'd.delivery_key',
      'd.mms_message_id',
      STATE.as('state'),
      SELLER.as('seller_id'),
      SENT_AT.as('sent_at'),
      VOID_REFUNDED.as('void_refunded_cents'),
      VOID_NOT_REFUNDED.as('void_not_refunded'),
    ]);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardRows>['executeTakeFirstOrThrow']>>;

/** What a search text may be: a card number, an Australian mobile, an order number (or several). */
export function giftCardSearchTerms(q: string): { cardNo?: string; mobile?: string; incrementId?: string } {
  const compact = q.trim().replace(/^#/, '').replace(/[\s-]/g, '');
  const terms: { cardNo?: string; mobile?: string; incrementId?: string } = {};
  if (/^\d{16}$/.test(compact)) terms.cardNo = compact;
  const mobile = parseAuMobile(q.trim());
  if (mobile) terms.mobile = mobile;
  // Order numbers are 9 digits, zero-padded ('000000042'); '42' finds it too.
  if (/^\d{1,9}$/.test(compact)) terms.incrementId = compact.padStart(9, '0');
  return terms;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

type MessageRow = {
  id: number;
  gift_card_id: number | null;
  provider_message_id: string;
  kind: 'sms' | 'mms';
  purpose: string;
  to_number: string;
  status: SentMessage['status'];
  error_code: string | null;
  created_at: Date;
  status_at: Date | null;
};

function messageWire(row: MessageRow): SentMessage {
  return {
    id: row.id,
    provider_message_id: row.provider_message_id,
    kind: row.kind,
    purpose: row.purpose,
    to: row.to_number,
    status: row.status,
    error_code: row.error_code,
    created_at: new Date(row.created_at).toISOString(),
    status_at: iso(row.status_at),
  };
}

/** [I27-mask] '•••• •••• •••• 2883': a card number spends like cash, so the console shows its last 4. */
export const maskedCardNumber = (cardNo: string) => `•••• •••• •••• ${cardNo.slice(-4)}`;

function cardWire(row: CardRow, messages: MessageRow[]): AdminGiftCard {
  const voided = row.voided_at !== null;
  return {
    id: row.id,
    gift_card_no: maskedCardNumber(row.gift_card_no),
    state: row.state,
    amount_cents: row.amount_cents,
    // [I27-void] What is left to spend (redemptions in store and orders take from it); nothing once voided
    // (what was left then went back to the purchaser, void_refunded_cents).
    balance_cents: voided ? 0 : row.balance_cents,
    product_name: row.product_name,
    seller_id: row.seller_id,
    recipient_name: `${row.recipient_firstname} ${row.recipient_lastname}`.trim(),
    recipient_mobile: row.recipient_mobile,
    purchaser_mobile: row.purchaser_mobile,
    order_id: row.order_id,
    order_increment_id: row.increment_id,
    scheduled_at: iso(row.scheduled_at),
    delivery_timezone: row.delivery_timezone,
    sent_at: iso(row.sent_at),
    valid_until: iso(row.valid_until),
    voided_at: iso(row.voided_at),
    void_reason: row.void_reason,
    void_refunded_cents: row.void_refunded_cents,
    void_note: !voided
      ? null
      : row.void_refunded_cents !== null
        ? `Refunded ${formatCents(row.void_refunded_cents)} to the purchaser.`
        : (row.void_not_refunded ?? 'Nothing was refunded.'),
    messages: messages.filter((message) => message.gift_card_id === row.id).map(messageWire),
    actions: {
      resend: !voided && ['sent', 'delivered', 'failed'].includes(row.state),
      reschedule: !voided && row.state === 'scheduled',
      void: !voided,
    },
  };
}

async function messagesOf(db: Db, cardIds: number[]): Promise<MessageRow[]> {
  if (cardIds.length === 0) return [];
  return db
    .selectFrom('sent_messages')
    .select([
      'id',
      'gift_card_id',
      'provider_message_id',
      'kind',
      'purpose',
      'to_number',
      'status',
      'error_code',
      'created_at',
      'status_at',
    ])
    .where('gift_card_id', 'in', cardIds)
    .orderBy('id')
    .execute();
}

async function findCard(db: Db, cardId: number): Promise<CardRow | undefined> {
  return cardRows(db).where('c.id', '=', cardId).executeTakeFirst();
}

/**
 * Locks the card's queue row and then the card (the worker's order: it writes its delivery row, then the
 * card's validity), so a console action and a worker never wait on each other in a circle.
 */
async function lockCard(trx: Db, cardId: number): Promise<CardRow> {
  await trx
    .selectFrom('gift_card_deliveries')
    .select('card_id')
    .where('card_id', '=', cardId)
    .forUpdate()
    .execute();
  const locked = await trx
    .selectFrom('gift_card_details')
    .select('id')
    .where('id', '=', cardId)
    .where('order_id', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
  const card = locked ? await findCard(trx, cardId) : undefined;
  if (!card) throw new NotFoundError(GIFT_CARD_CONSOLE_TEXT.notFound);
  return card;
}

const subjectOf = (cardId: number) => `gift_card:${cardId}`;
const lastFour = (cardNo: string) => `•••• ${cardNo.slice(-4)}`;

// ---------------------------------------------------------------- the console

export function createGiftCardConsole(deps: GiftCardConsoleDeps): GiftCardConsole {
  const { db, clock } = deps;

  async function oneCard(cardId: number): Promise<AdminGiftCard> {
    const row = await findCard(db, cardId);
    if (!row) throw new NotFoundError(GIFT_CARD_CONSOLE_TEXT.notFound);
    return cardWire(row, await messagesOf(db, [row.id]));
  }

  /** The worker's picture message for the card (same text, same reference line, same picture). */
  async function pictureMessage(card: CardRow, to: string) {
    const zone = card.delivery_timezone ?? DEFAULT_TIMEZONE;
    const validUntil = card.valid_until ?? validUntilFrom(clock.now(), zone);
    const body = deps.message.giftCardMmsBody(
      { ...card, recipient_mobile: to },
      await deps.message.giftCardOrigin(db, card),
      deps.sender,
      deps.message.formatValidUntil(new Date(validUntil), zone),
      card.delivery_key ?? String(card.id),
    );
    const picture = card.mms_template_url;
    return picture
      ? {
          kind: 'mms' as const,
          body,
          mediaUrl: deps.message.mmsPictureUrl(picture, deps.sender.publicUrl),
        }
      : { kind: 'sms' as const, body };
  }

  return {
    async list(query) {
      const now = clock.now();
      let inner = cardRows(db);
      if (query.q?.trim()) {
        const terms = giftCardSearchTerms(query.q);
        inner = inner.where((eb) => {
          const any = [];
          if (terms.cardNo) any.push(eb('c.gift_card_no', '=', terms.cardNo));
          if (terms.mobile) {
            any.push(eb('c.recipient_mobile', '=', terms.mobile));
            any.push(eb('c.purchaser_mobile', '=', terms.mobile));
          }
          if (terms.incrementId) any.push(eb('o.increment_id', '=', terms.incrementId));
          return any.length > 0 ? eb.or(any) : eb.val(false);
        });
      }
      let filtered = db.selectFrom(inner.as('g'));
      if (query.state) filtered = filtered.where('g.state', '=', query.state);
      const rows = await filtered
        .selectAll('g')
        .orderBy('g.created_at', 'desc')
        .orderBy('g.id', 'desc')
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size)
        .execute();
      const total = await filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      // What the shop owes in gift cards: what is left on every live card (not voided, not expired) of an
      // order that was not refused or cancelled (those cards are never sent), whatever the search.
      const outstanding = await db
        .selectFrom('gift_card_details as c')
        .innerJoin('orders as o', 'o.id', 'c.order_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('c.balance_cents'), sql<string>`0`).as('cents'))
        .where('c.voided_at', 'is', null)
        .where((eb) => eb.or([eb('c.valid_until', 'is', null), eb('c.valid_until', '>', now)]))
        .where('o.status', 'not in', ['refused', 'cancelled'])
        .executeTakeFirstOrThrow();
      const messages = await messagesOf(
        db,
        rows.map((row) => row.id),
      );
      return {
        items: rows.map((row) => cardWire(row, messages)),
        total: Number(total.n),
        page: query.page,
        page_size: query.page_size,
        outstanding_cents: Number(outstanding.cents),
      };
    },

    get: oneCard,

    async showNumber(staffId, cardId) {
      const row = await findCard(db, cardId);
      if (!row) throw new NotFoundError(GIFT_CARD_CONSOLE_TEXT.notFound);
      await deps.audit(db, {
        actor: { staffId },
        action: 'gift_card.number_shown',
        subject: subjectOf(cardId),
        after: { last4: row.gift_card_no.slice(-4) },
        at: clock.now(),
      });
      return { gift_card_no: row.gift_card_no };
    },

    async resend(staffId, cardId, body, requireFreshPasskey) {
      let corrected: string | undefined;
      if (body.mobile !== undefined && body.mobile.trim() !== '') {
        const mobile = parseAuMobile(body.mobile);
        if (!mobile) throw new InputValidationError({ mobile: [MSG.validMobile] });
        corrected = mobile;
      }
      const before = await findCard(db, cardId);
      if (!before) throw new NotFoundError(GIFT_CARD_CONSOLE_TEXT.notFound);
      const now = clock.now();

      // Once per request key: the key's row goes in first, in the transaction of the change; a second
      // request with the key (a retried click, or the same click twice at once) finds it and sends nothing.
      const plan = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('gift_card_resends')
          .values({
            card_id: cardId,
            request_key: body.request_key,
            to_mobile: corrected ?? before.recipient_mobile,
            staff_id: staffId,
          })
          .onConflict((oc) => oc.column('request_key').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) {
          const earlier = await trx
            .selectFrom('gift_card_resends')
            .select('card_id')
            .where('request_key', '=', body.request_key)
            .executeTakeFirstOrThrow();
          if (earlier.card_id !== cardId) throw new ConflictError(GIFT_CARD_CONSOLE_TEXT.keyOfOtherCard);
          return undefined;
        }
        const card = await lockCard(trx, cardId);
        if (card.voided_at) throw new ConflictError(GIFT_CARD_CONSOLE_TEXT.voided);
        if (card.state === 'scheduled') throw new ConflictError(GIFT_CARD_CONSOLE_TEXT.notSentYet);
        if (card.state === 'sending') throw new ConflictError(GIFT_CARD_CONSOLE_TEXT.beingSent);
        const to = corrected ?? card.recipient_mobile;
        // [I27-step-up] The message carries the whole card number: to a number other than the card's, only
        // after a fresh passkey check (checked here, on the locked card, so the number compared is final).
        if (to !== card.recipient_mobile) await requireFreshPasskey();
        await trx
          .updateTable('gift_card_resends')
          .set({ to_mobile: to })
          .where('id', '=', inserted.id)
          .execute();
        let validUntil = card.valid_until;
        // [GIFT-03] A card whose picture message never went out (its delivery failed) is sent for the
        // first time now: valid 3 years from now when that is later.
        if (card.sent_at === null) {
          validUntil = validUntilOnSend(card.valid_until, now, card.delivery_timezone ?? DEFAULT_TIMEZONE);
        }
        if (to !== card.recipient_mobile || validUntil !== card.valid_until) {
          await trx
            .updateTable('gift_card_details')
            .set({ recipient_mobile: to, valid_until: validUntil, updated_at: now })
            .where('id', '=', cardId)
            .execute();
        }
        await deps.audit(trx, {
          actor: { staffId },
          action: 'gift_card.resent',
          subject: subjectOf(cardId),
          before: { recipient_mobile: card.recipient_mobile, state: card.state },
          after: { recipient_mobile: to, request_key: body.request_key },
          at: now,
        });
        const eventId =
          card.order_id === null
            ? null
            : await recordOrderEvent(trx, {
                orderId: card.order_id,
                type: 'gift_card_resent',
                actor: `staff:${staffId}`,
                staffId,
                sellerId: card.seller_id,
                summary:
                  to === card.recipient_mobile
                    ? `Gift card ${lastFour(card.gift_card_no)} sent again to ${to}`
                    : `Gift card ${lastFour(card.gift_card_no)} sent again to a corrected number: ${card.recipient_mobile} → ${to}`,
                data: { gift_card_id: cardId, to, request_key: body.request_key },
              });
        return {
          resendId: inserted.id,
          eventId,
          card: { ...card, recipient_mobile: to, valid_until: validUntil },
        };
      });
      if (!plan) return oneCard(cardId);

      // After the commit (the action never waits on the provider inside a transaction).
      const message = await pictureMessage(plan.card, plan.card.recipient_mobile);
      let sent: { id: number };
      try {
        sent = await deps.messages.send({
          to: plan.card.recipient_mobile,
          ...message,
          purpose: 'gift_card',
          giftCardId: cardId,
          ...(plan.card.order_id !== null ? { orderId: plan.card.order_id } : {}),
        });
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 200);
        deps.log.warn({ card_id: cardId, err: reason }, 'gift card console: resend not sent');
        throw new ConflictError(GIFT_CARD_CONSOLE_TEXT.sendFailed(reason));
      }
      await db
        .updateTable('gift_card_resends')
        .set({ message_id: sent.id })
        .where('id', '=', plan.resendId)
        .execute();
      if (plan.eventId) await attachEventMessage(db, plan.eventId, sent.id);
      return oneCard(cardId);
    },

    async reschedule(staffId, cardId, body) {
      const now = clock.now();
      const wall = body.scheduled_delivery;
      const zone = body.delivery_timezone;
      // [VAL-52, CONST-23] As the shopper's schedule: an Australian zone, a real time, not in the past.
      const errors = validateSchedule(wall, zone, new Date(now.getTime() - SCHEDULE_GRACE_MS));
      if (hasErrors(errors)) throw new InputValidationError(toInputValidation(errors));
      const scheduledAt = zonedWallTimeToUtc(wall, zone);
      // [CONST-27] Due in quiet hours: 06:00 in the zone (the worker checks again when it claims).
      const nextAttemptAt = nextSendableInstant(
        scheduledAt.getTime() > now.getTime() ? scheduledAt : now,
        zone,
      );
      await db.transaction().execute(async (trx) => {
        const card = await lockCard(trx, cardId);
        if (card.voided_at) throw new ConflictError(GIFT_CARD_CONSOLE_TEXT.voided);
        if (card.state !== 'scheduled' || card.delivery_status !== 'queued')
          throw new ConflictError(GIFT_CARD_CONSOLE_TEXT.notReschedulable);
        const validUntil = validUntilFrom(scheduledAt, zone);
        await trx
          .updateTable('gift_card_details')
          .set({
            scheduled_at: scheduledAt,
            delivery_timezone: zone,
            valid_until: validUntil,
            updated_at: now,
          })
          .where('id', '=', cardId)
          .execute();
        const moved = await trx
          .updateTable('gift_card_deliveries')
          .set({ next_attempt_at: nextAttemptAt, updated_at: now })
          .where('card_id', '=', cardId)
          .where('status', '=', 'queued')
          .executeTakeFirst();
        if (moved.numUpdatedRows === 0n) throw new ConflictError(GIFT_CARD_CONSOLE_TEXT.notReschedulable);
        const previous =
          card.scheduled_at && card.delivery_timezone
            ? `${utcToZonedWallTime(new Date(card.scheduled_at), card.delivery_timezone)} ${card.delivery_timezone}`
            : 'unscheduled';
        await deps.audit(trx, {
          actor: { staffId },
          action: 'gift_card.rescheduled',
          subject: subjectOf(cardId),
          before: { scheduled_at: iso(card.scheduled_at), delivery_timezone: card.delivery_timezone },
          after: {
            scheduled_at: scheduledAt.toISOString(),
            delivery_timezone: zone,
            next_attempt_at: nextAttemptAt.toISOString(),
          },
          at: now,
        });
        if (card.order_id !== null) {
          await recordOrderEvent(trx, {
            orderId: card.order_id,
            type: 'gift_card_rescheduled',
            actor: `staff:${staffId}`,
            staffId,
            sellerId: card.seller_id,
            summary: `Gift card ${lastFour(card.gift_card_no)} rescheduled from ${previous} to ${wall} ${zone}`,
            data: { gift_card_id: cardId, scheduled_delivery: wall, delivery_timezone: zone },
          });
        }
      });
      return oneCard(cardId);
    },

    async void(staffId, cardId, body) {
      const now = clock.now();
      const reason = body.reason.trim();
      const outcome = await db.transaction().execute(async (trx) => {
        // [I27-void] The card's row lock is the one a redemption (and an order spending the card) takes, so
        // the balance read here is final until this transaction ends: a redemption waits, then finds the
        // card voided; a void that waited for a redemption refunds what the redemption left.
        const card = await lockCard(trx, cardId);
        if (card.voided_at) throw new ConflictError(GIFT_CARD_CONSOLE_TEXT.alreadyVoided);
        if (card.order_id === null) throw new NotFoundError(GIFT_CARD_CONSOLE_TEXT.notFound);
        // Only what is left goes back: what was spent was given in goods already.
        const unspent = card.balance_cents;
        // The order row is the lock of its money: refunds of any kind wait for each other here.
        const order = await trx
          .selectFrom('orders')
          .select([
            'id',
            'increment_id',
            'payment_id',
            'payment_state',
            'captured_cents',
            'refunded_cents',
            'customer_mobile',
          ])
          .where('id', '=', card.order_id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const line = await trx
          .selectFrom('order_items')
          .select(['id', 'seller_id', 'name', 'qty', 'refunded_qty', 'row_total_cents', 'refunded_cents'])
          .where('order_id', '=', order.id)
          .where('sku', '=', card.configurable_product_sku)
          .where('is_giftcard', '=', true)
          .where(sql<boolean>`refunded_qty < qty`)
          .where(sql<boolean>`refunded_cents + ${unspent} <= row_total_cents`)
          .orderBy('id')
          .executeTakeFirst();

        const captured =
          order.captured_cents > 0 &&
          ['captured', 'partially_refunded', 'refunded'].includes(order.payment_state);
        let note: string | null = null;
        let refund: { id: number; providerRefundId: string } | null = null;
        if (card.amount_cents === 0) {
          note = 'Not refunded: the card was free.';
        } else if (unspent <= 0) {
          note = GIFT_CARD_CONSOLE_TEXT.notRefundedSpent(card.amount_cents);
        } else if (!captured) {
          note =
            order.payment_state === 'authorised'
              ? GIFT_CARD_CONSOLE_TEXT.notRefundedAuthorised
              : GIFT_CARD_CONSOLE_TEXT.notRefundedNothingCaptured;
        } else if (!line) {
          note = GIFT_CARD_CONSOLE_TEXT.notRefundedLine;
        } else {
          const left = order.captured_cents - order.refunded_cents;
          if (unspent > left || !order.payment_id)
            throw new ConflictError(GIFT_CARD_CONSOLE_TEXT.overRefund(Math.max(0, left)));
          // Inside the transaction, with the order locked: the same key always means the same refund at
          // the provider, so a retry after a failed commit never refunds twice.
          const provider = await deps.payments.refundAmount(trx, order.payment_id, {
            amountCents: unspent,
            idempotencyKey: voidRefundKey(cardId),
          });
          const refundId = await recordRefundRow(trx, {
            orderId: order.id,
            amountCents: unspent,
            shippingCents: 0,
            lines: [{ order_item_id: line.id, qty: 1, amount_cents: unspent }],
            restocked: false,
            reason,
            source: 'gift_card_void',
            idempotencyKey: voidRefundKey(cardId),
            providerRefundId: provider.id,
            staffId,
            createdAt: now,
          });
          await deps.records.refund(trx, order.id, { cents: unspent, shippingCents: 0 });
          // The card's unit is done with (voided), whatever part of it was spent.
          await deps.records.lineRefund(trx, line.id, { qty: 1, cents: unspent });
          refund = { id: refundId, providerRefundId: provider.id };
        }

        await trx
          .updateTable('gift_card_details')
          .set({ voided_at: now, voided_by: staffId, void_reason: reason, updated_at: now })
          .where('id', '=', cardId)
          .execute();
        // A send not yet made is stopped: the worker claims only 'queued' rows and rows 'sending' whose
        // lease ran out, and a worker holding a claim can write nothing once the row is no longer
        // 'sending' (every write after its claim is conditional on it).
        const stopped = await trx
          .updateTable('gift_card_deliveries')
          .set({
            status: 'failed',
            last_error: 'voided',
            failed_at: now,
            lease_owner: null,
            lease_until: null,
            updated_at: now,
          })
          .where('card_id', '=', cardId)
          .where('status', 'in', ['queued', 'sending'])
          .executeTakeFirst();

        const amount = formatCents(unspent);
        const what =
          unspent === card.amount_cents
            ? `1 × ${line?.name ?? card.product_name}`
            : `the unspent balance of ${formatCents(card.amount_cents)}`;
        const summary = refund
          ? `Gift card ${lastFour(card.gift_card_no)} voided: refunded ${amount} (${what}). Reason: ${reason}`
          : `Gift card ${lastFour(card.gift_card_no)} voided. ${note ?? 'Nothing to refund.'} Reason: ${reason}`;
        const eventId = await recordOrderEvent(trx, {
          orderId: order.id,
          type: refund ? 'refunded' : 'gift_card_voided',
          actor: `staff:${staffId}`,
          staffId,
          sellerId: card.seller_id,
          summary,
          data: {
            gift_card_id: cardId,
            reason,
            amount_cents: refund ? unspent : 0,
            ...(refund
              ? {
                  refund_id: refund.id,
                  provider_refund_id: refund.providerRefundId,
                  lines: [{ order_item_id: line?.id, qty: 1, amount_cents: unspent }],
                }
              : { not_refunded: note }),
          },
        });
        await deps.audit(trx, {
          actor: { staffId },
          action: 'gift_card.voided',
          subject: subjectOf(cardId),
          before: {
            voided_at: null,
            state: card.state,
            delivery_status: card.delivery_status,
            balance_cents: unspent,
          },
          after: {
            voided_at: now.toISOString(),
            reason,
            balance_before_cents: unspent,
            refunded_cents: refund ? unspent : 0,
            refund_id: refund?.id ?? null,
            not_refunded: note,
            delivery_stopped: stopped.numUpdatedRows > 0n,
          },
          at: now,
        });
        return refund
          ? {
              eventId,
              refundedCents: unspent,
              text: {
                orderId: order.id,
                increment: order.increment_id,
                to: order.customer_mobile ?? card.purchaser_mobile,
              },
            }
          : undefined;
      });

      // The purchaser is told of the refund once, after the commit; a failed text never undoes the void.
      if (outcome) {
        try {
          const sent = await deps.messages.send({
            to: outcome.text.to,
            kind: 'sms',
            body: `${deps.sender.storeName}: we have refunded ${formatCents(outcome.refundedCents)} on order ${outcome.text.increment}. It reaches your card in 5–10 business days.`,
            purpose: 'order_refunded',
            orderId: outcome.text.orderId,
            giftCardId: cardId,
          });
          await attachEventMessage(db, outcome.eventId, sent.id);
        } catch (error) {
          deps.log.warn(
            { card_id: cardId, err: error instanceof Error ? error.message : String(error) },
            'gift card console: refund text not sent',
          );
        }
      }
      return oneCard(cardId);
    },
  };
}
