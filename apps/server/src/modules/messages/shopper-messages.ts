import type { Db } from '../../db/database.ts';
import type { MessagingProvider } from '../../providers/messaging/messaging-provider.ts';

// [I15] Every text or picture message sent to a shopper goes through here: it is sent by the messaging
// provider and recorded in `sent_messages` with its purpose and the order or gift card it is about, so
// the back office shows it on the order's timeline or the card's page, and the provider's status
// callbacks (webhooks) update it. Sign-in codes are not recorded (they are not about an order).

export interface ShopperMessage {
  to: string;
  kind: 'sms' | 'mms';
  body: string;
  /** A picture message's picture (an absolute URL the provider can fetch). */
  mediaUrl?: string;
  /** e.g. 'order_receipt', 'order_refused', 'order_shipped', 'order_refunded', 'order_cancelled', 'gift_card', 'gift_card_receipt'. */
  purpose: string;
  orderId?: number;
  giftCardId?: number;
}

export interface SentShopperMessage {
  /** sent_messages.id */
  id: number;
  providerMessageId: string;
}

export interface ShopperMessages {
  /** Sends the message and records it. Throws what the provider threw (nothing is recorded then). */
  send(message: ShopperMessage, db?: Db): Promise<SentShopperMessage>;
}

export function createShopperMessages(deps: { db: Db; messaging: MessagingProvider }): ShopperMessages {
  const provider = deps.messaging.mode === 'sandbox' ? 'sandbox' : 'twilio';
  return {
    async send(message, db = deps.db) {
      const sent =
        message.kind === 'mms'
          ? await deps.messaging.sendMms(message.to, message.body, message.mediaUrl ?? '')
          : await deps.messaging.sendSms(message.to, message.body);
      const row = await db
        .insertInto('sent_messages')
        .values({
          provider,
          provider_message_id: sent.providerMessageId,
          kind: message.kind,
          purpose: message.purpose,
          to_number: message.to,
          order_id: message.orderId ?? null,
          gift_card_id: message.giftCardId ?? null,
          status: 'sent',
        })
        .onConflict((oc) => oc.column('provider_message_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      const id =
        row?.id ??
        (
          await db
            .selectFrom('sent_messages')
            .select('id')
            .where('provider_message_id', '=', sent.providerMessageId)
            .executeTakeFirstOrThrow()
        ).id;
      return { id, providerMessageId: sent.providerMessageId };
    },
  };
}
