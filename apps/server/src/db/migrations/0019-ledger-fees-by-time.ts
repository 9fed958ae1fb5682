import { type Kysely, sql } from 'kysely';

// [I16-invoices] The monthly tax invoices read the fee entries of a Sydney month by occurred_at, and the
// job looks back twelve months for invoices never issued (modules/ledger/tax-invoices.ts). This index holds
// the fee entries only, by time, so neither scans the whole ledger. Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index ledger_entries_fees on ledger_entries (occurred_at, seller_id)
    where kind in ('service_fee', 'commission', 'commission_reversal', 'fee_gst', 'fee_gst_reversal')`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index ledger_entries_fees`.execute(db);
}
