import { type Kysely, sql } from 'kysely';

// [I15-deadline] The review deadline job writes one 'review_flagged' event per order, whichever process
// runs it and however often: the database refuses a second one (the job inserts with ON CONFLICT DO
// NOTHING), rather than the job checking first and racing another process. Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index order_events_review_flagged_once on order_events (order_id)
    where type = 'review_flagged'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index order_events_review_flagged_once`.execute(db);
}
