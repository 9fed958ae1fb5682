// [I29] A stand-in for the server's text offers calls at the network boundary (fetch), answering as
// apps/server does by the contract's api/text-offers.ts: GET {ns}/textoffers, and PUT
// {ns}/textoffers/:seller_id `{subscribed}` answered with the whole list again. It keeps each seller's
// state, records every request, and lets a test hold or refuse a PUT.
import type { TextOffer, TextOffersReply } from '@quokka/contract/api/text-offers';
import { textOffersWords } from '@quokka/contract/api/text-offers';
import { vi } from 'vitest';
import { jsonReply } from '../../../test/fake-replies';

const NS = '/rest/default/V1/storefront';
export const TEXT_OFFERS_PATH = `${NS}/textoffers`;

export function aTextOffer(
  overrides: Partial<TextOffer> & Pick<TextOffer, 'seller_id' | 'seller_name'>,
): TextOffer {
  return {
    seller_url: overrides.seller_name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    subscribed: false,
    pending: false,
    words: textOffersWords(overrides.seller_name),
    ...overrides,
  };
}

export interface TextOffersCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/** What a PUT answers instead of the fake's own answer; undefined: the fake's own. */
type PutOverride = (
  sellerId: number,
  subscribed: boolean,
) => Response | undefined | Promise<Response | undefined>;

export function stubTextOffersApi(initial: Partial<TextOffersReply> = {}) {
  const state: TextOffersReply = structuredClone({
    mobile: '0412 345 678',
    stopped_all: false,
    sellers: [
      aTextOffer({ seller_id: 2, seller_name: 'Saltline Surf Co.' }),
      aTextOffer({ seller_id: 5, seller_name: 'Bush Crafts', subscribed: true }),
    ],
    ...initial,
  });
  const calls: TextOffersCall[] = [];
  let putOverride: PutOverride | null = null;

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({
      method,
      path: url.pathname,
      body,
      authorization: new Headers(init?.headers).get('Authorization'),
    });
    if (method === 'GET' && url.pathname === TEXT_OFFERS_PATH) return jsonReply(structuredClone(state));
    const put = url.pathname.match(/^\/rest\/default\/V1\/storefront\/textoffers\/(\d+)$/);
    if (method === 'PUT' && put) {
      const sellerId = Number(put[1]);
      const subscribed = (body as { subscribed: boolean }).subscribed;
      const custom = await putOverride?.(sellerId, subscribed);
      if (custom) return custom;
      const seller = state.sellers.find((entry) => entry.seller_id === sellerId);
      if (!seller) return jsonReply({ message: 'The seller does not exist.', code: 'NOT_FOUND' }, 404);
      seller.subscribed = subscribed;
      seller.pending = false;
      return jsonReply(structuredClone(state));
    }
    return jsonReply({ message: `No route for ${method} ${url.pathname}`, code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    state,
    calls,
    /** The PUTs sent, as `{path, body}`. */
    puts: () => calls.filter((call) => call.method === 'PUT').map(({ path, body }) => ({ path, body })),
    answerPut(override: PutOverride | null) {
      putOverride = override;
    },
  };
}
