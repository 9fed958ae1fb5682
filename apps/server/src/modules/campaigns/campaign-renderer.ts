import { campaignText } from '@quokka/contract/api/campaigns';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MessageRenderers, OutboxRow, RenderOutcome } from '../messages/outbox.ts';
import { CAMPAIGN_PURPOSE } from './campaign-sends.ts';
import { marketingAllowed, optOutCodeFor } from './consent.ts';
import { replyToBuyLineFor } from './reply-offers.ts';

// [I29] The 'campaign' renderer: a campaign text is written when the outbox claims it, after every rule
// that may have changed since it was queued (docs/campaigns.md "Sending rules"):
// 1. the campaign: paused → not yet (a minute on; pausing also moves its rows out of reach); cancelled or
//    anything else → never;
// 2. consent: the seller's consent must still be 'subscribed' and no STOP hold the number, checked at the
//    claim, so an opt-out before the send is handed to the provider wins;
// 3. the weekly cap: MARKETING_TEXTS_PER_WEEK per mobile in 7 days, all sellers together, counted and taken
//    under a transaction-scoped advisory lock on the mobile (two senders never both take the last one);
//    a retry of the same recipient finds its own quota row and is not counted twice;
// 4. the text: campaignText() with the recipient's /t/<code> and the consent's /u/<code>; afterSend marks
//    the recipient sent in the transaction that records the row sent.
// 5. [I30] a reply-to-buy campaign: a member who can buy by reply (Buy by reply on, a card, a default
//    address, the total within REPLY_TO_BUY_MAX_CENTS, decided now) gets "Reply BUY to get it for $x
//    delivered to <suburb>" in place of the link, and the recipient is marked reply_to_buy with the send.

export interface CampaignRendererDeps {
  publicUrl: string;
  perWeek: number;
  /** [I30] REPLY_TO_BUY_MAX_CENTS; without it no text says "Reply BUY". */
  replyToBuyMaxCents?: number;
}

const WEEK_MS = 7 * 24 * 3_600_000;

async function markRecipient(
  db: Db,
  recipientId: number,
  state: 'skipped_opted_out' | 'skipped_cap' | 'cancelled',
) {
  await db
    .updateTable('campaign_recipients')
    .set({ state })
    .where('id', '=', recipientId)
    .where('state', '=', 'queued')
    .execute();
}

/**
 * Takes one of the mobile's weekly marketing texts for this campaign recipient or [I31] automated text
 * (one cap for both); false when none is left.
 */
export async function takeWeeklyQuota(
  db: Db,
  of: { mobile: string; recipientId: number } | { mobile: string; automationSendId: number },
  perWeek: number,
  at: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`marketing:${of.mobile}`}))`.execute(trx);
    const mine = await trx
      .selectFrom('marketing_quota')
      .select('id')
      .where((eb) =>
        'recipientId' in of
          ? eb('recipient_id', '=', of.recipientId)
          : eb('automation_send_id', '=', of.automationSendId),
      )
      .executeTakeFirst();
    if (mine) return true;
    const used = await trx
      .selectFrom('marketing_quota')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('mobile', '=', of.mobile)
      .where('at', '>', new Date(at.getTime() - WEEK_MS))
      .executeTakeFirstOrThrow();
    if (Number(used.n) >= perWeek) return false;
    await trx
      .insertInto('marketing_quota')
      .values({
        mobile: of.mobile,
        recipient_id: 'recipientId' in of ? of.recipientId : null,
        automation_send_id: 'automationSendId' in of ? of.automationSendId : null,
        at,
      })
      .execute();
    return true;
  });
}

export function campaignRenderers(deps: CampaignRendererDeps): MessageRenderers {
  const base = deps.publicUrl.replace(/\/$/, '');
  return {
    async [CAMPAIGN_PURPOSE](db: Db, row: OutboxRow, at: Date): Promise<RenderOutcome> {
      if (row.campaign_recipient_id === null) return { stop: 'no campaign recipient' };
      const recipient = await db
        .selectFrom('campaign_recipients as r')
        .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
        .innerJoin('sellers as s', 's.id', 'c.seller_id')
        .select(['r.id', 'r.mobile', 'r.code', 'r.state', 'c.state as campaign_state', 'c.seller_id'])
        .select(['c.message', 'c.product_id', 's.name as seller_name'])
        .select(['c.reply_to_buy', 'c.offer_product_id'])
        .where('r.id', '=', row.campaign_recipient_id)
        .executeTakeFirst();
      if (!recipient) return { stop: 'no campaign recipient' };
      if (recipient.campaign_state === 'paused') return { wait: new Date(at.getTime() + 60_000) };
      if (recipient.campaign_state !== 'sending' && recipient.campaign_state !== 'sent') {
        await markRecipient(db, recipient.id, 'cancelled');
        return { stop: `campaign ${recipient.campaign_state}` };
      }
      if (recipient.state !== 'queued') return { stop: `recipient ${recipient.state}` };
      if (!(await marketingAllowed(db, recipient.mobile, recipient.seller_id))) {
        await markRecipient(db, recipient.id, 'skipped_opted_out');
        return { stop: 'opted out' };
      }
      const optOut = await optOutCodeFor(db, recipient.mobile, recipient.seller_id);
      if (!optOut) {
        await markRecipient(db, recipient.id, 'skipped_opted_out');
        return { stop: 'no consent' };
      }
      if (
        !(await takeWeeklyQuota(
          db,
          { mobile: recipient.mobile, recipientId: recipient.id },
          deps.perWeek,
          at,
        ))
      ) {
        await markRecipient(db, recipient.id, 'skipped_cap');
        return { stop: 'weekly cap' };
      }
      const replyToBuy =
        recipient.reply_to_buy && deps.replyToBuyMaxCents !== undefined
          ? await replyToBuyLineFor(
              db,
              { mobile: recipient.mobile, productId: recipient.offer_product_id },
              deps.replyToBuyMaxCents,
            )
          : null;
      const body = campaignText({
        sellerName: recipient.seller_name,
        message: recipient.message,
        productLink: recipient.product_id === null ? null : `${base}/t/${recipient.code}`,
        optOutLink: `${base}/u/${optOut}`,
        replyToBuy,
      });
      return {
        body,
        reference: body,
        afterSend: async (trx) => {
          await trx
            .updateTable('campaign_recipients')
            .set({ state: 'sent', message_id: row.id, ...(replyToBuy ? { reply_to_buy: true } : {}) })
            .where('id', '=', recipient.id)
            .execute();
        },
      };
    },
  };
}
