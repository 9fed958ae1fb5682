import {
  maskStockAlertMobile,
  STOCK_ALERT_DAYS,
  STOCK_ALERT_TEXTS,
  type StockAlertReply,
  type StockAlertStatus,
} from '@quokka/contract/api/automations';
import { formatMobileNational } from '@quokka/contract/mobile';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { ConflictError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import type { StockRise, StockWatch } from '../catalog/stock-rises.ts';
import type { WorkerLog } from '../messages/outbox.ts';
import { queueAutomationSend, zoneOfCustomer } from './automation-sends.ts';

// [I31] Back in stock (docs/automations.md "Back in stock"): "Text me when it's back" on a sold-out
// product page, and the restock that texts the shoppers waiting.
// - Asking: a member (their own mobile) or a visitor who proved the mobile with the one-time code asks for
//   one sellable item (a sold-out simple product, or one sold-out child of a configurable product) of a
//   seller whose back-in-stock flow is on. The alert keeps the evidence (the words shown, the client
//   address, how the mobile was proven, when) and waits STOCK_ALERT_DAYS; asking again while waiting
//   answers the same alert (the partial unique index stock_alerts_one_waiting). A text_consent_events row
//   records the ask as the consent for that one item's text, and for nothing else.
// - The restock: the catalogue tells `watch.rose` of every rise of an item's stock inside the transaction
//   that raised it, under the item's row lock (catalog/stock-rises.ts). The waiting, unexpired alerts of the
//   item are picked in order of asking (`for update skip locked`), no more than the units that came back
//   (the rise, capped by the new stock), each queued as one automated text (queueAutomationSend: due now,
//   or at 6 am in the recipient's zone) and marked 'queued'; the rest keep waiting for the next restock.
//   With the seller's flow off nobody is texted and everyone keeps waiting. Because the pick is in the
//   restock's own transaction, it is exactly once: a rollback picks nobody, and two restocks of one item
//   take its row lock one after the other, the second seeing the first's picks.
// - Expiry: an alert past expires_at is 'expired' at pick time and by the worker's pass
//   (createStockAlertJob), and never texted.

export const STOCK_ALERT_MS = STOCK_ALERT_DAYS * 24 * 3600_000;

export interface StockAlertsDeps {
  db: Db;
  clock: Clock;
  log?: WorkerLog;
}

/** Who asks: a signed-in member, or a visitor whose mobile the one-time code proved. */
export type StockAlertAsker =
  | { proof: 'member'; customerId: number; mobile: string }
  | { proof: 'code'; mobile: string };

interface Item {
  id: number;
  parent_id: number | null;
  seller_id: number;
  type_id: 'simple' | 'configurable';
  is_giftcard: boolean;
  enabled: boolean;
  qty: number;
}

async function itemOf(db: Db, productId: number): Promise<Item | undefined> {
  return db
    .selectFrom('products')
    .select(['id', 'parent_id', 'seller_id', 'type_id', 'is_giftcard', 'enabled', 'qty'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

/** The product a shopper sees (the parent of a child): on sale, not a gift card; else undefined. */
async function pageProductOf(db: Db, item: Item): Promise<Item | undefined> {
  const product = item.parent_id === null ? item : await itemOf(db, item.parent_id);
  if (!product?.enabled || product.is_giftcard || !item.enabled) return undefined;
  return product;
}

/** The seller's back-in-stock automation when it is on. */
async function enabledFlowOf(db: Db, sellerId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('automations')
    .select('id')
    .where('seller_id', '=', sellerId)
    .where('flow', '=', 'back_in_stock')
    .where('enabled', '=', true)
    .executeTakeFirst();
  return row?.id;
}

async function sellerNameOf(db: Db, sellerId: number): Promise<string> {
  const row = await db.selectFrom('sellers').select('name').where('id', '=', sellerId).executeTakeFirst();
  return row?.name ?? '';
}

export async function memberMobileOf(db: Db, customerId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('customers')
    .select('mobile')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row?.mobile ?? undefined;
}

async function memberIdByMobile(db: Db, mobile: string): Promise<number | null> {
  const row = await db.selectFrom('customers').select('id').where('mobile', '=', mobile).executeTakeFirst();
  return row?.id ?? null;
}

/** Alerts past their 60 days become 'expired' (of one item, or all); answers how many. */
export async function expireStockAlerts(db: Db, now: Date, productId?: number): Promise<number> {
  let query = db
    .updateTable('stock_alerts')
    .set({ state: 'expired', updated_at: now })
    .where('state', '=', 'waiting')
    .where('expires_at', '<=', now);
  if (productId !== undefined) query = query.where('product_id', '=', productId);
  const rows = await query.returning('id').execute();
  return rows.length;
}

export function createStockAlerts({ db, clock, log }: StockAlertsDeps) {
  /** GET {ns}/stockAlerts: offered, the member's waiting items of the product, the words. */
  async function status(productId: number, customerId: number | undefined): Promise<StockAlertStatus> {
    const item = await itemOf(db, productId);
    const product = item && (await pageProductOf(db, item));
    if (!product) throw new NotFoundError(STOCK_ALERT_TEXTS.productNotFound);
    const offered = (await enabledFlowOf(db, product.seller_id)) !== undefined;
    let waiting: number[] = [];
    const mobile = customerId === undefined ? undefined : await memberMobileOf(db, customerId);
    if (mobile) {
      const rows = await db
        .selectFrom('stock_alerts')
        .select('product_id')
        .where('mobile', '=', mobile)
        .where('state', '=', 'waiting')
        .where('expires_at', '>', clock.now())
        .where((eb) =>
          eb.or([
            eb('product_id', '=', product.id),
            eb(
              'product_id',
              'in',
              eb.selectFrom('products').select('id').where('parent_id', '=', product.id),
            ),
          ]),
        )
        .orderBy('product_id')
        .execute();
      waiting = rows.map((row) => row.product_id);
    }
    return { offered, waiting, words: STOCK_ALERT_TEXTS.words(await sellerNameOf(db, product.seller_id)) };
  }

  /** POST {ns}/stockAlerts: one item's alert (the same one while it waits). */
  async function ask(
    productId: number,
    asker: StockAlertAsker,
    clientAddress: string | null,
  ): Promise<StockAlertReply> {
    const item = await itemOf(db, productId);
    const product = item && (await pageProductOf(db, item));
    if (!item || !product) throw new NotFoundError(STOCK_ALERT_TEXTS.productNotFound);
    if (item.type_id === 'configurable') throw new InvalidDataError(STOCK_ALERT_TEXTS.chooseOption);
    if ((await enabledFlowOf(db, item.seller_id)) === undefined)
      throw new ConflictError(STOCK_ALERT_TEXTS.notOffered);
    if (item.qty > 0) throw new ConflictError(STOCK_ALERT_TEXTS.notSoldOut);
    const now = clock.now();
    const words = STOCK_ALERT_TEXTS.words(await sellerNameOf(db, item.seller_id));
    const customerId = asker.proof === 'member' ? asker.customerId : await memberIdByMobile(db, asker.mobile);
    const alert = await db.transaction().execute(async (trx) => {
      const made = await trx
        .insertInto('stock_alerts')
        .values({
          product_id: item.id,
          seller_id: item.seller_id,
          mobile: asker.mobile,
          customer_id: customerId,
          state: 'waiting',
          words,
          proof: asker.proof,
          client_address: clientAddress,
          requested_at: now,
          expires_at: new Date(now.getTime() + STOCK_ALERT_MS),
          send_id: null,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['product_id', 'mobile']).where('state', '=', 'waiting').doNothing())
        .returning(['id', 'expires_at'])
        .executeTakeFirst();
      if (!made) {
        // Already waiting: the same alert (and its first evidence) answers.
        return trx
          .selectFrom('stock_alerts')
          .select(['id', 'expires_at'])
          .where('product_id', '=', item.id)
          .where('mobile', '=', asker.mobile)
          .where('state', '=', 'waiting')
          .executeTakeFirstOrThrow();
      }
      // The evidence of the consent: for this one item's text, nothing else.
      await trx
        .insertInto('text_consent_events')
        .values({
          consent_id: null,
          mobile: asker.mobile,
          seller_id: item.seller_id,
          event: 'asked_back_in_stock',
          source: asker.proof,
          words,
          client_address: clientAddress,
          detail: String(item.id),
          at: now,
        })
        .execute();
      return made;
    });
    return {
      status: true,
      product_id: item.id,
      mobile: maskStockAlertMobile(formatMobileNational(asker.mobile)),
      expires_at: new Date(alert.expires_at).toISOString(),
    };
  }

  /** DELETE {ns}/stockAlerts/:product_id: the member stops waiting for that item (if they were). */
  async function cancel(productId: number, customerId: number): Promise<void> {
    const item = await itemOf(db, productId);
    if (!item) throw new NotFoundError(STOCK_ALERT_TEXTS.productNotFound);
    const mobile = await memberMobileOf(db, customerId);
    if (!mobile) return;
    await db
      .updateTable('stock_alerts')
      .set({ state: 'cancelled', updated_at: clock.now() })
      .where('product_id', '=', item.id)
      .where('mobile', '=', mobile)
      .where('state', '=', 'waiting')
      .execute();
  }

  /** The restock of one item, in the transaction that raised its stock. Answers the texts queued. */
  async function restocked(trx: Db, rise: StockRise, now: Date): Promise<number> {
    const units = Math.min(rise.after - rise.before, rise.after);
    await expireStockAlerts(trx, now, rise.productId);
    if (units <= 0) return 0;
    const item = await itemOf(trx, rise.productId);
    if (!item) return 0;
    // The flow off: nobody is texted, everyone keeps waiting for a restock while it is on.
    const automationId = await enabledFlowOf(trx, item.seller_id);
    if (automationId === undefined) return 0;
    const picked = await trx
      .selectFrom('stock_alerts')
      .select(['id', 'mobile', 'customer_id'])
      .where('product_id', '=', item.id)
      .where('state', '=', 'waiting')
      .where('expires_at', '>', now)
      .orderBy('id')
      .limit(units)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const alert of picked) {
      const queued = await queueAutomationSend(
        trx,
        {
          automationId,
          flow: 'back_in_stock',
          sellerId: item.seller_id,
          mobile: alert.mobile,
          customerId: alert.customer_id,
          zone: await zoneOfCustomer(trx, alert.customer_id),
          // The link opens the product page: the parent of a child.
          productId: item.parent_id ?? item.id,
          stockAlertId: alert.id,
        },
        now,
      );
      const sendId =
        queued?.id ??
        (
          await trx
            .selectFrom('automation_sends')
            .select('id')
            .where('stock_alert_id', '=', alert.id)
            .executeTakeFirst()
        )?.id ??
        null;
      await trx
        .updateTable('stock_alerts')
        .set({ state: 'queued', send_id: sendId, updated_at: now })
        .where('id', '=', alert.id)
        .execute();
    }
    if (picked.length > 0)
      log?.info(
        { product_id: item.id, units, queued: picked.length },
        'automations: back-in-stock texts queued',
      );
    return picked.length;
  }

  /** Handed to the catalogue (services.ts): told of every stock rise, in its transaction. */
  const watch: StockWatch = {
    async waitedFor(trx) {
      const rows = await trx
        .selectFrom('stock_alerts')
        .select('product_id')
        .distinct()
        .where('state', '=', 'waiting')
        .orderBy('product_id')
        .execute();
      return rows.map((row) => row.product_id);
    },
    async rose(trx, rises) {
      const now = clock.now();
      for (const rise of rises) await restocked(trx, rise, now);
    },
  };

  return { status, ask, cancel, watch };
}

export type StockAlerts = ReturnType<typeof createStockAlerts>;

export interface StockAlertJobDeps {
  db: Db;
  clock: Clock;
  log: WorkerLog;
  everyMs?: number;
}

/** The worker's pass (worker/start-worker.ts registers it): alerts past their 60 days are 'expired'. */
export function createStockAlertJob(deps: StockAlertJobDeps) {
  return {
    name: 'stock-alerts',
    everyMs: deps.everyMs ?? 3600_000,
    async runOnce() {
      const expired = await expireStockAlerts(deps.db, deps.clock.now());
      if (expired > 0) deps.log.info({ expired }, 'automations: back-in-stock alerts expired');
      return expired;
    },
  };
}
