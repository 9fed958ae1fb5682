// /updateproduct/{id} (SPEC.md §4 Cart "Update product"): a simple product's line changes in place
// [CART-07]; a configurable product's line is removed and added again with the new choice [CART-08].
// The caller then goes to /checkout [CART-09].
import { MSG } from '@quokka/contract/messages';
import { hasErrorCode } from '../../lib/api-client';
import { getAppState, setCartItems, withLoader } from '../../lib/app-state';
import type { StoredCartItem } from '../../lib/storage';
import { lineOptionsOf, productInfoOf } from './add-line';
import type { AddToCartRequest } from './add-to-cart-request';
import { addCartItem } from './api/add-cart-item';
import { createCart } from './api/create-cart';
import { removeCartItem } from './api/remove-cart-item';
import { updateCartItemQty } from './api/update-cart-item';
import { showAddFailure } from './cart-errors';
import { cartItemRequest, replaceLine, storedLine } from './cart-lines';
import { mirrorBrowserCart } from './mirror-server-cart';

function hasItemId(line: StoredCartItem): line is StoredCartItem & { item_id: number | string } {
  return line.item_id !== undefined && line.item_id !== null && line.item_id !== '';
}

/** True when the line was updated; false (after the right popup) when the server refused. */
export async function updateCartLine(line: StoredCartItem, request: AddToCartRequest): Promise<boolean> {
  return withLoader(MSG.updatingCart, async () => {
    try {
      if (line.product_type !== 'configurable' && hasItemId(line)) {
        // [CART-07]
        const reply = await updateCartItemQty(line.item_id, request.qty);
        const cartItem = typeof line.cart_item === 'object' && line.cart_item !== null ? line.cart_item : {};
        const updated = {
          ...line,
          qty: reply.qty,
          price: reply.price,
          cart_item: { ...cartItem, qty: reply.qty },
        };
        setCartItems(replaceLine(getAppState().cartItems, line, updated));
        return true;
      }
      // [CART-08]
      if (hasItemId(line)) {
        try {
          await removeCartItem(line.item_id, { silent: true });
        } catch (error) {
          // Already gone from the server cart: adding it again is all that is left to do.
          if (!hasErrorCode(error, 'NOT_FOUND', 'CART_NOT_FOUND')) throw error;
        }
      }
      const options = lineOptionsOf(request);
      const sku = request.product.sku;
      const quoteId = await createCart();
      await mirrorBrowserCart(); // [I11-2] as for any add
      const sent = cartItemRequest(sku, request.qty, options);
      const reply = await addCartItem({ ...sent, quote_id: quoteId });
      const updated = storedLine(productInfoOf(request.product), reply, sent, options);
      setCartItems(replaceLine(getAppState().cartItems, line, updated));
      return true;
    } catch (error) {
      showAddFailure(error);
      return false;
    }
  });
}
