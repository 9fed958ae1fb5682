// GET /admin/api/subscribers?state=&page=: a seller's subscribers with their consent evidence and the
// counts (a seller's staff their own seller's). Every list query starts with 'subscribers'. The same
// filter exports as CSV (GET /admin/api/subscribers.csv), opened as a download link.
import { type ConsentState, subscriberListReplySchema } from '@quokka/contract/api/text-offers';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { API_BASE, queryString } from '../../../lib/api-client';

export interface SubscriberSearch {
  state: ConsentState | '';
  page: number;
}

export const SUBSCRIBERS_PAGE_SIZE = 50;

export const SUBSCRIBERS_QUERY_KEY = ['subscribers'] as const;

export const subscribersQueryKey = (search: SubscriberSearch) =>
  [...SUBSCRIBERS_QUERY_KEY, search.state, search.page] as const;

export function getSubscribers(api: ApiClient, search: SubscriberSearch) {
  return api('/subscribers', {
    schema: subscriberListReplySchema,
    query: { state: search.state || undefined, page: search.page, page_size: SUBSCRIBERS_PAGE_SIZE },
  });
}

export function subscribersQueryOptions(api: ApiClient, search: SubscriberSearch) {
  return queryOptions({ queryKey: subscribersQueryKey(search), queryFn: () => getSubscribers(api, search) });
}

export function subscribersCsvHref(state: ConsentState | ''): string {
  return `${API_BASE}/subscribers.csv${queryString({ state: state || undefined })}`;
}
