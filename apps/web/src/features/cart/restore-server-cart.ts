// [I31] A cart reminder's link (/t/<code>: the auth reply's open_cart) signs the member in and opens the
// cart popup. The browser's lines are the cart [I11-2] (mirror-server-cart.ts), but the link may be opened
// on another phone or browser, whose cart is empty: the popup would say 'Cart is empty' about the very
// cart the text named. So a sign-in from such a link asks for the server cart to be restored, and the cart
// popup, opened by that sign-in, does it first: when the browser holds no lines, the server cart's lines
// become the browser's. When the browser holds any line, nothing is restored: its lines stay exactly as
// they are (none duplicated, none dropped), as the one source of truth. The ask is kept in this tab's
// session storage for as long as a sign-in intent (a registration on the way keeps it) and used once.
import type { CartItem } from '@quokka/contract/api/cart';
import { getAppState, setCartItems } from '../../lib/app-state';
import { SIGN_IN_INTENT_TTL_MS, session } from '../../lib/sign-in-intent';
import type { StoredCartItem } from '../../lib/storage';
import { getCartItems } from './api/get-cart-items';

export const RESTORE_SERVER_CART_KEY = 'quokka.restore_server_cart';

/** A cart link signed in: the next cart popup restores the server cart into an empty browser cart. */
export function restoreServerCartOnOpen(now: number = Date.now()): void {
  try {
    session()?.setItem(RESTORE_SERVER_CART_KEY, String(now + SIGN_IN_INTENT_TTL_MS));
  } catch {
    // Storage refused (private mode): the popup shows the browser's cart as it is.
  }
}

/** Whether a cart link asked for the restore (and not too long ago), leaving the ask in place. */
export function serverCartRestoreAsked(now: number = Date.now()): boolean {
  try {
    const raw = session()?.getItem(RESTORE_SERVER_CART_KEY) ?? null;
    return raw !== null && Number(raw) > now;
  } catch {
    return false;
  }
}

/** Whether a cart link asked for the restore (and not too long ago); the ask is used up. */
export function takeServerCartRestore(now: number = Date.now()): boolean {
  try {
    const storage = session();
    const raw = storage?.getItem(RESTORE_SERVER_CART_KEY) ?? null;
    if (raw === null) return false;
    storage?.removeItem(RESTORE_SERVER_CART_KEY);
    return Number(raw) > now;
  } catch {
    return false;
  }
}

/** A server cart line as the browser keeps it (what storedLine keeps after an add, from the reply alone). */
export function browserLineOf(item: CartItem): StoredCartItem {
  const extension = item.extension_attributes;
  const chosen = item.product_option?.extension_attributes.configurable_item_options ?? [];
  const options = chosen.map((option) => ({
    option_id: Number(option.option_id),
    option_value: option.option_value,
  }));
  return {
    id: extension.product_id,
    name: item.name,
    sku: item.sku,
    qty: item.qty,
    images: extension.image ? [extension.image] : [],
    price: item.price,
    product_type: item.product_type,
    quote_id: item.quote_id,
    item_id: item.item_id,
    is_giftcard: extension.is_giftcard,
    type_id: item.product_type,
    // What checkout rebuilds the server cart from [CART-06].
    cart_item: {
      sku: item.sku,
      qty: item.qty,
      product_option:
        options.length > 0 ? { extension_attributes: { configurable_item_options: options } } : null,
    },
    product_seller_image: extension.product_seller_image,
    ...(options.length > 0
      ? {
          product_option: {
            extension_attributes: {
              configurable_item_options: options.map((option) => ({
                ...option,
                value_index: option.option_value,
              })),
            },
          },
        }
      : {}),
    options: {},
    seller_id: extension.seller_id,
    seller_url: extension.seller_url,
    image: extension.image,
  };
}

/**
 * Puts the server cart's lines into an empty browser cart; the number of lines restored. A browser that
 * holds any line (or gets one while the server answers) keeps its own lines untouched.
 */
export async function restoreServerCart(): Promise<number> {
  if (getAppState().cartItems.length > 0) return 0;
  const server = await getCartItems();
  if (server.length === 0 || getAppState().cartItems.length > 0) return 0;
  setCartItems(server.map(browserLineOf));
  return server.length;
}
