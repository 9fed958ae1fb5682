import type { GiftCardQuote } from '@quokka/contract/api/checkout';
import { lineTotal, orderTotal } from '@quokka/contract/money';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { ConflictError, InvalidDataError } from '../../domain/errors.ts';
import {
  type GiftCardBalances,
  type GiftCardFacts,
  type GiftCardLookup,
  InsufficientBalanceError,
} from '../../domain/gift-card-balances.ts';
import type { CartLineRow, CartService } from '../cart/cart-service.ts';
import type { CatalogService } from '../catalog/catalog-service.ts';
import { CHECKOUT_TEXT } from './checkout-text.ts';
import type { ShippingMethods } from './shipping-methods.ts';

// [I16-checkout-giftcard] A gift card at checkout (docs/gift-cards-at-checkout.md): whether the typed
// number may pay for the member's cart and how much of it (its seller's lines, not shipping, up to its
// balance), the quote the checkout page shows, and the spend inside the order's transaction. The cards'
// balances and look-up are modules/giftcards', handed in: checkout must not import that module.

/** [I16-checkout-giftcard] Why a gift card cannot pay for this cart, in the shopper's words. */
export const GIFT_CARD_TEXT = {
  badNumber: 'Enter the 16-digit gift card number.',
  notFound: 'We could not find a gift card with that number. Please check it and try again.',
  notActive: 'This gift card is not active yet: its purchase has not been approved.',
  notSent: 'This gift card has not been sent yet, so it cannot be spent.',
  voided: 'This gift card has been cancelled and cannot be spent.',
  expired: (date: string) => `This gift card expired on ${date}.`,
  noBalance: 'This gift card has no balance left.',
  noItems: (seller: string) =>
    `This gift card can only be spent on items from ${seller}, and there are none in your cart.`,
  unavailable: 'Gift cards cannot be used at checkout right now.',
} as const;

const SPENDABLE_ORDER_STATUSES = ['approved', 'partially_shipped', 'shipped'];

/** The digits of a typed gift card number (spaces and dashes dropped); 16 or a clear error. */
export function giftCardDigits(typed: string): string {
  const digits = typed.replace(/[\s-]/g, '');
  if (!/^\d{16}$/.test(digits)) throw new InvalidDataError(GIFT_CARD_TEXT.badNumber);
  return digits;
}

/** What the card's seller's lines in the cart come to (gift card lines left out: a card never buys a card). */
export function giftCardEligibleCents(
  lines: { seller_id: number; is_giftcard: boolean; price_cents: number; qty: number }[],
  sellerId: number,
): number {
  return lines
    .filter((line) => line.seller_id === sellerId && !line.is_giftcard)
    .reduce((sum, line) => sum + lineTotal(line.price_cents, line.qty), 0);
}

/** The gift card's part of an order: what it paid and the card's last 4 digits (the timeline's words). */
export interface GiftCardPart {
  cents: number;
  last4: string;
}

export interface CheckoutGiftCard {
  /** [I16-checkout-giftcard] What a gift card would pay for the member's active cart, or why it cannot. */
  check(customerId: number, typedNumber: string): Promise<GiftCardQuote>;
  /** A card that cannot pay for the member's active cart: its clear 400, before anything is locked. */
  precheck(customerId: number, typedNumber: string): Promise<void>;
  /**
   * The card's part of the order, spent in the order's transaction under the card's row lock (a declined
   * payment card afterwards rolls the spend back with everything else); undefined when no number is typed.
   */
  spend(
    trx: Db,
    typedNumber: string,
    lines: CartLineRow[],
    orderId: number,
  ): Promise<GiftCardPart | undefined>;
}

export interface CheckoutGiftCardDeps {
  db: Db;
  clock: Clock;
  storeName: string;
  cart: Pick<CartService, 'findActive' | 'lines'>;
  catalog: Pick<CatalogService, 'sellerName'>;
  /** Without them a gift card number at checkout is refused. */
  giftCards?: { balances: GiftCardBalances; lookup: GiftCardLookup } | undefined;
  shipping: Pick<ShippingMethods, 'methodOf'>;
}

export function createCheckoutGiftCard({
  db,
  clock,
  storeName,
  cart: carts,
  catalog,
  giftCards,
  shipping,
}: CheckoutGiftCardDeps): CheckoutGiftCard {
  /**
   * [I16-checkout-giftcard] The card with this number if it may pay for these lines now, with what it pays
   * (its seller's lines, not shipping, up to its balance); else a clear 400 saying why. `lock` holds the
   * card's row to the end of the order's transaction.
   */
  async function usableGiftCard(
    trx: Db,
    typed: string,
    lines: CartLineRow[],
    lock: boolean,
  ): Promise<{ card: GiftCardFacts & { sellerId: number }; sellerName: string; appliesCents: number }> {
    if (!giftCards) throw new InvalidDataError(GIFT_CARD_TEXT.unavailable);
    const digits = giftCardDigits(typed);
    const card = await giftCards.lookup.byNumber(trx, digits, { lock });
    if (!card || card.sellerId === null) throw new InvalidDataError(GIFT_CARD_TEXT.notFound);
    if (card.voided) throw new InvalidDataError(GIFT_CARD_TEXT.voided);
    if (!card.orderStatus || !SPENDABLE_ORDER_STATUSES.includes(card.orderStatus))
      throw new InvalidDataError(GIFT_CARD_TEXT.notActive);
    if (!card.sent) throw new InvalidDataError(GIFT_CARD_TEXT.notSent);
    if (!card.validUntil || card.validUntil.getTime() <= clock.now().getTime())
      throw new InvalidDataError(
        GIFT_CARD_TEXT.expired(
          card.validUntil ? card.validUntil.toISOString().slice(0, 10) : 'an earlier date',
        ),
      );
    if (card.balanceCents <= 0) throw new InvalidDataError(GIFT_CARD_TEXT.noBalance);
    const sellerId = card.sellerId;
    // Inside the order's transaction the catalogue (another connection) is not asked: the check before it
    // (precheck) has named the seller already.
    const sellerName = lock ? 'its seller' : ((await catalog.sellerName({ id: sellerId })) ?? storeName);
    const eligible = giftCardEligibleCents(lines, sellerId);
    if (eligible <= 0) throw new InvalidDataError(GIFT_CARD_TEXT.noItems(sellerName));
    return { card: { ...card, sellerId }, sellerName, appliesCents: Math.min(eligible, card.balanceCents) };
  }

  return {
    async check(customerId, typedNumber) {
      const active = await carts.findActive(customerId);
      const lines = active ? await carts.lines(db, active.id) : [];
      if (!active || lines.length === 0) throw new InvalidDataError(CHECKOUT_TEXT.cartEmpty);
      const usable = await usableGiftCard(db, typedNumber, lines, false);
      const method = await shipping.methodOf(db, active, lines);
      const grand = orderTotal(
        lines.map((line) => ({ priceCents: line.price_cents, qty: line.qty })),
        method.amount_cents,
      );
      return {
        last4: usable.card.number.slice(-4),
        seller_id: usable.card.sellerId,
        seller_name: usable.sellerName,
        balance_cents: usable.card.balanceCents,
        applies_cents: usable.appliesCents,
        grand_total_cents: grand,
        to_pay_cents: grand - usable.appliesCents,
        valid_until: (usable.card.validUntil ?? clock.now()).toISOString(),
      };
    },

    async precheck(customerId, typedNumber) {
      const active = await carts.findActive(customerId);
      if (active) await usableGiftCard(db, typedNumber, await carts.lines(db, active.id), false);
    },

    async spend(trx, typedNumber, lines, orderId) {
      if (typedNumber === '') return undefined;
      if (!giftCards) throw new InvalidDataError(GIFT_CARD_TEXT.unavailable);
      const usable = await usableGiftCard(trx, typedNumber, lines, true);
      try {
        await giftCards.balances.spend(trx, {
          giftCardId: usable.card.id,
          amountCents: usable.appliesCents,
          kind: 'order',
          orderId,
          key: `order:${orderId}`,
          at: clock.now(),
        });
      } catch (error) {
        if (error instanceof InsufficientBalanceError) throw new ConflictError(GIFT_CARD_TEXT.noBalance);
        throw error;
      }
      return { cents: usable.appliesCents, last4: usable.card.number.slice(-4) };
    },
  };
}
