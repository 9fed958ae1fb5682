// [I29] GET {ns}/textoffers: the member's mobile and every seller with whether it may text them offers;
// PUT {ns}/textoffers/:seller_id `{subscribed}`: one switch, answered with the whole list again
// (DECISIONS.md "Text campaigns and consent"; the contract's api/text-offers.ts).
import {
  type TextOffersReply,
  type textOfferBodySchema,
  textOffersReplySchema,
} from '@quokka/contract/api/text-offers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { input } from 'zod';
import { apiFetch, nsPath } from '../../../lib/api-client';

export const TEXT_OFFERS_QUERY_KEY = ['account', 'textoffers'] as const;

export async function getTextOffers(signal?: AbortSignal): Promise<TextOffersReply> {
  return apiFetch(nsPath('textoffers'), { schema: textOffersReplySchema, auth: true, signal });
}

export async function setTextOffer(sellerId: number, subscribed: boolean): Promise<TextOffersReply> {
  const body: input<typeof textOfferBodySchema> = { subscribed };
  return apiFetch(nsPath(`textoffers/${sellerId}`), {
    schema: textOffersReplySchema,
    method: 'PUT',
    auth: true,
    body,
  });
}

export function textOffersQueryOptions() {
  return queryOptions({
    queryKey: TEXT_OFFERS_QUERY_KEY,
    queryFn: ({ signal }) => getTextOffers(signal),
    staleTime: 0,
  });
}

export function useTextOffers() {
  return useQuery(textOffersQueryOptions());
}
