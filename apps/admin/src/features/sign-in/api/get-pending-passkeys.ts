// GET /admin/api/passkeys/pending: other members' passkeys waiting for an operator's approval (operators).
import { staffPasskeysSchema } from '@quokka/contract/api/admin';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { PASSKEYS_QUERY_KEY } from './get-passkeys';

export function getPendingPasskeys(api: ApiClient) {
  return api('/passkeys/pending', { schema: staffPasskeysSchema });
}

export function pendingPasskeysQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...PASSKEYS_QUERY_KEY, 'pending'] as const,
    queryFn: () => getPendingPasskeys(api),
  });
}
