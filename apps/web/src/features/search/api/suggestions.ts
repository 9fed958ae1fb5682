// [I33] GET {ns}/searchSuggestions: up to 5 products and 3 categories for what is typed so far, each
// with the ranges of its name that match. Best effort: a failure shows no suggestions and leaves the
// app's offline and error state alone.
import type { SearchSuggestionsReply } from '@quokka/contract/api/search';
import { apiFetch, nsPath } from '../../../lib/api-client';

export type Suggestions = Pick<SearchSuggestionsReply, 'products' | 'categories'>;

export async function getSuggestions(q: string, signal?: AbortSignal): Promise<Suggestions> {
  const reply = await apiFetch(nsPath('searchSuggestions'), {
    schema: () => import('@quokka/contract/api/search').then((m) => m.searchSuggestionsReplySchema),
    query: { q },
    signal,
    silent: true,
  });
  return { products: reply.products, categories: reply.categories };
}
