// [I32] PUT /admin/api/seller-profile/logo or /banner: the picture file itself as the body (its own type);
// the server checks it and keeps a clean copy. Answers the profile.
import { sellerProfileSchema } from '@quokka/contract/api/staff-admin';
import type { ApiClient } from '../../../lib/api-client';

export function uploadSellerPicture(api: ApiClient, which: 'logo' | 'banner', file: Blob) {
  return api(`/seller-profile/${which}`, { method: 'PUT', body: file, schema: sellerProfileSchema });
}
