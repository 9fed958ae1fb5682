// GET /admin/api/invoices: the monthly tax invoices (every seller's for an operator, a vendor's own).
import { taxInvoiceListReplySchema } from '@quokka/contract/api/payouts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const INVOICES_QUERY_KEY = ['invoices'] as const;

export function getInvoices(api: ApiClient) {
  return api('/invoices', { schema: taxInvoiceListReplySchema });
}

export function invoicesQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: INVOICES_QUERY_KEY, queryFn: () => getInvoices(api) });
}
