// What other features may use of the gift cards (docs/architecture.md "Web"): the checkout's
// panel and the two steps checkout waits for (SPEC.md §4 Checkout).
export {
  type CheckoutGiftCardState,
  loadGiftCardsForCheckout,
  placeGiftCardOrder,
} from './checkout-gift-cards';
export { GiftCardPanel } from './components/gift-card-panel';
