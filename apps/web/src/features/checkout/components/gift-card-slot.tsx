// ─── Gift card work: the checkout gift card panel goes here ────────────────────────────────────────
// [CHK-04..07] 'Show/Hide Gift Cards' and each card's To, Mobile, Image (150 px wide [CONST-10]),
// Message, Send Time ('NOT SET') and 'Edit'. It receives what `loadCheckoutGiftCards` loaded.
import type { CheckoutGiftCards } from '../gift-card-checkout';

export interface GiftCardSlotProps {
  giftCards: CheckoutGiftCards;
  cartId: number;
}

export function GiftCardSlot(_props: GiftCardSlotProps) {
  return <div data-slot="gift-cards" hidden />;
}
