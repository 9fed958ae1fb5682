import { type BusinessIdentity, supportContactText } from '@quokka/contract/business-identity';
import { formatCents } from '@quokka/contract/money';
import type { Db } from '../db/database.ts';
import type { MessageRenderers } from '../modules/messages/outbox.ts';
import { giftCardRenderers } from './gift-card-sends.ts';

// [I11-11] The receipt text of an order: who it is from, the order number, who sold it, the total charged,
// the link to the order and how to reach support ([I11-12]). Plain GSM characters, so that the usual
// order fits two SMS parts. It ends with a reference made from the receipt's key: after a crash the worker
// asks the provider for a message carrying it before ever sending again.

/** The outbox's purpose and renderer name of an order receipt (checkout queues it with the order). */
export const ORDER_RECEIPT = 'order_receipt';

/** What the receipt says: the order, its total and who sold it. */
export interface ReceiptOrder {
  id: number;
  increment_id: string;
  grand_total_cents: number;
  /** [I16-checkout-giftcard] What a gift card paid (0 when none). */
  gift_card_cents?: number;
  /** The order's sellers, in the order of its items. */
  seller_names: string[];
}

export async function receiptOrder(db: Db, orderId: number): Promise<ReceiptOrder | undefined> {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'increment_id', 'grand_total_cents', 'gift_card_cents'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const sellers = await db
    .selectFrom('order_items as i')
    .innerJoin('sellers as s', 's.id', 'i.seller_id')
    .select(['s.name'])
    .where('i.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
  return { ...order, seller_names: [...new Set(sellers.map((seller) => seller.name))] };
}

/** The reference line of an order receipt; never a prefix of a gift card message's ('Ref G-', 'Ref R-'). */
export const orderReceiptReference = (deliveryKey: string) => `Ref O-${deliveryKey}`;

/** 'Saltline Surf Co.', 'A and B', 'A, B and 2 more'. */
export function sellersText(names: string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}

export interface OrderReceiptText {
  order: ReceiptOrder;
  storeName: string;
  identity: BusinessIdentity;
  /** The storefront's address: PUBLIC_URL, or the server's own. */
  publicUrl: string;
  deliveryKey: string;
}

export function orderReceiptUrl(publicUrl: string, orderId: number): string {
  return new URL(`/account/order/${orderId}`, publicUrl).href;
}

export function orderReceiptSmsBody({
  order,
  storeName,
  identity,
  publicUrl,
  deliveryKey,
}: OrderReceiptText) {
  const from = order.seller_names.length > 0 ? ` from ${sellersText(order.seller_names)}` : '';
  const thanks = `${storeName} receipt: thank you for your order ${order.increment_id}${from}`;
  return [
    // 'Saltline Surf Co.' ends the sentence itself.
    thanks.endsWith('.') ? thanks : `${thanks}.`,
    // [I16-checkout-giftcard] A gift card's part is named; the charge is what the payment card paid.
    ...((order.gift_card_cents ?? 0) > 0
      ? [
          `Order total: ${formatCents(order.grand_total_cents)}`,
          `Paid by gift card: ${formatCents(order.gift_card_cents ?? 0)}`,
        ]
      : []),
    `Total charged: ${formatCents(order.grand_total_cents - (order.gift_card_cents ?? 0))}`,
    `View your order: ${orderReceiptUrl(publicUrl, order.id)}`,
    `Questions? Contact ${identity.tradingName} support: ${supportContactText(identity)}`,
    orderReceiptReference(deliveryKey),
  ].join('\n');
}

/**
 * The outbox's renderers: the receipt is written when it goes, from the order as it is then (the row keeps
 * its key, which the text ends with, so a look-up after a crash finds it); a gift card's picture message
 * and its purchaser's receipt beside it (gift-card-sends.ts).
 */
export function messageRenderers(text: Omit<OrderReceiptText, 'order' | 'deliveryKey'>): MessageRenderers {
  return {
    ...giftCardRenderers(text),
    async [ORDER_RECEIPT](db, row) {
      const order = row.order_id === null ? undefined : await receiptOrder(db, row.order_id);
      if (!order || !row.idempotency_key) throw new Error(`order ${row.order_id} not found`);
      const deliveryKey = row.idempotency_key;
      return {
        body: orderReceiptSmsBody({ ...text, order, deliveryKey }),
        reference: orderReceiptReference(deliveryKey),
      };
    },
  };
}
