import { type Clock, systemClock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { SentMessageStatus } from '../../db/schema.ts';
import type { MessagingProvider } from '../../providers/messaging/messaging-provider.ts';
import { sandboxDeliveryStatus } from '../../providers/messaging/sandbox-messaging.ts';

// [I15-messages] Every text or picture message sent to a shopper goes through here: it is sent by the
// messaging provider and recorded in `sent_messages` with its purpose and the order or gift card it is
// about, so the back office shows it on the order's timeline or the card's page, and the provider's status
// callbacks (webhooks/twilio-status.ts) update it. Sign-in codes, the shoppers' (auth-service.ts) and the
// back office's (staff/staff-code-sign-in.ts), are sent at once and recorded with recordShopperMessage,
// which never stores a text, so no code is kept in clear. A worker that sends with its own exactly-once
// machinery records what it sent with it too.
// Statuses: Twilio accepted the message ('queued'); its callbacks move it on (sent, delivered, failed,
// undelivered). The sandbox reports at once: 'delivered', except to the reserved fiction number
// +61491570110, which is 'undelivered' with Twilio's error 30003 (providers/messaging/sandbox-messaging.ts).

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

/** What is recorded of a message the provider accepted (everything but its text). */
export interface SentMessageRecord {
  to: string;
  kind: 'sms' | 'mms';
  purpose: string;
  orderId?: number | null;
  giftCardId?: number | null;
  providerMessageId: string;
}

/** sent_messages.provider: the sandbox outbox or Twilio. */
export const messageProviderName = (messaging: Pick<MessagingProvider, 'mode'>): 'sandbox' | 'twilio' =>
  messaging.mode === 'sandbox' ? 'sandbox' : 'twilio';

/** The status a message starts with: Twilio's first answer, or the sandbox's at-once outcome. */
function firstStatus(
  messaging: Pick<MessagingProvider, 'mode'>,
  to: string,
): { status: SentMessageStatus; error_code: string | null } {
  if (messaging.mode === 'sandbox') {
    const outcome = sandboxDeliveryStatus(to);
    return { status: outcome.status, error_code: outcome.errorCode };
  }
  return { status: 'queued', error_code: null };
}

/**
 * Records a message the provider accepted; answers its sent_messages.id. Recording the same provider
 * message again (a worker that found what an earlier attempt sent) answers the row already there.
 */
export async function recordShopperMessage(
  db: Db,
  messaging: Pick<MessagingProvider, 'mode'>,
  message: SentMessageRecord,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('sent_messages')
    .values({
      provider: messageProviderName(messaging),
      provider_message_id: message.providerMessageId,
      kind: message.kind,
      purpose: message.purpose,
      to_number: message.to,
      order_id: message.orderId ?? null,
      gift_card_id: message.giftCardId ?? null,
      ...firstStatus(messaging, message.to),
      status_at: now,
    })
    .onConflict((oc) => oc.column('provider_message_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) return row.id;
  const existing = await db
    .selectFrom('sent_messages')
    .select('id')
    .where('provider_message_id', '=', message.providerMessageId)
    .executeTakeFirstOrThrow();
  return existing.id;
}

export function createShopperMessages(deps: {
  db: Db;
  messaging: MessagingProvider;
  /** status_at of what is recorded; the system clock by default. */
  clock?: Clock;
}): ShopperMessages {
  const clock = deps.clock ?? systemClock;
  return {
    async send(message, db = deps.db) {
      const sent =
        message.kind === 'mms'
          ? await deps.messaging.sendMms(message.to, message.body, message.mediaUrl ?? '')
          : await deps.messaging.sendSms(message.to, message.body);
      const id = await recordShopperMessage(
        db,
        deps.messaging,
        {
          to: message.to,
          kind: message.kind,
          purpose: message.purpose,
          orderId: message.orderId ?? null,
          giftCardId: message.giftCardId ?? null,
          providerMessageId: sent.providerMessageId,
        },
        clock.now(),
      );
      return { id, providerMessageId: sent.providerMessageId };
    },
  };
}
