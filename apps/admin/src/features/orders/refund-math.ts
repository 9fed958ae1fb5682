// The refund dialog's figures, in integer cents: a line refunds its unit price times the quantity chosen
// (the server computes the same from the order's prices and is the judge), plus the shipping typed.
import type { AdminOrderItem } from '@quokka/contract/api/admin';

export const refundableQty = (item: AdminOrderItem): number => Math.max(0, item.qty - item.refunded_qty);

export function refundTotal(
  items: readonly AdminOrderItem[],
  qtys: Record<number, number>,
  shippingCents: number,
) {
  return items.reduce((sum, item) => sum + item.price_cents * (qtys[item.id] ?? 0), shippingCents);
}

/**
 * [I34] The units of a line still to go out (the ship dialog): ordered − refunded; a gift card goes by text,
 * never in a parcel.
 */
export const leftToShip = (item: AdminOrderItem): number =>
  item.is_giftcard ? 0 : Math.max(0, item.qty - item.refunded_qty);
