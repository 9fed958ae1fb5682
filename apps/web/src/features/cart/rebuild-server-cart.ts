// At checkout the server cart is emptied [CART-05] (no cart: 404, carry on [ERR-07]) and rebuilt from
// the lines kept in the browser [CART-06], so what is charged is what the shopper saw. A line the server
// now refuses (sold out, less stock) is dropped from the browser's cart too, with the §8 popup saying why.
import { ApiError } from '../../lib/api-client';
import { setCartItems } from '../../lib/app-state';
import type { StoredCartItem } from '../../lib/storage';
import type { CartItemRequest, ProductOptionRequest } from './api/add-cart-item';
import { addCartItem } from './api/add-cart-item';
import { clearServerCart } from './api/clear-cart';
import { createCart } from './api/create-cart';
import { surfaceFailure } from './api/surface-failure';
import { showAddFailure } from './cart-errors';
import { cartQty, upsertLine } from './cart-lines';
import { cancelPendingQtyUpdates } from './qty-updates';

export interface RebuiltCart {
  cartId: number;
  items: StoredCartItem[];
}

/** The cartItem to send again for a stored line: what was sent before, at the line's quantity now. */
export function requestForLine(line: StoredCartItem, quoteId: number): CartItemRequest {
  const sent = typeof line.cart_item === 'object' && line.cart_item !== null ? line.cart_item : {};
  const sku = 'sku' in sent && typeof sent.sku === 'string' && sent.sku !== '' ? sent.sku : (line.sku ?? '');
  const productOption =
    'product_option' in sent && typeof sent.product_option === 'object' && sent.product_option !== null
      ? (sent.product_option as ProductOptionRequest)
      : line.product_option?.extension_attributes?.configurable_item_options?.length
        ? {
            extension_attributes: {
              configurable_item_options:
                line.product_option.extension_attributes.configurable_item_options.map((option) => ({
                  option_id: option.option_id,
                  option_value: option.option_value,
                })),
            },
          }
        : undefined;
  return {
    sku,
    qty: cartQty(Number(line.qty)),
    quote_id: quoteId,
    ...(productOption ? { product_option: productOption } : {}),
  };
}

export async function rebuildServerCart(lines: readonly StoredCartItem[]): Promise<RebuiltCart> {
  cancelPendingQtyUpdates();
  await clearServerCart(); // [CART-05, ERR-07]
  const cartId = await createCart();
  let kept: StoredCartItem[] = [];
  let refusal: unknown = null;
  for (const line of lines) {
    try {
      // Silent: a refused line is expected here and must not take the checkout loader down.
      const reply = await addCartItem(requestForLine(line, cartId), { silent: true });
      const cartItem = typeof line.cart_item === 'object' && line.cart_item !== null ? line.cart_item : {};
      // The server keeps one line per product: two stored lines of one product become one.
      const rebuilt: StoredCartItem = {
        ...line,
        qty: reply.qty,
        price: reply.price,
        item_id: reply.item_id,
        quote_id: reply.quote_id,
        cart_item: { ...cartItem, qty: reply.qty },
      };
      kept = upsertLine(kept, rebuilt);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401 || error.status >= 500) {
        surfaceFailure(error);
        throw error;
      }
      refusal = error;
    }
  }
  setCartItems(kept);
  if (refusal !== null) showAddFailure(refusal); // [ERR-05, ERR-06]
  return { cartId, items: kept };
}
