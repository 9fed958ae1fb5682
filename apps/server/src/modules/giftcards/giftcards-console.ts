import type {
  AdminGiftCard,
  GiftCardListReply,
  GiftCardNumberReply,
  GiftCardState,
} from '@quokka/contract/api/admin';
import type { BusinessIdentity } from '@quokka/contract/business-identity';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { parseAuMobile } from '@quokka/contract/mobile';
import { utcToZonedWallTime, zonedWallTimeToUtc } from '@quokka/contract/timezones';
import { validateSchedule } from '@quokka/contract/validate-schedule';
import { hasErrors, toInputValidation } from '@quokka/contract/wire';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { ConflictError, InputValidationError, NotFoundError } from '../../domain/errors.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import { attachEventMessage, recordOrderEvent } from '../orders/order-events.ts';
import type { OrderRefunds } from '../orders/order-refunds.ts';
import { moveCardMessage, queueResend } from './gift-card-sending.ts';
import { validUntilFrom, validUntilOnSend } from './gift-card-validity.ts';
import { voidGiftCard } from './gift-card-void.ts';
import {
  cardRows,
  cardWire,
  findCard,
  GIFT_CARD_CONSOLE_TEXT,
  giftCardSearchTerms,
  iso,
  lastFour,
  lockCard,
  messagesOf,
  subjectOf,
} from './giftcards-console-cards.ts';
import { SCHEDULE_GRACE_MS } from './giftcards-service.ts';
import { nextSendableInstant } from './quiet-hours.ts';

// [I15-giftcards] The gift card console of the back office (docs/gift-card-console.md): find a paid card
// by number, mobile or order; see its state and its messages; resend its picture message (once per
// request key), reschedule it while it waits, void it (refunding the purchaser what is
// left on it); and the total the shop owes in live gift cards (their balances).
// Its messages are the outbox's rows (gift-card-sending.ts): a resend is queued in the console's
// transaction and sent before the reply (a failed send is retried by the worker), a reschedule moves the
// queued picture message.
//
// The cards it reads and the lock its actions take are giftcards-console-cards.ts; the void is
// gift-card-void.ts.
//
// The staff guards, the audit log and the outbox's sender are handed in (app.ts wires them): this module
// imports neither modules/staff nor worker/, which both import it.

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
  /** The outbox's sender: a resend (and a void's text) queued in the console's transaction goes before the reply. */
  outbox: Pick<OutboxSender, 'sendNow'>;
  /** The one refund path (modules/orders/order-refunds.ts, built in services.ts): a void refunds through it. */
  refunds: OrderRefunds;
  /** The storefront the texts say they come from. */
  sender: { publicUrl: string; storeName: string; identity: BusinessIdentity };
  audit: RecordStaffAction;
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

// ---------------------------------------------------------------- the console

export function createGiftCardConsole(deps: GiftCardConsoleDeps): GiftCardConsole {
  const { db, clock } = deps;

  async function oneCard(cardId: number): Promise<AdminGiftCard> {
    const row = await findCard(db, cardId);
    if (!row) throw new NotFoundError(GIFT_CARD_CONSOLE_TEXT.notFound);
    return cardWire(row, await messagesOf(db, [row.id]));
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
      const queued = await db.transaction().execute(async (trx) => {
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
        // The message itself: an outbox row keyed by the request key, written when it goes (the card's
        // own text and reference line, to `to`), on the order's timeline and the resend's row from now.
        if (!card.delivery_key) throw new NotFoundError(GIFT_CARD_CONSOLE_TEXT.notFound);
        const messageId = await queueResend(
          trx,
          { ...card, delivery_key: card.delivery_key },
          to,
          body.request_key,
          now,
        );
        await trx
          .updateTable('gift_card_resends')
          .set({ message_id: messageId })
          .where('id', '=', inserted.id)
          .execute();
        if (card.order_id !== null) {
          const eventId = await recordOrderEvent(trx, {
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
          await attachEventMessage(trx, eventId, messageId);
        }
        return messageId;
      });
      if (queued === undefined) return oneCard(cardId);

      // After the commit (the action never waits on the provider inside a transaction); a send that fails
      // now stays queued for the worker's retries, and the reply says why it did not go yet.
      await deps.outbox.sendNow([queued]);
      const attempt = await db
        .selectFrom('sent_messages')
        .select(['send_state', 'last_error'])
        .where('id', '=', queued)
        .executeTakeFirstOrThrow();
      if (attempt.send_state !== 'sent' && attempt.last_error) {
        deps.log.warn({ card_id: cardId, err: attempt.last_error }, 'gift card console: resend not sent yet');
        throw new ConflictError(GIFT_CARD_CONSOLE_TEXT.sendFailed(attempt.last_error.slice(0, 200)));
      }
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
      // [CONST-27] Due in quiet hours: 06:00 in the zone (the outbox checks again when it sends).
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
        // The queued picture message moves with it (its row is locked: lockCard).
        if (!card.delivery_key || !(await moveCardMessage(trx, card.delivery_key, nextAttemptAt)))
          throw new ConflictError(GIFT_CARD_CONSOLE_TEXT.notReschedulable);
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
      await voidGiftCard({ ...deps, storeName: deps.sender.storeName }, staffId, cardId, body);
      return oneCard(cardId);
    },
  };
}
