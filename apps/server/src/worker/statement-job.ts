import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { makeDueStatements } from '../modules/ledger/statements.ts';
import type { WorkerLog } from '../modules/messages/outbox.ts';
import type { PeriodicJob } from './poll-loop.ts';

// [I16-statements] The weekly statement job (docs/ledger-and-statements.md). Every minute, in every worker
// process: once a Monday 11:59:59.999 Sydney cut-off has passed (and a minute more, for a transaction
// dated just before it to commit), each seller's statement for that week is
// made, and any week missed (the worker was down) is caught up first, oldest first. Two processes at
// once make one statement each: the week is made under a transaction advisory lock and the unique
// (seller_id, week_ends_on) turns a second insert into nothing (modules/ledger/statements.ts).

export interface StatementJobOptions {
  db: Db;
  clock: Clock;
  log: WorkerLog;
  /** Idle time between runs. */
  pollMs?: number;
  /**
   * How long after the cut-off a week is made (default 1 minute): an entry is dated when its event
   * happens, and the event's transaction may commit a moment later; waiting lets it land first.
   */
  settleMs?: number;
  /** [I32] SELLER_SUBSCRIPTION_CENTS: charged on the first statement of each month (0: nothing). */
  subscriptionCents?: number;
}

export const STATEMENT_SETTLE_MS = 60_000;

export function createStatementJob(options: StatementJobOptions): PeriodicJob {
  const { db, clock, log } = options;
  const pollMs = options.pollMs ?? 60_000;
  /** One pass; answers how many statements it made. */
  async function runOnce(): Promise<number> {
    const made = await makeDueStatements(db, clock.now(), {
      settleMs: options.settleMs ?? STATEMENT_SETTLE_MS,
      subscriptionCents: options.subscriptionCents ?? 0,
    });
    if (made > 0) log.info({ made }, 'statement job: statements made');
    return made;
  }

  return { name: 'statements', everyMs: pollMs, runOnce };
}
