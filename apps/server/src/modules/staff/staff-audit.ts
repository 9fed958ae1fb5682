import type { AuditChoices, AuditEntry, AuditThing } from '@quokka/contract/api/audit';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { zonedWallTimeToUtc } from '@quokka/contract/timezones';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { InputValidationError } from '../../domain/errors.ts';
import { ACTION_CHOICES, actionWords, changeWords, derivedAction } from './audit-words.ts';

// [I15-audit] The append-only audit log (staff_audit): who did what to what, when, with the state before
// and after. Every staff action writes one row through `recordStaffAction`, in the same transaction as the
// change where there is one, so a change is never without its line. The database refuses UPDATE, DELETE
// and TRUNCATE on the table (migration 0013): not even a bug here can rewrite history.

/** Who acted: a member of staff, or the operator's CLI on the server (no account behind it). */
export type StaffActor = { staffId: number } | { cli: true };

export interface StaffAction {
  actor: StaffActor;
  /** A dotted verb, e.g. 'staff.added', 'sign_in.code', 'passkey.added', 'sign_out'. */
  action: string;
  /** What the action was done to, e.g. 'staff:12', 'order:1042'. */
  subject: string;
  before?: unknown;
  after?: unknown;
  at: Date;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Appends one line to the audit log; pass the transaction of the change it records. */
export async function recordStaffAction(db: Kysely<Database>, entry: StaffAction): Promise<void> {
  const staffId = 'staffId' in entry.actor ? entry.actor.staffId : null;
  await db
    .insertInto('staff_audit')
    .values({
      created_at: entry.at,
      staff_id: staffId,
      actor: staffId === null ? 'cli' : `staff:${staffId}`,
      action: entry.action,
      subject: entry.subject,
      before: json(entry.before),
      after: json(entry.after),
    })
    .execute();
}

/** [I34] The log's filters (GET /audit): each narrows, together they all apply. */
export interface AuditFilters {
  staffId?: number | undefined;
  action?: string | undefined;
  kind?: string | undefined;
  thingId?: number | undefined;
  /** Days in Australia/Sydney, YYYY-MM-DD, both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The instant a Sydney day starts. */
const dayStart = (day: string) => zonedWallTimeToUtc(`${day} 00:00:00`, DEFAULT_TIMEZONE);

/** The day after a YYYY-MM-DD, as YYYY-MM-DD. */
function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

function conditions(filters: AuditFilters): RawBuilder<unknown>[] {
  if (filters.from && filters.to && filters.from > filters.to)
    throw new InputValidationError(
      { to: ['must be on or after the day in from'] },
      { message: 'Invalid querystring: to: must be on or after the day in from' },
    );
  const where: RawBuilder<unknown>[] = [];
  if (filters.staffId !== undefined) where.push(sql`a.staff_id = ${filters.staffId}`);
  const derived = filters.action ? derivedAction(filters.action) : undefined;
  if (derived)
    where.push(
      sql`a.action in (${sql.join(derived.codes.map((code) => sql`${code}`))}) and (a.after -> ${derived.holds}) is not null`,
    );
  else if (filters.action) where.push(sql`a.action = ${filters.action}`);
  if (filters.kind && filters.thingId !== undefined)
    where.push(sql`a.subject = ${`${filters.kind}:${filters.thingId}`}`);
  else if (filters.kind === 'orders') where.push(sql`a.subject = 'orders'`);
  else if (filters.kind) where.push(sql`a.subject like ${`${filters.kind}:%`}`);
  else if (filters.thingId !== undefined) where.push(sql`a.subject like ${`%:${filters.thingId}`}`);
  if (filters.from) where.push(sql`a.created_at >= ${dayStart(filters.from)}`);
  if (filters.to) where.push(sql`a.created_at < ${dayStart(nextDay(filters.to))}`);
  return where;
}

interface Row {
  id: string | number;
  created_at: Date | string;
  staff_id: number | null;
  actor: string;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
  kind: string;
  ref: number | null;
  staff_name: string | null;
  staff_role: 'operator' | 'vendor' | null;
  staff_seller: string | null;
  product_name: string | null;
  seller_name: string | null;
  subject_staff: string | null;
  order_no: string | null;
  card_last4: string | null;
  card_order_no: string | null;
  run_on: string | null;
  customer_name: string | null;
  application_name: string | null;
  statement_seller: string | null;
  statement_week: string | null;
  campaign_name: string | null;
}

const parse = (value: unknown) => {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day 'YYYY-MM-DD' as '28 Nov 2026' (the back office's date style). */
function shortDay(day: string | null): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  if (!match) return day ?? '';
  return `${Number(match[3])} ${MONTHS[Number(match[2]) - 1] ?? match[2]} ${match[1]}`;
}

/** The thing a line is about, named from the row's joins, with its back-office page. */
function thingOf(row: Row): AuditThing | null {
  const id = row.ref;
  const named = (label: string | null, fallback: string, path: string | null): AuditThing => ({
    kind: row.kind,
    id,
    label: label ?? `${fallback} #${id ?? '?'}`,
    path: label === null ? null : path,
  });
  switch (row.kind) {
    case 'orders':
      return { kind: 'orders', id: null, label: 'the orders list', path: '/orders' };
    case 'order':
      return named(row.order_no && `order #${row.order_no}`, 'order', `/orders/${id}`);
    case 'product':
      return named(row.product_name, 'product', `/products/${id}`);
    case 'seller':
      return named(row.seller_name, 'seller', '/sellers');
    case 'staff':
      return named(row.subject_staff, 'member of staff', '/staff');
    case 'gift_card':
      return named(
        row.card_last4 && `gift card •••• ${row.card_last4}`,
        'gift card',
        row.card_order_no ? `/gift-cards?q=${row.card_order_no}` : '/gift-cards',
      );
    case 'payout_run':
      return named(row.run_on && `payout run of ${shortDay(row.run_on)}`, 'payout run', '/payouts');
    case 'customer':
      return named(row.customer_name, 'member', `/customers/${id}`);
    case 'seller_application':
      return named(
        row.application_name && `application from ${row.application_name}`,
        'application',
        '/sellers/applications',
      );
    case 'statement':
      return named(
        row.statement_seller &&
          `statement of ${row.statement_seller}, week ending ${shortDay(row.statement_week)}`,
        'statement',
        `/statements/${id}`,
      );
    case 'campaign':
      return named(row.campaign_name, 'campaign', `/campaigns/${id}`);
    default:
      return row.subject ? { kind: row.kind, id, label: row.subject, path: null } : null;
  }
}

function entryOf(row: Row): AuditEntry {
  const before = parse(row.before);
  const after = parse(row.after);
  const cli = row.staff_id === null;
  return {
    id: Number(row.id),
    created_at: new Date(row.created_at).toISOString(),
    staff_id: row.staff_id,
    staff_name: row.staff_name,
    actor: row.actor,
    action: row.action,
    subject: row.subject,
    before,
    after,
    who: {
      staff_id: row.staff_id,
      name: cli ? 'CLI' : (row.staff_name ?? `Staff #${row.staff_id}`),
      role: row.staff_role,
      seller_name: row.staff_seller,
      path: cli ? null : '/staff',
    },
    did: actionWords(row.action, after),
    thing: thingOf(row),
    changes: changeWords(before, after),
  };
}

/**
 * A page of the log, newest first, read in words: the person and the thing are named by joins in the
 * one query (never a query per line); the total counts what the filters keep.
 */
export async function listStaffAudit(
  db: Kysely<Database>,
  page: { page: number; pageSize: number },
  filters: AuditFilters = {},
): Promise<{ items: AuditEntry[]; total: number }> {
  const where = conditions(filters);
  const whereSql = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const offset = (page.page - 1) * page.pageSize;
  const { rows } = await sql<Row>`
    with page as (
      select a.*,
        split_part(a.subject, ':', 1) as kind,
        case when split_part(a.subject, ':', 2) ~ '^[0-9]{1,9}$' then split_part(a.subject, ':', 2)::int end as ref
      from staff_audit a
      ${whereSql}
      order by a.id desc
      limit ${page.pageSize} offset ${offset}
    )
    select page.*,
      s.name as staff_name, s.role as staff_role, ss.name as staff_seller,
      p.name as product_name, sl.name as seller_name, st.name as subject_staff,
      o.increment_id as order_no,
      right(g.gift_card_no, 4) as card_last4, go.increment_id as card_order_no,
      pr.process_on::text as run_on,
      nullif(trim(c.firstname || ' ' || c.lastname), '') as customer_name,
      sa.business_name as application_name,
      ls.seller_name as statement_seller, ls.week_ends_on::text as statement_week,
      cp.name as campaign_name
    from page
    left join staff s on s.id = page.staff_id
    left join sellers ss on ss.id = s.seller_id
    left join products p on page.kind = 'product' and p.id = page.ref
    left join sellers sl on page.kind = 'seller' and sl.id = page.ref
    left join staff st on page.kind = 'staff' and st.id = page.ref
    left join orders o on page.kind = 'order' and o.id = page.ref
    left join gift_card_details g on page.kind = 'gift_card' and g.id = page.ref
    left join orders go on go.id = g.order_id
    left join payout_runs pr on page.kind = 'payout_run' and pr.id = page.ref
    left join customers c on page.kind = 'customer' and c.id = page.ref
    left join seller_applications sa on page.kind = 'seller_application' and sa.id = page.ref
    left join seller_statements ls on page.kind = 'statement' and ls.id = page.ref
    left join campaigns cp on page.kind = 'campaign' and cp.id = page.ref
    order by page.id desc
  `.execute(db);
  const count = await sql<{
    n: string | number;
  }>`select count(*) as n from staff_audit a ${whereSql}`.execute(db);
  return { total: Number(count.rows[0]?.n ?? 0), items: rows.map(entryOf) };
}

/** The filter form's choices: every member of staff (removed ones too: their lines stay) and every action. */
export async function auditChoices(db: Kysely<Database>): Promise<AuditChoices> {
  const people = await db
    .selectFrom('staff')
    .select(['id', 'name', 'role', 'removed_at'])
    .orderBy('name')
    .orderBy('id')
    .execute();
  return {
    people: people.map((row) => ({
      id: row.id,
      name: row.name,
      role: row.role,
      removed: row.removed_at !== null,
    })),
    actions: ACTION_CHOICES,
  };
}
