// POST {ns}/setdefaultbilling and {ns}/setdefaultshipping [API-32, API-33]: `{address_id}` → `{status}`.
import { statusReplySchema } from '@quokka/contract/api/common';
import type { setDefaultBody } from '@quokka/contract/api/customer';
import type { z } from 'zod';
import { apiFetch, nsPath } from '../../../lib/api-client';

export type DefaultKind = 'billing' | 'shipping';

export async function setDefaultAddress(kind: DefaultKind, addressId: number): Promise<boolean> {
  const body: z.input<typeof setDefaultBody> = { address_id: addressId };
  const reply = await apiFetch(nsPath(`setdefault${kind}`), {
    schema: statusReplySchema,
    method: 'POST',
    auth: true,
    body,
  });
  return reply.status;
}
