import { randomInt } from 'node:crypto';
import { type Audience, SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '@quokka/contract/api/campaigns';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isQuietHour, nextSendableInstant } from '../giftcards/quiet-hours.ts';
import { CAMPAIGN_PURPOSE } from './campaign-sends.ts';

// [I29] Queueing a due campaign (docs/campaigns.md "Sending rules"), set-based and resumable:
// 1. one statement per keyset batch of the seller's subscribed consents in the audience (minus every STOP),
//    each its own short transaction: INSERT … SELECT of the recipients, each with the zone of the state
//    of the default shipping address and a short code made with crypto random for the batch, and in the
//    same statement their outbox rows (purpose and renderer 'campaign', the zone as quiet_zone, due at
//    once or at 6 am there when it is night there now, sent_messages.campaign_recipient_id the link). The
//    unique (campaign_id, mobile) makes a recipient at most once however often a batch runs again, and a
//    recipient never exists without its row (one statement);
// 2. a repair pass: a row for any queued recipient without one;
// 3. campaigns.queued_at once a pass finds nothing more to queue.
// Two workers, or a worker killed -9 midway, only repeat inserts the unique constraints turn into
// nothing. Nothing here locks a seller, product or order row (the audience only reads orders), so
// checkout never waits on a campaign.

export const QUEUE_BATCH = 10_000;
/** On the embedded PGlite (one connection): a checkout waits at most for one such statement. */
export const PGLITE_QUEUE_BATCH = 2_000;

/** [I29] The zone of an Australian state (of the default shipping address); Sydney when unknown. */
export const ZONE_OF_STATE: Readonly<Record<string, string>> = {
  WA: 'Australia/Perth',
  NT: 'Australia/Darwin',
  SA: 'Australia/Adelaide',
  QLD: 'Australia/Brisbane',
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  TAS: 'Australia/Hobart',
};
export const DEFAULT_RECIPIENT_ZONE = 'Australia/Sydney';
const ZONES = [...new Set([...Object.values(ZONE_OF_STATE), DEFAULT_RECIPIENT_ZONE])];

/** A short code: SHORT_CODE_LENGTH letters of SHORT_CODE_ALPHABET, each drawn with crypto random. */
export function shortCode(): string {
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++)
    code += SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)];
  return code;
}

const zoneOfRegion = (region: RawBuilder<unknown>) =>
  sql`case upper(coalesce(${region}, ''))
    ${sql.join(
      Object.entries(ZONE_OF_STATE).map(([state, zone]) => sql`when ${state} then ${zone}`),
      sql` `,
    )}
    else ${DEFAULT_RECIPIENT_ZONE} end`;

/** An order of this seller's to this mobile (neither refused nor cancelled), optionally since `since`. */
const boughtFrom = (sellerId: number, since?: Date) => sql`exists (
  select 1 from orders o join order_items i on i.order_id = o.id
  where o.customer_mobile = c.mobile and i.seller_id = ${sellerId}
    and o.status not in ('refused', 'cancelled')
    ${since ? sql`and o.created_at >= ${since}` : sql``})`;

function audienceFilter(audience: Audience, sellerId: number, now: Date) {
  switch (audience.kind) {
    case 'all':
      return sql`true`;
    case 'bought':
      return boughtFrom(sellerId);
    case 'never_bought':
      return sql`not ${boughtFrom(sellerId)}`;
    case 'bought_recently':
      return boughtFrom(sellerId, new Date(now.getTime() - audience.days * 86_400_000));
    case 'states':
      return sql`upper(coalesce(a.region_code, '')) in (${sql.join(audience.states)})`;
  }
}

/** The audience's rows: the seller's subscribed consents not held by a STOP, with their customer's address. */
const audienceFrom = (sellerId: number) => sql`text_consents c
  left join customers cu on cu.mobile = c.mobile
  left join customer_addresses a on a.id = cu.default_shipping_id
  where c.seller_id = ${sellerId} and c.state = 'subscribed'
    and not exists (select 1 from text_stops s where s.mobile = c.mobile and s.stopped)`;

/** How many would get it now (the composer's count; the preview). */
export async function countAudience(
  db: Db,
  sellerId: number,
  audience: Audience,
  now: Date,
): Promise<number> {
  const row = await sql<{ n: string }>`select count(*) as n from ${audienceFrom(sellerId)}
    and ${audienceFilter(audience, sellerId, now)}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

export interface QueueableCampaign {
  id: number;
  seller_id: number;
  audience: Audience;
}

/** One keyset batch of recipients after consent `after`; answers the last consent seen (null: no more). */
async function queueRecipientBatch(
  db: Db,
  campaign: QueueableCampaign,
  after: number,
  now: Date,
  batch: number,
): Promise<{ last: number | null; inserted: number }> {
  const codes = Array.from({ length: batch }, shortCode).join(',');
  const result = await sql<{ last: number | null; inserted: string }>`
    with audience as (
      select c.id as consent_id, c.mobile, coalesce(c.customer_id, cu.id) as customer_id,
        ${zoneOfRegion(sql`a.region_code`)} as zone,
        row_number() over (order by c.id) as n
      from ${audienceFrom(campaign.seller_id)}
        and c.id > ${after} and ${audienceFilter(campaign.audience, campaign.seller_id, now)}
      order by c.id
      limit ${batch}
    ), codes as (
      select code, n from unnest(string_to_array(${codes}::text, ',')) with ordinality as t(code, n)
    ), inserted as (
      insert into campaign_recipients (campaign_id, mobile, customer_id, zone, code, state, queued_at)
      select ${campaign.id}, audience.mobile, audience.customer_id, audience.zone, codes.code, 'queued', ${now}
      from audience join codes on codes.n = audience.n
      on conflict do nothing
      returning id, mobile, zone
    ), queued as (
      ${outboxRowsFrom(sql`inserted`, now)}
    )
    select (select max(consent_id) from audience) as last, (select count(*) from inserted) as inserted`.execute(
    db,
  );
  const row = result.rows[0];
  return { last: row?.last ?? null, inserted: Number(row?.inserted ?? 0) };
}

/**
 * [I29] A campaign does not start in a zone in the last CAMPAIGN_START_MARGIN_MS before its quiet hours:
 * texts queued then wait for 6 am there with the rest of the night's, so a campaign never sends a
 * handful to a zone minutes before 8 pm and the rest of that zone the next morning (sent at 7:55 pm in
 * Sydney: Perth at once, Sydney and Melbourne at 6 am). The sender's own check at the claim stays the
 * quiet hours themselves (20:00–06:00).
 */
export const CAMPAIGN_START_MARGIN_MS = 15 * 60_000;

/** When a text queued now may first go in each zone: now, or 6 am there when it is (nearly) night there. */
export function firstSendCase(now: Date, zone: RawBuilder<unknown>) {
  const soon = new Date(now.getTime() + CAMPAIGN_START_MARGIN_MS);
  const first = (z: string) =>
    isQuietHour(now, z)
      ? nextSendableInstant(now, z)
      : isQuietHour(soon, z)
        ? nextSendableInstant(soon, z)
        : now;
  return sql<Date>`case ${zone} ${sql.join(
    ZONES.map((z) => sql`when ${z} then ${first(z)}::timestamptz`),
    sql` `,
  )} else ${now}::timestamptz end`;
}

/** The outbox rows of new recipients (`id, mobile, zone`): due now, or at 6 am in their zone at night. */
function outboxRowsFrom(recipients: RawBuilder<unknown>, now: Date) {
  return sql`insert into sent_messages (provider, provider_message_id, kind, purpose, to_number, status,
      status_at, render, idempotency_key, send_state, next_attempt_at, quiet_zone, campaign_recipient_id)
    select 'none', 'pending:campaign:' || b.id, 'sms', ${CAMPAIGN_PURPOSE}, b.mobile, 'queued', ${now},
      ${CAMPAIGN_PURPOSE}, 'campaign:' || b.id, 'queued', ${firstSendCase(now, sql`b.zone`)}, b.zone, b.id
    from ${recipients} as b
    on conflict (idempotency_key) do nothing
    returning id`;
}

/**
 * The repair pass: outbox rows for recipients that have none (a recipient and its row are written by one
 * statement, so only a database restored from before a crash could hold such a recipient). Answers how
 * many rows it queued.
 */
async function queueMissingMessages(db: Db, campaignId: number, now: Date): Promise<number> {
  const result = await sql<{ n: string }>`
    with missing as (
      select r.id, r.mobile, r.zone from campaign_recipients r
      where r.campaign_id = ${campaignId} and r.state = 'queued'
        and not exists (select 1 from sent_messages m where m.campaign_recipient_id = r.id)
    ), queued as (${outboxRowsFrom(sql`missing`, now)})
    select count(*) as n from queued`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Queues a due campaign's recipients and texts; marks it queued when a pass finds nothing more. Answers
 * how many rows it wrote. Safe to run again at any point, by any number of workers.
 */
export async function queueCampaign(
  db: Db,
  campaign: QueueableCampaign,
  now: Date,
  batch = QUEUE_BATCH,
): Promise<number> {
  let written = 0;
  let after = 0;
  for (;;) {
    const { last, inserted } = await queueRecipientBatch(db, campaign, after, now, batch);
    written += inserted;
    if (last === null) break;
    after = last;
  }
  written += await queueMissingMessages(db, campaign.id, now);
  // Only a campaign still being sent is marked (a cancel meanwhile has withdrawn its rows).
  await sql`update campaigns set queued_at = ${now}, updated_at = ${now},
      recipients = (select count(*) from campaign_recipients where campaign_id = ${campaign.id})
    where id = ${campaign.id} and queued_at is null and state in ('sending', 'paused')`.execute(db);
  return written;
}
