import { formatCents } from '@quokka/contract/money';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { enqueueOnce, type OutboxSender } from '../messages/outbox.ts';
import { recordOrderEvent } from './order-events.ts';

// [I16-vendor-sms] When an order is approved (by staff, or ORDER_REVIEW=auto through the same approve),
// every live vendor member of staff (role 'vendor', not removed) of every seller with items in it gets one
// SMS: "New order 000000123 for Harbour Goods: https://shop.example/admin/orders/42" (the back office's
// order page). Queued in the outbox IN the approving transaction (queue), so an approval always has its
// texts and a rolled-back one none; keyed by order and member of staff, so a retried approve queues
// nothing more; sent after the commit by the outbox's sender (sendNow), retried with backoff when the
// provider fails, exactly once (modules/messages/outbox.ts). Each is on the order's timeline as a
// 'vendor_notified' event of that seller (so the vendor sees it too), carrying the message.

export const VENDOR_NEW_ORDER_PURPOSE = 'vendor_new_order';

export const vendorNewOrderText = (incrementId: string, sellerName: string, link: string) =>
  `New order ${incrementId} for ${sellerName}: ${link}`;

/** The back office's page of an order: `<PUBLIC_URL>/admin/orders/<id>`. */
export const adminOrderLink = (publicUrl: string, orderId: number) =>
  new URL(`/admin/orders/${orderId}`, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).href;

// [I34] Money going back on a seller's lines: when an operator refunds lines of an order, or cancels an
// approved order, each live vendor member of staff of each seller whose lines it touched gets ONE text for
// that action (all of its lines in it, and their amount), like the new order's text:
//   "Refund on order 000000123 for Harbour Goods: 1 × Beach Run Tote, $49.00 back to the shopper. <link>"
//   "Order 000000123 for Harbour Goods was cancelled: 2 × Beach Run Tote ($98.00). Please do not ship it. <link>"
// A seller none of whose lines the action touched (a refund of another seller's line, shipping only, or a
// cancellation after all its lines were refunded) is not texted. Queued in the action's own transaction,
// keyed by the action and the member (a replayed refund queues nothing more), sent after the commit; each is
// a 'vendor_notified' event of that seller on the order's timeline, carrying the message. A cancellation
// before approval texts no seller: they were never told of the order.

export const VENDOR_REFUND_PURPOSE = 'vendor_order_refunded';
export const VENDOR_CANCEL_PURPOSE = 'vendor_order_cancelled';

export const vendorRefundText = (
  incrementId: string,
  sellerName: string,
  described: string,
  cents: number,
  link: string,
) =>
  `Refund on order ${incrementId} for ${sellerName}: ${described}, ${formatCents(cents)} back to the shopper. ${link}`;

export const vendorCancelText = (
  incrementId: string,
  sellerName: string,
  described: string,
  cents: number,
  link: string,
) =>
  `Order ${incrementId} for ${sellerName} was cancelled: ${described} (${formatCents(cents)}). Please do not ship it. ${link}`;

/** A line an action gave back: its units and their amount. */
export interface TouchedLine {
  order_item_id: number;
  qty: number;
  amount_cents: number;
}

export interface MoneyBackAction {
  orderId: number;
  kind: 'refund' | 'cancel';
  /** Unique per action of the order: `refund:<order_refunds.id>` or `cancel`. */
  actionKey: string;
  lines: readonly TouchedLine[];
  now: Date;
  publicUrl: string;
}

/**
 * [I34] Queues, in the action's transaction `trx`, one text per live vendor member of staff of each seller
 * whose lines `action.lines` touched, with its timeline event; answers the outbox rows to send after commit.
 */
export async function queueVendorMoneyBackTexts(trx: Db, action: MoneyBackAction): Promise<number[]> {
  const touched = action.lines.filter((line) => line.qty > 0);
  if (touched.length === 0) return [];
  const order = await trx
    .selectFrom('orders')
    .select(['increment_id'])
    .where('id', '=', action.orderId)
    .executeTakeFirstOrThrow();
  const items = await trx
    .selectFrom('order_items')
    .innerJoin('sellers', 'sellers.id', 'order_items.seller_id')
    .select(['order_items.id', 'order_items.name', 'order_items.seller_id', 'sellers.name as seller_name'])
    .where('order_items.order_id', '=', action.orderId)
    .orderBy('order_items.id')
    .execute();
  const bySeller = new Map<number, { name: string; parts: string[]; cents: number }>();
  for (const item of items) {
    const line = touched.find((one) => one.order_item_id === item.id);
    if (!line) continue;
    const seller = bySeller.get(item.seller_id) ?? { name: item.seller_name, parts: [], cents: 0 };
    seller.parts.push(`${line.qty} × ${item.name}`);
    seller.cents += line.amount_cents;
    bySeller.set(item.seller_id, seller);
  }
  if (bySeller.size === 0) return [];
  const recipients = await trx
    .selectFrom('staff')
    .select(['id', 'mobile', 'name', 'seller_id'])
    .where('role', '=', 'vendor')
    .where('removed_at', 'is', null)
    .where('seller_id', 'in', [...bySeller.keys()])
    .orderBy('id')
    .execute();
  const purpose = action.kind === 'refund' ? VENDOR_REFUND_PURPOSE : VENDOR_CANCEL_PURPOSE;
  const words = action.kind === 'refund' ? vendorRefundText : vendorCancelText;
  const link = adminOrderLink(action.publicUrl, action.orderId);
  const ids: number[] = [];
  for (const who of recipients) {
    const seller = who.seller_id === null ? undefined : bySeller.get(who.seller_id);
    if (!seller) continue;
    const id = await enqueueOnce(
      trx,
      {
        to: who.mobile,
        kind: 'sms',
        purpose,
        orderId: action.orderId,
        key: `${purpose}:${action.orderId}:${action.actionKey}:${who.id}`,
        body: words(order.increment_id, seller.name, seller.parts.join(', '), seller.cents, link),
      },
      action.now,
    );
    if (id === undefined) continue;
    await recordOrderEvent(trx, {
      orderId: action.orderId,
      type: 'vendor_notified',
      actor: 'system',
      sellerId: who.seller_id,
      summary: `${action.kind === 'refund' ? 'Refund' : 'Cancellation'} text to ${who.name} (${seller.name})`,
      data: { staff_id: who.id, about: action.kind, amount_cents: seller.cents },
      messageId: id,
    });
    ids.push(id);
  }
  return ids;
}

export interface VendorOrderTextsDeps {
  db: Db;
  clock: Clock;
  /** The outbox's sender (services.ts). */
  outbox: Pick<OutboxSender, 'sendNow'>;
  /** The storefront's address (PUBLIC_URL); the back office is under /admin. */
  publicUrl: string;
  log: { warn(details: object, message: string): void };
}

export interface VendorOrderTexts {
  /** Queues the texts in the approving transaction `trx`; answers the outbox rows to send after it commits. */
  queue(trx: Db, orderId: number): Promise<number[]>;
  /** Queues (in a transaction of its own) and sends the texts not queued before; never throws. */
  newOrder(orderId: number): Promise<void>;
}

export function createVendorOrderTexts(deps: VendorOrderTextsDeps): VendorOrderTexts {
  const { db, clock } = deps;
  const link = (orderId: number) => adminOrderLink(deps.publicUrl, orderId);

  async function queue(trx: Db, orderId: number): Promise<number[]> {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'increment_id', 'status'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order || !['approved', 'partially_shipped', 'shipped'].includes(order.status)) return [];
    const recipients = await trx
      .selectFrom('staff')
      .innerJoin('sellers', 'sellers.id', 'staff.seller_id')
      .select([
        'staff.id as staff_id',
        'staff.mobile',
        'staff.name',
        'sellers.id as seller_id',
        'sellers.name as seller_name',
      ])
      .where('staff.role', '=', 'vendor')
      .where('staff.removed_at', 'is', null)
      .where('staff.seller_id', 'in', (eb) =>
        eb
          .selectFrom('order_items')
          .select('order_items.seller_id')
          .where('order_items.order_id', '=', orderId),
      )
      .orderBy('staff.id')
      .execute();
    const ids: number[] = [];
    for (const who of recipients) {
      // A key queued before (a retried approve, or a racing one) is not queued or told again.
      const id = await enqueueOnce(
        trx,
        {
          to: who.mobile,
          kind: 'sms',
          purpose: VENDOR_NEW_ORDER_PURPOSE,
          orderId,
          key: `${VENDOR_NEW_ORDER_PURPOSE}:${orderId}:${who.staff_id}`,
          body: vendorNewOrderText(order.increment_id, who.seller_name, link(orderId)),
        },
        clock.now(),
      );
      if (id === undefined) continue;
      await recordOrderEvent(trx, {
        orderId,
        type: 'vendor_notified',
        actor: 'system',
        sellerId: who.seller_id,
        summary: `New order text to ${who.name} (${who.seller_name})`,
        data: { staff_id: who.staff_id },
        messageId: id,
      });
      ids.push(id);
    }
    return ids;
  }

  return {
    queue,
    async newOrder(orderId) {
      try {
        const ids = await db.transaction().execute((trx) => queue(trx, orderId));
        await deps.outbox.sendNow(ids);
      } catch (error) {
        deps.log.warn({ order_id: orderId, err: String(error) }, 'new order texts to sellers failed');
      }
    },
  };
}
