import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// [I29] Attribution (DECISIONS.md "Text campaigns and consent"): an order placed within 5 days of a click
// on a campaign's link belongs to the campaign of the LAST click by that mobile. Called by checkout inside
// the order's transaction (one indexed read of campaign_recipients by mobile and last click, one update of
// the order row checkout already holds); it never locks anything else.
// [I31] Automated texts' links count the same way (docs/automations.md "Sending"): the last click within
// 5 days among the mobile's campaign recipients AND automated texts wins; an automated one sets
// orders.automation_send_id (the campaign columns stay null), a campaign one the campaign columns (the
// automated one stays null).

export const ATTRIBUTION_WINDOW_MS = 5 * 24 * 3_600_000;

/**
 * Marks the order with the campaign, or [I31] the automated text, of the mobile's last click within the
 * window; answers the campaign (null when none, or when an automated text won).
 */
export async function attributeOrder(
  trx: Db,
  order: { orderId: number; mobile: string; now: Date },
): Promise<number | null> {
  const since = new Date(order.now.getTime() - ATTRIBUTION_WINDOW_MS);
  const click = await trx
    .selectFrom('campaign_recipients')
    .select(['id', 'campaign_id', 'last_clicked_at'])
    .where('mobile', '=', order.mobile)
    .where('last_clicked_at', '>=', since)
    .where('last_clicked_at', '<=', order.now)
    .orderBy('last_clicked_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const automated = await trx
    .selectFrom('automation_sends')
    .select(['id', 'last_clicked_at'])
    .where('mobile', '=', order.mobile)
    .where('last_clicked_at', '>=', since)
    .where('last_clicked_at', '<=', order.now)
    .orderBy('last_clicked_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const automatedWins =
    automated?.last_clicked_at != null &&
    (!click?.last_clicked_at || automated.last_clicked_at.getTime() > click.last_clicked_at.getTime());
  if (automated && automatedWins) {
    await sql`update orders set automation_send_id = ${automated.id}, campaign_id = null,
      campaign_recipient_id = null where id = ${order.orderId}`.execute(trx);
    return null;
  }
  if (!click) return null;
  await sql`update orders set campaign_id = ${click.campaign_id}, campaign_recipient_id = ${click.id},
    automation_send_id = null where id = ${order.orderId}`.execute(trx);
  return click.campaign_id;
}
