import { type Kysely, sql } from 'kysely';

// [I32] The sellers' monthly subscription (SELLER_SUBSCRIPTION_CENTS; docs/sellers.md,
// modules/ledger/statements.ts).
// - ledger_entries.kind gains 'subscription' (the month's charge, GST-exclusive, negative: owed to the
//   operator) and 'subscription_gst' (10% GST on it), posted on the first statement of each month.
// - ledger_entries_fees (migration 0019: the monthly tax invoices read the month's fee entries by time)
//   holds the two new kinds too, since the invoice lists them.
// - tax_invoices gains subscription_cents and subscription_gst_cents (0 for the invoices issued before),
//   and its total is service fee + commission + GST on fees + subscription + GST on the subscription.
// Frozen once landed.

const OLD_KINDS = `'sale', 'gift_card_sale', 'shipping', 'service_fee', 'commission', 'fee_gst',
  'refund', 'commission_reversal', 'fee_gst_reversal', 'chargeback', 'gift_card_redemption',
  'gift_card_in_store', 'adjustment'`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_entries drop constraint ledger_entries_kind_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_kind_check
    check (kind in (${sql.raw(OLD_KINDS)}, 'subscription', 'subscription_gst'))`.execute(db);
  await sql`drop index ledger_entries_fees`.execute(db);
  await sql`create index ledger_entries_fees on ledger_entries (occurred_at, seller_id)
    where kind in ('service_fee', 'commission', 'commission_reversal', 'fee_gst', 'fee_gst_reversal',
      'subscription', 'subscription_gst')`.execute(db);
  await sql`alter table tax_invoices
    add column subscription_cents integer not null default 0,
    add column subscription_gst_cents integer not null default 0`.execute(db);
  await sql`alter table tax_invoices drop constraint tax_invoices_total`.execute(db);
  await sql`alter table tax_invoices add constraint tax_invoices_total
    check (total_cents = service_fee_cents + commission_cents + gst_cents + subscription_cents
      + subscription_gst_cents)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table tax_invoices drop constraint tax_invoices_total`.execute(db);
  await sql`alter table tax_invoices drop column subscription_cents, drop column subscription_gst_cents`.execute(
    db,
  );
  await sql`alter table tax_invoices add constraint tax_invoices_total
    check (total_cents = service_fee_cents + commission_cents + gst_cents)`.execute(db);
  await sql`drop index ledger_entries_fees`.execute(db);
  await sql`create index ledger_entries_fees on ledger_entries (occurred_at, seller_id)
    where kind in ('service_fee', 'commission', 'commission_reversal', 'fee_gst', 'fee_gst_reversal')`.execute(
    db,
  );
  await sql`alter table ledger_entries drop constraint ledger_entries_kind_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_kind_check
    check (kind in (${sql.raw(OLD_KINDS)}))`.execute(db);
}
