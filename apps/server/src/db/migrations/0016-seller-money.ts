import { type Kysely, sql } from 'kysely';

// [I16] Sellers' money (DECISIONS.md "Money between the operator and sellers", docs/money.md):
// - ledger_entries: the append-only ledger. One row per money event and seller (and order line where
//   there is one), amount signed from the seller's side (+ owed to the seller, − owed to the operator).
//   An event is posted once: its event_key ('capture:<order>', 'refund:<refund id>', 'chargeback:<id>',
//   'redemption:<id>', …) with kind, seller and line is unique, and a retried posting inserts nothing.
//   The database refuses UPDATE, DELETE and TRUNCATE. No foreign keys: the ledger outlives a catalogue
//   reset and the orders it names (their ids are never reused).
// - seller_statements: one per seller and week (ending Monday 11:59:59.999 Sydney), made once by the
//   statement job; totals in cents, with what was brought and carried forward.
// - seller_bank_accounts: where a seller is paid (BSB and account number), one per seller.
// - payout_runs / payout_items: an operator's run of payments; a statement is paid at most once.
// - tax_invoices: the monthly tax invoice for a seller's fees, numbered in sequence.
// - Gift cards spent: gift_card_details gains its seller and balance; gift_card_redemptions records every
//   spend (in store, or held by an order) and every give-back (negative); orders gain gift_card_cents,
//   the part of the grand total a gift card paid (the payment card is authorised for the rest), and
//   affiliate_seller_id, the seller whose link the shopper came through (commission is not charged on
//   that seller's lines).
// Calendar dates are text 'YYYY-MM-DD' (Sydney dates; the same string from PGlite and node-postgres,
// which would otherwise turn a date into a Date at local midnight). Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('seller_id', 'integer', (col) => col.notNull())
    // When the money event happened (the app's clock); its week is computed from it when posted.
    .addColumn('occurred_at', 'timestamptz', (col) => col.notNull())
    .addColumn('week_ends_on', 'text', (col) =>
      col.notNull().check(sql`week_ends_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    )
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(
        sql`kind in ('sale', 'gift_card_sale', 'shipping', 'service_fee', 'commission', 'fee_gst',
          'refund', 'commission_reversal', 'fee_gst_reversal', 'chargeback', 'gift_card_redemption',
          'gift_card_in_store', 'adjustment')`,
      ),
    )
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    // The base a fee or reversal was worked on, or the value of an in-store redemption (which moves no
    // money: amount 0); informational.
    .addColumn('base_cents', 'integer')
    .addColumn('event_key', 'text', (col) => col.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('order_increment_id', 'text')
    .addColumn('order_item_id', 'integer')
    .addColumn('refund_id', 'integer')
    .addColumn('gift_card_id', 'integer')
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index ledger_entries_once on ledger_entries
    (event_key, kind, seller_id, coalesce(order_item_id, 0))`.execute(db);
  await sql`create index ledger_entries_seller_week on ledger_entries (seller_id, week_ends_on, id)`.execute(
    db,
  );
  await sql`create index ledger_entries_order on ledger_entries (order_id) where order_id is not null`.execute(
    db,
  );
  await sql`
    create function ledger_entries_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger_entries is append-only: % refused', tg_op;
    end
    $$`.execute(db);
  await sql`
    create trigger ledger_entries_no_change before update or delete on ledger_entries
    for each row execute function ledger_entries_append_only()`.execute(db);
  await sql`
    create trigger ledger_entries_no_truncate before truncate on ledger_entries
    for each statement execute function ledger_entries_append_only()`.execute(db);

  await db.schema
    .createTable('seller_statements')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('seller_id', 'integer', (col) => col.notNull())
    .addColumn('seller_name', 'text', (col) => col.notNull())
    .addColumn('week_ends_on', 'text', (col) =>
      col.notNull().check(sql`week_ends_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    )
    .addColumn('period_start', 'timestamptz', (col) => col.notNull())
    .addColumn('period_end', 'timestamptz', (col) => col.notNull())
    .addColumn('remittance_on', 'text', (col) =>
      col.notNull().check(sql`remittance_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    )
    // Sums of the week's entries by kind, { kind: cents }, for the statement's summary.
    .addColumn('totals', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('entry_count', 'integer', (col) => col.notNull().defaultTo(0))
    // The week's entries summed; what an earlier negative week left; payable = max(0, net + brought);
    // carried = min(0, net + brought).
    .addColumn('net_cents', 'integer', (col) => col.notNull())
    .addColumn('brought_forward_cents', 'integer', (col) =>
      col.notNull().defaultTo(0).check(sql`brought_forward_cents <= 0`),
    )
    .addColumn('payable_cents', 'integer', (col) => col.notNull().check(sql`payable_cents >= 0`))
    .addColumn('carried_forward_cents', 'integer', (col) =>
      col.notNull().check(sql`carried_forward_cents <= 0`),
    )
    .addColumn('generated_at', 'timestamptz', (col) => col.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addUniqueConstraint('seller_statements_once', ['seller_id', 'week_ends_on'])
    .addCheckConstraint(
      'seller_statements_balance',
      sql`payable_cents + carried_forward_cents = net_cents + brought_forward_cents`,
    )
    .execute();
  await sql`create index seller_statements_week on seller_statements (week_ends_on desc, seller_id)`.execute(
    db,
  );

  await db.schema
    .createTable('seller_bank_accounts')
    .addColumn('seller_id', 'integer', (col) => col.primaryKey())
    .addColumn('account_name', 'text', (col) => col.notNull())
    .addColumn('bsb', 'text', (col) => col.notNull().check(sql`bsb ~ '^[0-9]{3}-[0-9]{3}$'`))
    .addColumn('account_number', 'text', (col) => col.notNull().check(sql`account_number ~ '^[0-9]{5,9}$'`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.references('staff.id'))
    .execute();

  await db.schema
    .createTable('payout_runs')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('draft').check(sql`status in ('draft', 'remitted', 'cancelled')`),
    )
    // The date the bank is asked to process the payments (the statements' remittance date).
    .addColumn('process_on', 'text', (col) =>
      col.notNull().check(sql`process_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    )
    .addColumn('total_cents', 'integer', (col) => col.notNull().check(sql`total_cents >= 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('staff.id'))
    .addColumn('remitted_at', 'timestamptz')
    .addColumn('remitted_by', 'integer', (col) => col.references('staff.id'))
    .execute();

  await db.schema
    .createTable('payout_items')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('payout_run_id', 'integer', (col) =>
      col.notNull().references('payout_runs.id').onDelete('cascade'),
    )
    .addColumn('statement_id', 'integer', (col) => col.notNull().references('seller_statements.id'))
    .addColumn('seller_id', 'integer', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    // The bank details as paid (a later change of account does not rewrite a payment made).
    .addColumn('account_name', 'text', (col) => col.notNull())
    .addColumn('bsb', 'text', (col) => col.notNull())
    .addColumn('account_number', 'text', (col) => col.notNull())
    .execute();
  // A statement is in at most one run that is not cancelled: paid once.
  await sql`create unique index payout_items_statement_once on payout_items (statement_id)`.execute(db);
  await db.schema.createIndex('payout_items_run').on('payout_items').column('payout_run_id').execute();

  await sql`create sequence tax_invoice_number_seq start 1`.execute(db);
  await db.schema
    .createTable('tax_invoices')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('invoice_number', 'integer', (col) =>
      col.notNull().unique().defaultTo(sql`nextval('tax_invoice_number_seq')`),
    )
    .addColumn('seller_id', 'integer', (col) => col.notNull())
    .addColumn('seller_name', 'text', (col) => col.notNull())
    // 'YYYY-MM', the Sydney calendar month the fees were charged in.
    .addColumn('month', 'text', (col) => col.notNull().check(sql`month ~ '^[0-9]{4}-[0-9]{2}$'`))
    .addColumn('issued_on', 'text', (col) =>
      col.notNull().check(sql`issued_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    )
    .addColumn('service_fee_cents', 'integer', (col) => col.notNull())
    .addColumn('commission_cents', 'integer', (col) => col.notNull())
    .addColumn('gst_cents', 'integer', (col) => col.notNull())
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('tax_invoices_once', ['seller_id', 'month'])
    .addCheckConstraint(
      'tax_invoices_total',
      sql`total_cents = service_fee_cents + commission_cents + gst_cents`,
    )
    .execute();

  // Gift cards spent online and in store.
  await db.schema
    .alterTable('gift_card_details')
    .addColumn('seller_id', 'integer')
    .addColumn('balance_cents', 'integer')
    .execute();
  await sql`update gift_card_details g set seller_id = p.seller_id from products p where p.id = g.product_id`.execute(
    db,
  );
  await sql`update gift_card_details set balance_cents = amount_cents`.execute(db);
  await sql`alter table gift_card_details alter column balance_cents set not null`.execute(db);
  await sql`alter table gift_card_details add constraint gift_card_details_balance_check
    check (balance_cents >= 0 and balance_cents <= amount_cents)`.execute(db);
  // A card's balance starts at its amount (and follows the amount while the card is not yet bought);
  // its seller is its product's. The code that saves a card's details need not know either.
  await sql`
    create function gift_card_details_defaults() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        new.balance_cents := coalesce(new.balance_cents, new.amount_cents);
        if new.seller_id is null then
          select p.seller_id into new.seller_id from products p where p.id = new.product_id;
        end if;
      elsif new.order_id is null and new.amount_cents <> old.amount_cents then
        new.balance_cents := new.amount_cents;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger gift_card_details_defaults before insert or update on gift_card_details
    for each row execute function gift_card_details_defaults()`.execute(db);

  await db.schema
    .createTable('gift_card_redemptions')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('gift_card_id', 'integer', (col) => col.notNull().references('gift_card_details.id'))
    .addColumn('seller_id', 'integer', (col) => col.notNull())
    // Positive: spent. Negative: given back (an order refused, cancelled or refunded).
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents <> 0`))
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('in_store', 'order', 'order_give_back')`),
    )
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('staff_id', 'integer', (col) => col.references('staff.id'))
    .addColumn('balance_after_cents', 'integer', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('gift_card_redemptions_key', ['gift_card_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('gift_card_redemptions_card')
    .on('gift_card_redemptions')
    .columns(['gift_card_id', 'id'])
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('gift_card_cents', 'integer', (col) => col.notNull().defaultTo(0))
    // The seller whose own link or profile the shopper came through (no commission on their lines);
    // null when none: every line is a marketplace sale.
    .addColumn('affiliate_seller_id', 'integer')
    .execute();
  await sql`alter table orders add constraint orders_gift_card_check
    check (gift_card_cents >= 0 and gift_card_cents <= grand_total_cents)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table orders drop constraint orders_gift_card_check`.execute(db);
  await db.schema
    .alterTable('orders')
    .dropColumn('gift_card_cents')
    .dropColumn('affiliate_seller_id')
    .execute();
  await db.schema.dropTable('gift_card_redemptions').execute();
  await sql`drop trigger gift_card_details_defaults on gift_card_details`.execute(db);
  await sql`drop function gift_card_details_defaults()`.execute(db);
  await sql`alter table gift_card_details drop constraint gift_card_details_balance_check`.execute(db);
  await db.schema
    .alterTable('gift_card_details')
    .dropColumn('balance_cents')
    .dropColumn('seller_id')
    .execute();
  await db.schema.dropTable('tax_invoices').execute();
  await sql`drop sequence tax_invoice_number_seq`.execute(db);
  await db.schema.dropTable('payout_items').execute();
  await db.schema.dropTable('payout_runs').execute();
  await db.schema.dropTable('seller_bank_accounts').execute();
  await db.schema.dropTable('seller_statements').execute();
  await db.schema.dropTable('ledger_entries').execute();
  await sql`drop function ledger_entries_append_only()`.execute(db);
}
