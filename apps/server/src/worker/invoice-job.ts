import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { issueDueInvoices } from '../modules/ledger/tax-invoices.ts';
import type { WorkerLog } from '../modules/messages/outbox.ts';
import type { PeriodicJob } from './poll-loop.ts';

// [I16-invoices] The monthly tax invoice job (docs/payouts-and-invoices.md). Every 10 minutes, in every
// worker process: on or after the first business day after a Sydney month ends (invoiceIssueDate), each
// seller charged fees that month gets their tax invoice; a month missed (no worker ran over its first
// business days) is caught up, up to CATCH_UP_MONTHS back. tax_invoices is unique per (seller, month) and the
// insert does nothing on a conflict, so however many processes run this, each invoice is issued once.

export interface InvoiceJobOptions {
  db: Db;
  clock: Clock;
  log: WorkerLog;
  /** Idle time between runs. */
  pollMs?: number;
}

export function createInvoiceJob(options: InvoiceJobOptions): PeriodicJob {
  const { db, clock, log } = options;
  const pollMs = options.pollMs ?? 10 * 60_000;
  /** One pass; answers how many invoices it issued. */
  async function runOnce(): Promise<number> {
    const issued = await issueDueInvoices(db, clock);
    if (issued > 0) log.info({ issued }, 'tax invoices issued');
    return issued;
  }

  return { name: 'tax-invoices', everyMs: pollMs, runOnce };
}
