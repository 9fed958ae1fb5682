// POST {ns}/setdefaultbilling and {ns}/setdefaultshipping [API-32, API-33]: `{address_id}` → `{status}`.
import { statusReplySchema } from '@quokka/contract/api/common';
import type { SetDefaultRequest } from '@quokka/contract/api/customer';
import { apiFetch, nsPath } from '../../../lib/api-client';

export type DefaultKind = 'billing' | 'shipping';

export async function setDefaultAddress(kind: DefaultKind, addressId: number): Promise<boolean> {
  const body: SetDefaultRequest = { address_id: addressId };
  const reply = await apiFetch(nsPath(`setdefault${kind}`), {
    schema: statusReplySchema,
    method: 'POST',
    auth: true,
    body,
  });
  return reply.status;
}
