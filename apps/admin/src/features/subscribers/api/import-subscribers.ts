// POST /admin/api/subscribers/import {csv, seller_id?}: `mobile,consent_source` lines; every number gets
// the confirmation text first and is subscribed only by its YES. Answers what happened and the bad lines.
import { subscriberImportReplySchema } from '@quokka/contract/api/text-offers';
import type { ApiClient } from '../../../lib/api-client';

export function importSubscribers(api: ApiClient, csv: string, sellerId?: number) {
  return api('/subscribers/import', {
    method: 'POST',
    body: sellerId === undefined ? { csv } : { seller_id: sellerId, csv },
    schema: subscriberImportReplySchema,
  });
}
