// GET /admin/api/orders: a page of orders (newest first, 50 a page) for the list's filters, and the same
// filters as the CSV export's link (GET /admin/api/orders.csv). Every list query starts with 'orders':
// an order action refetches them all (ORDERS_QUERY_KEY).
import { orderListReplySchema } from '@quokka/contract/api/admin';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, type ApiClient, queryString } from '../../../lib/api-client';
import { filterQuery, type OrderFilters } from '../orders-query';

export const ORDERS_QUERY_KEY = ['orders'] as const;

export const ordersQueryKey = (filters: OrderFilters, page: number) =>
  [...ORDERS_QUERY_KEY, JSON.stringify(filters), page] as const;

export function getOrders(api: ApiClient, filters: OrderFilters, page: number) {
  return api('/orders', { schema: orderListReplySchema, query: { ...filterQuery(filters), page } });
}

export function ordersQueryOptions(api: ApiClient, filters: OrderFilters, page: number) {
  return queryOptions({
    queryKey: ordersQueryKey(filters, page),
    queryFn: () => getOrders(api, filters, page),
  });
}

export function ordersCsvHref(filters: OrderFilters): string {
  return `${API_BASE}/orders.csv${queryString(filterQuery(filters))}`;
}
