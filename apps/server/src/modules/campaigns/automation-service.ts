import {
  AUTOMATION_FLOWS,
  type Automation,
  type AutomationFlow,
  type AutomationListReply,
  type AutomationPreview,
  type AutomationResults,
  automationText,
  CART_REMINDER_HOURS_RANGE,
  DEFAULT_AUTOMATION_MESSAGES,
  AUTOMATION_ERRORS as E,
  fillAutomationMessage,
  THANK_YOU_DAYS_RANGE,
} from '@quokka/contract/api/automations';
import { SHORT_CODE_LENGTH } from '@quokka/contract/api/campaigns';
import { countSms } from '@quokka/contract/sms';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import { itemName } from './automation-renderer.ts';
import { AUTOMATION_PURPOSE } from './automation-sends.ts';

// [I31] The back office's automations (docs/automations.md "The back office API"): a seller's three flows,
// each on or off with its words, its timing and its results since it was last switched on. A seller's staff
// see and set their own seller's only (another seller's answers 404); operators name the seller. A flow
// never saved reads as off with the default words and timing (CART_REMINDER_HOURS, THANK_YOU_DAYS × 24).

export interface AutomationViewer {
  staffId: number;
  role: 'operator' | 'vendor';
  sellerId: number | null;
}

export interface AutomationServiceDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  cartReminderHours: number;
  thankYouDays: number;
}

export interface AutomationInput {
  seller_id?: number | undefined;
  enabled: boolean;
  message: string;
  delay_hours: number;
  product_id: number | null;
}

export interface AutomationPreviewInput {
  flow: AutomationFlow;
  seller_id?: number | undefined;
  message: string;
  product_id: number | null;
}

/** The sample values of the preview and the segment counter. */
export const SAMPLE_VALUES = { product: 'Sunrise Mug', items: 'Beach Tote and 2 more' } as const;

const ZERO: Omit<AutomationResults, 'since' | 'waiting'> = {
  sent: 0,
  delivered: 0,
  clicked: 0,
  orders: 0,
  revenue_cents: 0,
  opted_out: 0,
  delayed_quiet_hours: 0,
  skipped_cap: 0,
  skipped_opted_out: 0,
  queued: 0,
};

/**
 * Sends whose outbox row was given up (send_state 'failed' after its retries) become 'failed' (the
 * outbox's failure path does not run a renderer's afterSend). Run before results are read.
 */
export async function settleFailedAutomationSends(db: Db): Promise<number> {
  const failed = await sql`update automation_sends as a set state = 'failed'
    from sent_messages as m
    where m.automation_send_id = a.id and m.purpose = ${AUTOMATION_PURPOSE} and m.send_state = 'failed'
      and a.state = 'queued'
    returning a.id`.execute(db);
  return failed.rows.length;
}

/** The text with sample values and links of the real length. */
export function sampleAutomationText(
  flow: AutomationFlow,
  sellerName: string,
  message: string,
  publicUrl: string,
  product: { id: number | null; name: string | null },
): string {
  const base = publicUrl.replace(/\/$/, '');
  const code = 'x'.repeat(SHORT_CODE_LENGTH);
  const withLink = flow !== 'thank_you' || product.id !== null;
  return automationText({
    sellerName,
    message: fillAutomationMessage(message, {
      product: product.name ?? SAMPLE_VALUES.product,
      items: SAMPLE_VALUES.items,
    }),
    link: withLink ? `${base}/t/${code}` : null,
    optOutLink: `${base}/u/${code}`,
  });
}

/** [I31] A flow's figures since it was switched on (the contract's automationResultsSchema). */
export async function automationResults(
  db: Db,
  automation: { id: number; seller_id: number; flow: AutomationFlow; enabled_at: Date | null } | null,
  of: { sellerId: number; flow: AutomationFlow },
): Promise<AutomationResults> {
  const waiting =
    of.flow === 'back_in_stock'
      ? Number(
          (
            await db
              .selectFrom('stock_alerts')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('seller_id', '=', of.sellerId)
              .where('state', '=', 'waiting')
              .executeTakeFirstOrThrow()
          ).n,
        )
      : 0;
  if (!automation?.enabled_at) return { since: null, ...ZERO, waiting };
  const since = automation.enabled_at;
  const figures = await sql<Record<string, string>>`
    select
      count(*) filter (where a.state = 'sent') as sent,
      count(*) filter (where a.state = 'sent' and m.status = 'delivered') as delivered,
      count(*) filter (where a.clicks > 0) as clicked,
      count(*) filter (where a.quiet_delayed) as delayed_quiet_hours,
      count(*) filter (where a.state = 'skipped_cap') as skipped_cap,
      count(*) filter (where a.state = 'skipped_opted_out') as skipped_opted_out,
      count(*) filter (where a.state = 'queued') as queued,
      count(distinct a.mobile) filter (where a.state = 'sent' and (
        exists (select 1 from text_consents tc where tc.mobile = a.mobile and tc.seller_id = ${of.sellerId}
          and tc.state = 'unsubscribed' and tc.unsubscribed_at >= m.sent_at)
        or exists (select 1 from text_stops ts where ts.mobile = a.mobile and ts.stopped
          and ts.stopped_at >= m.sent_at))) as opted_out
    from automation_sends a
    left join sent_messages m on m.id = a.message_id
    where a.automation_id = ${automation.id} and a.queued_at >= ${since}`.execute(db);
  const f = figures.rows[0] ?? {};
  const n = (key: string) => Number(f[key] ?? 0);
  // Revenue as for campaigns: this seller's lines of the attributed orders (not the grand total).
  const sales = await sql<{ orders: string; revenue: string | null }>`
    select count(distinct o.id) as orders, sum(i.row_total_cents) as revenue
    from orders o
    join automation_sends a on a.id = o.automation_send_id
    join order_items i on i.order_id = o.id and i.seller_id = ${of.sellerId}
    where a.automation_id = ${automation.id} and a.queued_at >= ${since}
      and o.status not in ('refused', 'cancelled')`.execute(db);
  return {
    since: since.toISOString(),
    sent: n('sent'),
    delivered: n('delivered'),
    clicked: n('clicked'),
    orders: Number(sales.rows[0]?.orders ?? 0),
    revenue_cents: Number(sales.rows[0]?.revenue ?? 0),
    opted_out: n('opted_out'),
    delayed_quiet_hours: n('delayed_quiet_hours'),
    skipped_cap: n('skipped_cap'),
    skipped_opted_out: n('skipped_opted_out'),
    queued: n('queued'),
    waiting,
  };
}

export function createAutomationService(deps: AutomationServiceDeps) {
  const { db, clock } = deps;

  const defaultHours = (flow: AutomationFlow) =>
    flow === 'cart_reminder' ? deps.cartReminderHours : flow === 'thank_you' ? deps.thankYouDays * 24 : 0;

  /** The seller the viewer may act for: a vendor's own (another → 404); an operator's named one. */
  async function sellerFor(asked: number | undefined, viewer: AutomationViewer) {
    let sellerId: number;
    if (viewer.role === 'operator') {
      if (asked === undefined) throw new InvalidDataError(E.sellerRequired);
      sellerId = asked;
    } else {
      if (viewer.sellerId === null) throw new NotFoundError(E.sellerNotFound);
      if (asked !== undefined && asked !== viewer.sellerId) throw new NotFoundError(E.sellerNotFound);
      sellerId = viewer.sellerId;
    }
    const seller = await db
      .selectFrom('sellers')
      .select(['id', 'name'])
      .where('id', '=', sellerId)
      .executeTakeFirst();
    if (!seller) throw new NotFoundError(E.sellerNotFound);
    return seller;
  }

  async function ownProduct(sellerId: number, productId: number) {
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('id', '=', productId)
      .where('seller_id', '=', sellerId)
      .executeTakeFirst();
    if (!product) throw new InvalidDataError(E.productNotFound);
  }

  async function view(seller: { id: number; name: string }, flow: AutomationFlow): Promise<Automation> {
    const row = await db
      .selectFrom('automations')
      .selectAll()
      .where('seller_id', '=', seller.id)
      .where('flow', '=', flow)
      .executeTakeFirst();
    const productId = flow === 'thank_you' ? (row?.product_id ?? null) : null;
    const productName = productId === null ? null : await itemName(db, productId);
    const message = row?.message ?? DEFAULT_AUTOMATION_MESSAGES[flow];
    const text = sampleAutomationText(flow, seller.name, message, deps.publicUrl, {
      id: productId,
      name: productName,
    });
    return {
      flow,
      seller_id: seller.id,
      enabled: row?.enabled ?? false,
      message,
      delay_hours: row?.delay_hours ?? defaultHours(flow),
      product_id: productId,
      product_name: productName,
      enabled_at: row?.enabled_at?.toISOString() ?? null,
      updated_at: row?.updated_at.toISOString() ?? null,
      segments: countSms(text).parts,
      results: await automationResults(db, row ?? null, { sellerId: seller.id, flow }),
    };
  }

  return {
    async list(
      query: { seller_id?: number | undefined },
      viewer: AutomationViewer,
    ): Promise<AutomationListReply> {
      const seller = await sellerFor(query.seller_id, viewer);
      await settleFailedAutomationSends(db);
      const items: Automation[] = [];
      for (const flow of AUTOMATION_FLOWS) items.push(await view(seller, flow));
      return { seller_id: seller.id, seller_name: seller.name, items };
    },

    async save(flow: AutomationFlow, body: AutomationInput, viewer: AutomationViewer): Promise<Automation> {
      const seller = await sellerFor(body.seller_id, viewer);
      let delayHours = 0;
      if (flow === 'cart_reminder') {
        if (
          body.delay_hours < CART_REMINDER_HOURS_RANGE.min ||
          body.delay_hours > CART_REMINDER_HOURS_RANGE.max
        )
          throw new InvalidDataError(E.cartHours);
        delayHours = body.delay_hours;
      } else if (flow === 'thank_you') {
        const days = body.delay_hours / 24;
        if (!Number.isInteger(days) || days < THANK_YOU_DAYS_RANGE.min || days > THANK_YOU_DAYS_RANGE.max)
          throw new InvalidDataError(E.thankYouDays);
        delayHours = body.delay_hours;
      }
      const productId = flow === 'thank_you' ? body.product_id : null;
      if (productId !== null) await ownProduct(seller.id, productId);
      // A thank-you without a product has no name to put in {product}: the words must not ask for one.
      else if (flow === 'thank_you' && body.message.includes('{product}'))
        throw new InvalidDataError(E.productPlaceholder);
      const now = clock.now();
      await db
        .insertInto('automations')
        .values({
          seller_id: seller.id,
          flow,
          enabled: body.enabled,
          message: body.message,
          delay_hours: delayHours,
          product_id: productId,
          enabled_at: body.enabled ? now : null,
          updated_at: now,
          updated_by: viewer.staffId,
        })
        .onConflict((oc) =>
          oc.columns(['seller_id', 'flow']).doUpdateSet({
            enabled: body.enabled,
            message: body.message,
            delay_hours: delayHours,
            product_id: productId,
            // Switched on from off: results count from now; otherwise as it was.
            enabled_at: body.enabled
              ? sql`case when automations.enabled then automations.enabled_at else ${now}::timestamptz end`
              : sql`automations.enabled_at`,
            updated_at: now,
            updated_by: viewer.staffId,
          }),
        )
        .execute();
      return view(seller, flow);
    },

    async preview(body: AutomationPreviewInput, viewer: AutomationViewer): Promise<AutomationPreview> {
      const seller = await sellerFor(body.seller_id, viewer);
      const productId = body.flow === 'thank_you' ? body.product_id : null;
      if (productId !== null) await ownProduct(seller.id, productId);
      const productName = productId === null ? null : await itemName(db, productId);
      const message = body.message.trim() === '' ? DEFAULT_AUTOMATION_MESSAGES[body.flow] : body.message;
      const text = sampleAutomationText(body.flow, seller.name, message, deps.publicUrl, {
        id: productId,
        name: productName,
      });
      const count = countSms(text);
      return { text, encoding: count.encoding, characters: count.characters, segments: count.parts };
    },
  };
}

export type AutomationService = ReturnType<typeof createAutomationService>;
