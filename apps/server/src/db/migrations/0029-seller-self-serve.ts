import { type Kysely, sql } from 'kysely';

// [I32] Sellers run their own shop (docs/sellers.md).
// - seller_applications: "Sell with us" (/sell): the business, its ABN, the contact and their proven
//   mobile, what they sell, a link, the vendor terms accepted (when, the words' version, from where).
//   'waiting' until an operator approves (seller_id: the seller made) or refuses (with a reason). At most
//   one waiting application per mobile.
// - staff_invites: a single-use link texted to a new member of staff (the owner made by an approval, or a
//   member added from Staff): the sha-256 of its token, the member, when it expires (72 h) and when it
//   was used. Opening it signs the member in (a session that may only add a passkey).
// - staff.seller_owner: the seller's owner, who adds and removes that seller's staff.
// - sellers.shipping_info: what the seller says about delivery, on its profile. suspended_at / _reason /
//   _by: an operator's suspension (null: selling).
// - products.review_status: 'approved' (shown), 'waiting' (PRODUCT_REVIEW=manual: a new product until an
//   operator approves it) or 'refused' (review_reason says why). seller_active: false while the seller is
//   suspended (written with the suspension, on every product of the seller, children too). listed: what
//   the storefront shows and sells — enabled (the seller's switch) and approved and the seller active; the
//   listing index follows it.
// - product_changes: an approved product's held change of name, description or photos under manual
//   review (one at a time per product): 'waiting', then applied ('approved') or 'refused' with a reason.
// - customers.suspended_at / _reason: a suspended member cannot sign in, order or redeem.
// Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table seller_applications (
    id serial primary key,
    business_name text not null,
    abn text not null,
    contact_name text not null,
    mobile text not null,
    email text not null,
    sells text not null,
    website text not null,
    terms_version text not null,
    terms_accepted_at timestamptz not null,
    client_address text,
    status text not null default 'waiting' check (status in ('waiting', 'approved', 'refused')),
    decided_at timestamptz,
    decided_by integer references staff (id),
    refusal_reason text,
    seller_id integer references sellers (id),
    created_at timestamptz not null
  )`.execute(db);
  await sql`create unique index seller_applications_one_waiting on seller_applications (mobile)
    where status = 'waiting'`.execute(db);
  await sql`create index seller_applications_by_status on seller_applications (status, id)`.execute(db);

  await sql`create table staff_invites (
    id serial primary key,
    token_hash text not null unique,
    staff_id integer not null references staff (id),
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_by integer references staff (id)
  )`.execute(db);
  await sql`create index staff_invites_by_staff on staff_invites (staff_id)`.execute(db);

  await sql`alter table staff add column seller_owner boolean not null default false`.execute(db);

  await sql`alter table sellers
    add column shipping_info text not null default '',
    add column suspended_at timestamptz,
    add column suspended_reason text,
    add column suspended_by integer references staff (id)`.execute(db);

  await sql`alter table products
    add column review_status text not null default 'approved'
      check (review_status in ('approved', 'waiting', 'refused')),
    add column review_reason text,
    add column submitted_at timestamptz,
    add column seller_active boolean not null default true`.execute(db);
  await sql`alter table products add column listed boolean
    generated always as (enabled and review_status = 'approved' and seller_active) stored`.execute(db);
  await sql`drop index products_listing`.execute(db);
  await sql`create index products_listing on products (id) where parent_id is null and listed`.execute(db);
  await sql`create index products_waiting_review on products (submitted_at)
    where parent_id is null and review_status = 'waiting'`.execute(db);

  await sql`create table product_changes (
    id serial primary key,
    product_id integer not null references products (id),
    seller_id integer not null references sellers (id),
    changes jsonb not null,
    status text not null default 'waiting' check (status in ('waiting', 'approved', 'refused')),
    refusal_reason text,
    submitted_at timestamptz not null,
    submitted_by integer references staff (id),
    decided_at timestamptz,
    decided_by integer references staff (id)
  )`.execute(db);
  await sql`create unique index product_changes_one_waiting on product_changes (product_id)
    where status = 'waiting'`.execute(db);

  await sql`alter table customers
    add column suspended_at timestamptz,
    add column suspended_reason text`.execute(db);
}
