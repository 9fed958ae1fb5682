import type { Dashboard } from '@quokka/contract/api/admin';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { DEFAULT_REVIEW_FLAG_HOURS } from './orders-list.ts';

// [I15-dashboard] The strip over every back-office screen. "Today" is the shop's day in Australia/Sydney;
// revenue is what was captured minus what was refunded of the orders placed today.

export interface DashboardOptions {
  now: Date;
  reviewFlagHours?: number;
  reviewMode?: 'auto' | 'manual';
}

const count = (row: { n: string | number | null } | undefined) => Number(row?.n ?? 0);

export async function loadDashboard(db: Db, options: DashboardOptions): Promise<Dashboard> {
  const { now } = options;
  const flagHours = options.reviewFlagHours ?? DEFAULT_REVIEW_FLAG_HOURS;
  const today = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<string>().as('n'),
      sql<string>`coalesce(sum(captured_cents - refunded_cents), 0)`.as('revenue'),
    ])
    .where(
      sql<boolean>`(created_at at time zone ${DEFAULT_TIMEZONE})::date = (${now}::timestamptz at time zone ${DEFAULT_TIMEZONE})::date`,
    )
    .executeTakeFirst();
  const awaiting = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'pending_review')
    .executeTakeFirst();
  const flagged = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'pending_review')
    .where('created_at', '<', new Date(now.getTime() - flagHours * 3_600_000))
    .executeTakeFirst();
  const toShip = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', 'in', ['approved', 'partially_shipped'])
    .executeTakeFirst();
  const failed = await db
    .selectFrom('sent_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', 'in', ['failed', 'undelivered'])
    .where('created_at', '>=', new Date(now.getTime() - 7 * 24 * 3_600_000))
    .executeTakeFirst();
  return {
    orders_today: count(today),
    revenue_today_cents: Math.max(0, Number(today?.revenue ?? 0)),
    awaiting_approval: count(awaiting),
    flagged: count(flagged),
    to_ship: count(toShip),
    failed_messages: count(failed),
    review_mode: options.reviewMode ?? 'auto',
  };
}
