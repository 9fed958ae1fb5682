// The gift card screens' paths (SPEC.md §2 route list) [ROUTE-27..31]. In lib/ because the cart opens
// the first of them after Buy Now, and the gift card screens link to each other.

export interface GiftCardAddTarget {
  productId: number | string;
  /** The chosen price child's sku ('GIFT-50'). */
  sku: string;
  cartId: number | string;
  cartItemId: number | string;
}

/** [ROUTE-27] /giftcard/add/{productid}/{configurableproductsku}/{cartid}/{cartitemid} */
export function giftCardAddPath(target: GiftCardAddTarget): string {
  const parts = [target.productId, target.sku, target.cartId, target.cartItemId].map((part) =>
    encodeURIComponent(String(part)),
  );
  return `/giftcard/add/${parts.join('/')}`;
}

/** [ROUTE-28] */
export function giftCardEditPath(id: number | string): string {
  return `/giftcard/edit/${encodeURIComponent(String(id))}`;
}

/** [ROUTE-29] */
export function sendNowOrSchedulePath(id: number | string): string {
  return `/giftcard/sendnoworschedule/${encodeURIComponent(String(id))}`;
}

/** [ROUTE-30] */
export function schedulePath(id: number | string): string {
  return `/giftcard/schedule/${encodeURIComponent(String(id))}`;
}

/** [ROUTE-31] */
export function mmsTemplatesPath(id: number | string): string {
  return `/giftcard/mmstemplates/${encodeURIComponent(String(id))}`;
}

/** A route's id parameter as a positive whole number, else null. */
export function parseGiftCardId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
