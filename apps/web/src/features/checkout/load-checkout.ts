// Arriving at /checkout (SPEC.md §4 Cart, Checkout): the server cart is emptied and rebuilt from the
// browser's lines [CART-05, CART-06], then the cart, its products, the saved cards, the seller and the
// gift cards are loaded; the loader stays until all of them are in [CHKF-01].
// [I13-checkout] Nothing waits for a call it does not need: the saved cards and the seller (guessed from
// the browser's first line, or the link's product) are asked for while the cart is rebuilt; the cheapest
// delivery to the default address as soon as the cart answers, beside the products and gift cards. The
// page then opens with its total complete, in about three round trips after the rebuild's, not six.

import type { CartItem, Quote } from '@quokka/contract/api/cart';
import type { ShippingMethod } from '@quokka/contract/api/checkout';
import type { StoredCartItem } from '../../lib/storage';
import { getItem, STORAGE_KEYS } from '../../lib/storage';
import { cheapestMethod, getCart, getCartItems, rebuildServerCart } from '../cart/public';
import { estimateShippingByAddressId } from './api/estimate-shipping-by-address-id';
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
  /**
   * [I29] Every seller of the order (the server cart's lines), in line order, named: checkout offers an
   * unticked "Text me offers from <seller>" for each.
   */
  sellers: OrderSeller[];
  giftCards: CheckoutGiftCards;
  /**
   * The cheapest delivery to the default address, asked for while the rest loaded; null when there is no
   * saved address or the estimate did not answer (the page then asks for the address it shows).
   */
  defaultDelivery: { addressId: number; method: ShippingMethod | null } | null;
}

/** [I29] A seller of the order, as its text offers box names it. */
export interface OrderSeller {
  id: number;
  name: string;
}

export type CheckoutLoad = { kind: 'empty' } | { kind: 'ready'; data: CheckoutData };

function productIdOf(item: CartItem | undefined): number | null {
  const id = item?.extension_attributes?.product_id;
  return typeof id === 'number' && id > 0 ? id : null;
}

/** [CHK-10] The address checkout chooses first: the default shipping address, else the first one. */
export function defaultAddressId(quote: Quote): number | null {
  const { customer } = quote;
  const byDefault = customer.addresses.find(
    (address) =>
      address.default_shipping === true || String(address.id) === String(customer.default_shipping ?? ''),
  );
  const id = (byDefault ?? customer.addresses[0])?.id;
  return typeof id === 'number' ? id : null;
}

type SellerLookup = (productId: number) => Promise<CheckoutSeller | null>;

/** One lookup per product for this visit: a seller asked for early is not asked for again. */
function sellerLookups(): SellerLookup {
  const asked = new Map<number, Promise<CheckoutSeller | null>>();
  return (productId) => {
    let lookup = asked.get(productId);
    if (!lookup) {
      lookup = getSellerOfProduct(productId);
      asked.set(productId, lookup);
    }
    return lookup;
  };
}

const positiveId = (value: unknown): number | null => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * DECISIONS.md "Catalogue, cart and orders": the affiliate seller (of the sign-in link, or the last
 * seller profile visited), else the seller of the first item.
 */
export async function checkoutSeller(
  products: readonly CartItem[],
  sellerOf: SellerLookup = getSellerOfProduct,
): Promise<CheckoutSeller | null> {
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
      const seller = await sellerOf(linkProduct);
      if (seller && String(seller.id) === affiliate) return seller;
    }
  }
  const line = affiliateLine ?? first;
  const productId = productIdOf(line);
  const seller = productId === null ? null : await sellerOf(productId);
  return seller ?? fromLine(line);
}

/**
 * [I29] The order's sellers, each named by the seller lookup of its first line: the same lookups as the
 * checkout seller's (one per product per visit), so a one-seller order asks for nothing more, and the
 * others go out together, beside the checkout seller's. A seller whose lookup fails is named by its
 * seller_url; one with neither is left out (a box must say whose offers it means).
 */
export async function sellersOfLines(
  products: readonly CartItem[],
  sellerOf: SellerLookup = getSellerOfProduct,
): Promise<OrderSeller[]> {
  const firstLines = new Map<number, CartItem>();
  for (const item of products) {
    const id = positiveId(item.extension_attributes?.seller_id);
    if (id !== null && !firstLines.has(id)) firstLines.set(id, item);
  }
  const named = await Promise.all(
    [...firstLines].map(async ([id, item]) => {
      const productId = productIdOf(item);
      const seller = productId === null ? null : await sellerOf(productId);
      const name = (seller?.id === id ? seller.name : '') || item.extension_attributes.seller_url;
      return name ? { id, name } : null;
    }),
  );
  return named.filter((seller): seller is OrderSeller => seller !== null);
}

export async function loadCheckout(lines: readonly StoredCartItem[]): Promise<CheckoutLoad> {
  if (lines.length === 0) return { kind: 'empty' };
  // Beside the rebuild: what does not depend on the server cart.
  const savedCardsLoad = getSavedCards();
  savedCardsLoad.catch(() => undefined); // awaited below; a rebuild that fails first must not leave it unheard
  const sellerOf = sellerLookups();
  const guesses = [
    getItem(STORAGE_KEYS.affiliateSellerId) ? positiveId(getItem(STORAGE_KEYS.productId)) : null,
    positiveId(lines[0]?.id),
  ];
  for (const productId of guesses) if (productId !== null) void sellerOf(productId);

  const { cartId, items } = await rebuildServerCart(lines);
  if (items.length === 0) return { kind: 'empty' };
  const quoteLoad = getCart();
  const productsLoad = getCartItems();
  const deliveryLoad = quoteLoad
    .then(async (quote) => {
      const addressId = defaultAddressId(quote);
      if (addressId === null) return null;
      return { addressId, method: cheapestMethod(await estimateShippingByAddressId(addressId)) };
    })
    .catch(() => null);
  const [quote, products, savedCards, giftCards, seller, sellers, defaultDelivery] = await Promise.all([
    quoteLoad,
    productsLoad,
    savedCardsLoad,
    loadCheckoutGiftCards({ cartId }),
    productsLoad.then((found) => checkoutSeller(found, sellerOf)),
    productsLoad.then((found) => sellersOfLines(found, sellerOf)),
    deliveryLoad,
  ]);
  return {
    kind: 'ready',
    data: { cartId, quote, products, savedCards, seller, sellers, giftCards, defaultDelivery },
  };
}
