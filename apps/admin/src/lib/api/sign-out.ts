// POST /admin/api/sign-out: the session ends on the server.
import type { ApiClient } from '../api-client';
import { statusSchema } from './status';

export function signOut(api: ApiClient) {
  return api('/sign-out', { method: 'POST', schema: statusSchema });
}
