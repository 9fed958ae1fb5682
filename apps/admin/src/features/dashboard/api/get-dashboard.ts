// GET /admin/api/dashboard: today's orders and revenue (Australia/Sydney), what waits for a person and the
// failed messages. An order or gift card action refetches it (DASHBOARD_QUERY_KEY).
import { dashboardSchema } from '@quokka/contract/api/admin';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

export function getDashboard(api: ApiClient) {
  return api('/dashboard', { schema: dashboardSchema });
}

export function dashboardQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: DASHBOARD_QUERY_KEY, queryFn: () => getDashboard(api) });
}
