import type { GiftCardDb, GiftCardFacts, GiftCardLookup } from '../../domain/gift-card-balances.ts';
import { GIFT_CARD } from './gift-card-sending.ts';

// [I16-checkout-giftcard] A card looked up by its number for checkout (domain/gift-card-balances.ts): the
// facts only; checkout decides with its clock whether it may be spent. With `lock`, the card's row is held
// (FOR UPDATE) until the caller's transaction ends, so two orders spending one card are served one after
// the other and each sees the balance the other left.

export async function giftCardByNumber(
  db: GiftCardDb,
  digits: string,
  options: { lock?: boolean } = {},
): Promise<GiftCardFacts | undefined> {
  let query = db
    .selectFrom('gift_card_details')
    .select(['id', 'gift_card_no', 'seller_id', 'balance_cents', 'valid_until', 'voided_at', 'order_id'])
    .where('gift_card_no', '=', digits);
  if (options.lock) query = query.forUpdate();
  const card = await query.executeTakeFirst();
  if (!card) return undefined;
  // Sent once one of its picture messages went out (gift-card-sending.ts).
  const delivery = await db
    .selectFrom('sent_messages')
    .select('id')
    .where('gift_card_id', '=', card.id)
    .where('purpose', '=', GIFT_CARD)
    .where('send_state', '=', 'sent')
    .executeTakeFirst();
  const order =
    card.order_id === null
      ? undefined
      : await db.selectFrom('orders').select('status').where('id', '=', card.order_id).executeTakeFirst();
  return {
    id: card.id,
    number: card.gift_card_no,
    sellerId: card.seller_id,
    balanceCents: card.balance_cents,
    validUntil: card.valid_until,
    voided: card.voided_at !== null,
    sent: delivery !== undefined,
    orderStatus: order?.status ?? null,
  };
}

/** The implementation services.ts hands to checkout. */
export const giftCardLookup: GiftCardLookup = { byNumber: giftCardByNumber };
