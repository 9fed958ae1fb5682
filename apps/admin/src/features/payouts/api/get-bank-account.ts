// GET /admin/api/bank-accounts/:sellerId: one seller's bank account, masked (BSB, ••••5678).
import { bankAccountReplySchema } from '@quokka/contract/api/payouts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const bankAccountQueryKey = (sellerId: number | null) => ['bank-account', sellerId] as const;

export function getBankAccount(api: ApiClient, sellerId: number | null) {
  return api(`/bank-accounts/${sellerId}`, { schema: bankAccountReplySchema });
}

export function bankAccountQueryOptions(api: ApiClient, sellerId: number | null) {
  return queryOptions({
    queryKey: bankAccountQueryKey(sellerId),
    queryFn: () => getBankAccount(api, sellerId),
  });
}
