// [I32] POST /admin/api/staff: a new member of staff, texted their invite link; answers them as listed.
import { type AddStaffBody, staffListItemSchema } from '@quokka/contract/api/staff-admin';
import type { ApiClient } from '../../../lib/api-client';

export function addStaff(api: ApiClient, body: AddStaffBody) {
  return api('/staff', { method: 'POST', body, schema: staffListItemSchema });
}
