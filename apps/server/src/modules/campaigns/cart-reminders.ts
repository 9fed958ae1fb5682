import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { WorkerLog } from '../messages/outbox.ts';
import { queueAutomationSend, zoneOfCustomer } from './automation-sends.ts';

// [I31] The cart left behind (docs/automations.md "The cart left behind"). Each pass:
// 1. one set-based statement finds the candidates: an active cart with lines whose last change
//    (carts.updated_at) is at least the seller's delay_hours ago, of a member with a mobile, for a seller
//    among the cart's lines whose cart_reminder flow is on and was already on when the cart last changed
//    (switching the flow on never texts carts left before), whose texts that mobile is subscribed to with
//    no STOP; no order placed by the member since the cart's last change; no cart reminder for this cart
//    yet (from any seller: "never twice for the same cart"); none to this mobile in the last 7 days. When
//    several sellers of one cart qualify, the one whose line went into the cart first is picked (one
//    seller per cart). Carts left for more than STALE_MS past their delay (a worker down for days) are
//    left alone rather than texted late.
// 2. per candidate, a short transaction takes the mobile's advisory lock
//    (pg_advisory_xact_lock(hashtext('cart-reminder:'||mobile))), checks again that no cart reminder went
//    to this mobile in 7 days (any seller) nor for this cart, that the cart is still active, not changed
//    within the delay, not empty, and has no order since, then queues the text (queueAutomationSend: due now, or 6 am in the member's
//    zone when it is night there). Two workers at once wait for each other on the lock and the second sees
//    the first's row; after a kill -9 the transaction was rolled back whole, and the unique key
//    (automation_id, cart_id) makes any repeat a no-op.
// The renderer checks again at send time (no order placed, the cart not empty, consent, STOP, the cap).

/** One cart reminder per mobile in this window, whatever the seller. */
export const CART_REMINDER_WINDOW_MS = 7 * 24 * 60 * 60_000;
/** A cart more than this past its delay is not texted (no burst of old carts after an outage). */
const STALE_MS = 2 * 24 * 60 * 60_000;
/** Candidates per pass; the rest are found by the next pass. */
const BATCH = 200;
/** The sends that count towards the one-a-week: those queued or gone (not those withdrawn or skipped). */
const COUNTED_STATES = ['queued', 'sent'] as const;

interface Candidate {
  cart_id: number;
  customer_id: number;
  mobile: string;
  updated_at: Date;
  automation_id: number;
  seller_id: number;
  delay_hours: number;
}

async function candidates(db: Db, now: Date): Promise<Candidate[]> {
  const weekAgo = new Date(now.getTime() - CART_REMINDER_WINDOW_MS);
  const result = await sql<Candidate>`
    select distinct on (c.id) c.id as cart_id, c.customer_id, cu.mobile, c.updated_at,
      a.id as automation_id, a.seller_id, a.delay_hours
    from carts c
    join customers cu on cu.id = c.customer_id
    join lateral (
      select p.seller_id, min(i.id) as first_line
      from cart_items i join products p on p.id = i.product_id
      where i.cart_id = c.id
      group by p.seller_id
    ) l on true
    join automations a on a.seller_id = l.seller_id and a.flow = 'cart_reminder' and a.enabled
      and a.enabled_at is not null and a.enabled_at <= c.updated_at
      and c.updated_at <= ${now}::timestamptz - make_interval(hours => a.delay_hours)
      and c.updated_at > ${now}::timestamptz - make_interval(hours => a.delay_hours)
        - make_interval(secs => ${STALE_MS / 1000})
    join text_consents tc on tc.mobile = cu.mobile and tc.seller_id = a.seller_id and tc.state = 'subscribed'
    where c.status = 'active' and cu.mobile <> ''
      and not exists (select 1 from text_stops s where s.mobile = cu.mobile and s.stopped)
      and not exists (select 1 from orders o where o.customer_id = c.customer_id and o.created_at > c.updated_at)
      and not exists (select 1 from automation_sends s where s.cart_id = c.id and s.flow = 'cart_reminder')
      and not exists (select 1 from automation_sends s where s.mobile = cu.mobile and s.flow = 'cart_reminder'
        and s.state in (${sql.join(COUNTED_STATES)}) and s.queued_at > ${weekAgo})
    order by c.id, l.first_line
    limit ${BATCH}`.execute(db);
  return result.rows;
}

/** Queues one candidate's text under the mobile's lock; false when something changed or was sent meanwhile. */
async function queueOne(db: Db, candidate: Candidate, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`cart-reminder:${candidate.mobile}`}))`.execute(trx);
    const weekAgo = new Date(now.getTime() - CART_REMINDER_WINDOW_MS);
    const sent = await sql<{ one: number }>`select 1 as one from automation_sends s
      where s.flow = 'cart_reminder' and (s.cart_id = ${candidate.cart_id}
        or (s.mobile = ${candidate.mobile} and s.state in (${sql.join(COUNTED_STATES)})
          and s.queued_at > ${weekAgo}))
      limit 1`.execute(trx);
    if (sent.rows.length > 0) return false;
    const still = await sql<{ one: number }>`select 1 as one from carts c
      where c.id = ${candidate.cart_id} and c.status = 'active'
        and c.updated_at <= ${now}::timestamptz - make_interval(hours => ${candidate.delay_hours})
        and exists (select 1 from cart_items i where i.cart_id = c.id)
        and not exists (select 1 from orders o where o.customer_id = c.customer_id
          and o.created_at > c.updated_at)`.execute(trx);
    if (still.rows.length === 0) return false;
    const zone = await zoneOfCustomer(trx, candidate.customer_id);
    const queued = await queueAutomationSend(
      trx,
      {
        automationId: candidate.automation_id,
        flow: 'cart_reminder',
        sellerId: candidate.seller_id,
        mobile: candidate.mobile,
        customerId: candidate.customer_id,
        zone,
        productId: null,
        cartId: candidate.cart_id,
      },
      now,
    );
    return queued !== null;
  });
}

/** One pass: answers how many cart reminders it queued. */
export async function runCartReminderPass(db: Db, now: Date, log?: WorkerLog): Promise<number> {
  let queued = 0;
  for (const candidate of await candidates(db, now)) {
    if (await queueOne(db, candidate, now)) {
      queued += 1;
      log?.info(
        { cart_id: candidate.cart_id, automation_id: candidate.automation_id },
        'automations: cart reminder queued',
      );
    }
  }
  return queued;
}

export interface CartReminderJobDeps {
  db: Db;
  clock: Clock;
  log: WorkerLog;
  everyMs?: number;
}

/** The worker's job (worker/start-worker.ts registers it): a pass a minute by default. */
export function createCartReminderJob(deps: CartReminderJobDeps) {
  return {
    name: 'cart-reminders',
    everyMs: deps.everyMs ?? 60_000,
    runOnce: () => runCartReminderPass(deps.db, deps.clock.now(), deps.log),
  };
}
