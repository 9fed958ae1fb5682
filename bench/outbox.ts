import { sql } from 'kysely';
import { systemClock } from '../apps/server/src/clock.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { OutboxLookup } from '../apps/server/src/modules/messages/message-lookup.ts';
import {
  createOutboxSender,
  enqueueMessage,
  type WorkerLog,
} from '../apps/server/src/modules/messages/outbox.ts';
import { SandboxMessaging } from '../apps/server/src/providers/messaging/sandbox-messaging.ts';
import { PG_URL, QUICK } from './harness.ts';

// The outbox's throughput (bench/README.md "Outbox"): how many queued messages a second the outbox's
// sender hands to the sandbox provider, on the PostgreSQL server (TEST_DATABASE_URL, DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/test; a fresh schema, dropped after), with BENCH_OUTBOX_MESSAGES
// (10,000) rows queued first:
// - baseline, in the same run: the sandbox provider called directly, BATCH calls at a time on each pool (one
//   pool, then two), for the same number of messages: what a sender could reach if the outbox cost nothing;
// - one worker: one sender draining the queue;
// - two workers: two senders, each with its own pool on the same database (as two worker processes), at once.
// Every row claims, records its intent, sends and records its result in statements of its own, as in
// production; the sandbox's send is one INSERT (Twilio's is an HTTPS call: slower, and a separate limit).
//
// BENCH_QUICK=1: 1,000 messages. BENCH_OUTBOX_BATCH: rows claimed (and sent) at once (20).
// BENCH_OUTBOX_POOL: connections per worker (10).

const MESSAGES = Number(process.env.BENCH_OUTBOX_MESSAGES ?? (QUICK ? 1_000 : 10_000));
const BATCH = Number(process.env.BENCH_OUTBOX_BATCH ?? 20);
/** Connections of each worker's pool (the server's default). */
const POOL = Number(process.env.BENCH_OUTBOX_POOL ?? 10);
const quiet: WorkerLog = { info() {}, warn() {}, error() {} };

const mobile = (n: number) => `+614${String(10_000_000 + (n % 90_000_000)).padStart(8, '0')}`;

async function queue(handle: DatabaseHandle, count: number): Promise<void> {
  const now = systemClock.now();
  for (let start = 0; start < count; start += 500) {
    await handle.db.transaction().execute(async (trx) => {
      for (let n = start; n < Math.min(count, start + 500); n++) {
        await enqueueMessage(
          trx,
          {
            to: mobile(n),
            kind: 'sms',
            purpose: 'bench',
            key: `bench:${now.getTime()}:${n}`,
            body: `Quokka: your order ${String(n).padStart(9, '0')} is on its way with Sendle. Tracking number: B${n}`,
          },
          now,
        );
      }
    });
  }
}

async function empty(handle: DatabaseHandle): Promise<void> {
  await sql`truncate sent_messages, outbox_messages cascade`.execute(handle.db);
}

const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);

/**
 * The provider alone: per pool, BATCH sends at a time (as many as a sender has in flight), MESSAGES
 * between them all.
 */
async function baseline(pools: DatabaseHandle[]): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    pools.flatMap((pool) => {
      const sandbox = new SandboxMessaging(pool.db);
      return Array.from({ length: BATCH }, async () => {
        for (let n = next++; n < MESSAGES; n = next++) {
          await sandbox.sendSms(mobile(n), `Quokka: your order ${n} is on its way. Tracking number: B${n}`);
        }
      });
    }),
  );
  return perSecond(MESSAGES, performance.now() - started);
}

/** The outbox: one sender per pool, draining MESSAGES queued rows at once. */
async function drain(pools: DatabaseHandle[]): Promise<{ rate: number; handled: number[] }> {
  const senders = pools.map((pool, index) => {
    const sandbox = new SandboxMessaging(pool.db);
    return createOutboxSender({
      db: pool.db,
      clock: systemClock,
      messaging: sandbox,
      lookup: new OutboxLookup(sandbox),
      log: quiet,
      batchSize: BATCH,
      workerId: `bench-${index}`,
    });
  });
  const started = performance.now();
  const handled = await Promise.all(senders.map((sender) => sender.runOnce()));
  const ms = performance.now() - started;
  const total = handled.reduce((a, b) => a + b, 0);
  if (total !== MESSAGES) throw new Error(`drained ${total} of ${MESSAGES}`);
  return { rate: perSecond(total, ms), handled };
}

async function main() {
  const schema = `bench_outbox_${process.pid}_${Date.now().toString(36)}`;
  const first = await openDatabase({ url: PG_URL, schema, poolSize: POOL });
  await migrateToLatest(first.db, schema);
  const second = await openDatabase({ url: PG_URL, schema, poolSize: POOL });
  const rows: [string, number, string][] = [];
  try {
    console.log(`Outbox: ${MESSAGES} messages, claims of ${BATCH}, on ${PG_URL.replace(/\/\/[^@]*@/, '//')}`);
    for (const [label, pools] of [
      ['one worker', [first]],
      ['two workers', [first, second]],
    ] as const) {
      await empty(first);
      const bare = await baseline([...pools]);
      await empty(first);
      await queue(first, MESSAGES);
      await sql`analyze sent_messages`.execute(first.db);
      const { rate, handled } = await drain([...pools]);
      const sent = await first.db
        .selectFrom('sent_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('send_state', '=', 'sent')
        .executeTakeFirstOrThrow();
      if (Number(sent.n) !== MESSAGES) throw new Error(`${sent.n} rows sent of ${MESSAGES}`);
      rows.push([`${label}: provider alone (baseline)`, bare, '']);
      rows.push([
        `${label}: outbox`,
        rate,
        `${(rate / bare).toFixed(2)}× baseline; rows per worker ${handled.join(' / ')}`,
      ]);
    }
  } finally {
    await second.close();
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(first.db);
    await first.close();
  }
  console.log('');
  for (const [label, rate, note] of rows)
    console.log(`${label.padEnd(40)} ${String(rate).padStart(6)} /s  ${note}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
