import type { Db } from '../../db/database.ts';

// [I29] Consent to sellers' marketing texts (docs/campaigns.md "Consent and opt-out"; DECISIONS.md "Text
// campaigns and consent"). A seller may text a mobile only while its consent is 'subscribed' and no
// STOP (text_stops.stopped) holds every seller's marketing to that number.

/** Whether a marketing text of this seller may go to this mobile now (checked when a send is claimed). */
export async function marketingAllowed(db: Db, mobile: string, sellerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('text_consents as c')
    .leftJoin('text_stops as s', (join) => join.onRef('s.mobile', '=', 'c.mobile').on('s.stopped', '=', true))
    .select(['c.state', 's.mobile as stopped_mobile'])
    .where('c.mobile', '=', mobile)
    .where('c.seller_id', '=', sellerId)
    .executeTakeFirst();
  return row !== undefined && row.state === 'subscribed' && row.stopped_mobile === null;
}

/** The code of the /u/<code> opt-out link of that (mobile, seller) consent; undefined without one. */
export async function optOutCodeFor(db: Db, mobile: string, sellerId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('text_consents')
    .select('optout_code')
    .where('mobile', '=', mobile)
    .where('seller_id', '=', sellerId)
    .executeTakeFirst();
  return row?.optout_code;
}
