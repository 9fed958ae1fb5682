// Stored cart lines as Add To Cart leaves them (SPEC.md §3 Cart item), for tests that start with a cart.
import type { CartItem } from '@quokka/contract/api/cart';
import { act } from '@testing-library/react';
import { setCartItems, signIn } from '../../../lib/app-state';
import type { StoredCartItem } from '../../../lib/storage';

/** The simple cap of the catalogue factories, 2 in the cart, as server line 501. */
export function aCapLine(overrides: Partial<StoredCartItem> = {}): StoredCartItem {
  return {
    id: 14,
    name: 'Saltline Trucker Cap',
    sku: 'SL-SALTLINE-TRUCKER-CAP',
    qty: 2,
    images: ['/media/products/cap-main.svg'],
    price: 35,
    product_type: 'simple',
    quote_id: '77',
    item_id: 501,
    short_desc: 'Mesh back',
    is_giftcard: false,
    type_id: 'simple',
    cart_item: { sku: 'SL-SALTLINE-TRUCKER-CAP', qty: 2, product_option: null },
    product_seller_image: '/media/sellers/saltline-logo.svg',
    options: {},
    seller_id: 2,
    seller_url: 'saltline-surf-co',
    image: '/media/products/cap-main.svg',
    ...overrides,
  };
}

/** The tee in Salt White, size L, 1 in the cart, as server line 502. */
export function aTeeLine(overrides: Partial<StoredCartItem> = {}): StoredCartItem {
  const options = [
    { option_id: 93, option_value: 2, option_label: 'Color', option_title: 'Salt White', value_index: 2 },
    { option_id: 141, option_value: 7, option_label: 'Size', option_title: 'L', value_index: 7 },
  ];
  return {
    id: 1,
    name: 'Cottesloe Crew Tee',
    sku: 'SL-TEE-WHITE-L',
    qty: 1,
    images: ['/media/products/cap-main.svg'],
    price: 45,
    product_type: 'configurable',
    quote_id: '77',
    item_id: 502,
    short_desc: 'Mesh back',
    is_giftcard: false,
    type_id: 'configurable',
    cart_item: {
      sku: 'SL-COTTESLOE-CREW-TEE',
      qty: 1,
      product_option: {
        extension_attributes: {
          configurable_item_options: [
            { option_id: 93, option_value: 2 },
            { option_id: 141, option_value: 7 },
          ],
        },
      },
    },
    product_seller_image: '/media/sellers/saltline-logo.svg',
    product_option: { extension_attributes: { configurable_item_options: options } },
    options: {
      color: { option_id: 93, option_value: 2, option_title: 'Salt White', option_label: 'Color' },
      size: { option_id: 141, option_value: 7, option_title: 'L', option_label: 'Size' },
    },
    seller_id: 2,
    seller_url: 'saltline-surf-co',
    image: '/media/products/cap-main.svg',
    ...overrides,
  };
}

/** A signed-in member with these lines in the browser's cart. */
export function signedInWithCart(lines: StoredCartItem[]): void {
  act(() => {
    signIn('member-token');
    setCartItems(lines);
  });
}

/** A line of the server cart as `carts/mine/items` answers it; the cap of the catalogue factories. */
export function aCartItem(overrides: Partial<CartItem> = {}): CartItem {
  const qty = overrides.qty ?? 1;
  const price = overrides.price ?? 35;
  return {
    item_id: 501,
    sku: 'SL-SALTLINE-TRUCKER-CAP',
    qty,
    name: 'Saltline Trucker Cap',
    price,
    product_type: 'simple',
    quote_id: '77',
    ...overrides,
    extension_attributes: {
      product_id: 14,
      child_product_id: 14,
      row_total: Math.round(price * qty * 100) / 100,
      image: '/media/products/cap-main.svg',
      is_giftcard: false,
      seller_id: 2,
      seller_url: 'saltline-surf-co',
      product_seller_image: '/media/sellers/saltline-logo.svg',
      ...overrides.extension_attributes,
    },
  };
}
