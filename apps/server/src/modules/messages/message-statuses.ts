import type { Db } from '../../db/database.ts';
import type { SentMessageStatus } from '../../db/schema.ts';

// [I15-messages] A message's status as its provider reports it (Twilio's status callbacks). Callbacks
// arrive out of order and more than once, so a status never goes backwards: queued < sent < delivered,
// and delivered, failed and undelivered are final. One conditional UPDATE decides, so two callbacks at
// once cannot undo each other.

const RANK: Record<SentMessageStatus, number> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  failed: 2,
  undelivered: 2,
};

const STATUSES = Object.keys(RANK) as SentMessageStatus[];

/** The statuses a message may move on from to `status`. */
export function statusesBefore(status: SentMessageStatus): SentMessageStatus[] {
  return STATUSES.filter((earlier) => RANK[earlier] < RANK[status]);
}

export type StatusOutcome =
  | { outcome: 'updated'; messageId: number }
  /** The message is already at this status or past it (a late or repeated callback). */
  | { outcome: 'stale'; messageId: number; status: SentMessageStatus }
  | { outcome: 'unknown' };

/** Moves a provider's message on to `status` (with its error code, if any) unless it is there or past it. */
export async function applyProviderStatus(
  db: Db,
  update: {
    provider: string;
    providerMessageId: string;
    status: SentMessageStatus;
    errorCode: string | null;
    at: Date;
  },
): Promise<StatusOutcome> {
  const before = statusesBefore(update.status);
  if (before.length > 0) {
    const row = await db
      .updateTable('sent_messages')
      .set({ status: update.status, error_code: update.errorCode, status_at: update.at })
      .where('provider', '=', update.provider)
      .where('provider_message_id', '=', update.providerMessageId)
      .where('status', 'in', before)
      .returning('id')
      .executeTakeFirst();
    if (row) return { outcome: 'updated', messageId: row.id };
  }
  const current = await db
    .selectFrom('sent_messages')
    .select(['id', 'status'])
    .where('provider', '=', update.provider)
    .where('provider_message_id', '=', update.providerMessageId)
    .executeTakeFirst();
  return current
    ? { outcome: 'stale', messageId: current.id, status: current.status }
    : { outcome: 'unknown' };
}
