// GET carts/mine: the server cart with the member and their addresses [API-20, DATA-35].
import { apiFetch } from '../../../lib/api-client';
import { CARTS_MINE } from './cart-paths';
import type { QuoteWire } from './cart-wire';

export function getCart(signal?: AbortSignal): Promise<QuoteWire> {
  return apiFetch<QuoteWire>(CARTS_MINE, { auth: true, signal });
}
