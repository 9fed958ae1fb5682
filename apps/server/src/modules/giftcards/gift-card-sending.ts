import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { GiftCardDetailsTable } from '../../db/schema.ts';
import { cancelMessages, enqueueMessage, moveMessage, wakeMessages } from '../messages/outbox.ts';
import { nextSendableInstant } from './quiet-hours.ts';

// How a gift card's messages are queued, stopped and read back ([GIFT-01], [GIFT-02]; docs/gift-cards.md):
// all of them are rows of the one outbox (modules/messages/outbox.ts), never a queue of their own.
// - The picture message to the recipient (purpose 'gift_card', key 'gift_card:<delivery key>') is queued in
//   the transaction that links the card to its paid order (giftcards-service.ts linkOrder), not before its
//   scheduled time and never in the recipient's quiet hours ([CONST-27]); its text is written when it goes
//   (render 'gift_card', worker/gift-card-sends.ts), which also holds it while its order awaits review.
// - The purchaser's receipt ('gift_card_receipt') is queued in the transaction that records the picture
//   message sent: it says the card went, so it never goes before it, nor for a card that never went.
// - A resend from the console ('gift_card', key 'gift_card_resend:<request key>') is queued in the
//   console's transaction.
// - A void stops every unsent one (stopCardMessages, in the void's transaction).
// The card "went out" once one of its picture messages is recorded sent.

/** The outbox's purpose and renderer of a card's picture message (the console and timeline read it). */
export const GIFT_CARD = 'gift_card';
/** The outbox's purpose and renderer of the purchaser's receipt. */
export const GIFT_CARD_RECEIPT = 'gift_card_receipt';

export const pictureKey = (deliveryKey: string) => `gift_card:${deliveryKey}`;
export const receiptKey = (deliveryKey: string) => `gift_card_receipt:${deliveryKey}`;
export const resendKey = (requestKey: string) => `gift_card_resend:${requestKey}`;

/** What queueing a card's message reads of it. */
export type SendingCard = Pick<
  GiftCardDetailsTable,
  'recipient_mobile' | 'purchaser_mobile' | 'mms_template_url' | 'order_id' | 'delivery_timezone'
> & { id: number; delivery_key: string };

const zoneOf = (card: Pick<SendingCard, 'delivery_timezone'>) => card.delivery_timezone ?? DEFAULT_TIMEZONE;

/** A picture message: an MMS with the card's picture, a text when the card has none. */
const pictureKind = (card: Pick<SendingCard, 'mms_template_url'>) => (card.mms_template_url ? 'mms' : 'sms');

/**
 * Queues the card's picture message in the caller's transaction, due at `due` (its schedule, or now) and
 * at 06:00 in its zone when that falls in quiet hours; once per card (its key). Answers the row's id.
 */
export function queueCardMessage(trx: Db, card: SendingCard, due: Date, now: Date): Promise<number> {
  const zone = zoneOf(card);
  return enqueueMessage(
    trx,
    {
      to: card.recipient_mobile,
      kind: pictureKind(card),
      purpose: GIFT_CARD,
      render: GIFT_CARD,
      giftCardId: card.id,
      orderId: card.order_id,
      key: pictureKey(card.delivery_key),
      notBefore: nextSendableInstant(due, zone),
      quietZone: zone,
    },
    now,
  );
}

/**
 * [I15-review] An order was approved: its cards' picture messages that are due (their schedule has come)
 * and were waiting for the approval go now, not at the renderer's next look a minute later. Answers the
 * rows to send (the approval sends them after its commit); quiet hours still hold them when they are claimed.
 */
export async function wakeApprovedOrderCards(trx: Db, orderId: number, now: Date): Promise<number[]> {
  const waiting = await trx
    .selectFrom('sent_messages as m')
    .innerJoin('gift_card_details as c', 'c.id', 'm.gift_card_id')
    .select('m.id')
    .where('c.order_id', '=', orderId)
    .where('m.purpose', '=', GIFT_CARD)
    .where('m.send_state', '=', 'queued')
    .where((eb) => eb.or([eb('c.scheduled_at', 'is', null), eb('c.scheduled_at', '<=', now)]))
    .execute();
  return wakeMessages(
    trx,
    waiting.map((row) => row.id),
    now,
  );
}

/** The purchaser's receipt, queued when the picture message is recorded sent (once per card). */
export function queueCardReceipt(trx: Db, card: SendingCard, now: Date): Promise<number> {
  return enqueueMessage(
    trx,
    {
      to: card.purchaser_mobile,
      kind: 'sms',
      purpose: GIFT_CARD_RECEIPT,
      render: GIFT_CARD_RECEIPT,
      giftCardId: card.id,
      orderId: card.order_id,
      key: receiptKey(card.delivery_key),
      quietZone: zoneOf(card),
    },
    now,
  );
}

/** The console's resend to `to`, once per request key, due now (quiet hours as any picture message). */
export function queueResend(
  trx: Db,
  card: Omit<SendingCard, 'recipient_mobile'>,
  to: string,
  requestKey: string,
  now: Date,
): Promise<number> {
  return enqueueMessage(
    trx,
    {
      to,
      kind: pictureKind(card),
      purpose: GIFT_CARD,
      render: GIFT_CARD,
      giftCardId: card.id,
      orderId: card.order_id,
      key: resendKey(requestKey),
      quietZone: zoneOf(card),
    },
    now,
  );
}

/** Moves the card's waiting picture message; false once it is being sent, sent or stopped. */
export function moveCardMessage(trx: Db, deliveryKey: string, notBefore: Date): Promise<boolean> {
  return moveMessage(trx, pictureKey(deliveryKey), notBefore);
}

/**
 * Stops the card's own messages not yet sent (its picture messages and receipt; not the void's refund
 * text), in the caller's transaction (the void's): the outbox's rows become 'cancelled', and a sender
 * holding a claim on one can record nothing over it. Answers whether a send was stopped.
 */
export async function stopCardMessages(trx: Db, cardId: number, now: Date): Promise<boolean> {
  const purposes = [GIFT_CARD, GIFT_CARD_RECEIPT];
  return (await cancelMessages(trx, { giftCardId: cardId, purposes }, 'voided', now)) > 0;
}

/** The card as its messages are written from it when they go. */
export function cardToSend(db: Db, cardId: number) {
  return db.selectFrom('gift_card_details').selectAll().where('id', '=', cardId).executeTakeFirst();
}

/** [GIFT-03] What the first picture message said the card is valid until, recorded with its send. */
export async function recordValidUntil(trx: Db, cardId: number, validUntil: Date, now: Date): Promise<void> {
  await trx
    .updateTable('gift_card_details')
    .set({ valid_until: validUntil, updated_at: now })
    .where('id', '=', cardId)
    .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '!=', validUntil)]))
    .execute();
}

// ---------------------------------------------------------------- reading it back (alias c: the card)

/** The card's picture messages that went out. */
const sentPictures = sql`from sent_messages m where m.gift_card_id = c.id and m.purpose = 'gift_card'
  and m.send_state = 'sent'`;

/** True once one of the card's picture messages is recorded sent. */
export const CARD_SENT = sql<boolean>`exists (select 1 ${sentPictures})`;

/** When it first went out. */
export const CARD_SENT_AT = sql<Date | null>`(select min(coalesce(m.sent_at, m.created_at)) ${sentPictures})`;

/**
 * Where its first send stands, as the shopper's card shows it ('queued', 'sending', 'sent', 'failed'):
 * sent once any picture message went; otherwise its queued picture message's state (a stopped one, by a
 * void, as 'failed'); null before it is ordered.
 */
export const CARD_SEND_STATUS = sql<'queued' | 'sending' | 'sent' | 'failed' | null>`case
  when ${CARD_SENT} then 'sent'
  else (select case m.send_state when 'cancelled' then 'failed' else m.send_state end
    from sent_messages m where m.gift_card_id = c.id and m.idempotency_key = 'gift_card:' || c.delivery_key)
end`;
