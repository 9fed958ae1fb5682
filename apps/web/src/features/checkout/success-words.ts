// [I34] What the thank-you page says happened ("What was seen" 7: a two-seller order read "Your order
// with Saltline Surf Co. is placed and paid" while the card was only authorised). An order is placed
// when Confirm Purchase goes through; its card is authorised then, and charged (captured) only when the
// order is approved (docs/payments.md): so "paid" is said only once the order is approved or shipped. An
// order with items from more than one seller says so, as each seller sends its own. SPEC.md fixes only
// 'Thank You', the merchant's name and the order number [SUCC-01..03]; these words sit beside them.
import type { Order } from '@quokka/contract/api/customer';
import { MSG } from '@quokka/contract/messages';
import { formatPrice } from '@quokka/contract/money';

/** The statuses after approval: the card was charged (captured). */
const CAPTURED = new Set(['approved', 'partially_shipped', 'shipped']);

export const SUCCESS_WORDS = {
  placed: 'is placed.',
  /** The receipt's total while the card is authorised, not yet charged. */
  toBeCharged: 'To be charged',
} as const;

/** True once the order's card payment was captured (the order approved or shipped). */
export function isPaid(order: Order | null | undefined): boolean {
  return order ? CAPTURED.has(order.status) : false;
}

/** 'is placed and paid.' once captured, else 'is placed.' (not known, or the card only authorised). */
export function placedText(order: Order | null | undefined): string {
  return isPaid(order) ? MSG.orderPlacedText : SUCCESS_WORDS.placed;
}

/** How many sellers the order's items come from. */
export function sellerCount(order: Order): number {
  return new Set(order.items.map((item) => item.seller_id)).size;
}

/** 'It has items from 2 sellers; each sends its own, so they may arrive separately.' or null for one. */
export function sellersText(order: Order | null | undefined): string | null {
  const count = order ? sellerCount(order) : 0;
  return count > 1
    ? `It has items from ${count} sellers; each sends its own, so they may arrive separately.`
    : null;
}

/** The card amount: the grand total less a gift card's part. */
function cardAmount(order: Order): number {
  return order.gift_card_amount ? (order.card_amount ?? 0) : order.grand_total;
}

/** While the order waits for approval: 'Nothing is charged yet: $47.40 is held on your card …'; else null. */
export function chargeText(order: Order | null | undefined): string | null {
  if (order?.status !== 'pending_review' || !order.payment) return null;
  const amount = cardAmount(order);
  if (amount <= 0) return null;
  return `Nothing is charged yet: ${formatPrice(amount)} is held on your card and charged once your order is confirmed.`;
}
