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
  const link = (orderId: number) =>
    new URL(`/admin/orders/${orderId}`, deps.publicUrl.endsWith('/') ? deps.publicUrl : `${deps.publicUrl}/`)
      .href;

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
