import type { AdminGiftCard, GiftCardState } from '@quokka/contract/api/admin';
import { parseAuMobile } from '@quokka/contract/mobile';
import { formatCents } from '@quokka/contract/money';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OutboxSendState } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { messageWire, type SentMessageRow } from '../messages/message-wire.ts';
import { CARD_SENT, CARD_SENT_AT } from './gift-card-sending.ts';

// [I15-giftcards] The gift card console's cards as it reads them (docs/gift-card-console.md): the row it
// shows, its messages, the lock its actions take, and its texts. The actions are giftcards-console.ts
// (resend, reschedule, the number) and gift-card-void.ts (void).
//
// A card's state is computed, never stored, from its picture messages in the outbox (gift-card-sending.ts):
// voided > delivered (one of them was delivered) > the latest that went out or was given up
// (failed/undelivered → failed; queued/sent → sent) > one being sent → sending > scheduled (waiting for
// its time, its order's approval, or a retry).

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
    `The picture message could not be sent (${reason}). It stays queued and is tried again; this request sends nothing more.`,
} as const;

/** The idempotency key of a card's void refund, at the provider and in order_refunds. */
export const voidRefundKey = (cardId: number) => `void-card-${cardId}`;

// ---------------------------------------------------------------- reading cards

const STATE = sql<GiftCardState>`case
  when c.voided_at is not null then 'voided'
  when exists (select 1 from sent_messages m where m.gift_card_id = c.id and m.purpose = 'gift_card'
    and m.status = 'delivered') then 'delivered'
  when (select m.status from sent_messages m where m.gift_card_id = c.id and m.purpose = 'gift_card'
    and m.send_state in ('sent', 'failed') order by m.id desc limit 1) in ('failed', 'undelivered') then 'failed'
  when ${CARD_SENT} then 'sent'
  when exists (select 1 from sent_messages m where m.gift_card_id = c.id and m.purpose = 'gift_card'
    and m.send_state = 'sending') then 'sending'
  else 'scheduled'
end`;

// Where the card's first picture message stands in the outbox (queued, sending, sent, failed, cancelled).
const FIRST_SEND = sql<OutboxSendState | null>`(select m.send_state from sent_messages m
  where m.idempotency_key = 'gift_card:' || c.delivery_key)`;

// The seller the card spends with: its order line's, else the product's.
const SELLER = sql<number | null>`coalesce(
  (select i.seller_id from order_items i where i.order_id = c.order_id
    and i.sku = c.configurable_product_sku order by i.id limit 1),
  (select p.seller_id from products p where p.id = c.product_id))`;

const VOID_REFUNDED = sql<number | null>`(select r.amount_cents from order_refunds r
  where r.order_id = c.order_id and r.idempotency_key = 'void-card-' || c.id)`;

// Why a void refunded nothing, as its order event recorded it.
const VOID_NOT_REFUNDED = sql<string | null>`(select e.data->>'not_refunded' from order_events e
  where e.order_id = c.order_id and e.type = 'gift_card_voided' and e.data->>'gift_card_id' = c.id::text
  order by e.id desc limit 1)`;

/** Paid cards (linked to an order) with what the console shows; drafts in carts are not gift cards yet. */
export function cardRows(db: Db) {
  return db
    .selectFrom('gift_card_details as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
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
      'c.delivery_key',
      FIRST_SEND.as('delivery_status'),
      STATE.as('state'),
      SELLER.as('seller_id'),
      CARD_SENT_AT.as('sent_at'),
      VOID_REFUNDED.as('void_refunded_cents'),
      VOID_NOT_REFUNDED.as('void_not_refunded'),
    ]);
}

export type CardRow = Awaited<ReturnType<ReturnType<typeof cardRows>['executeTakeFirstOrThrow']>>;

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

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** A card's message: the row the wire shows (message-wire.ts) and the card it is about. */
export type MessageRow = SentMessageRow & { gift_card_id: number | null };

/** [I27-mask] '•••• •••• •••• 2883': a card number spends like cash, so the console shows its last 4. */
export const maskedCardNumber = (cardNo: string) => `•••• •••• •••• ${cardNo.slice(-4)}`;

export function cardWire(row: CardRow, messages: MessageRow[]): AdminGiftCard {
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

export async function messagesOf(db: Db, cardIds: number[]): Promise<MessageRow[]> {
  if (cardIds.length === 0) return [];
  return (
    db
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
      // A message still waiting in the outbox (never tried) is not shown until it goes or an attempt fails.
      .where((eb) => eb.or([eb('send_state', 'in', ['sent', 'failed']), eb('status', '!=', 'queued')]))
      .orderBy('id')
      .execute()
  );
}

export async function findCard(db: Db, cardId: number): Promise<CardRow | undefined> {
  return cardRows(db).where('c.id', '=', cardId).executeTakeFirst();
}

/**
 * Locks the card's outbox rows and then the card (the sender's order: it records a row sent, then the
 * card's validity), so a console action and a sender never wait on each other in a circle.
 */
export async function lockCard(trx: Db, cardId: number): Promise<CardRow> {
  await trx
    .selectFrom('sent_messages')
    .select('id')
    .where('gift_card_id', '=', cardId)
    .where('send_state', 'in', ['queued', 'sending'])
    .orderBy('id')
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

export const subjectOf = (cardId: number) => `gift_card:${cardId}`;
export const lastFour = (cardNo: string) => `•••• ${cardNo.slice(-4)}`;
