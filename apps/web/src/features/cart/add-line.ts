// Add To Cart (SPEC.md §4 Cart) [ROLE-06]: make sure the member has a server cart (POST carts/mine), add
// the line (POST carts/mine/items), keep it in the browser [CART-01] and open the cart popup. A refused
// add opens 'Out of Stock' or 'Qty not Available' [ERR-05, ERR-06, CART-03]. [I13-js] This is the work
// behind the button, loaded when a shopper first adds (`useAddToCart` in add-to-cart.ts), not with the
// list or the product page.
import type { ProductTile } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import { getAppState, openPopup, setCartItems, withLoader } from '../../lib/app-state';
import { giftCardAddPath } from '../../lib/gift-card-paths';
import type { StoredCartItem } from '../../lib/storage';
import type { AddToCartRequest } from './add-to-cart-request';
import { addCartItem } from './api/add-cart-item';
import { createCart } from './api/create-cart';
import { showAddFailure } from './cart-errors';
import {
  type CartProductInfo,
  cartItemRequest,
  type LineOption,
  lineSelection,
  storedLine,
  upsertLine,
} from './cart-lines';
import { mirrorBrowserCart } from './mirror-server-cart';

/** The product page's choice as line options, with each option's label (Colour, Size…). */
export function lineOptionsOf(request: AddToCartRequest): LineOption[] {
  return request.options.map((option) => ({
    attribute_code: option.attribute_code,
    option_id: option.option_id,
    option_value: option.option_value,
    option_title: option.option_title,
    option_label: request.product.configurable_options[option.attribute_code]?.label ?? option.attribute_code,
  }));
}

export function productInfoOf(product: ProductTile & { seller?: { id: number } }): CartProductInfo {
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    type_id: product.type_id,
    is_giftcard: product.is_giftcard,
    short_desc: product.short_desc,
    image: product.image,
    images: product.images,
    product_seller_image: product.product_seller_image,
    seller_url: product.seller_url,
    seller_id: product.seller?.id,
  };
}

/** Adds a line and stores it; null (after the right popup) when the server refused. */
export async function addLine(
  product: CartProductInfo,
  sku: string,
  qty: number,
  options: readonly LineOption[],
): Promise<StoredCartItem | null> {
  return withLoader(MSG.addingToCart, async () => {
    try {
      const quoteId = await createCart();
      await mirrorBrowserCart(); // [I11-2] the add must not merge into a line the shopper cannot see
      const request = cartItemRequest(sku, qty, options);
      const reply = await addCartItem({ ...request, quote_id: quoteId });
      const line = storedLine(product, reply, request, options);
      setCartItems(upsertLine(getAppState().cartItems, line));
      return line;
    } catch (error) {
      showAddFailure(error);
      return null;
    }
  });
}

/** [TILE-04] A simple product straight from a list tile, one unit. */
export async function addTileToCart(tile: ProductTile): Promise<boolean> {
  const line = await addLine(productInfoOf(tile), tile.sku, 1, []);
  if (line) openPopup('cart'); // [SHELL-12]
  return line !== null;
}

/**
 * [PDP-10] The product page's choice (options already checked there [VAL-34..36]). A configurable
 * product goes as Magento sends it: the parent's sku with the chosen option values.
 * Gift cards ('Buy Now') go the same way, then on to their recipient (`buyGiftCard`).
 */
export async function addChoiceToCart(request: AddToCartRequest): Promise<boolean> {
  const options = lineOptionsOf(request);
  const line = await addLine(productInfoOf(request.product), request.product.sku, request.qty, options);
  if (line) openPopup('cart');
  return line !== null;
}

/**
 * [I30] A reply-to-buy text's checkout link: the offer's one item goes into the cart as the product page's
 * Add to Cart puts it (no cart popup: checkout opens next). A cart already holding that choice keeps its
 * line as it is, so opening the link twice does not buy two. False when the server refused (its §8 popup,
 * 'Out of Stock' or 'Qty not Available', is open on the product page).
 */
export async function addChoiceForCheckout(request: AddToCartRequest): Promise<boolean> {
  const options = lineOptionsOf(request);
  const held = getAppState().cartItems.some((item) => {
    if (String(item.id) !== String(request.product.id)) return false;
    const selection = lineSelection(item);
    return (
      Object.keys(selection).length === options.length &&
      options.every((option) => selection[option.attribute_code] === Number(option.option_value))
    );
  });
  if (held) return true;
  return (await addLine(productInfoOf(request.product), request.product.sku, 1, options)) !== null;
}

/**
 * [ROUTE-27, GIFTF-01] 'Buy Now' on a gift card with its price chosen: the price child goes into the
 * cart, then the recipient screen for it opens (no cart popup). Resolves to that screen's path, or null
 * when the server refused the add (its §8 popup is already open).
 */
export async function buyGiftCard(request: AddToCartRequest): Promise<string | null> {
  const options = lineOptionsOf(request);
  const line = await addLine(productInfoOf(request.product), request.product.sku, request.qty, options);
  if (!line || line.item_id === undefined || line.item_id === null || line.quote_id === undefined)
    return null;
  return giftCardAddPath({
    productId: request.product.id,
    sku: request.child?.sku ?? line.sku ?? request.sku,
    cartId: line.quote_id,
    cartItemId: line.item_id,
  });
}
