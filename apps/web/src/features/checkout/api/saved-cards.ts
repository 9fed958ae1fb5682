// GET {ns}/savedcards [API-30]: the member's saved cards, `data[]` [DATA-40]. Checkout offers them
// [CHK-14]; the account lists them (through features/checkout/public.ts).
import { type SavedCard, savedCardsReplySchema } from '@quokka/contract/api/checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';

export type { SavedCard } from '@quokka/contract/api/checkout';

export async function getSavedCards(signal?: AbortSignal): Promise<SavedCard[]> {
  const reply = await apiFetch(nsPath('savedcards'), { schema: savedCardsReplySchema, auth: true, signal });
  return reply.data;
}

export function savedCardsQueryOptions() {
  return queryOptions({
    queryKey: ['checkout', 'saved-cards'],
    queryFn: ({ signal }) => getSavedCards(signal),
    staleTime: 0,
  });
}

export function useSavedCards() {
  return useQuery(savedCardsQueryOptions());
}

/** [CHK-14] Expiry as MM/YY. */
export function cardExpiry(card: Pick<SavedCard, 'exp_month' | 'exp_year'>): string {
  return `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;
}

/** [ACCT-15] '**' then the last four digits ('**4242'): how a saved card reads, at checkout and in the
 * account alike. */
export function savedCardNumber(card: Pick<SavedCard, 'last4'>): string {
  return `**${card.last4}`;
}
