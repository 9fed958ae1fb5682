import { randomBytes } from 'node:crypto';
import {
  audienceSchema,
  CAMPAIGN_RECIPIENTS_CSV_COLUMNS,
  type Campaign,
  type CampaignPreview,
  type CampaignResults,
  type CampaignState,
  type campaignBodySchema,
  campaignText,
  CAMPAIGN_ERRORS as E,
  sampleCampaignLinks,
} from '@quokka/contract/api/campaigns';
import { replyToBuyLine } from '@quokka/contract/api/reply-offers';
import { formatCents } from '@quokka/contract/money';
import { countSms } from '@quokka/contract/sms';
import { isAustralianZone, zonedWallTimeToUtc } from '@quokka/contract/timezones';
import { type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { CampaignTable } from '../../db/schema.ts';
import { ConflictError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import { csvDocument } from '../../http/csv.ts';
import { defaultDelivery } from '../checkout/shipping-methods.ts';
import { enqueueMessage, type OutboxSender } from '../messages/outbox.ts';
import { countAudience, firstSendCase } from './campaign-queue.ts';
import { CAMPAIGN_PURPOSE } from './campaign-sends.ts';

// [I29] Campaigns in the back office (docs/campaigns.md "Campaigns"): a seller's staff see and change only
// their own seller's (another's answers 404, as if it did not exist); operators every seller's.
// States: draft → (send) → sending | scheduled | review (CAMPAIGN_REVIEW=manual, a seller's staff) →
// approve → sending | scheduled, or refuse → refused (edit → draft); sending ⇄ paused; scheduled, review,
// sending, paused → cancelled; sending → sent once every text has gone (campaign-job.ts). Every change is
// one conditional UPDATE on the state it expects, so two clicks never both act.
// Pausing moves the campaign's queued texts out of the sender's reach; resuming makes them due again (at
// 6 am in their zone when it is night there); cancelling withdraws every text not yet handed on.

/** A body as the route parsed it. */
type CampaignInput = z.output<typeof campaignBodySchema>;

export interface CampaignViewer {
  staffId: number;
  role: 'operator' | 'vendor';
  sellerId: number | null;
}

export interface CampaignServiceDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  priceCents: number;
  review: 'auto' | 'manual';
  outbox: Pick<OutboxSender, 'sendNow'>;
  /** [I30] REPLY_TO_BUY_MAX_CENTS: a reply-to-buy item dearer than this on its own is refused. */
  replyToBuyMaxCents?: number;
}

/** Far enough that nobody waits for it: where a paused campaign's texts wait. */
const PAUSED_UNTIL = new Date('2999-01-01T00:00:00Z');

type CampaignRow = Selectable<CampaignTable> & {
  seller_name: string;
  product_name: string | null;
  offer_colour: string | null;
  offer_size: string | null;
};

/** [I30] The suburb a reply-to-buy preview names (each member's own goes in their text). */
export const REPLY_TO_BUY_SAMPLE_SUBURB = 'Bondi Beach';

export function segmentsOf(sellerName: string, message: string, publicUrl: string, withProduct: boolean) {
  const links = sampleCampaignLinks(publicUrl);
  const text = campaignText({
    sellerName,
    message,
    productLink: withProduct ? links.productLink : null,
    optOutLink: links.optOutLink,
  });
  return { text, count: countSms(text) };
}

/** [I29] The figures of one campaign (the contract's campaignResultsSchema). */
export async function campaignResults(
  db: Db,
  campaign: { id: number; seller_id: number; state: CampaignState },
  segments: number,
  priceCents: number,
  now: Date,
): Promise<CampaignResults> {
  const paused = campaign.state === 'paused';
  const figures = await sql<Record<string, string>>`
    select
      count(*) as recipients,
      count(*) filter (where r.state = 'sent') as sent,
      count(*) filter (where r.state = 'sent' and m.status = 'delivered') as delivered,
      count(*) filter (where r.state = 'failed' or m.send_state = 'failed'
        or (r.state = 'sent' and m.status in ('failed', 'undelivered'))) as failed,
      count(*) filter (where r.clicks > 0) as clicked,
      count(*) filter (where r.state = 'skipped_cap') as skipped_cap,
      count(*) filter (where r.state = 'skipped_opted_out') as skipped_opted_out,
      count(*) filter (where r.state = 'queued' and m.send_state = 'queued' and m.next_attempt_at > ${now}
        and ${!paused}) as waiting,
      count(*) filter (where r.state = 'queued' and (m.send_state is null or m.send_state in ('queued', 'sending'))) as queued,
      count(*) filter (where r.state = 'sent' and (
        exists (select 1 from text_consents tc where tc.mobile = r.mobile and tc.seller_id = ${campaign.seller_id}
          and tc.state = 'unsubscribed' and tc.unsubscribed_at >= m.sent_at)
        or exists (select 1 from text_stops ts where ts.mobile = r.mobile and ts.stopped
          and ts.stopped_at >= m.sent_at))) as opted_out
    from campaign_recipients r
    left join sent_messages m on m.campaign_recipient_id = r.id
    where r.campaign_id = ${campaign.id}`.execute(db);
  const f = figures.rows[0] ?? {};
  const n = (key: string) => Number(f[key] ?? 0);
  // Revenue: this seller's lines of the attributed orders (not the grand total): the campaign sold the
  // seller's products; other sellers' lines and the shipping in the same order are not its doing.
  // [I30] Bought by reply: the campaign's orders placed by answering its text (orders.reply_offer_id).
  const sales = await sql<{ orders: string; revenue: string | null; by_reply: string }>`
    select count(distinct o.id) as orders, sum(i.row_total_cents) as revenue,
      count(distinct o.id) filter (where o.reply_offer_id is not null) as by_reply
    from orders o join order_items i on i.order_id = o.id and i.seller_id = ${campaign.seller_id}
    where o.campaign_id = ${campaign.id} and o.status not in ('refused', 'cancelled')`.execute(db);
  const sent = n('sent');
  return {
    recipients: n('recipients'),
    sent,
    delivered: n('delivered'),
    failed: n('failed'),
    clicked: n('clicked'),
    orders: Number(sales.rows[0]?.orders ?? 0),
    revenue_cents: Number(sales.rows[0]?.revenue ?? 0),
    opted_out: n('opted_out'),
    waiting_quiet_hours: n('waiting'),
    skipped_cap: n('skipped_cap'),
    skipped_opted_out: n('skipped_opted_out'),
    bought_by_reply: Number(sales.rows[0]?.by_reply ?? 0),
    queued: Math.max(0, n('queued') - n('waiting')),
    cost_cents: sent * segments * priceCents,
  };
}

/** The wall time `YYYY-MM-DD HH:mm` in `zone` as an instant; a clear 400 when it is not one. */
function scheduleInstant(at: string, zone: string | undefined, now: Date): { at: Date; zone: string } {
  const name = zone ?? 'Australia/Sydney';
  if (!isAustralianZone(name)) throw new InvalidDataError(E.badZone);
  let instant: Date;
  try {
    instant = zonedWallTimeToUtc(`${at.replace('T', ' ')}:00`, name);
  } catch {
    throw new InvalidDataError(E.scheduleInPast);
  }
  if (instant.getTime() <= now.getTime()) throw new InvalidDataError(E.scheduleInPast);
  return { at: instant, zone: name };
}

export function createCampaignService(deps: CampaignServiceDeps) {
  const { db, clock } = deps;

  const selectCampaigns = () =>
    db
      .selectFrom('campaigns as c')
      .innerJoin('sellers as s', 's.id', 'c.seller_id')
      .leftJoin('products as p', 'p.id', 'c.product_id')
      .leftJoin('products as op', 'op.id', 'c.offer_product_id')
      .leftJoin('option_values as oc', 'oc.id', 'op.color_id')
      .leftJoin('option_values as oz', 'oz.id', 'op.size_id')
      .selectAll('c')
      .select([
        's.name as seller_name',
        'p.name as product_name',
        'oc.title as offer_colour',
        'oz.title as offer_size',
      ]);

  async function load(id: number, viewer: CampaignViewer): Promise<CampaignRow> {
    let query = selectCampaigns().where('c.id', '=', id);
    if (viewer.role !== 'operator') query = query.where('c.seller_id', '=', viewer.sellerId ?? -1);
    const row = await query.executeTakeFirst();
    if (!row) throw new NotFoundError(E.notFound);
    return row;
  }

  async function toCampaign(row: CampaignRow): Promise<Campaign> {
    const { count } = segmentsOf(row.seller_name, row.message, deps.publicUrl, row.product_id !== null);
    return {
      id: row.id,
      seller_id: row.seller_id,
      seller_name: row.seller_name,
      name: row.name,
      message: row.message,
      product_id: row.product_id,
      product_name: row.product_name,
      reply_to_buy: row.reply_to_buy,
      offer_product_id: row.offer_product_id,
      offer_variant:
        row.reply_to_buy && row.offer_product_id !== row.product_id
          ? [row.offer_colour, row.offer_size].filter((part) => part).join(', ') || null
          : null,
      audience: audienceSchema.parse(row.audience),
      state: row.state,
      scheduled_at: row.scheduled_at?.toISOString() ?? null,
      schedule_zone: row.schedule_zone,
      review_reason: row.review_reason,
      created_at: row.created_at.toISOString(),
      started_at: row.started_at?.toISOString() ?? null,
      finished_at: row.finished_at?.toISOString() ?? null,
      segments: count.parts,
      results: await campaignResults(db, row, count.parts, deps.priceCents, clock.now()),
    };
  }

  const reload = async (id: number, viewer: CampaignViewer) => toCampaign(await load(id, viewer));

  /** The seller a body is for: a vendor's own; an operator names one. */
  async function sellerFor(body: { seller_id?: number | undefined }, viewer: CampaignViewer) {
    const sellerId = viewer.role === 'operator' ? body.seller_id : viewer.sellerId;
    if (!sellerId) throw new InvalidDataError(E.sellerRequired);
    const seller = await db
      .selectFrom('sellers')
      .select(['id', 'name'])
      .where('id', '=', sellerId)
      .executeTakeFirst();
    if (!seller) throw new InvalidDataError(E.sellerNotFound);
    return seller;
  }

  async function checkProduct(productId: number | null, sellerId: number) {
    if (productId === null) return;
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('id', '=', productId)
      .where('seller_id', '=', sellerId)
      .executeTakeFirst();
    if (!product) throw new InvalidDataError(E.productNotFound);
  }

  /**
   * [I30] The one sellable item a reply-to-buy campaign sells (its offer_product_id), or null without
   * reply to buy: a simple product itself, or the chosen variant of a configurable one; a clear 400 when
   * there is no product, no variant chosen, a variant of another product, a gift card, a product or variant
   * switched off, or an item dearer on its own than REPLY_TO_BUY_MAX_CENTS.
   */
  async function offerOf(
    body: { product_id: number | null; reply_to_buy: boolean; offer_product_id: number | null },
    sellerId: number,
  ): Promise<number | null> {
    await checkProduct(body.product_id, sellerId);
    if (!body.reply_to_buy) return null;
    if (body.product_id === null) throw new InvalidDataError(E.replyToBuyNoProduct);
    const product = await db
      .selectFrom('products')
      .select(['id', 'type_id', 'is_giftcard', 'enabled', 'price_cents'])
      .where('id', '=', body.product_id)
      .executeTakeFirstOrThrow();
    if (product.is_giftcard) throw new InvalidDataError(E.replyToBuyGiftCard);
    let item = product;
    if (product.type_id === 'configurable') {
      if (body.offer_product_id === null) throw new InvalidDataError(E.replyToBuyChooseVariant);
      const variant = await db
        .selectFrom('products')
        .select(['id', 'type_id', 'is_giftcard', 'enabled', 'price_cents'])
        .where('id', '=', body.offer_product_id)
        .where('parent_id', '=', product.id)
        .executeTakeFirst();
      if (!variant) throw new InvalidDataError(E.replyToBuyVariantNotFound);
      item = variant;
    } else if (body.offer_product_id !== null && body.offer_product_id !== product.id) {
      throw new InvalidDataError(E.replyToBuyVariantNotFound);
    }
    if (!product.enabled || !item.enabled) throw new InvalidDataError(E.replyToBuyNotSellable);
    const max = deps.replyToBuyMaxCents;
    if (max !== undefined && item.price_cents > max)
      throw new InvalidDataError(E.replyToBuyOverLimit(formatCents(max)));
    return item.id;
  }

  /**
   * [I30] What a member with Buy by reply on gets instead of the link: the item's price and the default
   * delivery (as BUY quotes them), delivered to a sample suburb of a typical length; each member's own
   * total and suburb are filled in when the text goes (campaign-renderer.ts).
   */
  async function replyToBuyPreview(sellerName: string, message: string, itemId: number) {
    const item = await db
      .selectFrom('products')
      .select('price_cents')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    const delivery = await defaultDelivery(db, false);
    const text = campaignText({
      sellerName,
      message,
      productLink: null,
      optOutLink: sampleCampaignLinks(deps.publicUrl).optOutLink,
      replyToBuy: replyToBuyLine(
        formatCents(item.price_cents + delivery.amount_cents),
        REPLY_TO_BUY_SAMPLE_SUBURB,
      ),
    });
    return { text, segments: countSms(text).parts };
  }

  /** A conditional change of state; 409 with `refusal` when the campaign is not in one of `from`. */
  async function move(
    id: number,
    viewer: CampaignViewer,
    from: readonly CampaignState[],
    set: Partial<Record<keyof CampaignTable, unknown>>,
    refusal: string,
  ): Promise<CampaignRow> {
    const row = await load(id, viewer);
    const moved = await db
      .updateTable('campaigns')
      .set({ ...set, updated_at: clock.now() } as never)
      .where('id', '=', row.id)
      .where('state', 'in', [...from])
      .executeTakeFirst();
    if (moved.numUpdatedRows === 0n) throw new ConflictError(refusal);
    return row;
  }

  /** The campaign's queued texts due again (at 6 am in their zone when it is night there), or held. */
  async function retimeTexts(campaignId: number, until: Date | 'due') {
    const now = clock.now();
    const next = until === 'due' ? firstSendCase(now, sql`m.quiet_zone`) : sql`${until}::timestamptz`;
    await sql`update sent_messages as m set next_attempt_at = ${next}
      from campaign_recipients r
      where r.campaign_id = ${campaignId} and m.campaign_recipient_id = r.id and m.send_state = 'queued'`.execute(
      db,
    );
  }

  return {
    async list(
      query: {
        seller_id?: number | undefined;
        state?: CampaignState | undefined;
        page: number;
        page_size: number;
      },
      viewer: CampaignViewer,
    ) {
      let q = selectCampaigns();
      const sellerId = viewer.role === 'operator' ? query.seller_id : (viewer.sellerId ?? -1);
      if (sellerId !== undefined) q = q.where('c.seller_id', '=', sellerId);
      if (query.state) q = q.where('c.state', '=', query.state);
      const total = await q
        .clearSelect()
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await q
        .orderBy('c.id', 'desc')
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size)
        .execute();
      const items: Campaign[] = [];
      for (const row of rows) items.push(await toCampaign(row));
      return { items, total: Number(total.n) };
    },

    get: reload,

    async preview(body: CampaignInput, viewer: CampaignViewer): Promise<CampaignPreview> {
      const seller = await sellerFor(body, viewer);
      const offerProductId = await offerOf(body, seller.id);
      const { text, count } = segmentsOf(seller.name, body.message, deps.publicUrl, body.product_id !== null);
      const recipients = await countAudience(db, seller.id, body.audience, clock.now());
      return {
        text,
        encoding: count.encoding,
        characters: count.characters,
        segments: count.parts,
        recipients,
        estimated_cost_cents: count.parts * recipients * deps.priceCents,
        reply_to_buy:
          offerProductId === null ? null : await replyToBuyPreview(seller.name, body.message, offerProductId),
      };
    },

    async create(body: CampaignInput, viewer: CampaignViewer): Promise<Campaign> {
      const seller = await sellerFor(body, viewer);
      const offerProductId = await offerOf(body, seller.id);
      const now = clock.now();
      const row = await db
        .insertInto('campaigns')
        .values({
          seller_id: seller.id,
          name: body.name,
          message: body.message,
          product_id: body.product_id,
          reply_to_buy: body.reply_to_buy,
          offer_product_id: offerProductId,
          audience: JSON.stringify(body.audience),
          state: 'draft',
          created_by: viewer.staffId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reload(row.id, viewer);
    },

    async update(id: number, body: CampaignInput, viewer: CampaignViewer) {
      const row = await load(id, viewer);
      const offerProductId = await offerOf(body, row.seller_id);
      await move(
        id,
        viewer,
        ['draft', 'refused'],
        {
          name: body.name,
          message: body.message,
          product_id: body.product_id,
          reply_to_buy: body.reply_to_buy,
          offer_product_id: offerProductId,
          audience: JSON.stringify(body.audience),
          state: 'draft',
        },
        E.notEditable,
      );
      return reload(id, viewer);
    },

    /** Texts the campaign as a recipient would get it (sample links) to the member of staff's mobile. */
    async sendTest(id: number, viewer: CampaignViewer) {
      const row = await load(id, viewer);
      const staff = await db
        .selectFrom('staff')
        .select('mobile')
        .where('id', '=', viewer.staffId)
        .executeTakeFirst();
      if (!staff?.mobile) throw new InvalidDataError(E.noMobile);
      const { text } = segmentsOf(row.seller_name, row.message, deps.publicUrl, row.product_id !== null);
      const messageId = await enqueueMessage(
        db,
        {
          to: staff.mobile,
          kind: 'sms',
          purpose: 'campaign_test',
          body: text,
          key: `campaign-test:${row.id}:${randomBytes(8).toString('hex')}`,
        },
        clock.now(),
      );
      await deps.outbox.sendNow([messageId]);
      return { to: staff.mobile, text };
    },

    /** Now, or at a wall time in a zone; under manual review a seller's staff's goes to 'review' first. */
    async send(
      id: number,
      body: { at?: string | undefined; zone?: string | undefined } | undefined,
      viewer: CampaignViewer,
    ) {
      const now = clock.now();
      const schedule = body?.at ? scheduleInstant(body.at, body.zone, now) : undefined;
      const needsReview = deps.review === 'manual' && viewer.role !== 'operator';
      const state: CampaignState = needsReview ? 'review' : schedule ? 'scheduled' : 'sending';
      await move(
        id,
        viewer,
        ['draft', 'refused'],
        {
          state,
          scheduled_at: schedule?.at ?? null,
          schedule_zone: schedule?.zone ?? null,
          review_reason: null,
          // An operator sending is the sender of record (their own approval).
          ...(needsReview ? {} : { reviewed_by: viewer.staffId, reviewed_at: now }),
          ...(state === 'sending' ? { started_at: now } : {}),
        },
        E.notSendable,
      );
      return reload(id, viewer);
    },

    /** Operators: approve a campaign waiting for review; the operator is its sender of record. */
    async approve(id: number, viewer: CampaignViewer) {
      const row = await load(id, viewer);
      const now = clock.now();
      const later = row.scheduled_at !== null && row.scheduled_at.getTime() > now.getTime();
      await move(
        id,
        viewer,
        ['review'],
        {
          state: later ? 'scheduled' : 'sending',
          reviewed_by: viewer.staffId,
          reviewed_at: now,
          ...(later ? {} : { started_at: now }),
        },
        E.notInReview,
      );
      return reload(id, viewer);
    },

    async refuse(id: number, reason: string, viewer: CampaignViewer) {
      await move(
        id,
        viewer,
        ['review'],
        { state: 'refused', review_reason: reason, reviewed_by: viewer.staffId, reviewed_at: clock.now() },
        E.notInReview,
      );
      return reload(id, viewer);
    },

    async pause(id: number, viewer: CampaignViewer) {
      await move(id, viewer, ['sending'], { state: 'paused' }, E.notPausable);
      await retimeTexts(id, PAUSED_UNTIL);
      return reload(id, viewer);
    },

    async resume(id: number, viewer: CampaignViewer) {
      await move(id, viewer, ['paused'], { state: 'sending' }, E.notResumable);
      await retimeTexts(id, 'due');
      return reload(id, viewer);
    },

    async cancel(id: number, viewer: CampaignViewer) {
      const now = clock.now();
      await move(
        id,
        viewer,
        ['scheduled', 'review', 'sending', 'paused'],
        { state: 'cancelled', finished_at: now },
        E.notCancellable,
      );
      // Every text not yet handed to the provider is withdrawn (a claimed one without an intent included).
      await sql`with stopped as (
          update sent_messages as m set send_state = 'cancelled', last_error = 'campaign cancelled',
            status_at = ${now}, lease_owner = null, lease_until = null
          from campaign_recipients r
          where r.campaign_id = ${id} and m.campaign_recipient_id = r.id and m.purpose = ${CAMPAIGN_PURPOSE}
            and (m.send_state = 'queued' or (m.send_state = 'sending' and m.intent_at is null))
          returning r.id)
        update campaign_recipients r set state = 'cancelled'
        where r.campaign_id = ${id} and r.state = 'queued'
          and (r.id in (select id from stopped)
            or not exists (select 1 from sent_messages m2 where m2.campaign_recipient_id = r.id))`.execute(
        db,
      );
      return reload(id, viewer);
    },

    /** One line per recipient: every step of the funnel. */
    async recipientsCsv(id: number, viewer: CampaignViewer): Promise<{ name: string; csv: string }> {
      const row = await load(id, viewer);
      const lines = await sql<{
        mobile: string;
        zone: string;
        state: string;
        queued_at: Date;
        sent_at: Date | null;
        status: string | null;
        first_clicked_at: Date | null;
        last_clicked_at: Date | null;
        clicks: number;
        increment_id: string | null;
        grand_total_cents: number | null;
        opted_out_at: Date | null;
      }>`
        select r.mobile, r.zone, r.state, r.queued_at, m.sent_at, case when r.state = 'sent' then m.status end as status,
          r.first_clicked_at, r.last_clicked_at, r.clicks,
          o.increment_id, o.grand_total_cents,
          (select min(t) from (
             select tc.unsubscribed_at as t from text_consents tc where tc.mobile = r.mobile
               and tc.seller_id = ${row.seller_id} and tc.state = 'unsubscribed'
             union all select ts.stopped_at from text_stops ts where ts.mobile = r.mobile and ts.stopped
           ) as stops where t >= coalesce(m.sent_at, r.queued_at)) as opted_out_at
        from campaign_recipients r
        left join sent_messages m on m.campaign_recipient_id = r.id
        left join lateral (select increment_id, grand_total_cents from orders
          where campaign_recipient_id = r.id order by id desc limit 1) o on true
        where r.campaign_id = ${row.id}
        order by r.id`.execute(db);
      const iso = (date: Date | null) => (date ? new Date(date).toISOString() : '');
      const csv = csvDocument([
        [...CAMPAIGN_RECIPIENTS_CSV_COLUMNS],
        ...lines.rows.map((line) => [
          line.mobile,
          line.zone,
          line.state,
          iso(line.queued_at),
          iso(line.sent_at),
          line.status ?? '',
          iso(line.first_clicked_at),
          iso(line.last_clicked_at),
          { count: Number(line.clicks) },
          line.increment_id ?? '',
          line.grand_total_cents === null ? '' : { count: Number(line.grand_total_cents) },
          iso(line.opted_out_at),
        ]),
      ]);
      return { name: `campaign-${row.id}-recipients.csv`, csv };
    },
  };
}

export type CampaignService = ReturnType<typeof createCampaignService>;
