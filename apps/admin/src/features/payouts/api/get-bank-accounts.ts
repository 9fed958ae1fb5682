// GET /admin/api/bank-accounts: every seller's bank account, masked (operators).
import { bankAccountListReplySchema } from '@quokka/contract/api/payouts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const BANK_ACCOUNTS_QUERY_KEY = ['bank-accounts'] as const;

export function getBankAccounts(api: ApiClient) {
  return api('/bank-accounts', { schema: bankAccountListReplySchema });
}

export function bankAccountsQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: BANK_ACCOUNTS_QUERY_KEY, queryFn: () => getBankAccounts(api) });
}
