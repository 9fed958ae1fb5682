// [I32] DELETE /admin/api/staff/:id: the member is removed and their sessions end at once.
import { statusSchema } from '../../../lib/api/status';
import type { ApiClient } from '../../../lib/api-client';

export function removeStaff(api: ApiClient, staffId: number) {
  return api(`/staff/${staffId}`, { method: 'DELETE', schema: statusSchema });
}
