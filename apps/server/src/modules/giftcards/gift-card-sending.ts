import type { Db } from '../../db/database.ts';

// How a gift card's picture message is stopped when the card is voided.

/**
 * Stops every send of the card not yet made, in the caller's transaction: the worker claims only
 * 'queued' rows and rows 'sending' whose lease ran out, and a worker holding a claim can write nothing
 * once the row is no longer 'sending' (every write after its claim is conditional on it). Answers
 * whether a send was stopped.
 */
export async function stopCardMessages(trx: Db, cardId: number, now: Date): Promise<boolean> {
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
  return stopped.numUpdatedRows > 0n;
}
