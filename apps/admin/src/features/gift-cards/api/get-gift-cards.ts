// GET /admin/api/gift-cards?q=&state=&page=: the gift card console's list (numbers masked to their last 4
// digits). Every list query starts with 'gift-cards': a card action refetches them all.
import { giftCardListReplySchema } from '@quokka/contract/api/admin';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

export interface GiftCardSearch {
  q: string;
  state: string;
  page: number;
}

export const GIFT_CARDS_QUERY_KEY = ['gift-cards'] as const;

export const giftCardsQueryKey = (search: GiftCardSearch) =>
  [...GIFT_CARDS_QUERY_KEY, search.q, search.state, search.page] as const;

export function getGiftCards(api: ApiClient, search: GiftCardSearch) {
  return api('/gift-cards', {
    schema: giftCardListReplySchema,
    query: { q: search.q.trim(), state: search.state, page: search.page },
  });
}

export function giftCardsQueryOptions(api: ApiClient, search: GiftCardSearch) {
  return queryOptions({ queryKey: giftCardsQueryKey(search), queryFn: () => getGiftCards(api, search) });
}
