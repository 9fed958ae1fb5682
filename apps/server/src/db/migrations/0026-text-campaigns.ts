import { type Kysely, sql } from 'kysely';

// [I29] Selling by text (docs/campaigns.md; DECISIONS.md "Text campaigns and consent"):
// - text_consents: consent per (mobile, seller) with its evidence (source, the words shown, time, client
//   address); 'pending' until YES for a keyword join or an import; its opt-out code is the /u/<code> link
//   every marketing text of that seller to that mobile ends with. text_consent_events keeps every change
//   (asked, confirmed, stopped, restored) as evidence; rows are never updated or deleted.
// - text_stops: a STOP (or STOPALL, …) reply, or "Stop all offers", holds every seller's marketing to a
//   number until START/UNSTOP; the consents stay as they were, so START restores exactly what STOP held.
// - inbound_texts: each inbound MessageSid once (a retried webhook answers the first result).
// - campaigns and campaign_recipients: a recipient at most once per campaign (unique), its short-link code
//   (/t/<code>) and clicks; sent_messages.campaign_recipient_id ties the outbox row to it.
// - marketing_quota: one row per marketing text handed on (the weekly cap counts these, under a lock on
//   the mobile); send_rate: SMS_SENDS_PER_SECOND across processes, slots per second.
// - orders.campaign_id / campaign_recipient_id: the campaign an order is attributed to (last click within
//   5 days).
// Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table text_consents (
    id serial primary key,
    mobile text not null,
    seller_id integer not null references sellers (id),
    customer_id integer references customers (id),
    state text not null check (state in ('pending', 'subscribed', 'unsubscribed')),
    source text not null check (source in ('checkout', 'account', 'keyword', 'import')),
    words text not null,
    client_address text,
    requested_at timestamptz not null,
    confirm_by timestamptz,
    subscribed_at timestamptz,
    unsubscribed_at timestamptz,
    unsubscribed_via text,
    optout_code text not null unique,
    updated_at timestamptz not null,
    unique (mobile, seller_id)
  )`.execute(db);
  await sql`create index text_consents_seller_state on text_consents (seller_id, state)`.execute(db);

  await sql`create table text_consent_events (
    id serial primary key,
    consent_id integer references text_consents (id),
    mobile text not null,
    seller_id integer references sellers (id),
    event text not null,
    source text,
    words text,
    client_address text,
    detail text,
    at timestamptz not null
  )`.execute(db);
  await sql`create index text_consent_events_consent on text_consent_events (consent_id, id)`.execute(db);
  await sql`create index text_consent_events_mobile on text_consent_events (mobile, id)`.execute(db);

  await sql`create table text_stops (
    mobile text primary key,
    stopped boolean not null,
    stopped_at timestamptz not null,
    via text not null,
    restored_at timestamptz
  )`.execute(db);

  await sql`create table inbound_texts (
    id serial primary key,
    message_sid text not null unique,
    from_number text not null,
    to_number text not null,
    body text not null,
    received_at timestamptz not null,
    handled_as text,
    reply_message_id integer
  )`.execute(db);
  await sql`create index inbound_texts_from on inbound_texts (from_number, id)`.execute(db);

  await sql`create table campaigns (
    id serial primary key,
    seller_id integer not null references sellers (id),
    name text not null,
    message text not null,
    product_id integer references products (id),
    audience jsonb not null,
    state text not null check (state in
      ('draft', 'scheduled', 'review', 'sending', 'paused', 'sent', 'cancelled', 'refused')),
    scheduled_at timestamptz,
    schedule_zone text,
    review_reason text,
    reviewed_by integer references staff (id),
    reviewed_at timestamptz,
    created_by integer references staff (id),
    created_at timestamptz not null,
    updated_at timestamptz not null,
    started_at timestamptz,
    finished_at timestamptz,
    queued_at timestamptz,
    recipients integer not null default 0
  )`.execute(db);
  await sql`create index campaigns_seller on campaigns (seller_id, id)`.execute(db);
  await sql`create index campaigns_due on campaigns (state, scheduled_at)`.execute(db);

  await sql`create table campaign_recipients (
    id serial primary key,
    campaign_id integer not null references campaigns (id),
    mobile text not null,
    customer_id integer references customers (id),
    zone text not null,
    code text not null unique,
    state text not null check (state in
      ('queued', 'sent', 'skipped_cap', 'skipped_opted_out', 'cancelled', 'failed')),
    queued_at timestamptz not null,
    message_id integer,
    first_clicked_at timestamptz,
    last_clicked_at timestamptz,
    clicks integer not null default 0,
    unique (campaign_id, mobile)
  )`.execute(db);
  await sql`create index campaign_recipients_clicks on campaign_recipients (mobile, last_clicked_at)`.execute(
    db,
  );

  await sql`alter table sent_messages add column campaign_recipient_id integer`.execute(db);
  await sql`create index sent_messages_campaign_recipient on sent_messages (campaign_recipient_id)
    where campaign_recipient_id is not null`.execute(db);

  await sql`create table marketing_quota (
    id serial primary key,
    mobile text not null,
    recipient_id integer not null unique,
    at timestamptz not null
  )`.execute(db);
  await sql`create index marketing_quota_mobile on marketing_quota (mobile, at)`.execute(db);

  await sql`create table send_rate (
    bucket text not null,
    second timestamptz not null,
    used integer not null,
    primary key (bucket, second)
  )`.execute(db);

  await sql`alter table orders add column campaign_id integer references campaigns (id)`.execute(db);
  await sql`alter table orders add column campaign_recipient_id integer`.execute(db);
  await sql`create index orders_campaign on orders (campaign_id) where campaign_id is not null`.execute(db);
}
