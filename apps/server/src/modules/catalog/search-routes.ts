import { errorReplies } from '@quokka/contract/api/errors';
import {
  searchQuery,
  searchReplySchema,
  searchSuggestionsReplySchema,
  suggestionsQuery,
} from '@quokka/contract/api/search';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { searchCatalogue, searchSuggestions } from './search.ts';

// [I33] Storefront search under /rest/{default|au}/V1/{ns}/… (docs/search.md; the contract's
// api/search.ts):
//   search?q&page&category_id&seller_url&price_min&price_max&color&size&in_stock&sort
//       {status, data: tiles as browseProducts, total_count, facets, suggestion?}; 10 a page
//   searchSuggestions?q  {status, products (≤ 5), categories (≤ 3)}, each with marks; q under 2 → empty
// A bad query is a 400 naming the parameter. Replies are not cached (Cache-Control: no-store): the search
// documents change with every product write, and a reply must show it at once.

export interface SearchRoutesDeps {
  config: Config;
  db: Db;
}

export function searchRoutes({ config, db }: SearchRoutesDeps): ApiPlugin {
  const ns = config.API_NAMESPACE;
  const queryErrors = errorReplies(400, 429);

  return (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Search');

    api.get(
      `/${ns}/search`,
      { schema: { querystring: searchQuery, response: { 200: searchReplySchema, ...queryErrors } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return searchCatalogue(db, request.query);
      },
    );

    api.get(
      `/${ns}/searchSuggestions`,
      {
        schema: {
          querystring: suggestionsQuery,
          response: { 200: searchSuggestionsReplySchema, ...queryErrors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return searchSuggestions(db, request.query.q);
      },
    );
  };
}
