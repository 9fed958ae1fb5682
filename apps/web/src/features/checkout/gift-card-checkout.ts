// ─── Gift card work: fill in here ──────────────────────────────────────────────────────────────────
// The two places where checkout waits for the gift card work (SPEC.md §4 Checkout):
// - `loadCheckoutGiftCards`: the gift card details of the cart, part of what the loader waits for
//   [CHKF-01] (the reconciliation and the "edit a card lacking a time or template" rules [CHKF-02..07]
//   belong there too);
// - `saveGiftCardOrder`: Confirm Purchase's step 5 [CHKF-14], `savegiftcardorderbycart`. It runs only
//   when the cart holds a gift card; a throw shows 'Error Processing' and the shopper still goes on to
//   /success, because the order is already paid (SPEC.md §8).
// The panel itself goes into the checkout page's `data-slot="gift-cards"` (components/gift-card-slot.tsx).

export interface CheckoutGiftCardsContext {
  cartId: number;
  signal?: AbortSignal;
}

/** What the gift card panel shows; the gift card work gives it its shape. */
export type CheckoutGiftCards = readonly unknown[];

export async function loadCheckoutGiftCards(_context: CheckoutGiftCardsContext): Promise<CheckoutGiftCards> {
  return [];
}

export interface GiftCardOrderContext {
  cartId: number;
  /** The order's id as payment-information answered it; null when that call had no response. */
  orderId: string | null;
  /** The order number (increment id) from the success lookup, when known. */
  orderNumber: string | null;
}

export async function saveGiftCardOrder(_context: GiftCardOrderContext): Promise<void> {
  // Nothing to save until the gift card screens exist.
}
