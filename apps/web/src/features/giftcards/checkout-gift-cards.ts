// The gift cards' part of checkout (SPEC.md §4 Checkout), which checkout calls through
// features/giftcards/public.ts (features/checkout/gift-card-checkout.ts):
// - on arrival the cart's cards are reconciled with the cart's quantities [CHKF-02]: per price sku,
//   cards beyond the units in the cart are deleted [CHKF-03], and units without a card leave the cart
//   [CHKF-04]; a card without a send time, validity or picture then sends the shopper to edit it
//   [CHKF-05..07];
// - after payment the gift card order is saved [CHKF-14, API-44].

import type { GiftCardDetails } from '@quokka/contract/api/giftcards';
import { hasErrorCode } from '../../lib/api-client';
import { getAppState, setCartItems } from '../../lib/app-state';
import { getCaptchaToken } from '../../lib/captcha';
import type { StoredCartItem } from '../../lib/storage';
import { lineKey, removeCartItem, updateCartItemQty, withoutLine, withQty } from '../cart/public';
import { deleteGiftCardDetails } from './api/delete-gift-card-details';
import { isGiftCardComplete } from './api/gift-card-details';
import { getGiftCardsByCart } from './api/gift-cards-by-cart';
import { saveGiftCardOrderByCart } from './api/save-gift-card-order';

/** What the checkout's gift card panel shows, and the card to edit first, if any. */
export interface CheckoutGiftCardState {
  cards: GiftCardDetails[];
  /** [CHKF-05..07] The first card lacking a send time, validity or picture. */
  editFirst: number | null;
}

export const NO_GIFT_CARDS: CheckoutGiftCardState = { cards: [], editFirst: null };

export interface LineChange {
  key: string;
  /** The units that have a card; 0 removes the line. */
  qty: number;
}

export interface ReconciliationPlan {
  keep: GiftCardDetails[];
  surplusCards: GiftCardDetails[];
  lineChanges: LineChange[];
}

function isOrdered(card: GiftCardDetails): boolean {
  return card.order_id !== null && card.order_id !== undefined;
}

export function isGiftCardLine(item: StoredCartItem): boolean {
  return Boolean(item.is_giftcard);
}

/**
 * [CHKF-02..04] Cards and the cart's gift card lines compared per price sku. Of a sku's cards the most
 * complete, then the oldest, are kept (as the server's own reconciliation keeps them); the rest are
 * surplus. A line with more units than cards keeps as many units as there are cards.
 */
export function planReconciliation(
  cards: readonly GiftCardDetails[],
  lines: readonly StoredCartItem[],
): ReconciliationPlan {
  const giftLines = lines.filter(isGiftCardLine);
  const skus = new Set([
    ...cards.map((card) => card.configurable_product_sku),
    ...giftLines.map((l) => l.sku ?? ''),
  ]);
  const keep: GiftCardDetails[] = [];
  const surplusCards: GiftCardDetails[] = [];
  const lineChanges: LineChange[] = [];
  for (const sku of skus) {
    const skuLines = giftLines.filter((line) => (line.sku ?? '') === sku);
    const units = skuLines.reduce((sum, line) => sum + Math.max(0, Number(line.qty) || 0), 0);
    const ofSku = cards
      .filter((card) => card.configurable_product_sku === sku)
      .sort(
        (a, b) =>
          Number(isOrdered(b)) - Number(isOrdered(a)) ||
          Number(isGiftCardComplete(b)) - Number(isGiftCardComplete(a)) ||
          a.id - b.id,
      );
    keep.push(...ofSku.slice(0, units));
    // A card already ordered belongs to a paid order: never deleted from here.
    surplusCards.push(...ofSku.slice(units).filter((card) => !isOrdered(card)));
    let addressed = ofSku.length;
    for (const line of skuLines) {
      const qty = Math.max(0, Number(line.qty) || 0);
      const kept = Math.min(qty, addressed);
      addressed -= kept;
      if (kept < qty) lineChanges.push({ key: lineKey(line), qty: kept });
    }
  }
  return { keep: keep.sort((a, b) => a.id - b.id), surplusCards, lineChanges };
}

async function applyLineChange(change: LineChange): Promise<void> {
  const line = getAppState().cartItems.find((item) => lineKey(item) === change.key);
  if (!line) return;
  const items = getAppState().cartItems;
  setCartItems(change.qty === 0 ? withoutLine(items, change.key) : withQty(items, change.key, change.qty));
  if (line.item_id === undefined || line.item_id === null) return;
  try {
    if (change.qty === 0) await removeCartItem(line.item_id, { silent: true });
    else await updateCartItemQty(line.item_id, change.qty, { silent: true });
  } catch (error) {
    // Already gone from the server cart: what matters is that it is not charged.
    if (!hasErrorCode(error, 'NOT_FOUND', 'CART_NOT_FOUND')) throw error;
  }
}

/** checkout's `loadCheckoutGiftCards`: the cart's cards, reconciled with the (rebuilt) cart. */
export async function loadGiftCardsForCheckout(context: {
  cartId: number;
  signal?: AbortSignal;
}): Promise<CheckoutGiftCardState> {
  const lines = getAppState().cartItems;
  const hasGiftLines = lines.some(isGiftCardLine);
  let cards: GiftCardDetails[];
  try {
    cards = await getGiftCardsByCart(context.cartId, { signal: context.signal, silent: !hasGiftLines });
  } catch (error) {
    // A cart of other things still checks out when its leftover cards cannot be listed.
    if (!hasGiftLines) return NO_GIFT_CARDS;
    throw error;
  }
  const plan = planReconciliation(cards, lines);
  for (const card of plan.surplusCards) {
    if (card.cart_item_id === null) continue;
    // [CHKF-03, API-39]
    await deleteGiftCardDetails({
      cart_id: context.cartId,
      cart_item_id: card.cart_item_id,
      gift_card_details_id: card.id,
    });
  }
  for (const change of plan.lineChanges) await applyLineChange(change); // [CHKF-04]
  const incomplete = plan.keep.find((card) => !isGiftCardComplete(card));
  return { cards: plan.keep, editFirst: incomplete?.id ?? null };
}

export interface GiftCardOrderInput {
  cartId: number;
  orderId: string | null;
  orderNumber: string | null;
}

/**
 * checkout's `saveGiftCardOrder` [CHKF-14, API-44]: with the order's id from payment-information, else
 * the increment id of the success lookup. Throws when neither is known or the server refuses, and
 * checkout shows 'Error Processing' [ERR-10].
 */
export async function placeGiftCardOrder(input: GiftCardOrderInput): Promise<void> {
  const orderId = input.orderId ?? input.orderNumber;
  if (!orderId) throw new Error('The order of these gift cards is not known');
  const rToken = await getCaptchaToken('checkout');
  await saveGiftCardOrderByCart({ r_token: rToken, cart_id: input.cartId, order_id: orderId });
}
