import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AUTOMATION_PURPOSE } from './automation-sends.ts';

// [I29] Campaign texts in the outbox (docs/campaigns.md "Sending rules"). An opt-out is effective at once
// for every send not yet handed to the provider: a row still 'queued', or 'sending' whose intent is not on
// record (the sender records its intent only on a row still its 'sending' one, so a row cancelled here is
// never sent; a row whose intent is recorded may already be at the provider and cannot be called back).

/** The outbox purpose and renderer of campaign texts. */
export const CAMPAIGN_PURPOSE = 'campaign';

export interface WithdrawOf {
  mobile: string;
  /** Only that seller's campaigns; null: every seller's (a STOP, "Stop all offers"). */
  sellerId: number | null;
}

/**
 * Cancels, in the caller's transaction, every campaign text to `mobile` (of that seller's campaigns) not
 * yet handed to the provider, and marks its recipient 'skipped_opted_out'. Answers how many were withdrawn.
 */
export async function withdrawCampaignTexts(trx: Db, of: WithdrawOf, now: Date): Promise<number> {
  const sellerFilter = of.sellerId === null ? sql`` : sql`and c.seller_id = ${of.sellerId}`;
  const withdrawn = await sql<{ recipient_id: number }>`
    with stopped as (
      update sent_messages as m set
        send_state = 'cancelled', last_error = 'opted out', status_at = ${now},
        lease_owner = null, lease_until = null
      from campaign_recipients as r
      join campaigns as c on c.id = r.campaign_id
      where m.campaign_recipient_id = r.id
        and m.purpose = ${CAMPAIGN_PURPOSE}
        and m.to_number = ${of.mobile}
        and r.mobile = ${of.mobile}
        ${sellerFilter}
        and (m.send_state = 'queued' or (m.send_state = 'sending' and m.intent_at is null))
      returning m.campaign_recipient_id as recipient_id
    )
    update campaign_recipients as r set state = 'skipped_opted_out'
    from stopped
    where r.id = stopped.recipient_id and r.state = 'queued'
    returning r.id as recipient_id`.execute(trx);
  // [I31] Automated texts and waiting back-in-stock asks too, wherever a campaign text is withdrawn.
  const automated = await withdrawAutomatedTexts(trx, of, now);
  return withdrawn.rows.length + automated;
}

/**
 * [I31] The same for automated texts (docs/automations.md "Sending"), called with withdrawCampaignTexts
 * on every STOP and opt-out: cancels every automated text to `mobile` (of that seller) not yet handed to
 * the provider (the same rule as campaign rows), marks its send 'skipped_opted_out', and cancels the
 * mobile's waiting back-in-stock asks (every seller's for a STOP, that seller's for a seller's opt-out).
 * START does not bring the asks back. Answers how many texts were withdrawn.
 */
export async function withdrawAutomatedTexts(trx: Db, of: WithdrawOf, now: Date): Promise<number> {
  const sellerFilter = of.sellerId === null ? sql`` : sql`and a.seller_id = ${of.sellerId}`;
  const withdrawn = await sql<{ send_id: number }>`
    with stopped as (
      update sent_messages as m set
        send_state = 'cancelled', last_error = 'opted out', status_at = ${now},
        lease_owner = null, lease_until = null
      from automation_sends as a
      where m.automation_send_id = a.id
        and m.purpose = ${AUTOMATION_PURPOSE}
        and m.to_number = ${of.mobile}
        and a.mobile = ${of.mobile}
        ${sellerFilter}
        and (m.send_state = 'queued' or (m.send_state = 'sending' and m.intent_at is null))
      returning m.automation_send_id as send_id
    )
    update automation_sends as a set state = 'skipped_opted_out'
    from stopped
    where a.id = stopped.send_id and a.state = 'queued'
    returning a.id as send_id`.execute(trx);
  let alerts = trx
    .updateTable('stock_alerts')
    .set({ state: 'cancelled', updated_at: now })
    .where('mobile', '=', of.mobile)
    .where('state', '=', 'waiting');
  if (of.sellerId !== null) alerts = alerts.where('seller_id', '=', of.sellerId);
  await alerts.execute();
  return withdrawn.rows.length;
}
