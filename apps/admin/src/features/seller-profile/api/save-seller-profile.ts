// [I32] PUT /admin/api/seller-profile: the name shown, description and shipping info; answers the profile.
import { sellerProfileSchema, type UpdateSellerProfileBody } from '@quokka/contract/api/staff-admin';
import type { ApiClient } from '../../../lib/api-client';

export function saveSellerProfile(api: ApiClient, body: UpdateSellerProfileBody) {
  return api('/seller-profile', { method: 'PUT', body, schema: sellerProfileSchema });
}
