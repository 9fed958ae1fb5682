import { type Kysely, sql } from 'kysely';

// Gift cards' messages go through the one outbox (docs/architecture.md "Outbox", docs/gift-cards.md): the
// card's picture message is a `sent_messages` row queued in the transaction that links the card to its
// paid order, its purchaser's receipt one queued in the transaction that records the picture message sent,
// and the gift card worker's own queue (0007 gift_card_deliveries) goes.
// - gift_card_details.delivery_key: the card's reference ('Ref G-<key>', 'Ref R-<key>' in its texts), which
//   lived on the queue row; unique, null for a card not ordered yet.
// - send_state 'cancelled': a row that will never be sent (the card was voided, its order refused or
//   cancelled), told apart from 'failed' (given up after the provider's last refusal).
// - every delivery not yet done becomes outbox rows with its key, attempts, intents and next attempt, so
//   nothing queued before the upgrade is lost, and nothing whose intent is on record is sent before it is
//   looked up at the provider: a picture message not yet recorded → a 'gift_card' row; a picture message
//   recorded but not its receipt → a 'gift_card_receipt' row; a delivery given up → a 'failed' row; one
//   stopped by a void → a 'cancelled' row. A picture message the worker sent but that sent_messages does
//   not hold (its bookkeeping failed) is recorded as sent, so "the card went out" reads from one place.
// Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('gift_card_details')
    .addColumn('delivery_key', 'text', (col) => col.unique())
    .execute();
  await sql`update gift_card_details c set delivery_key = d.delivery_key
    from gift_card_deliveries d where d.card_id = c.id`.execute(db);

  await sql`alter table sent_messages drop constraint sent_messages_send_state_check`.execute(db);
  await sql`alter table sent_messages add constraint sent_messages_send_state_check
    check (send_state in ('queued', 'sending', 'sent', 'failed', 'cancelled'))`.execute(db);

  // The picture message, not sent yet (or given up, or stopped by a void).
  await sql`insert into sent_messages (provider, provider_message_id, kind, purpose, to_number, order_id,
      gift_card_id, status, error_code, status_at, render, idempotency_key, send_state, attempts,
      next_attempt_at, quiet_zone, intent_at, last_error, created_at)
    select 'none', 'pending:gift_card:' || d.delivery_key,
      case when c.mms_template_url is null then 'sms' else 'mms' end, 'gift_card', c.recipient_mobile,
      c.order_id, c.id,
      case when d.status = 'failed' and d.last_error is distinct from 'voided' then 'failed' else 'queued' end,
      case when d.status = 'failed' and d.last_error is distinct from 'voided' then 'send_failed' end,
      coalesce(d.failed_at, d.updated_at), 'gift_card', 'gift_card:' || d.delivery_key,
      case when d.status in ('queued', 'sending') then 'queued'
        when d.last_error = 'voided' then 'cancelled' else 'failed' end,
      d.attempts, d.next_attempt_at, coalesce(c.delivery_timezone, 'Australia/Sydney'), d.mms_intent_at,
      d.last_error, d.created_at
    from gift_card_deliveries d join gift_card_details c on c.id = d.card_id
    where d.mms_message_id is null and d.status in ('queued', 'sending', 'failed')`.execute(db);

  // The receipt of a picture message that went out, not sent yet.
  await sql`insert into sent_messages (provider, provider_message_id, kind, purpose, to_number, order_id,
      gift_card_id, status, status_at, render, idempotency_key, send_state, attempts, next_attempt_at,
      quiet_zone, intent_at, created_at)
    select 'none', 'pending:gift_card_receipt:' || d.delivery_key, 'sms', 'gift_card_receipt',
      c.purchaser_mobile, c.order_id, c.id, 'queued', d.updated_at, 'gift_card_receipt',
      'gift_card_receipt:' || d.delivery_key, 'queued', 0, d.next_attempt_at,
      coalesce(c.delivery_timezone, 'Australia/Sydney'), d.receipt_intent_at, d.created_at
    from gift_card_deliveries d join gift_card_details c on c.id = d.card_id
    where d.mms_message_id is not null and d.receipt_message_id is null
      and d.status in ('queued', 'sending')`.execute(db);

  // A picture message sent whose record is missing.
  await sql`insert into sent_messages (provider, provider_message_id, kind, purpose, to_number, order_id,
      gift_card_id, status, status_at, idempotency_key, send_state, sent_at, created_at)
    select case when d.mms_message_id like 'sandbox-%' then 'sandbox' else 'twilio' end, d.mms_message_id,
      case when c.mms_template_url is null then 'sms' else 'mms' end, 'gift_card', c.recipient_mobile,
      c.order_id, c.id, 'sent', d.sent_at, 'gift_card:' || d.delivery_key, 'sent', d.sent_at,
      coalesce(d.sent_at, d.updated_at)
    from gift_card_deliveries d join gift_card_details c on c.id = d.card_id
    where d.mms_message_id is not null
      and not exists (select 1 from sent_messages m where m.provider_message_id = d.mms_message_id)`.execute(
    db,
  );

  await db.schema.dropTable('gift_card_deliveries').execute();
}

export async function down(): Promise<void> {
  throw new Error(
    '0025-gift-card-outbox cannot be undone: the gift card deliveries were folded into sent_messages',
  );
}
