// POST {ns}/setdefaultbilling and {ns}/setdefaultshipping [API-32, API-33]: `{address_id}` → `{status}`.
import { apiFetch, nsPath } from '../../../lib/api-client';

export type DefaultKind = 'billing' | 'shipping';

export async function setDefaultAddress(kind: DefaultKind, addressId: number): Promise<boolean> {
  const reply = await apiFetch<{ status?: boolean } | null>(nsPath(`setdefault${kind}`), {
    method: 'POST',
    auth: true,
    body: { address_id: addressId },
  });
  return reply?.status === true;
}
