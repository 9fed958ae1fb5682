// GET /admin/api/me: who is signed in (401 when nobody) and how far: `needs_passkey` or `full`. It decides
// the screen on load (lib/session.tsx).
import { staffMeSchema } from '@quokka/contract/api/admin';
import type { ApiClient } from '../api-client';

export function getMe(api: ApiClient) {
  return api('/me', { schema: staffMeSchema });
}
