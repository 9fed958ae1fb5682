import { audienceSchema } from '@quokka/contract/api/campaigns';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { WorkerLog } from '../messages/outbox.ts';
import { QUEUE_BATCH, queueCampaign } from './campaign-queue.ts';

// [I29] The worker's campaign job (docs/campaigns.md "Sending rules"), each pass:
// 1. a scheduled campaign whose time has come starts sending (one conditional update: one worker wins);
// 2. a sending (or paused) campaign not yet queued gets its recipients and outbox rows (campaign-queue.ts,
//    safe to run by two workers at once and to resume after a kill -9); a paused one's rows then wait;
// 3. a sending campaign with every text gone (none queued or being sent) is 'sent'; recipients whose text
//    the outbox gave up on are 'failed'.
// The texts themselves go through the outbox's campaign sender (worker/start-worker.ts).

export interface CampaignJobDeps {
  db: Db;
  clock: Clock;
  log: WorkerLog;
  everyMs?: number;
  /**
   * Consents per queueing statement: QUEUE_BATCH on a PostgreSQL server; smaller on the embedded PGlite,
   * whose one connection a checkout waits for while a statement runs.
   */
  batch?: number;
}

const HELD = new Date('2999-01-01T00:00:00Z');

export async function runCampaignPass(
  db: Db,
  now: Date,
  log?: WorkerLog,
  batch = QUEUE_BATCH,
): Promise<number> {
  let done = 0;
  const started = await db
    .updateTable('campaigns')
    .set({ state: 'sending', started_at: now, updated_at: now })
    .where('state', '=', 'scheduled')
    .where('scheduled_at', '<=', now)
    .returning('id')
    .execute();
  done += started.length;
  const due = await db
    .selectFrom('campaigns')
    .select(['id', 'seller_id', 'audience'])
    .where('state', 'in', ['sending', 'paused'])
    .where('queued_at', 'is', null)
    .orderBy('id')
    .execute();
  for (const campaign of due) {
    const written = await queueCampaign(
      db,
      { ...campaign, audience: audienceSchema.parse(campaign.audience) },
      now,
      batch,
    );
    // Paused while it was being queued: the rows it just queued wait with the others.
    await sql`update sent_messages as m set next_attempt_at = ${HELD}
      from campaign_recipients r, campaigns c
      where r.campaign_id = ${campaign.id} and c.id = r.campaign_id and c.state = 'paused'
        and m.campaign_recipient_id = r.id and m.send_state = 'queued' and m.next_attempt_at < ${HELD}`.execute(
      db,
    );
    log?.info({ campaign_id: campaign.id, rows: written }, 'campaigns: queued');
    done += written;
  }
  await sql`update campaign_recipients r set state = 'failed'
    from sent_messages m, campaigns c
    where m.campaign_recipient_id = r.id and c.id = r.campaign_id and c.state = 'sending'
      and r.state = 'queued' and m.send_state = 'failed'`.execute(db);
  const finished = await sql<{ id: number }>`update campaigns c set state = 'sent', finished_at = ${now},
      updated_at = ${now}
    where c.state = 'sending' and c.queued_at is not null
      and not exists (select 1 from campaign_recipients r join sent_messages m on m.campaign_recipient_id = r.id
        where r.campaign_id = c.id and m.send_state in ('queued', 'sending'))
    returning c.id`.execute(db);
  return done + finished.rows.length;
}

export function createCampaignJob(deps: CampaignJobDeps) {
  return {
    name: 'campaigns',
    everyMs: deps.everyMs ?? 2_000,
    runOnce: () => runCampaignPass(deps.db, deps.clock.now(), deps.log, deps.batch),
  };
}
