// GET {ns}/getgiftcarddetailsbyid?gift_card_details_id [API-41]: one of the member's cards.
import { type GiftCardDetails, giftCardReplySchema } from '@quokka/contract/api/giftcards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';
import { useAppState } from '../../../lib/app-state';

export async function getGiftCardDetails(id: number, signal?: AbortSignal): Promise<GiftCardDetails> {
  const reply = await apiFetch(nsPath('getgiftcarddetailsbyid'), {
    schema: giftCardReplySchema,
    auth: true,
    query: { gift_card_details_id: id },
    signal,
  });
  return reply.data;
}

export function giftCardDetailsQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['giftcards', 'details', id],
    queryFn: ({ signal }) => getGiftCardDetails(id, signal),
    // Every screen of the flow shows what the last one saved.
    staleTime: 0,
  });
}

/** The card of a route, once signed in and the id is a number. */
export function useGiftCardDetails(id: number | null) {
  const signedIn = useAppState((state) => state.auth.isSignedIn);
  return useQuery({ ...giftCardDetailsQueryOptions(id ?? 0), enabled: signedIn && id !== null });
}

/** [CHKF-05..07] A card that can be ordered has a send time, its validity and a picture. */
export function isGiftCardComplete(card: GiftCardDetails): boolean {
  return Boolean(card.scheduled_delivery) && Boolean(card.valid_until) && card.mms_template_id !== null;
}
