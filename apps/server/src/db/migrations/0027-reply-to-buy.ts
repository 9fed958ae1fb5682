import { type Kysely, sql } from 'kysely';

// [I30] Reply to buy (docs/reply-to-buy.md): a member who turned on "Buy by reply" answers a campaign's
// text with BUY, gets the exact terms, and a YES within 10 minutes places the order with their saved card
// (off-session) and default shipping address.
// - reply_to_buy_settings: one row per member: on or off, the saved card chosen, and the evidence of
//   turning it on (the words they read, when, from where); turned off by the member or by a STOP.
// - campaigns.reply_to_buy / offer_product_id: a campaign marked reply-to-buy and its one sellable item
//   (a simple product, or the chosen variant's child product).
// - campaign_recipients.reply_to_buy: this recipient's text said "Reply BUY" (decided when it was sent).
// - reply_offers: one per recipient who answered BUY: the terms quoted (price, delivery, total, address,
//   card) and their state. A YES locks the row; one order per offer whatever the retries; the order's id is
//   kept so a second YES is answered with its number.
// - orders.reply_offer_id: the order was bought by reply (marked for staff and the seller).
// Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table reply_to_buy_settings (
    customer_id integer primary key references customers (id),
    enabled boolean not null,
    payment_method text,
    card_label text,
    words text not null,
    client_address text,
    turned_on_at timestamptz,
    turned_off_at timestamptz,
    turned_off_via text,
    updated_at timestamptz not null
  )`.execute(db);

  await sql`alter table campaigns add column reply_to_buy boolean not null default false`.execute(db);
  await sql`alter table campaigns add column offer_product_id integer references products (id)`.execute(db);
  await sql`alter table campaign_recipients add column reply_to_buy boolean not null default false`.execute(
    db,
  );

  await sql`create table reply_offers (
    id serial primary key,
    recipient_id integer not null references campaign_recipients (id),
    campaign_id integer not null references campaigns (id),
    customer_id integer not null references customers (id),
    mobile text not null,
    product_id integer not null references products (id),
    state text not null check (state in ('quoted', 'ordered', 'expired', 'failed', 'cancelled')),
    terms jsonb not null,
    quoted_at timestamptz not null,
    confirm_by timestamptz not null,
    buy_message_sid text not null,
    yes_message_sid text,
    order_id integer,
    failure text,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index reply_offers_mobile on reply_offers (mobile, id)`.execute(db);
  await sql`create index reply_offers_recipient on reply_offers (recipient_id, id)`.execute(db);

  await sql`alter table orders add column reply_offer_id integer`.execute(db);
}
