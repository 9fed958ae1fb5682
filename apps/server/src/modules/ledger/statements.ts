import { monthName } from '@quokka/contract/calendar-dates';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { postLedgerEntries } from './ledger-entries.ts';
import {
  carryForward,
  type LedgerWeek,
  remittanceDate,
  subscriptionCharge,
  subscriptionMonth,
  weekEndingOn,
  weekOf,
} from './ledger-rules.ts';

// [I16-statements] Weekly statements (DESIGN16 "Statements"): one per seller and week ending Monday
// 11:59:59.999 Sydney, for every seller with entries that week or a negative balance carried into it.
// net = the week's entries summed; brought = the seller's previous statement's carried; payable =
// max(0, net + brought); carried = min(0, net + brought) (ledger-rules carryForward); remittance_on =
// remittanceDate(week end). Made once across processes: each week is made in one transaction holding a
// transaction-level advisory lock, and the unique (seller_id, week_ends_on) with ON CONFLICT DO NOTHING
// makes a second run insert nothing.
//
// [I32] The monthly subscription (SELLER_SUBSCRIPTION_CENTS, GST-exclusive; 0 charges nothing): the week
// ending on a month's first Monday (ledger-rules subscriptionMonth) charges that month's subscription to
// every seller active when the week ended (sellers.suspended_at null, or set after the cut-off) who
// existed by then and has no statement for the week yet: two entries, 'subscription' −cents and
// 'subscription_gst' −10% of it (half-up), dated the week's last instant, posted in the week's own
// transaction just before the week is summed, so they are on that statement. Event key
// 'subscription:<seller>:<YYYY-MM>': posted once per seller and month whatever the retries and processes
// (the advisory lock, and ledger_entries_once). A statement that cannot cover it carries it forward like
// any negative week.

/** pg_advisory_xact_lock key for making statements (any constant, unique in the app). */
const STATEMENT_LOCK = 16_016_001;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last week whose cut-off has passed at `now` ('YYYY-MM-DD' of its Monday). */
export function lastClosedWeek(now: Date): string {
  return weekOf(new Date(weekOf(now).start.getTime() - 1)).endsOn;
}

export interface StatementOptions {
  /** [I32] SELLER_SUBSCRIPTION_CENTS: the monthly subscription, GST-exclusive (default 0: none). */
  subscriptionCents?: number;
}

/** [I32] Posts the month's subscription for the week's active sellers (see above); answers how many were new. */
async function postSubscriptions(
  trx: Transaction<Database>,
  week: LedgerWeek,
  subscriptionCents: number,
): Promise<number> {
  const month = subscriptionMonth(week.endsOn);
  if (month === null || subscriptionCents <= 0) return 0;
  const charge = subscriptionCharge(subscriptionCents);
  const sellers = await trx
    .selectFrom('sellers as s')
    .select('s.id')
    .where('s.created_at', '<=', week.end)
    .where((eb) => eb.or([eb('s.suspended_at', 'is', null), eb('s.suspended_at', '>', week.end)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('seller_statements as st')
            .select('st.id')
            .whereRef('st.seller_id', '=', 's.id')
            .where('st.week_ends_on', '=', week.endsOn),
        ),
      ),
    )
    .orderBy('s.id')
    .execute();
  const named = monthName(month);
  return postLedgerEntries(
    trx,
    sellers.flatMap(({ id }) => [
      {
        sellerId: id,
        kind: 'subscription' as const,
        amountCents: -charge.subscriptionCents,
        eventKey: `subscription:${id}:${month}`,
        occurredAt: week.end,
        description: `Monthly subscription, ${named} (excluding GST)`,
      },
      {
        sellerId: id,
        kind: 'subscription_gst' as const,
        amountCents: -charge.gstCents,
        baseCents: charge.subscriptionCents,
        eventKey: `subscription:${id}:${month}`,
        occurredAt: week.end,
        description: `GST on the ${named} subscription (10%)`,
      },
    ]),
  );
}

/** Makes the statements of the week ending `endsOn`; answers how many were new. */
export async function makeStatementsForWeek(
  db: Db,
  endsOn: string,
  now: Date,
  options: StatementOptions = {},
): Promise<number> {
  const week = weekEndingOn(endsOn);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${STATEMENT_LOCK})`.execute(trx);
    await postSubscriptions(trx, week, options.subscriptionCents ?? 0);
    const sums = await trx
      .selectFrom('ledger_entries')
      .select([
        'seller_id',
        'kind',
        sql<string>`sum(amount_cents)`.as('cents'),
        sql<string>`count(*)`.as('n'),
      ])
      .where('week_ends_on', '=', endsOn)
      .groupBy(['seller_id', 'kind'])
      .execute();
    // Each seller's latest earlier statement (its carried balance is brought into this week).
    const previous = await trx
      .selectFrom('seller_statements')
      .select(['seller_id', 'carried_forward_cents'])
      .distinctOn('seller_id')
      .where('week_ends_on', '<', endsOn)
      .orderBy('seller_id')
      .orderBy('week_ends_on', 'desc')
      .execute();
    const brought = new Map(previous.map((row) => [row.seller_id, row.carried_forward_cents]));
    const sellers = new Set<number>(sums.map((row) => row.seller_id));
    for (const [sellerId, carried] of brought) if (carried < 0) sellers.add(sellerId);
    if (sellers.size === 0) return 0;
    const names = await trx
      .selectFrom('sellers')
      .select(['id', 'name'])
      .where('id', 'in', [...sellers])
      .execute();
    const remittanceOn = remittanceDate(week.end);
    let made = 0;
    for (const sellerId of [...sellers].sort((a, b) => a - b)) {
      const totals: Record<string, number> = {};
      let net = 0;
      let count = 0;
      for (const row of sums.filter((r) => r.seller_id === sellerId)) {
        totals[row.kind] = Number(row.cents);
        net += Number(row.cents);
        count += Number(row.n);
      }
      const [figures] = carryForward([net], brought.get(sellerId) ?? 0);
      if (!figures) continue;
      const inserted = await trx
        .insertInto('seller_statements')
        .values({
          seller_id: sellerId,
          seller_name: names.find((n) => n.id === sellerId)?.name ?? `Seller ${sellerId}`,
          week_ends_on: endsOn,
          period_start: week.start,
          period_end: week.end,
          remittance_on: remittanceOn,
          totals: JSON.stringify(totals),
          entry_count: count,
          net_cents: figures.netCents,
          brought_forward_cents: figures.broughtForwardCents,
          payable_cents: figures.payableCents,
          carried_forward_cents: figures.carriedForwardCents,
          generated_at: now,
        })
        .onConflict((conflict) => conflict.columns(['seller_id', 'week_ends_on']).doNothing())
        .returning('id')
        .execute();
      made += inserted.length;
    }
    return made;
  });
}

/**
 * Every week not yet made whose cut-off has passed at `now`, oldest first (a week's carried balance is
 * the next week's brought): from the week after the latest statement (or the ledger's first week) to
 * the last closed week. Answers how many statements were new. `settleMs`: how long after a cut-off to
 * wait, so that a transaction that posted an entry dated just before the cut-off has committed first.
 */
export async function makeDueStatements(
  db: Db,
  now: Date,
  options: StatementOptions & { settleMs?: number } = {},
): Promise<number> {
  const last = lastClosedWeek(new Date(now.getTime() - (options.settleMs ?? 0)));
  const latest = await db
    .selectFrom('seller_statements')
    .select(sql<string | null>`max(week_ends_on)`.as('week'))
    .executeTakeFirst();
  let week: string | null = latest?.week ? addDays(latest.week, 7) : null;
  if (!week) {
    const first = await db
      .selectFrom('ledger_entries')
      .select(sql<string | null>`min(week_ends_on)`.as('week'))
      .executeTakeFirst();
    week = first?.week ?? null;
  }
  let made = 0;
  for (; week !== null && week <= last; week = addDays(week, 7)) {
    made += await makeStatementsForWeek(db, week, now, { subscriptionCents: options.subscriptionCents });
  }
  return made;
}
