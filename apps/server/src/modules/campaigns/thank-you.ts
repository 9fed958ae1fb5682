import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { WorkerLog } from '../messages/outbox.ts';
import { queueAutomationSend, zoneOfCustomer } from './automation-sends.ts';

// [I31] The thank-you after delivery (docs/automations.md "The thank-you"). Each pass, one set-based
// statement finds the shipments marked delivered (order_shipments.delivered_at) at least the seller's
// thank_you delay_hours ago (THANK_YOU_DAYS × 24 by default), delivered while the seller's thank_you flow
// was on (enabled_at at or before delivered_at: switching it on never texts old deliveries), of an order
// neither refused nor cancelled, whose mobile (orders.customer_mobile) is subscribed to that seller's
// texts with no STOP, and not yet thanked by that automation. Each is queued in its own transaction
// (queueAutomationSend, with the seller's chosen product or none, and the order): the unique key
// (automation_id, order_id) makes it once per order whatever two workers or a kill -9 do. Deliveries more
// than STALE_MS past their delay are left alone (no burst of old thank-yous after an outage).
// The renderer checks consent, STOP, the weekly cap and the flow at send time.

const STALE_MS = 7 * 24 * 60 * 60_000;
const BATCH = 200;

interface Candidate {
  order_id: number;
  customer_id: number;
  mobile: string;
  automation_id: number;
  seller_id: number;
  product_id: number | null;
}

async function candidates(db: Db, now: Date): Promise<Candidate[]> {
  const result = await sql<Candidate>`
    select sh.order_id, o.customer_id, o.customer_mobile as mobile, a.id as automation_id, a.seller_id,
      a.product_id
    from order_shipments sh
    join orders o on o.id = sh.order_id
    join automations a on a.seller_id = sh.seller_id and a.flow = 'thank_you' and a.enabled
      and a.enabled_at is not null and a.enabled_at <= sh.delivered_at
      and sh.delivered_at <= ${now}::timestamptz - make_interval(hours => a.delay_hours)
      and sh.delivered_at > ${now}::timestamptz - make_interval(hours => a.delay_hours)
        - make_interval(secs => ${STALE_MS / 1000})
    join text_consents tc on tc.mobile = o.customer_mobile and tc.seller_id = a.seller_id
      and tc.state = 'subscribed'
    where sh.delivered_at is not null and o.customer_mobile is not null and o.customer_mobile <> ''
      and o.status not in ('refused', 'cancelled')
      and not exists (select 1 from text_stops s where s.mobile = o.customer_mobile and s.stopped)
      and not exists (select 1 from automation_sends s where s.automation_id = a.id and s.order_id = o.id)
    order by sh.delivered_at, sh.id
    limit ${BATCH}`.execute(db);
  return result.rows;
}

/** One pass: answers how many thank-you texts it queued. */
export async function runThankYouPass(db: Db, now: Date, log?: WorkerLog): Promise<number> {
  let queued = 0;
  for (const candidate of await candidates(db, now)) {
    const zone = await zoneOfCustomer(db, candidate.customer_id);
    const send = await db.transaction().execute((trx) =>
      queueAutomationSend(
        trx,
        {
          automationId: candidate.automation_id,
          flow: 'thank_you',
          sellerId: candidate.seller_id,
          mobile: candidate.mobile,
          customerId: candidate.customer_id,
          zone,
          productId: candidate.product_id,
          orderId: candidate.order_id,
        },
        now,
      ),
    );
    if (send) {
      queued += 1;
      log?.info(
        { order_id: candidate.order_id, automation_id: candidate.automation_id },
        'automations: thank-you queued',
      );
    }
  }
  return queued;
}

export interface ThankYouJobDeps {
  db: Db;
  clock: Clock;
  log: WorkerLog;
  everyMs?: number;
}

/** The worker's job (worker/start-worker.ts registers it): a pass every 5 minutes by default. */
export function createThankYouJob(deps: ThankYouJobDeps) {
  return {
    name: 'thank-you',
    everyMs: deps.everyMs ?? 5 * 60_000,
    runOnce: () => runThankYouPass(deps.db, deps.clock.now(), deps.log),
  };
}
