// The two places where checkout waits for the gift cards (SPEC.md §4 Checkout); features/giftcards
// does the work (checkout-gift-cards.ts, through its public.ts):
// - `loadCheckoutGiftCards`: the gift card details of the cart, part of what the loader waits for
//   [CHKF-01], reconciled with the cart's quantities, and the card to edit first [CHKF-02..07];
// - `saveGiftCardOrder`: Confirm Purchase's step 5 [CHKF-14], `savegiftcardorderbycart`. It runs only
//   when the cart holds a gift card; a throw shows 'Error Processing' and the shopper still goes on to
//   /success, because the order is already paid (SPEC.md §8).
// The panel itself goes into the checkout page's `data-slot="gift-cards"` (components/gift-card-slot.tsx).
import {
  type CheckoutGiftCardState,
  loadGiftCardsForCheckout,
  placeGiftCardOrder,
} from '../giftcards/public';

export interface CheckoutGiftCardsContext {
  cartId: number;
  signal?: AbortSignal;
}

/** What the gift card panel shows: the cart's cards and the one to edit first, if any. */
export type CheckoutGiftCards = CheckoutGiftCardState;

export function loadCheckoutGiftCards(context: CheckoutGiftCardsContext): Promise<CheckoutGiftCards> {
  return loadGiftCardsForCheckout(context);
}

export interface GiftCardOrderContext {
  cartId: number;
  /** The order's id as payment-information answered it; null when that call had no response. */
  orderId: string | null;
  /** The order number (increment id) from the success lookup, when known. */
  orderNumber: string | null;
}

export function saveGiftCardOrder(context: GiftCardOrderContext): Promise<void> {
  return placeGiftCardOrder(context);
}
