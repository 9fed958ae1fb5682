import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// [I29] Attribution (DECISIONS.md "Text campaigns and consent"): an order placed within 5 days of a click
// on a campaign's link belongs to the campaign of the LAST click by that mobile. Called by checkout inside
// the order's transaction (one indexed read of campaign_recipients by mobile and last click, one update of
// the order row checkout already holds); it never locks anything else.

export const ATTRIBUTION_WINDOW_MS = 5 * 24 * 3_600_000;

/** Marks the order with the campaign of the mobile's last click within the window; answers that campaign. */
export async function attributeOrder(
  trx: Db,
  order: { orderId: number; mobile: string; now: Date },
): Promise<number | null> {
  const since = new Date(order.now.getTime() - ATTRIBUTION_WINDOW_MS);
  const click = await trx
    .selectFrom('campaign_recipients')
    .select(['id', 'campaign_id'])
    .where('mobile', '=', order.mobile)
    .where('last_clicked_at', '>=', since)
    .where('last_clicked_at', '<=', order.now)
    .orderBy('last_clicked_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!click) return null;
  await sql`update orders set campaign_id = ${click.campaign_id}, campaign_recipient_id = ${click.id}
    where id = ${order.orderId}`.execute(trx);
  return click.campaign_id;
}
