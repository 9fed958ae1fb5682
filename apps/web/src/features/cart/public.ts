// What other features may use of the cart (docs/architecture.md "Web"): everything else in
// features/cart is its own business.

export { useAddToCart } from './add-to-cart';
export type { AddToCartRequest, ChosenOption } from './add-to-cart-request';
export { CARTS_MINE } from './api/cart-paths';
export { CART_QUERY_PREFIX, cartQueryOptions, getCart } from './api/get-cart';
export { getCartItems } from './api/get-cart-items';
export { removeCartItem } from './api/remove-cart-item';
export { cheapestMethod } from './api/shipping-methods';
export { updateCartItemQty } from './api/update-cart-item';
export {
  cartTotalCents,
  lineImage,
  lineKey,
  lineOptionTitles,
  linePriceCents,
  lineSelection,
  lineTotalCents,
  withoutLine,
  withQty,
} from './cart-lines';
export { rebuildServerCart } from './rebuild-server-cart';
export { restoreServerCartOnOpen } from './restore-server-cart';
export { serverCartMatchesBrowser } from './server-cart-check';
export { updateCartLine } from './update-cart-line';
