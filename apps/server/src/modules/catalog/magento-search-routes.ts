import { errorReplies } from '@quokka/contract/api/errors';
import { magentoProductsQuery, magentoProductsReplySchema } from '@quokka/contract/api/magento-search';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { type CachedReply, CatalogueReplyCache } from './catalog-cache.ts';
import { CATALOGUE_CACHE_CONTROL, etagMatches } from './catalog-routes.ts';
import type { MagentoSearch } from './magento-search.ts';

// [I33] Magento's product list, GET /rest/{store}/V1/products (outside {ns}, as Magento has it):
//   ?searchCriteria[filter_groups][i][filters][j][field|value|condition_type]
//    &searchCriteria[sortOrders][k][field|direction]&searchCriteria[pageSize]&searchCriteria[currentPage]
//   → {items: MagentoProduct[], search_criteria, total_count}; a field, condition or key it does not
//   read → 400 {message} naming the key (magento-search.ts in the contract).
// Magento asks for an admin token here; this one answers only listed products, which the storefront
// shows anyway, so it is open like products-render-info. Replies are cached and revalidated as the
// catalogue's are (catalog-routes.ts): any product change drops them.

/** The cached JSON text, or a 304 when the client has it (as catalog-routes.ts serves). */
function send(request: FastifyRequest, reply: FastifyReply, cached: CachedReply) {
  reply.header('etag', cached.etag).header('cache-control', CATALOGUE_CACHE_CONTROL);
  if (etagMatches(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return reply.code(200).type('application/json; charset=utf-8').send(cached.body);
}

export interface MagentoSearchRoutesDeps {
  search: MagentoSearch;
}

export function magentoSearchRoutes({ search }: MagentoSearchRoutesDeps): ApiPlugin {
  const cache = new CatalogueReplyCache();
  return (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Catalogue');

    api.get(
      '/products',
      {
        schema: {
          querystring: magentoProductsQuery,
          response: { 200: magentoProductsReplySchema, ...errorReplies(400, 429) },
        },
      },
      async (request, reply) => {
        const criteria = request.query;
        const cached = await cache.get(`products?${JSON.stringify(criteria)}`, async () => ({
          statusCode: 200,
          payload: await search.products(criteria),
        }));
        return send(request, reply, cached);
      },
    );
  };
}
