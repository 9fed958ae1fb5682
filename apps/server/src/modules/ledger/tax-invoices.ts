import type { TaxInvoice } from '@quokka/contract/api/payouts';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { utcToZonedWallTime, zonedWallTimeToUtc } from '@quokka/contract/timezones';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { MoneyViewer } from './bank-accounts.ts';
import { invoiceIssueDate } from './ledger-rules.ts';

// [I16-invoices] The monthly tax invoice to each seller for the fees the operator charged them in a
// Sydney calendar month (DESIGN16 "Statements, payouts, invoices"; docs/payouts-and-invoices.md). From
// the month's ledger entries (by occurred_at, Sydney), signed from the seller's side so fees are negative:
//   service fee = −Σ service_fee
//   commission  = −Σ commission − Σ commission_reversal   (refunds and chargebacks give commission back)
//   GST         = −Σ fee_gst − Σ fee_gst_reversal
//   [I32] subscription     = −Σ subscription              (SELLER_SUBSCRIPTION_CENTS, on the month's first
//         subscription GST = −Σ subscription_gst           statement; migration 0030)
//   total       = service fee + commission + GST + subscription + subscription GST   (the table's CHECK)
// Issued once per seller and month (unique (seller_id, month); ON CONFLICT DO NOTHING, so processes racing
// issue one), on or after invoiceIssueDate(month), the first business day after the month ends. A seller
// charged no fee and no subscription that month gets none.

const ZONE = DEFAULT_TIMEZONE;
const FEE_KINDS = [
  'service_fee',
  'commission',
  'commission_reversal',
  'fee_gst',
  'fee_gst_reversal',
  'subscription',
  'subscription_gst',
] as const;

/** The Sydney calendar date of an instant, 'YYYY-MM-DD'. */
export function sydneyDate(at: Date): string {
  return utcToZonedWallTime(at, ZONE).slice(0, 10);
}

/** 'YYYY-MM' → the month before it. */
export function previousMonth(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, mon - 2, 1));
  return date.toISOString().slice(0, 7);
}

/** The first instant of a Sydney month and of the next one. */
export function sydneyMonthBounds(month: string): { start: Date; end: Date } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, mon, 1)).toISOString().slice(0, 7);
  return {
    start: zonedWallTimeToUtc(`${month}-01 00:00:00`, ZONE),
    end: zonedWallTimeToUtc(`${next}-01 00:00:00`, ZONE),
  };
}

export interface InvoiceFigures {
  sellerId: number;
  serviceFeeCents: number;
  commissionCents: number;
  gstCents: number;
  /** [I32] The month's subscription, GST-exclusive, and its GST. */
  subscriptionCents: number;
  subscriptionGstCents: number;
  totalCents: number;
}

/** Each seller's fees in the Sydney month (sellers with a fee entry in it only). */
export async function monthFees(db: Db, month: string): Promise<InvoiceFigures[]> {
  const { start, end } = sydneyMonthBounds(month);
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['seller_id', 'kind', (eb) => eb.fn.sum<string | number>('amount_cents').as('cents')])
    .where('occurred_at', '>=', start)
    .where('occurred_at', '<', end)
    .where('kind', 'in', FEE_KINDS)
    .groupBy(['seller_id', 'kind'])
    .execute();
  const bySeller = new Map<number, Record<string, number>>();
  for (const row of rows) {
    const sums = bySeller.get(row.seller_id) ?? {};
    sums[row.kind] = Number(row.cents);
    bySeller.set(row.seller_id, sums);
  }
  return [...bySeller.entries()]
    .sort(([a], [b]) => a - b)
    .map(([sellerId, sums]) => {
      const of = (kind: string) => sums[kind] ?? 0;
      const serviceFeeCents = -of('service_fee');
      const commissionCents = -of('commission') - of('commission_reversal');
      const gstCents = -of('fee_gst') - of('fee_gst_reversal');
      const subscriptionCents = -of('subscription');
      const subscriptionGstCents = -of('subscription_gst');
      return {
        sellerId,
        serviceFeeCents,
        commissionCents,
        gstCents,
        subscriptionCents,
        subscriptionGstCents,
        totalCents: serviceFeeCents + commissionCents + gstCents + subscriptionCents + subscriptionGstCents,
      };
    })
    .filter(
      (figures) =>
        figures.serviceFeeCents !== 0 ||
        figures.commissionCents !== 0 ||
        figures.gstCents !== 0 ||
        figures.subscriptionCents !== 0 ||
        figures.subscriptionGstCents !== 0,
    );
}

/**
 * How many months back the job looks for invoices never issued: a month whose first business days passed
 * with no worker running (a deployment down over a month's end) is caught up, dated the day it is issued.
 */
export const CATCH_UP_MONTHS = 12;

/**
 * Issues every invoice due and not yet issued: each Sydney month of the last CATCH_UP_MONTHS whose issue
 * date has come, each seller's once. Answers how many this call issued.
 */
export async function issueDueInvoices(db: Db, clock: Clock): Promise<number> {
  const now = clock.now();
  const today = sydneyDate(now);
  let issued = 0;
  for (const month of await monthsDue(db, today)) {
    issued += await issueInvoices(db, { month, issuedOn: today, at: now });
  }
  return issued;
}

/**
 * The months, oldest first, of the last CATCH_UP_MONTHS that are past their issue date and in which a
 * seller has fee entries but no invoice: one query over their fee entries (index ledger_entries_fees),
 * each entry put in its Sydney month by the months' first instants (width_bucket).
 */
async function monthsDue(db: Db, today: string): Promise<string[]> {
  const months: string[] = [];
  let month = today.slice(0, 7);
  for (let back = 0; back < CATCH_UP_MONTHS; back++) {
    month = previousMonth(month);
    // Issue dates come in month order, so the months kept are consecutive.
    if (today >= invoiceIssueDate(month)) months.unshift(month);
  }
  const last = months.at(-1);
  if (last === undefined) return [];
  const bounds = [...months.map((m) => sydneyMonthBounds(m).start), sydneyMonthBounds(last).end].map((at) =>
    at.toISOString(),
  );
  const bucket = sql`width_bucket(e.occurred_at, ${bounds}::timestamptz[])`;
  const result = await sql<{ bucket: number }>`
    select distinct ${bucket} as bucket
    from ledger_entries e
    where e.kind in (${sql.join(FEE_KINDS.map((kind) => sql.lit(kind)))})
      and e.occurred_at >= ${bounds[0]}::timestamptz and e.occurred_at < ${bounds.at(-1)}::timestamptz
      and not exists (
        select 1 from tax_invoices i where i.seller_id = e.seller_id and i.month = (${months}::text[])[${bucket}]
      )
  `.execute(db);
  return result.rows
    .map((row) => months[Number(row.bucket) - 1])
    .filter((m): m is string => m !== undefined)
    .sort();
}

/** Issues the month's invoices not yet issued (a race: one wins per seller, the others insert nothing). */
export async function issueInvoices(
  db: Db,
  input: { month: string; issuedOn: string; at: Date },
): Promise<number> {
  const issued = new Set(
    (await db.selectFrom('tax_invoices').select('seller_id').where('month', '=', input.month).execute()).map(
      (row) => row.seller_id,
    ),
  );
  const due = (await monthFees(db, input.month)).filter((figures) => !issued.has(figures.sellerId));
  if (due.length === 0) return 0;
  const names = new Map(
    (
      await db
        .selectFrom('sellers')
        .select(['id', 'name'])
        .where(
          'id',
          'in',
          due.map((figures) => figures.sellerId),
        )
        .execute()
    ).map((row) => [row.id, row.name]),
  );
  let count = 0;
  for (const figures of due) {
    const inserted = await db
      .insertInto('tax_invoices')
      .values({
        seller_id: figures.sellerId,
        seller_name: names.get(figures.sellerId) ?? `Seller ${figures.sellerId}`,
        month: input.month,
        issued_on: input.issuedOn,
        service_fee_cents: figures.serviceFeeCents,
        commission_cents: figures.commissionCents,
        gst_cents: figures.gstCents,
        subscription_cents: figures.subscriptionCents,
        subscription_gst_cents: figures.subscriptionGstCents,
        total_cents: figures.totalCents,
        created_at: input.at,
      })
      .onConflict((conflict) => conflict.columns(['seller_id', 'month']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) count += 1;
  }
  return count;
}

const invoiceColumns = [
  'id',
  'invoice_number',
  'seller_id',
  'seller_name',
  'month',
  'issued_on',
  'service_fee_cents',
  'commission_cents',
  'gst_cents',
  'subscription_cents',
  'subscription_gst_cents',
  'total_cents',
] as const;

/** Operators: every invoice; a vendor: their seller's. Newest first. */
export async function listInvoices(db: Db, viewer: MoneyViewer): Promise<TaxInvoice[]> {
  let query = db.selectFrom('tax_invoices').select(invoiceColumns);
  if (viewer.role !== 'operator') query = query.where('seller_id', '=', viewer.sellerId ?? -1);
  return query.orderBy('month', 'desc').orderBy('invoice_number', 'desc').limit(500).execute();
}

/** One invoice; another seller's is 404 for a vendor. */
export async function loadInvoice(db: Db, viewer: MoneyViewer, id: number): Promise<TaxInvoice> {
  let query = db.selectFrom('tax_invoices').select(invoiceColumns).where('id', '=', id);
  if (viewer.role !== 'operator') query = query.where('seller_id', '=', viewer.sellerId ?? -1);
  const invoice = await query.executeTakeFirst();
  if (!invoice) throw new NotFoundError('No such tax invoice.');
  return invoice;
}
