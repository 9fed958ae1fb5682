// GET {ns}/savedcards [API-30]: the member's saved cards (DATA-40), through the checkout's call.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSavedCards } from '../../checkout/api/saved-cards';

export function savedCardsQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'saved-cards'],
    queryFn: ({ signal }) => getSavedCards(signal),
    staleTime: 0,
  });
}

export function useSavedCards() {
  return useQuery(savedCardsQueryOptions());
}
