// GET {ns}/orders [API-34] and GET {ns}/order?order_id [API-35]: the member's orders (DATA-41), newest
// first. Another member's order answers 404, the same as one that does not exist.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch, nsPath } from '../../../lib/api-client';
import type { AddressWire } from '../../cart/api/cart-wire';

export interface OrderItemWire {
  item_id: number;
  name: string;
  sku?: string;
  /** Dollars. */
  price: number;
  qty: number;
  /** price × qty, dollars. */
  total: number;
}

/** [DATA-41] An order as the account shows it. */
export interface OrderWire {
  id: number;
  increment_id: string;
  customer_name: string;
  created_at?: string;
  grand_total: number;
  shipping_amount: number;
  shipping_address: AddressWire | null;
  billing_address: AddressWire | null;
  items: OrderItemWire[];
}

export async function getOrders(signal?: AbortSignal): Promise<OrderWire[]> {
  const reply = await apiFetch<{ data?: OrderWire[] } | null>(nsPath('orders'), { auth: true, signal });
  return Array.isArray(reply?.data) ? reply.data : [];
}

/** The order, or null when the member has no order with this id. */
export async function getOrder(orderId: number, signal?: AbortSignal): Promise<OrderWire | null> {
  try {
    const reply = await apiFetch<{ data?: OrderWire } | null>(nsPath('order'), {
      auth: true,
      query: { order_id: orderId },
      signal,
    });
    return reply?.data ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function ordersQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'orders'],
    queryFn: ({ signal }) => getOrders(signal),
    staleTime: 0,
  });
}

export function orderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: ['account', 'order', orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });
}

export function useOrders() {
  return useQuery(ordersQueryOptions());
}

export function useOrder(orderId: number | null) {
  return useQuery({ ...orderQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
