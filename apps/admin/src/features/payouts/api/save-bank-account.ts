// PUT /admin/api/bank-accounts/:sellerId: a seller's bank account set or changed; asks for the passkey.
import { type BankAccountBody, bankAccountReplySchema } from '@quokka/contract/api/payouts';
import type { ApiClient } from '../../../lib/api-client';

export function saveBankAccount(api: ApiClient, sellerId: number, body: BankAccountBody) {
  return api(`/bank-accounts/${sellerId}`, { method: 'PUT', body, schema: bankAccountReplySchema });
}
