import { type Kysely, sql } from 'kysely';

// [I31] Texts that go by themselves (docs/automations.md): back in stock, the cart left behind, the
// thank-you after delivery. They go through the one outbox with the campaigns' rules (consent, quiet
// hours in the recipient's zone, the weekly cap shared with campaigns, STOP, the seller named, an opt-out).
// - automations: one row per (seller, flow) once a seller has set it: on or off, the seller's message, the
//   timing (cart: hours after the cart's last change; thank-you: days after delivery), the thank-you's
//   product, and enabled_at (results count from there).
// - stock_alerts: "Text me when it's back" on a sold-out product or variant: the mobile, the item watched
//   (a simple product or one child), the evidence of the ask (the words shown, when, from where, how the
//   mobile was proven). It is consent for that one item's text only. 'waiting' until a restock picks it
//   (in order of asking, no more than the units that came back), then 'queued' with its send; 'expired'
//   after 60 days; 'cancelled' by the shopper or an opt-out. One waiting alert per (item, mobile).
// - automation_sends: one per text: its flow, recipient, zone, short-link code (/t/<code>) and clicks, and
//   what it is about (the alert, the cart, the delivered order). The unique keys make each exactly once:
//   one per alert, one per (automation, cart), one per (automation, order), whatever two workers or a
//   kill -9 do. sent_messages.automation_send_id ties the outbox row to it.
// - marketing_quota.automation_send_id: automated texts count in the same weekly cap as campaigns.
// - order_shipments.delivered_at / delivered_by: a seller's shipment marked delivered (the thank-you's
//   clock starts there).
// - orders.automation_send_id: the automated text whose link the shopper last clicked within 5 days.
// Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table automations (
    id serial primary key,
    seller_id integer not null references sellers (id),
    flow text not null check (flow in ('back_in_stock', 'cart_reminder', 'thank_you')),
    enabled boolean not null,
    message text not null,
    delay_hours integer not null,
    product_id integer references products (id),
    enabled_at timestamptz,
    updated_at timestamptz not null,
    updated_by integer references staff (id),
    unique (seller_id, flow)
  )`.execute(db);

  await sql`create table stock_alerts (
    id serial primary key,
    product_id integer not null references products (id),
    seller_id integer not null references sellers (id),
    mobile text not null,
    customer_id integer references customers (id),
    state text not null check (state in ('waiting', 'queued', 'expired', 'cancelled')),
    words text not null,
    proof text not null check (proof in ('member', 'code')),
    client_address text,
    requested_at timestamptz not null,
    expires_at timestamptz not null,
    send_id integer,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index stock_alerts_one_waiting on stock_alerts (product_id, mobile)
    where state = 'waiting'`.execute(db);
  await sql`create index stock_alerts_queue on stock_alerts (product_id, id) where state = 'waiting'`.execute(
    db,
  );
  await sql`create index stock_alerts_mobile on stock_alerts (mobile, id)`.execute(db);

  await sql`create table automation_sends (
    id serial primary key,
    automation_id integer not null references automations (id),
    flow text not null check (flow in ('back_in_stock', 'cart_reminder', 'thank_you')),
    seller_id integer not null references sellers (id),
    mobile text not null,
    customer_id integer references customers (id),
    zone text not null,
    code text not null unique,
    product_id integer references products (id),
    stock_alert_id integer unique references stock_alerts (id),
    cart_id integer references carts (id),
    order_id integer references orders (id),
    state text not null check (state in
      ('queued', 'sent', 'skipped_cap', 'skipped_opted_out', 'cancelled', 'failed')),
    queued_at timestamptz not null,
    due_at timestamptz not null,
    quiet_delayed boolean not null default false,
    message_id integer,
    first_clicked_at timestamptz,
    last_clicked_at timestamptz,
    clicks integer not null default 0,
    unique (automation_id, cart_id),
    unique (automation_id, order_id)
  )`.execute(db);
  await sql`create index automation_sends_automation on automation_sends (automation_id, id)`.execute(db);
  await sql`create index automation_sends_mobile on automation_sends (mobile, flow, queued_at)`.execute(db);
  await sql`create index automation_sends_clicks on automation_sends (mobile, last_clicked_at)
    where last_clicked_at is not null`.execute(db);

  await sql`alter table sent_messages add column automation_send_id integer`.execute(db);
  await sql`create index sent_messages_automation_send on sent_messages (automation_send_id)
    where automation_send_id is not null`.execute(db);

  await sql`alter table marketing_quota alter column recipient_id drop not null`.execute(db);
  await sql`alter table marketing_quota add column automation_send_id integer unique`.execute(db);

  await sql`alter table order_shipments add column delivered_at timestamptz`.execute(db);
  await sql`alter table order_shipments add column delivered_by integer references staff (id)`.execute(db);
  await sql`create index order_shipments_delivered on order_shipments (delivered_at)
    where delivered_at is not null`.execute(db);

  await sql`alter table orders add column automation_send_id integer`.execute(db);
  await sql`create index orders_automation_send on orders (automation_send_id)
    where automation_send_id is not null`.execute(db);
}
