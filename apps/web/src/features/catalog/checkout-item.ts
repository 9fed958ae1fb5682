// [I30] A reply-to-buy text's checkout link (/t/<code>/checkout) names one sellable item: the product
// itself, or one child of a configurable product. This turns it into the product page's Add to Cart
// request (one unit, the child's colour and size chosen), so the cart line looks exactly as if the
// shopper had chosen it on the page.
import type { AddToCartRequest } from '../cart/public';
import { getProduct } from './api/product';
import { addToCartRequest } from './components/product-choice';

/** Null when the product is gone, a gift card, or `itemId` is no longer one of its items. */
export async function checkoutItemRequest(
  productId: number,
  itemId: number,
): Promise<AddToCartRequest | null> {
  const result = await getProduct(productId);
  if (!result.found) return null;
  const { product } = result;
  if (product.is_giftcard) return null;
  if (product.type_id !== 'configurable')
    return product.id === itemId ? addToCartRequest(product, {}, 1) : null;
  const child = product.configurable_products.find((item) => item.id === itemId);
  return child ? addToCartRequest(product, child.options, 1) : null;
}
