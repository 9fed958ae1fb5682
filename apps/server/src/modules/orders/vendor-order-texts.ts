import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { MessagingProvider } from '../../providers/messaging/messaging-provider.ts';
import { claimMessages, failClaimedMessage, settleClaimedMessage } from '../messages/claimed-messages.ts';
import { recordOrderEvent } from './order-events.ts';

// [I16-vendor-sms] When an order is approved (by staff, or ORDER_REVIEW=auto through the same approve),
// every live vendor member of staff (role 'vendor', not removed) of every seller with items in it gets one
// SMS: "New order 000000123 for Harbour Goods: https://shop.example/admin/orders/42" (the back office's
// order page). Sent after the approving transaction commits, so a failed text never undoes an approval;
// once per order and member of staff, however often approve is retried or processes race (the claim in
// modules/messages/claimed-messages.ts); recorded in sent_messages and on the order's timeline as a
// 'vendor_notified' event of that seller (so the vendor sees it too). A failure is logged and recorded as
// a failed message, never thrown.

export const VENDOR_NEW_ORDER_PURPOSE = 'vendor_new_order';

export const vendorNewOrderText = (incrementId: string, sellerName: string, link: string) =>
  `New order ${incrementId} for ${sellerName}: ${link}`;

export interface VendorOrderTextsDeps {
  db: Db;
  clock: Clock;
  messaging: MessagingProvider;
  /** The storefront's address (PUBLIC_URL); the back office is under /admin. */
  publicUrl: string;
  log: { warn(details: object, message: string): void };
}

export interface VendorOrderTexts {
  /** Texts the order's sellers' staff (each at most once); never throws. */
  newOrder(orderId: number): Promise<void>;
}

export function createVendorOrderTexts(deps: VendorOrderTextsDeps): VendorOrderTexts {
  const { db, clock, messaging } = deps;
  const link = (orderId: number) =>
    new URL(`/admin/orders/${orderId}`, deps.publicUrl.endsWith('/') ? deps.publicUrl : `${deps.publicUrl}/`)
      .href;

  async function newOrder(orderId: number): Promise<void> {
    const order = await db
      .selectFrom('orders')
      .select(['id', 'increment_id', 'status'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order || !['approved', 'partially_shipped', 'shipped'].includes(order.status)) return;
    const recipients = await db
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
    if (recipients.length === 0) return;
    const byMobile = new Map(recipients.map((r) => [r.mobile, r]));
    const claimed = await claimMessages(
      db,
      messaging,
      recipients.map((r) => ({ to: r.mobile, purpose: VENDOR_NEW_ORDER_PURPOSE, orderId })),
      clock.now(),
    );
    for (const claim of claimed) {
      const who = byMobile.get(claim.to);
      if (!who) continue;
      let sent = false;
      try {
        const reply = await messaging.sendSms(
          claim.to,
          vendorNewOrderText(order.increment_id, who.seller_name, link(orderId)),
        );
        await settleClaimedMessage(db, messaging, claim, reply.providerMessageId, clock.now());
        sent = true;
      } catch (error) {
        deps.log.warn(
          { order_id: orderId, staff_id: who.staff_id, err: String(error) },
          'new order text to a seller failed',
        );
        await failClaimedMessage(db, claim, clock.now());
      }
      await recordOrderEvent(db, {
        orderId,
        type: 'vendor_notified',
        actor: 'system',
        sellerId: who.seller_id,
        summary: sent
          ? `New order text to ${who.name} (${who.seller_name})`
          : `New order text to ${who.name} (${who.seller_name}) failed`,
        data: { staff_id: who.staff_id },
        messageId: claim.id,
      });
    }
  }

  return {
    async newOrder(orderId) {
      try {
        await newOrder(orderId);
      } catch (error) {
        deps.log.warn({ order_id: orderId, err: String(error) }, 'new order texts to sellers failed');
      }
    },
  };
}
