import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import type { Db } from '../db/database.ts';
import type { OrderStatus } from '../db/schema.ts';
import {
  formatValidUntil,
  type GiftCardOrigin,
  giftCardMmsBody,
  type MessageSender,
  mmsPictureUrl,
  mmsReference,
  receiptReference,
  receiptSmsBody,
} from '../modules/giftcards/gift-card-message.ts';
import {
  cardToSend,
  GIFT_CARD,
  GIFT_CARD_RECEIPT,
  pictureKey,
  queueCardReceipt,
  recordValidUntil,
} from '../modules/giftcards/gift-card-sending.ts';
import { validUntilOnSend } from '../modules/giftcards/gift-card-validity.ts';
import type { MessageRenderers } from '../modules/messages/outbox.ts';

// The outbox's renderers of a gift card's messages ([GIFT-01], [GIFT-02], [GIFT-03]; docs/gift-cards.md),
// registered beside the order receipt's (order-receipt-message.ts). Each writes its text from the card as
// it is when the message goes; modules/giftcards/gift-card-sending.ts queues them.
// - The card's first picture message waits while its order awaits review and is never sent for an order
//   refused or cancelled ([I15-review]): the outbox knows no orders, so its renderer answers "not yet"
//   (looked at again a minute on) or "never". Its validity is 3 years from the send (as of its intent, so
//   a retry writes the same date) and is recorded on the card with the send, which also queues the
//   purchaser's receipt, exactly once.
// - A resend (the console's) is the same text to the number it was queued for, with the validity the
//   console recorded.
// - A voided card's message is never sent, whoever queued it.

/** How long a card whose order awaits review waits before its renderer looks at the order again. */
export const REVIEW_RECHECK_MS = 60_000;

/** [I15-review] Orders whose cards may go (as in-store redemption's spendable orders). */
const SENDABLE: readonly OrderStatus[] = ['approved', 'partially_shipped', 'shipped'];

/**
 * [I11-13] Who sent the card (the purchaser's name) and the seller it spends with: the gift card
 * product's seller, or, when the catalogue no longer has the product, the seller its order line kept.
 */
export async function giftCardOrigin(
  db: Db,
  card: { customer_id: number; product_id: number; order_id: number | null },
): Promise<GiftCardOrigin> {
  const purchaser = await db
    .selectFrom('customers')
    .select(['firstname', 'lastname'])
    .where('id', '=', card.customer_id)
    .executeTakeFirst();
  const fromCatalogue = await db
    .selectFrom('products as p')
    .innerJoin('sellers as s', 's.id', 'p.seller_id')
    .select(['s.name', 's.seller_url as url'])
    .where('p.id', '=', card.product_id)
    .executeTakeFirst();
  const fromOrder =
    fromCatalogue || card.order_id === null
      ? undefined
      : await db
          .selectFrom('order_items as i')
          .innerJoin('sellers as s', 's.id', 'i.seller_id')
          .select(['s.name', 's.seller_url as url'])
          .where('i.order_id', '=', card.order_id)
          .where((w) =>
            w.or([w('i.parent_product_id', '=', card.product_id), w('i.product_id', '=', card.product_id)]),
          )
          .executeTakeFirst();
  return {
    senderName: purchaser ? `${purchaser.firstname} ${purchaser.lastname}`.trim() : 'Someone',
    seller: fromCatalogue ?? fromOrder ?? null,
  };
}

async function orderStatus(db: Db, orderId: number): Promise<OrderStatus | undefined> {
  const order = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
  return order?.status;
}

async function cardOf(db: Db, cardId: number | null) {
  const card = cardId === null ? undefined : await cardToSend(db, cardId);
  if (!card?.delivery_key) throw new Error(`gift card ${cardId} not found, or not ordered`);
  return { ...card, delivery_key: card.delivery_key };
}

export function giftCardRenderers(sender: MessageSender): MessageRenderers {
  return {
    async [GIFT_CARD](db, row, at) {
      const card = await cardOf(db, row.gift_card_id);
      if (card.voided_at) return { stop: 'voided' };
      const first = row.idempotency_key === pictureKey(card.delivery_key);
      if (first && card.order_id !== null) {
        const status = await orderStatus(db, card.order_id);
        if (status === 'pending_review') return { wait: new Date(at.getTime() + REVIEW_RECHECK_MS) };
        if (!status || !SENDABLE.includes(status)) return { stop: `order ${status ?? 'not found'}` };
      }
      const zone = card.delivery_timezone ?? DEFAULT_TIMEZONE;
      // [GIFT-03] 3 years from the actual send, when that is later than the schedule said.
      const validUntil = first
        ? validUntilOnSend(card.valid_until, at, zone)
        : (card.valid_until ?? validUntilOnSend(null, at, zone));
      const picture = card.mms_template_url;
      return {
        body: giftCardMmsBody(
          { ...card, recipient_mobile: row.to_number },
          await giftCardOrigin(db, card),
          sender,
          formatValidUntil(validUntil, zone),
          card.delivery_key,
        ),
        mediaUrl: picture ? mmsPictureUrl(picture, sender.publicUrl) : null,
        reference: mmsReference(card.delivery_key),
        ...(first && {
          async afterSend(trx: Db, sentAt: Date) {
            await recordValidUntil(trx, card.id, validUntil, sentAt);
            await queueCardReceipt(trx, card, sentAt);
          },
        }),
      };
    },

    async [GIFT_CARD_RECEIPT](db, row, at) {
      const card = await cardOf(db, row.gift_card_id);
      const zone = card.delivery_timezone ?? DEFAULT_TIMEZONE;
      const validUntil = card.valid_until ?? validUntilOnSend(null, at, zone);
      return {
        body: receiptSmsBody(card, formatValidUntil(validUntil, zone), card.delivery_key),
        reference: receiptReference(card.delivery_key),
      };
    },
  };
}
