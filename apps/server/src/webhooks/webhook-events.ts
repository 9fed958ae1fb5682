import type { Db } from '../db/database.ts';

// [I15-webhooks] Each provider event is handled once: providers send an event again when they did not
// hear a 2xx in time, or just because. The (provider, event id) primary key of webhook_events decides,
// in the transaction of the event's effects: a replay finds the row and changes nothing; two copies at
// once wait on the key, and the second finds the first's row once it commits.

/** True when this event is new (now recorded); false when it was handled before. Call in a transaction. */
export async function claimWebhookEvent(
  db: Db,
  event: { provider: 'twilio' | 'stripe'; id: string; type: string },
): Promise<boolean> {
  const row = await db
    .insertInto('webhook_events')
    .values({ provider: event.provider, event_id: event.id, type: event.type })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}
