import { type Kysely, sql } from 'kysely';

// One outbox for every text and picture message (docs/architecture.md "Outbox"). `sent_messages` becomes
// the outbox rather than a new table beside it: the order timeline, the gift card console, the dashboard's
// failed-messages count and Twilio's status callbacks already read it, and order_events.message_id and
// gift_card_resends.message_id already point at it, so a message queued in a change's transaction is on
// the timeline from that commit. A row now also says what to send and how far sending got:
// - body / media_url: the text (and picture), or render: the name of the renderer that writes it when it
//   goes (the order receipt reads the order then); idempotency_key: unique, the message's key, used as its
//   reference at the provider (a look-up after a crash finds it there before anything is sent again);
// - send_state: queued → sending (claimed, with lease_owner / lease_until) → sent, or failed after the last
//   attempt; attempts, next_attempt_at (the earliest it may go: quiet hours move it), quiet_zone (the zone
//   whose quiet hours hold it, when its purpose has them), intent_at (committed before the provider is
//   called), last_error, sent_at.
// Rows from before are 'sent'. `status` stays the provider's delivery status (callbacks); provider and
// provider_message_id are 'none' and 'pending:<key>' until a provider accepts the message.
// The order receipts' own queue (0008) moves in: its rows not yet sent become outbox rows with their key
// and attempts, and the table is dropped. Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sent_messages')
    .addColumn('body', 'text')
    .addColumn('media_url', 'text')
    .addColumn('render', 'text')
    .addColumn('idempotency_key', 'text', (col) => col.unique())
    .addColumn('send_state', 'text', (col) =>
      col.notNull().defaultTo('sent').check(sql`send_state in ('queued', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('quiet_zone', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('intent_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`alter table sent_messages add constraint sent_messages_what_check
    check (send_state = 'sent' or body is not null or render is not null)`.execute(db);
  await sql`create index sent_messages_due on sent_messages (next_attempt_at, id) where send_state = 'queued'`.execute(
    db,
  );
  await sql`create index sent_messages_leases on sent_messages (lease_until) where send_state = 'sending'`.execute(
    db,
  );
  await sql`insert into sent_messages (provider, provider_message_id, kind, purpose, to_number, order_id,
      status, render, idempotency_key, send_state, attempts, next_attempt_at, intent_at, last_error, created_at)
    select 'none', 'pending:' || delivery_key, 'sms', 'order_receipt', to_mobile, order_id,
      'queued', 'order_receipt', delivery_key, 'queued', attempts, next_attempt_at, intent_at, last_error, created_at
    from order_receipts where status in ('queued', 'sending')`.execute(db);
  await db.schema.dropTable('order_receipts').execute();
}

export async function down(): Promise<void> {
  throw new Error('0024-one-outbox cannot be undone: the receipts queue was folded into sent_messages');
}
