// GET /admin/api/passkeys: the member's own passkeys, each marked when it is still waiting. Every passkey
// query starts with 'passkeys': approving or removing one refetches them all.
import { staffPasskeysSchema } from '@quokka/contract/api/admin';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export const PASSKEYS_QUERY_KEY = ['passkeys'] as const;

export function getPasskeys(api: ApiClient) {
  return api('/passkeys', { schema: staffPasskeysSchema });
}

export function passkeysQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...PASSKEYS_QUERY_KEY, 'mine'] as const,
    queryFn: () => getPasskeys(api),
  });
}
