import { type BusinessIdentity, supportContactText } from '@quokka/contract/business-identity';
import { formatCents } from '@quokka/contract/money';
import type { ReceiptOrder } from './receipt-repository.ts';

// [I11-11] The receipt text of an order: who it is from, the order number, who sold it, the total charged,
// the link to the order and how to reach support ([I11-12]). Plain GSM characters, so that the usual
// order fits two SMS parts. It ends with a reference made from the receipt's key: after a crash the worker
// asks the provider for a message carrying it before ever sending again.

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
