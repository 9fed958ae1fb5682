// [I30] A stand-in for the server's Buy by reply calls at the network boundary (fetch), answering as
// apps/server does by the contract's api/reply-to-buy.ts: GET {ns}/replytobuy and PUT {ns}/replytobuy
// `{enabled, payment_method}` answered with the setting again, refusing (400) to turn it on without a
// saved card, without a default address, or with a card that is not one of the member's. Every other
// call goes to the text offers fake (fake-text-offers-api.ts), which the page also calls.

import {
  REPLY_TO_BUY_MSG,
  type ReplyToBuyCard,
  type ReplyToBuyReply,
  replyToBuyWords,
} from '@quokka/contract/api/reply-to-buy';
import type { TextOffersReply } from '@quokka/contract/api/text-offers';
import { vi } from 'vitest';
import { errorReply, jsonReply } from '../../../test/fake-replies';
import { stubTextOffersApi } from './fake-text-offers-api';

export const REPLY_TO_BUY_PATH = '/rest/default/V1/storefront/replytobuy';

export const VISA: ReplyToBuyCard = {
  id: 'pm_saved_visa',
  brand: 'visa',
  last4: '4242',
  label: 'Visa •••• 4242',
};
export const MASTERCARD: ReplyToBuyCard = {
  id: 'pm_saved_mc',
  brand: 'mastercard',
  last4: '4444',
  label: 'Mastercard •••• 4444',
};

export function aReplyToBuy(overrides: Partial<ReplyToBuyReply> = {}): ReplyToBuyReply {
  return {
    enabled: false,
    card: null,
    cards: [VISA, MASTERCARD],
    address: { street: '1 Harbour St', suburb: 'Sydney' },
    max_cents: 30_000,
    words: replyToBuyWords(30_000),
    turned_on_at: null,
    turned_off_at: null,
    turned_off_via: null,
    ...overrides,
  };
}

type PutOverride = (body: { enabled: boolean; payment_method?: string }) => Response | undefined;

export function stubReplyToBuyApi(
  initial: Partial<ReplyToBuyReply> = {},
  offers: Partial<TextOffersReply> = {},
) {
  const textOffers = stubTextOffersApi(offers);
  const inner = globalThis.fetch;
  const state: ReplyToBuyReply = structuredClone(aReplyToBuy(initial));
  const puts: unknown[] = [];
  let putOverride: PutOverride | null = null;

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== REPLY_TO_BUY_PATH) return inner(input, init);
    const method = init?.method ?? 'GET';
    if (method === 'GET') return jsonReply(structuredClone(state));
    const body = JSON.parse(String(init?.body)) as { enabled: boolean; payment_method?: string };
    puts.push(body);
    const custom = putOverride?.(body);
    if (custom) return custom;
    if (!body.enabled) {
      if (state.enabled) Object.assign(state, { enabled: false, turned_off_via: 'member' });
      return jsonReply(structuredClone(state));
    }
    const missing = [
      ...(state.cards.length === 0 ? [REPLY_TO_BUY_MSG.noCards] : []),
      ...(state.address ? [] : [REPLY_TO_BUY_MSG.noAddress]),
    ];
    if (missing.length > 0) return errorReply('INVALID_DATA', missing.join(' '));
    const card = state.cards.find((saved) => saved.id === body.payment_method);
    if (!card) return errorReply('INVALID_DATA', REPLY_TO_BUY_MSG.cardNotYours);
    Object.assign(state, {
      enabled: true,
      card,
      turned_off_via: null,
      turned_on_at: '2026-11-29T00:00:00.000Z',
    });
    return jsonReply(structuredClone(state));
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    state,
    textOffers,
    /** The PUT bodies sent, in order. */
    puts: () => puts,
    answerPut(override: PutOverride | null) {
      putOverride = override;
    },
  };
}
