// [I32] POST /admin/api/products/pictures: a new product's photo (sent as it is, with its own type),
// checked and kept by the media store; answers its /media path for the create call.
import { uploadedPictureReplySchema } from '@quokka/contract/api/vendor-products';
import type { ApiClient } from '../../../lib/api-client';

export async function uploadPicture(api: ApiClient, picture: Blob): Promise<string> {
  return (
    await api('/products/pictures', { method: 'POST', body: picture, schema: uploadedPictureReplySchema })
  ).url;
}
