// GET carts/mine/items: the server cart's products, as checkout shows and charges them.
import { apiFetch } from '../../../lib/api-client';
import { CART_ITEMS } from './cart-paths';
import type { CartItemWire } from './cart-wire';

export async function getCartItems(signal?: AbortSignal): Promise<CartItemWire[]> {
  const reply = await apiFetch<unknown>(CART_ITEMS, { auth: true, signal });
  return Array.isArray(reply) ? (reply as CartItemWire[]) : [];
}
