import {
  type DueStatement,
  maskAccountNumber,
  type PayoutRun,
  type PayoutRunDetail,
  type PayoutsDueReply,
} from '@quokka/contract/api/payouts';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import { recordStaffAction } from '../staff/staff-audit.ts';
import { type AbaSettings, abaFile } from './aba-file.ts';
import { maskedAccount } from './bank-accounts.ts';

// [I16-payouts] Payout runs (operators only; docs/payouts-and-invoices.md). The statements due by a date
// are those with remittance_on ≤ that date, something payable (a negative week pays 0 and carries
// forward, already in the statement), not yet paid and in no run that is not cancelled. A run is made as
// a draft with one payout item per statement, snapshotting the seller's bank details as paid; a
// statement is in one run at most (payout_items_statement_once: two racing runs cannot both take it, the
// second is refused). The operator downloads the ABA file, uploads it to the bank, then marks the run
// remitted, which marks its statements paid. A draft can be cancelled: its items are removed (the audit
// log keeps what they were), so its statements are due again.
// [I32] Payouts held: the statements of a seller that is suspended (sellers.suspended_at, set and cleared
// by the catalogue's seller-suspension.ts) are listed as due but held (not payable), so a run leaves them
// out; they stay unpaid and the first run after the suspension is lifted takes them.

const NO_RUN = 'No such payout run.';

/**
 * The statements due by `by` ('YYYY-MM-DD'), oldest first; sellers without a bank account, and [I32]
 * suspended sellers (held), not payable.
 */
/**
 * [I34] The first remittance date with something due (the statements `listDue` lists: payable, unpaid, in
 * no run that is not cancelled), after `after` when given; null when there is none.
 */
export async function firstDueOn(db: Db, after?: string): Promise<string | null> {
  let query = db
    .selectFrom('seller_statements as s')
    .select((eb) => eb.fn.min('s.remittance_on').as('first'))
    .where('s.payable_cents', '>', 0)
    .where('s.paid_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payout_items as i')
            .innerJoin('payout_runs as r', 'r.id', 'i.payout_run_id')
            .select('i.id')
            .whereRef('i.statement_id', '=', 's.id')
            .where('r.status', '<>', 'cancelled'),
        ),
      ),
    );
  if (after !== undefined) query = query.where('s.remittance_on', '>', after);
  const row = await query.executeTakeFirst();
  return row?.first ?? null;
}

/**
 * [I34] The date a payout run is for unless the operator picks one: today when something is due by today
 * (overdue included), else the next remittance date with something due, else today.
 */
export async function defaultDueBy(db: Db, today: string): Promise<string> {
  const first = await firstDueOn(db);
  return first !== null && first > today ? first : today;
}

export async function listDue(db: Db, by: string): Promise<PayoutsDueReply> {
  const rows = await db
    .selectFrom('seller_statements as s')
    .leftJoin('seller_bank_accounts as b', 'b.seller_id', 's.seller_id')
    .leftJoin('sellers as seller', 'seller.id', 's.seller_id')
    .select([
      'seller.suspended_at',
      's.id',
      's.seller_id',
      's.seller_name',
      's.week_ends_on',
      's.remittance_on',
      's.payable_cents',
      'b.seller_id as bank_seller_id',
      'b.account_name',
      'b.bsb',
      'b.account_number',
      'b.updated_at',
    ])
    .where('s.remittance_on', '<=', by)
    .where('s.payable_cents', '>', 0)
    .where('s.paid_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payout_items as i')
            .innerJoin('payout_runs as r', 'r.id', 'i.payout_run_id')
            .select('i.id')
            .whereRef('i.statement_id', '=', 's.id')
            .where('r.status', '<>', 'cancelled'),
        ),
      ),
    )
    .orderBy('s.remittance_on')
    .orderBy('s.seller_name')
    .orderBy('s.id')
    .execute();
  const items: DueStatement[] = rows.map((row) => {
    const bank =
      row.bank_seller_id !== null && row.account_name && row.bsb && row.account_number && row.updated_at
        ? maskedAccount(
            {
              seller_id: row.seller_id,
              account_name: row.account_name,
              bsb: row.bsb,
              account_number: row.account_number,
              updated_at: row.updated_at,
            },
            row.seller_name,
          )
        : null;
    return {
      statement_id: row.id,
      seller_id: row.seller_id,
      seller_name: row.seller_name,
      week_ends_on: row.week_ends_on,
      remittance_on: row.remittance_on,
      payable_cents: row.payable_cents,
      payable: bank !== null && row.suspended_at === null,
      held: row.suspended_at !== null,
      bank,
    };
  });
  const payableTotal = items
    .filter((item) => item.payable)
    .reduce((sum, item) => sum + item.payable_cents, 0);
  return { by, next_due_on: await firstDueOn(db, by), items, payable_total_cents: payableTotal };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * A draft run of every payable statement due by `by`, to be processed on `processOn`. Refused (409) when
 * nothing is payable, or when another run took the same statements at the same moment.
 */
export async function createRun(
  db: Db,
  clock: Clock,
  staffId: number,
  input: { by: string; processOn: string },
): Promise<PayoutRunDetail> {
  const at = clock.now();
  let runId: number;
  try {
    runId = await db.transaction().execute(async (trx) => {
      const due = (await listDue(trx, input.by)).items.filter((item) => item.payable);
      if (due.length === 0) throw new ConflictError(`Nothing is payable by ${input.by}.`);
      // The full account numbers, read inside the transaction (the due list carries them masked).
      const accounts = await trx
        .selectFrom('seller_bank_accounts')
        .selectAll()
        .where(
          'seller_id',
          'in',
          due.map((item) => item.seller_id),
        )
        .execute();
      const accountOf = new Map(accounts.map((account) => [account.seller_id, account]));
      const total = due.reduce((sum, item) => sum + item.payable_cents, 0);
      const run = await trx
        .insertInto('payout_runs')
        .values({
          status: 'draft',
          process_on: input.processOn,
          total_cents: total,
          created_at: at,
          created_by: staffId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const items = due.map((item) => {
        const account = accountOf.get(item.seller_id);
        if (!account) throw new ConflictError('A bank account changed while the run was made: try again.');
        return {
          payout_run_id: run.id,
          statement_id: item.statement_id,
          seller_id: item.seller_id,
          amount_cents: item.payable_cents,
          account_name: account.account_name,
          bsb: account.bsb,
          account_number: account.account_number,
        };
      });
      await trx.insertInto('payout_items').values(items).execute();
      await recordStaffAction(trx, {
        actor: { staffId },
        action: 'payout_run.created',
        subject: `payout_run:${run.id}`,
        after: {
          process_on: input.processOn,
          total_cents: total,
          items: items.map((item) => ({
            statement_id: item.statement_id,
            seller_id: item.seller_id,
            amount_cents: item.amount_cents,
            bsb: item.bsb,
            account_number: maskAccountNumber(item.account_number),
          })),
        },
        at,
      });
      return run.id;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError('Another payout run took these statements at the same time: reload and check.');
    throw error;
  }
  return loadRun(db, runId);
}

const runColumns = [
  'r.id',
  'r.status',
  'r.process_on',
  'r.total_cents',
  'r.created_at',
  'r.remitted_at',
  'staff.name as created_by_name',
] as const;

function runOf(row: {
  id: number;
  status: 'draft' | 'remitted' | 'cancelled';
  process_on: string;
  total_cents: number;
  created_at: Date;
  remitted_at: Date | null;
  created_by_name: string | null;
  item_count: number | string | bigint;
}): PayoutRun {
  return {
    id: row.id,
    status: row.status,
    process_on: row.process_on,
    total_cents: row.total_cents,
    item_count: Number(row.item_count),
    created_at: new Date(row.created_at).toISOString(),
    created_by_name: row.created_by_name,
    remitted_at: row.remitted_at ? new Date(row.remitted_at).toISOString() : null,
  };
}

/** Every run, newest first. */
export async function listRuns(db: Db): Promise<PayoutRun[]> {
  const rows = await db
    .selectFrom('payout_runs as r')
    .leftJoin('staff', 'staff.id', 'r.created_by')
    .select(runColumns)
    .select(sql<number>`(select count(*) from payout_items i where i.payout_run_id = r.id)`.as('item_count'))
    .orderBy('r.id', 'desc')
    .limit(200)
    .execute();
  return rows.map(runOf);
}

export async function loadRun(db: Db, id: number): Promise<PayoutRunDetail> {
  const row = await db
    .selectFrom('payout_runs as r')
    .leftJoin('staff', 'staff.id', 'r.created_by')
    .select(runColumns)
    .select(sql<number>`(select count(*) from payout_items i where i.payout_run_id = r.id)`.as('item_count'))
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(NO_RUN);
  const items = await db
    .selectFrom('payout_items as i')
    .innerJoin('seller_statements as s', 's.id', 'i.statement_id')
    .select([
      'i.id',
      'i.statement_id',
      'i.seller_id',
      's.seller_name',
      's.week_ends_on',
      'i.amount_cents',
      'i.account_name',
      'i.bsb',
      'i.account_number',
    ])
    .where('i.payout_run_id', '=', id)
    .orderBy('i.id')
    .execute();
  return {
    ...runOf(row),
    items: items.map(({ account_number, ...item }) => ({
      ...item,
      account_number_masked: maskAccountNumber(account_number),
    })),
  };
}

/** The run's ABA file (a draft or remitted run; a cancelled one pays nothing). */
export async function runAbaFile(
  db: Db,
  clock: Clock,
  staffId: number,
  id: number,
  settings: AbaSettings,
): Promise<{ filename: string; text: string }> {
  const run = await db.selectFrom('payout_runs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!run) throw new NotFoundError(NO_RUN);
  if (run.status === 'cancelled') throw new ConflictError('This payout run was cancelled: it pays nothing.');
  const items = await db
    .selectFrom('payout_items as i')
    .innerJoin('seller_statements as s', 's.id', 'i.statement_id')
    .select([
      'i.bsb',
      'i.account_number',
      'i.account_name',
      'i.amount_cents',
      's.week_ends_on',
      's.id as statement_id',
    ])
    .where('i.payout_run_id', '=', id)
    .orderBy('i.id')
    .execute();
  let text: string;
  try {
    text = abaFile(
      settings,
      run.process_on,
      items.map((item) => ({
        bsb: item.bsb,
        accountNumber: item.account_number,
        accountName: item.account_name,
        amountCents: item.amount_cents,
        reference: `STMT ${item.statement_id} WK ${item.week_ends_on.slice(2)}`,
      })),
    );
  } catch (error) {
    // Too much for one file's 10-digit totals: cancel and make smaller runs (an earlier date).
    if (error instanceof RangeError)
      throw new ConflictError(`This run cannot be an ABA file: ${error.message}.`);
    throw error;
  }
  await recordStaffAction(db, {
    actor: { staffId },
    action: 'payout_run.aba_downloaded',
    subject: `payout_run:${id}`,
    after: { total_cents: run.total_cents, items: items.length },
    at: clock.now(),
  });
  return { filename: `payout-run-${id}-${run.process_on}.aba`, text };
}

/** The bank has the file: the run is remitted and its statements paid (once). */
export async function markRemitted(
  db: Db,
  clock: Clock,
  staffId: number,
  id: number,
): Promise<PayoutRunDetail> {
  const at = clock.now();
  await db.transaction().execute(async (trx) => {
    const run = await trx
      .selectFrom('payout_runs')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!run) throw new NotFoundError(NO_RUN);
    if (run.status !== 'draft')
      throw new ConflictError(`This payout run is ${run.status}: only a draft is remitted.`);
    await trx
      .updateTable('payout_runs')
      .set({ status: 'remitted', remitted_at: at, remitted_by: staffId })
      .where('id', '=', id)
      .execute();
    const statementIds = (
      await trx.selectFrom('payout_items').select('statement_id').where('payout_run_id', '=', id).execute()
    ).map((item) => item.statement_id);
    if (statementIds.length > 0) {
      await trx
        .updateTable('seller_statements')
        .set({ paid_at: at })
        .where('id', 'in', statementIds)
        .where('paid_at', 'is', null)
        .execute();
    }
    await recordStaffAction(trx, {
      actor: { staffId },
      action: 'payout_run.remitted',
      subject: `payout_run:${id}`,
      before: { status: run.status },
      after: { status: 'remitted', statement_ids: statementIds, total_cents: run.total_cents },
      at,
    });
  });
  return loadRun(db, id);
}

/** A draft is cancelled: its statements are due again. */
export async function cancelRun(db: Db, clock: Clock, staffId: number, id: number): Promise<PayoutRunDetail> {
  const at = clock.now();
  await db.transaction().execute(async (trx) => {
    const run = await trx
      .selectFrom('payout_runs')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!run) throw new NotFoundError(NO_RUN);
    if (run.status !== 'draft')
      throw new ConflictError(`This payout run is ${run.status}: only a draft is cancelled.`);
    const items = await trx
      .deleteFrom('payout_items')
      .where('payout_run_id', '=', id)
      .returning(['statement_id', 'seller_id', 'amount_cents'])
      .execute();
    await trx.updateTable('payout_runs').set({ status: 'cancelled' }).where('id', '=', id).execute();
    await recordStaffAction(trx, {
      actor: { staffId },
      action: 'payout_run.cancelled',
      subject: `payout_run:${id}`,
      before: { status: run.status, items },
      after: { status: 'cancelled' },
      at,
    });
  });
  return loadRun(db, id);
}
