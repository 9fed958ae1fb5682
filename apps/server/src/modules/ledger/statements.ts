import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { carryForward, remittanceDate, weekEndingOn, weekOf } from './ledger-rules.ts';

// [I16-statements] Weekly statements (DESIGN16 "Statements"): one per seller and week ending Monday
// 11:59:59.999 Sydney, for every seller with entries that week or a negative balance carried into it.
// net = the week's entries summed; brought = the seller's previous statement's carried; payable =
// max(0, net + brought); carried = min(0, net + brought) (ledger-rules carryForward); remittance_on =
// remittanceDate(week end). Made once across processes: each week is made in one transaction holding a
// transaction-level advisory lock, and the unique (seller_id, week_ends_on) with ON CONFLICT DO NOTHING
// makes a second run insert nothing.

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

/** Makes the statements of the week ending `endsOn`; answers how many were new. */
export async function makeStatementsForWeek(db: Db, endsOn: string, now: Date): Promise<number> {
  const week = weekEndingOn(endsOn);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${STATEMENT_LOCK})`.execute(trx);
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
  options: { settleMs?: number } = {},
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
    made += await makeStatementsForWeek(db, week, now);
  }
  return made;
}
