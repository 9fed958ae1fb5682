// Arriving at /checkout (SPEC.md §4 Cart, Checkout): the server cart is emptied and rebuilt from the
// browser's lines [CART-05, CART-06], then the cart, its products, the saved cards, the seller and the
// gift cards are loaded; the loader stays until all of them are in [CHKF-01].

import type { CartItem, Quote } from '@quokka/contract/api/cart';
import type { StoredCartItem } from '../../lib/storage';
import { getItem, STORAGE_KEYS } from '../../lib/storage';
import { getCart, getCartItems, rebuildServerCart } from '../cart/public';
import { getSavedCards, type SavedCard } from './api/saved-cards';
import { type CheckoutSeller, getSellerOfProduct } from './api/seller-of-product';
import { type CheckoutGiftCards, loadCheckoutGiftCards } from './gift-card-checkout';

export interface CheckoutData {
  cartId: number;
  quote: Quote;
  /** The server cart's lines: what will be charged. */
  products: CartItem[];
  savedCards: SavedCard[];
  seller: CheckoutSeller | null;
  giftCards: CheckoutGiftCards;
}

export type CheckoutLoad = { kind: 'empty' } | { kind: 'ready'; data: CheckoutData };

function productIdOf(item: CartItem | undefined): number | null {
  const id = item?.extension_attributes?.product_id;
  return typeof id === 'number' && id > 0 ? id : null;
}

/**
 * DECISIONS.md "Catalogue, cart and orders": the affiliate seller (of the sign-in link, or the last
 * seller profile visited), else the seller of the first item.
 */
export async function checkoutSeller(products: readonly CartItem[]): Promise<CheckoutSeller | null> {
  const affiliate = getItem(STORAGE_KEYS.affiliateSellerId);
  const first = products[0];
  const fromLine = (item: CartItem | undefined): CheckoutSeller | null =>
    item?.extension_attributes
      ? {
          id: item.extension_attributes.seller_id ?? null,
          name: '',
          image: item.extension_attributes.product_seller_image ?? '',
          sellerUrl: item.extension_attributes.seller_url ?? '',
        }
      : null;
  const affiliateLine = affiliate
    ? products.find((item) => String(item.extension_attributes?.seller_id) === affiliate)
    : undefined;
  if (affiliate && !affiliateLine) {
    // The link's product names the link's seller, even when the cart holds none of its products.
    const linkProduct = Number(getItem(STORAGE_KEYS.productId));
    if (Number.isSafeInteger(linkProduct) && linkProduct > 0) {
      const seller = await getSellerOfProduct(linkProduct);
      if (seller && String(seller.id) === affiliate) return seller;
    }
  }
  const line = affiliateLine ?? first;
  const productId = productIdOf(line);
  const seller = productId === null ? null : await getSellerOfProduct(productId);
  return seller ?? fromLine(line);
}

export async function loadCheckout(lines: readonly StoredCartItem[]): Promise<CheckoutLoad> {
  if (lines.length === 0) return { kind: 'empty' };
  const { cartId, items } = await rebuildServerCart(lines);
  if (items.length === 0) return { kind: 'empty' };
  const [quote, products, savedCards, giftCards] = await Promise.all([
    getCart(),
    getCartItems(),
    getSavedCards(),
    loadCheckoutGiftCards({ cartId }),
  ]);
  const seller = await checkoutSeller(products);
  return { kind: 'ready', data: { cartId, quote, products, savedCards, seller, giftCards } };
}
