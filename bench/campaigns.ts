import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { systemClock } from '../apps/server/src/clock.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { runCampaignPass } from '../apps/server/src/modules/campaigns/campaign-job.ts';
import { PGLITE_QUEUE_BATCH, QUEUE_BATCH } from '../apps/server/src/modules/campaigns/campaign-queue.ts';
import { sendRateFor } from '../apps/server/src/modules/campaigns/campaign-rate.ts';
import { campaignRenderers } from '../apps/server/src/modules/campaigns/campaign-renderer.ts';
import { CAMPAIGN_PURPOSE } from '../apps/server/src/modules/campaigns/campaign-sends.ts';
import { isQuietHour, nextSendableInstant } from '../apps/server/src/modules/giftcards/quiet-hours.ts';
import { OutboxLookup } from '../apps/server/src/modules/messages/message-lookup.ts';
import {
  createOutboxSender,
  enqueueMessage,
  type WorkerLog,
} from '../apps/server/src/modules/messages/outbox.ts';
import { SandboxMessaging } from '../apps/server/src/providers/messaging/sandbox-messaging.ts';
import { PG_URL, QUICK } from './harness.ts';

// [I29] Queueing a text campaign (bench/README.md "Campaigns"): BENCH_CAMPAIGN_RECIPIENTS subscribers
// (100,000 on the PostgreSQL server: TEST_DATABASE_URL, DATABASE_URL or 127.0.0.1:5432/test, a fresh
// schema dropped after; 20,000 on PGlite with BENCH_CAMPAIGN_PGLITE=1, in a worker thread on a data folder as the server runs it), each a member with a
// default shipping address in one of the eight states, subscribed to one seller. Measured:
// - the time the worker's campaign job takes to queue every recipient (zone, short code) and outbox row;
// - meanwhile, every 20 ms, a checkout-like write (the seller's row locked FOR UPDATE, a receipt queued in
//   the outbox, committed): how many ran and the slowest, which shows whether queueing blocks checkout;
// - the process's memory (RSS and heap) before, at its peak while queueing, and after;
// - then the campaign sender for BENCH_CAMPAIGN_SEND_SECONDS (3) at SMS_SENDS_PER_SECOND
//   (BENCH_CAMPAIGN_RATE, 50): texts sent against the rate (consent and the weekly cap checked on each).
// BENCH_QUICK=1: 5,000 recipients.

const PGLITE = process.env.BENCH_CAMPAIGN_PGLITE === '1';
const RECIPIENTS = Number(
  process.env.BENCH_CAMPAIGN_RECIPIENTS ?? (QUICK ? 5_000 : PGLITE ? 20_000 : 100_000),
);
const RATE = Number(process.env.BENCH_CAMPAIGN_RATE ?? 50);
const SEND_SECONDS = Number(process.env.BENCH_CAMPAIGN_SEND_SECONDS ?? 3);
const quiet: WorkerLog = { info() {}, warn() {}, error() {} };
const STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'];

const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

async function seed(handle: DatabaseHandle): Promise<number> {
  const db = handle.db;
  const seller = await sql<{ id: number }>`insert into sellers (seller_url, name, logo_url, banner_url)
    values ('bench-goods', 'Bench Goods', '', '') returning id`.execute(db);
  const sellerId = seller.rows[0]?.id ?? 0;
  const states = `{${STATES.join(',')}}`;
  await sql`insert into customers (mobile, email, firstname, lastname, store_id, website_id)
    select '+614' || lpad((10000000 + n)::text, 8, '0'), 'm' || n || '@example.com', 'Pat', 'Bench', 1, 1
    from generate_series(1, ${RECIPIENTS}) as n`.execute(db);
  await sql`insert into customer_addresses (customer_id, firstname, lastname, telephone, street, city, postcode,
      region_id, region_code, region)
    select c.id, 'Pat', 'Bench', c.mobile, '["1 Bench St"]'::jsonb, 'Town', '2000', 1,
      (${states}::text[])[1 + c.id % 8], 'State'
    from customers c`.execute(db);
  await sql`update customers c set default_shipping_id = a.id from customer_addresses a where a.customer_id = c.id`.execute(
    db,
  );
  await sql`insert into text_consents (mobile, seller_id, customer_id, state, source, words, requested_at,
      subscribed_at, optout_code, updated_at)
    select c.mobile, ${sellerId}, c.id, 'subscribed', 'import', 'Text me offers', now(), now(),
      'o' || lpad(c.id::text, 9, '0'), now()
    from customers c`.execute(db);
  await sql`analyze`.execute(db);
  return sellerId;
}

/** A checkout-like write every 20 ms until stopped: the seller's row locked, a receipt queued, committed. */
function checkoutWrites(handle: DatabaseHandle, sellerId: number) {
  let stop = false;
  const latencies: number[] = [];
  const done = (async () => {
    for (let n = 0; !stop; n++) {
      const started = performance.now();
      await handle.db.transaction().execute(async (trx) => {
        await sql`select id from sellers where id = ${sellerId} for update`.execute(trx);
        await enqueueMessage(
          trx,
          {
            to: '+61400000000',
            kind: 'sms',
            purpose: 'bench_receipt',
            body: `Receipt ${n}`,
            key: `bench-receipt:${Date.now()}:${n}`,
          },
          systemClock.now(),
        );
      });
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async end() {
      stop = true;
      await done;
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        writes: sorted.length,
        p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
        max: sorted.at(-1) ?? 0,
      };
    },
  };
}

async function main() {
  const schema = `bench_campaigns_${process.pid}_${Date.now().toString(36)}`;
  // PGlite as the server runs it: a data folder, in a worker thread (an in-memory one runs on this thread
  // and would hold the checkout-like writes' timers for the whole pass).
  const dataDir = PGLITE ? mkdtempSync(join(tmpdir(), 'quokka-bench-campaigns-')) : undefined;
  const handle = dataDir
    ? await openDatabase({ dataDir, worker: true })
    : await openDatabase({ url: PG_URL, schema, poolSize: 10 });
  try {
    await migrateToLatest(handle.db, PGLITE ? undefined : schema);
    console.log(
      `Campaigns: ${RECIPIENTS} recipients on ${PGLITE ? 'PGlite (in memory)' : PG_URL.replace(/\/\/[^@]*@/, '//')}`,
    );
    const seeding = performance.now();
    const sellerId = await seed(handle);
    console.log(`seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const now = systemClock.now();
    await sql`insert into campaigns (seller_id, name, message, audience, state, created_at, updated_at, started_at)
      values (${sellerId}, 'Bench', 'Everything 20% off this week.', '{"kind":"all"}', 'sending', ${now}, ${now}, ${now})`.execute(
      handle.db,
    );

    global.gc?.();
    const before = process.memoryUsage();
    let peak = before;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      if (m.rss > peak.rss) peak = m;
    }, 50);
    const writes = checkoutWrites(handle, sellerId);
    const started = performance.now();
    await runCampaignPass(handle.db, systemClock.now(), undefined, PGLITE ? PGLITE_QUEUE_BATCH : QUEUE_BATCH);
    const queueMs = performance.now() - started;
    const checkout = await writes.end();
    clearInterval(sampler);
    const after = process.memoryUsage();

    const counts = await sql<{ recipients: string; rows: string; zones: string }>`select
        (select count(*) from campaign_recipients) as recipients,
        (select count(*) from sent_messages where purpose = ${CAMPAIGN_PURPOSE}) as rows,
        (select count(distinct zone) from campaign_recipients) as zones`.execute(handle.db);
    const c = counts.rows[0];
    if (Number(c?.recipients) !== RECIPIENTS || Number(c?.rows) !== RECIPIENTS)
      throw new Error(`queued ${c?.recipients} recipients and ${c?.rows} rows of ${RECIPIENTS}`);

    const sandbox = new SandboxMessaging(handle.db);
    // A receipt while the whole campaign is due: the main sender (campaign texts excluded) claims and
    // sends it; how long that pass takes shows whether a queued campaign slows the other texts.
    await sql`update sent_messages set quiet_zone = null, next_attempt_at = now() where purpose = ${CAMPAIGN_PURPOSE}`.execute(
      handle.db,
    );
    await sql`analyze sent_messages`.execute(handle.db);
    const main = createOutboxSender({
      db: handle.db,
      clock: systemClock,
      messaging: sandbox,
      lookup: new OutboxLookup(sandbox),
      log: quiet,
      excludePurposes: [CAMPAIGN_PURPOSE],
    });
    await sql`delete from sent_messages where purpose = 'bench_receipt'`.execute(handle.db);
    await enqueueMessage(
      handle.db,
      {
        to: '+61400000001',
        kind: 'sms',
        purpose: 'bench_receipt',
        body: 'Receipt',
        key: `bench-main:${Date.now()}`,
      },
      systemClock.now(),
    );
    const mainStarted = performance.now();
    const mainSent = await main.runOnce();
    const mainMs = performance.now() - mainStarted;

    // Sending at the rate: the campaign sender, once a second, as the worker runs it.
    const sender = createOutboxSender({
      db: handle.db,
      clock: systemClock,
      messaging: sandbox,
      lookup: new OutboxLookup(sandbox),
      log: quiet,
      renderers: campaignRenderers({ publicUrl: 'https://shop.example', perWeek: 2 }),
      quietHours: { isQuietHour, nextSendableInstant },
      purposes: [CAMPAIGN_PURPOSE],
      rate: sendRateFor(handle.db, systemClock, RATE),
      batchSize: Math.min(20, RATE),
    });
    const sending = performance.now();
    let sent = 0;
    while (performance.now() - sending < SEND_SECONDS * 1000) {
      sent += await sender.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const sendMs = performance.now() - sending;

    console.log('');
    console.log(
      `queue ${RECIPIENTS} recipients and outbox rows   ${(queueMs / 1000).toFixed(2)} s (${c?.zones} zones)`,
    );
    console.log(
      `checkout-like writes meanwhile            ${checkout.writes}, median ${checkout.p50.toFixed(1)} ms, slowest ${checkout.max.toFixed(1)} ms`,
    );
    console.log(
      `memory (RSS / heap used)                  before ${mb(before.rss)} / ${mb(before.heapUsed)}, peak ${mb(peak.rss)} / ${mb(peak.heapUsed)}, after ${mb(after.rss)} / ${mb(after.heapUsed)}`,
    );
    console.log(
      `a receipt, the campaign all due             ${mainSent} sent by the main sender in ${mainMs.toFixed(1)} ms`,
    );
    console.log(
      `sending at SMS_SENDS_PER_SECOND=${RATE}         ${sent} texts in ${(sendMs / 1000).toFixed(1)} s (${Math.round((sent / sendMs) * 1000)} /s)`,
    );
  } finally {
    if (!PGLITE) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
    await handle.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
