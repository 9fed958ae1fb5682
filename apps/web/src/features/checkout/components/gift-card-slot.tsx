// The checkout's gift card panel [CHK-04..07]: 'Show/Hide Gift Cards' and each card's To, Mobile, Image
// (150 px wide [CONST-10]), Message, Send Time ('NOT SET') and 'Edit'. It receives what
// `loadCheckoutGiftCards` loaded; the panel itself is features/giftcards'.
import { GiftCardPanel } from '../../giftcards/public';
import type { CheckoutGiftCards } from '../gift-card-checkout';

export interface GiftCardSlotProps {
  giftCards: CheckoutGiftCards;
  cartId: number;
}

export function GiftCardSlot({ giftCards }: GiftCardSlotProps) {
  return <GiftCardPanel cards={giftCards.cards} editFirst={giftCards.editFirst} />;
}
