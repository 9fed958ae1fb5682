// [I16-checkout-giftcard] POST {ns}/checkgiftcard: what a gift card will pay for the member's cart (its
// seller's items, up to its balance), or the server's reason it cannot (shown under the field). Silent:
// the checkout page shows the message itself, never a popup.
import { checkGiftCardReplySchema, type GiftCardQuote } from '@quokka/contract/api/checkout';
import { apiFetch, nsPath } from '../../../lib/api-client';

export type { GiftCardQuote };

export async function checkGiftCard(giftCardNumber: string): Promise<GiftCardQuote> {
  const reply = await apiFetch(nsPath('checkgiftcard'), {
    schema: checkGiftCardReplySchema,
    method: 'POST',
    auth: true,
    body: { gift_card_number: giftCardNumber },
    silent: true,
  });
  return reply.data;
}
