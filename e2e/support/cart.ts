// A signed-in member's cart filled without the product page: for journeys that test what comes after
// Add To Cart (checkout), not the button itself. The cart lives in two places [I11-2, CART-06]: the
// server's (POST carts/mine, carts/mine/items, as the button calls them) and the browser's lines in
// localStorage, which checkout rebuilds the server's from. Both are made here the way the app makes them
// (`storedLine` is the app's own code), so the page opened next finds what a click would have left.
import type { CartItem } from '@quokka/contract/api/cart';
import type { ProductTile } from '@quokka/contract/api/catalog';
import type { Page } from 'playwright-core';
import {
  type CartProductInfo,
  cartItemRequest,
  storedLine,
  upsertLine,
} from '../../apps/web/src/features/cart/cart-lines.ts';
import type { StoredCartItem } from '../../apps/web/src/lib/storage.ts';
import { baseURL } from './browser.ts';

async function asMember<T>(origin: string, token: string, path: string, body?: unknown): Promise<T> {
  const reply = await fetch(`${origin}/rest/default/V1/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await reply.text();
  if (!reply.ok) throw new Error(`${path} answered ${reply.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * Adds `qty` of a simple product (a list tile) to the cart of the member signed in on `page`, as Add To
 * Cart does, and keeps the line in the page's storage (one line per product, as the app keeps them). The
 * page shows it after its next load. `origin`: the server of a journey that runs its own.
 */
export async function putInCart(
  page: Page,
  tile: ProductTile,
  { qty = 1, origin = baseURL() }: { qty?: number; origin?: string } = {},
): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('putInCart needs a signed-in member');
  const quoteId = await asMember<number>(origin, token, 'carts/mine');
  const request = cartItemRequest(tile.sku, qty, []);
  const reply = await asMember<CartItem>(origin, token, 'carts/mine/items', {
    cartItem: { ...request, quote_id: quoteId },
  });
  const product: CartProductInfo = {
    id: tile.id,
    name: tile.name,
    sku: tile.sku,
    type_id: tile.type_id,
    is_giftcard: tile.is_giftcard,
    short_desc: tile.short_desc,
    image: tile.image,
    images: tile.images,
    product_seller_image: tile.product_seller_image,
    seller_url: tile.seller_url,
  };
  const line = storedLine(product, reply, request, []);
  const lines = await page.evaluate(
    () => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as StoredCartItem[],
  );
  await page.evaluate(
    (kept) => localStorage.setItem('cartItems', JSON.stringify(kept)),
    upsertLine(lines, line),
  );
}
