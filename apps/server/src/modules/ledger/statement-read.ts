import {
  LEDGER_KIND_LABELS,
  ledgerKindSchema,
  type StatementListQuery,
  type StatementReply,
  type StatementSummary,
} from '@quokka/contract/api/ledger';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SellerStatementTable } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';

// [I16-statements] Reading statements for the back office. Every query is scoped on the server: a
// vendor (staff with a seller) reads only their seller's statements, and another seller's is "not found"
// exactly as one that does not exist; an operator reads all.

export const STATEMENT_NOT_FOUND = 'The statement does not exist.';

/**
 * [I27-statement] The total of the gift cards redeemed in store is their value (the entries' base), not
 * their amounts: each entry is 0 (no money moves, the seller was paid when the card was sold), so a sum of
 * amounts read "$0.00" beside a $12.50 redemption. Said as not money; it is not part of the net.
 */
export const IN_STORE_TOTAL_LABEL = 'Gift cards redeemed in store (their value; no money moves)';

export interface StatementViewer {
  role: string;
  sellerId: number | null;
}

/** The seller a viewer is limited to: a vendor's own (a vendor without one sees nothing), else none. */
function scopeOf(viewer: StatementViewer): number | 'all' | 'none' {
  if (viewer.role === 'operator') return 'all';
  return viewer.sellerId ?? 'none';
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function summaryOf(row: Selectable<SellerStatementTable>): StatementSummary {
  return {
    id: row.id,
    seller_id: row.seller_id,
    seller_name: row.seller_name,
    week_ends_on: row.week_ends_on,
    period_start: new Date(row.period_start).toISOString(),
    period_end: new Date(row.period_end).toISOString(),
    remittance_on: row.remittance_on,
    net_cents: row.net_cents,
    brought_forward_cents: row.brought_forward_cents,
    payable_cents: row.payable_cents,
    carried_forward_cents: row.carried_forward_cents,
    entry_count: row.entry_count,
    generated_at: new Date(row.generated_at).toISOString(),
    paid_at: iso(row.paid_at),
  };
}

export async function listStatements(
  db: Db,
  query: StatementListQuery,
  viewer: StatementViewer,
): Promise<StatementSummary[]> {
  const scope = scopeOf(viewer);
  if (scope === 'none') return [];
  let select = db.selectFrom('seller_statements').selectAll();
  if (scope !== 'all') select = select.where('seller_id', '=', scope);
  if (query.seller_id !== undefined) select = select.where('seller_id', '=', Number(query.seller_id));
  if (query.week !== undefined) select = select.where('week_ends_on', '=', query.week);
  const rows = await select.orderBy('week_ends_on', 'desc').orderBy('seller_name').limit(500).execute();
  return rows.map(summaryOf);
}

/** One statement with its totals by kind and every entry line; 404 when not the viewer's. */
export async function loadStatement(db: Db, id: number, viewer: StatementViewer): Promise<StatementReply> {
  const scope = scopeOf(viewer);
  if (scope === 'none') throw new NotFoundError(STATEMENT_NOT_FOUND);
  let select = db.selectFrom('seller_statements').selectAll().where('id', '=', id);
  if (scope !== 'all') select = select.where('seller_id', '=', scope);
  const row = await select.executeTakeFirst();
  if (!row) throw new NotFoundError(STATEMENT_NOT_FOUND);
  const entries = await db
    .selectFrom('ledger_entries')
    .select([
      'id',
      'occurred_at',
      'kind',
      'order_id',
      'order_increment_id',
      'description',
      'amount_cents',
      'base_cents',
    ])
    .where('seller_id', '=', row.seller_id)
    .where('week_ends_on', '=', row.week_ends_on)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
  const totals = typeof row.totals === 'string' ? JSON.parse(row.totals) : row.totals;
  const inStoreValue = entries
    .filter((entry) => entry.kind === 'gift_card_in_store')
    .reduce((sum, entry) => sum + (entry.base_cents ?? 0), 0);
  return {
    statement: summaryOf(row),
    totals: ledgerKindSchema.options
      .filter((kind) => totals[kind] !== undefined)
      .map((kind) =>
        kind === 'gift_card_in_store'
          ? { kind, label: IN_STORE_TOTAL_LABEL, amount_cents: inStoreValue }
          : { kind, label: LEDGER_KIND_LABELS[kind], amount_cents: Number(totals[kind]) },
      ),
    lines: entries.map((entry) => ({
      id: String(entry.id),
      occurred_at: new Date(entry.occurred_at).toISOString(),
      kind: entry.kind,
      order_id: entry.order_id,
      order_increment_id: entry.order_increment_id,
      description: entry.description,
      amount_cents: entry.amount_cents,
      base_cents: entry.base_cents,
    })),
  };
}
