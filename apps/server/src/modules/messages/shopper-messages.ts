import type { Db } from '../../db/database.ts';
import type { SentMessageStatus } from '../../db/schema.ts';
import type { MessagingProvider } from '../../providers/messaging/messaging-provider.ts';
import { sandboxDeliveryStatus } from '../../providers/messaging/sandbox-messaging.ts';

// [I15-messages] How a message is recorded in `sent_messages` once the provider took it: every other text
// goes through the outbox (outbox.ts), which records with the same provider name and first status.
// Sign-in codes, the shoppers' (auth-service.ts) and the back office's (staff/staff-code-sign-in.ts), are
// sent at once (the person is waiting) and recorded with recordShopperMessage, which never stores a text,
// so no code is kept in clear. The back office shows each row on the order's timeline or the card's page,
// and the provider's status callbacks (webhooks/twilio-status.ts) update it.
// Statuses: Twilio accepted the message ('queued'); its callbacks move it on (sent, delivered, failed,
// undelivered). The sandbox reports at once: 'delivered', except to the reserved fiction number
// +61491570110, which is 'undelivered' with Twilio's error 30003 (providers/messaging/sandbox-messaging.ts).

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
export function firstStatus(
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
