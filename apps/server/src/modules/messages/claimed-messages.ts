import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MessagingProvider } from '../../providers/messaging/messaging-provider.ts';
import { sandboxDeliveryStatus } from '../../providers/messaging/sandbox-messaging.ts';
import { messageProviderName } from './shopper-messages.ts';

// [I16-vendor-sms] Texts that must go at most once per (purpose, order, number), however often the event
// that causes them is retried and however many processes race to send them (the new-order text to a
// seller's staff). Each is first CLAIMED: a sent_messages row is written with a placeholder provider id
// ('claim:<purpose>:<order>:<number>', unique) under a transaction-scoped advisory lock on the order,
// after checking no row of that purpose already exists for that order and number. Only the process that
// claimed a row sends it; it then settles the row with the provider's id and first status (so the
// provider's status callbacks find it), or marks it failed. A crash between claim and send leaves a
// 'queued' row and no second text: at most once, never twice.

export interface MessageClaim {
  to: string;
  purpose: string;
  orderId: number;
}

const claimKey = (claim: MessageClaim) => `claim:${claim.purpose}:${claim.orderId}:${claim.to}`;

/** Claims the messages not claimed (or sent) before; answers the claimed ones with their sent_messages.id. */
export async function claimMessages(
  db: Db,
  messaging: Pick<MessagingProvider, 'mode'>,
  claims: readonly MessageClaim[],
  now: Date,
): Promise<(MessageClaim & { id: number })[]> {
  if (claims.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const orders = [...new Set(claims.map((claim) => claim.orderId))].sort((a, b) => a - b);
    for (const orderId of orders) {
      await sql`select pg_advisory_xact_lock(${16_000_016}, ${orderId})`.execute(trx);
    }
    const claimed: (MessageClaim & { id: number })[] = [];
    for (const claim of claims) {
      const before = await trx
        .selectFrom('sent_messages')
        .select('id')
        .where('purpose', '=', claim.purpose)
        .where('order_id', '=', claim.orderId)
        .where('to_number', '=', claim.to)
        .executeTakeFirst();
      if (before) continue;
      const row = await trx
        .insertInto('sent_messages')
        .values({
          provider: messageProviderName(messaging),
          provider_message_id: claimKey(claim),
          kind: 'sms',
          purpose: claim.purpose,
          to_number: claim.to,
          order_id: claim.orderId,
          status: 'queued',
          error_code: null,
          status_at: now,
        })
        .onConflict((oc) => oc.column('provider_message_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) claimed.push({ ...claim, id: row.id });
    }
    return claimed;
  });
}

/** The provider accepted the claimed message: its id and first status, as recordShopperMessage records. */
export async function settleClaimedMessage(
  db: Db,
  messaging: Pick<MessagingProvider, 'mode'>,
  claim: { id: number; to: string },
  providerMessageId: string,
  now: Date,
): Promise<void> {
  const first =
    messaging.mode === 'sandbox'
      ? (() => {
          const outcome = sandboxDeliveryStatus(claim.to);
          return { status: outcome.status, error_code: outcome.errorCode };
        })()
      : { status: 'queued' as const, error_code: null };
  await db
    .updateTable('sent_messages')
    .set({ provider_message_id: providerMessageId, ...first, status_at: now })
    .where('id', '=', claim.id)
    .execute();
}

/** The provider refused the claimed message (or never answered): failed, error 'send_failed'; not retried. */
export async function failClaimedMessage(db: Db, claim: { id: number }, now: Date): Promise<void> {
  await db
    .updateTable('sent_messages')
    .set({ status: 'failed', error_code: 'send_failed', status_at: now })
    .where('id', '=', claim.id)
    .execute();
}
