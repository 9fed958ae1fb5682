// [I30] GET {ns}/replytobuy: the member's "Buy by reply" setting (on or off, the card, the address it
// ships to, the cap, the words shown); PUT {ns}/replytobuy `{enabled, payment_method}` turns it on with
// one of their saved cards, or off, answered with the setting again (the contract's api/reply-to-buy.ts).
import {
  type ReplyToBuyBody,
  type ReplyToBuyReply,
  replyToBuyReplySchema,
} from '@quokka/contract/api/reply-to-buy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, nsPath } from '../../../lib/api-client';

export const REPLY_TO_BUY_QUERY_KEY = ['account', 'replytobuy'] as const;

export async function getReplyToBuy(signal?: AbortSignal): Promise<ReplyToBuyReply> {
  return apiFetch(nsPath('replytobuy'), { schema: replyToBuyReplySchema, auth: true, signal });
}

export async function setReplyToBuy(body: ReplyToBuyBody): Promise<ReplyToBuyReply> {
  return apiFetch(nsPath('replytobuy'), { schema: replyToBuyReplySchema, method: 'PUT', auth: true, body });
}

export function useReplyToBuy() {
  return useQuery(
    queryOptions({
      queryKey: REPLY_TO_BUY_QUERY_KEY,
      queryFn: ({ signal }) => getReplyToBuy(signal),
      staleTime: 0,
    }),
  );
}
