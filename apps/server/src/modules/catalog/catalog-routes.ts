import {
  browseProductsReplySchema,
  categoriesReplySchema,
  categoryProductsQuery,
  categoryProductsReplySchema,
  mmsTemplatesReplySchema,
  pageQuery,
  productQuery,
  productReplySchema,
  productsRenderInfoQuery,
  productsRenderInfoReplySchema,
  sellerInformationQuery,
  sellerInformationReplySchema,
  sellerReplySchema,
} from '@quokka/contract/api/catalog';
import { errorReplies } from '@quokka/contract/api/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { CatalogueReplyCache } from './catalog-cache.ts';
import type { CatalogService } from './catalog-service.ts';
import { filtersOrSorts, type MagentoSearch } from './magento-search.ts';

// The catalogue calls of SPEC.md §7 under /rest/{default|au}/V1/{ns}/…, and Magento's
// /rest/{store}/V1/products-render-info. Queries are validated with zod (a bad id, page or criterion is
// a 400 whose message names the parameter); replies come from the in-process reply cache with a strong
// ETag, so a repeat costs a Map lookup and a revalidation costs a 304.
//
// Queries and replies are the contract's (`@quokka/contract/api/catalog`; lists 10 a page, page 1 by default, past the end → empty list):
//   product?product_id            Product, or 200 {status:false, not_exists:true} for an unknown,
//                                 disabled or child id (SPEC.md §8 handles that answer)
//   seller?product_id             {status:true, seller}; unknown product → 404 {message}
//   sellerInformation?seller_url&page  {status:true, seller, products}; unknown seller → 404 {message}
//                                 (a 404 says what happened; the client shows its error popup either way)
//   categories                    [{entity_id, value, children}] (a JSON array, as the side menu reads it)
//   browseProducts?page           {data}
//   categoryProducts?category_id&page  {data, products} (the same list); unknown category → 404 {message}
//   getgiftcardmmstemplates?product_id {data}; a product without templates → {data: []}; unknown → 404
//   products-render-info?searchCriteria[pageSize|page_size]&searchCriteria[currentPage|current_page]
//                                 &searchCriteria[filter_groups][i][filters][j][field|value|condition_type]
//                                 &searchCriteria[sortOrders][k][field|direction]&storeId&currencyCode
//                                 {items: ProductRender[], total_count}; [I33] filters and sort orders as
//                                 GET /V1/products reads them (magento-search.ts)

/** Clients revalidate every time (cheap: a 304), so a changed price or stock shows at once. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Whether an If-None-Match header matches the ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

export interface CatalogRoutesDeps {
  config: Config;
  /** The app's one catalogue service (services.ts), shared with sign-in and gift cards. */
  service: CatalogService;
  /** [I33] products-render-info's filter groups and sort orders (magento-search.ts). */
  magentoSearch: MagentoSearch;
}

/**
 * Builds the catalogue routes with one service and one reply cache shared by both store prefixes; pass
 * the result to registerApi.
 */
export function catalogRoutes({ config, service, magentoSearch }: CatalogRoutesDeps): ApiPlugin {
  const cache = new CatalogueReplyCache();
  const ns = config.API_NAMESPACE;

  // The body is sent as the cached JSON text, so the reply schema serialises nothing here: it documents.
  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<unknown>,
  ): Promise<void> {
    const cached = await cache.get(key, async () => {
      try {
        return { statusCode: 200, payload: await load() };
      } catch (error) {
        // "Not there" is an answer like any other: cache it too, so probing unknown ids stays cheap.
        if (error instanceof NotFoundError)
          return { statusCode: 404, payload: { message: error.message, code: error.code } };
        throw error;
      }
    });
    reply.header('etag', cached.etag).header('cache-control', CATALOGUE_CACHE_CONTROL);
    if (etagMatches(request.headers['if-none-match'], cached.etag)) reply.code(304).send();
    else reply.code(cached.statusCode).type('application/json; charset=utf-8').send(cached.body);
  }

  // A bad query is a 400; an unknown product, seller or category a 404.
  const queryErrors = errorReplies(400, 429);
  const lookupErrors = errorReplies(400, 404, 429);

  return (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Catalogue');

    // [API-09, ERR-04]
    api.get(
      `/${ns}/product`,
      { schema: { querystring: productQuery, response: { 200: productReplySchema, ...queryErrors } } },
      async (request, reply) =>
        serve(request, reply, `product?${request.query.product_id}`, () =>
          service.productJson(request.query.product_id),
        ),
    );

    // [API-10]
    api.get(
      `/${ns}/seller`,
      { schema: { querystring: productQuery, response: { 200: sellerReplySchema, ...lookupErrors } } },
      async (request, reply) =>
        serve(request, reply, `seller?${request.query.product_id}`, () =>
          service.sellerOfProduct(request.query.product_id),
        ),
    );

    // [API-11]
    api.get(
      `/${ns}/sellerInformation`,
      {
        schema: {
          querystring: sellerInformationQuery,
          response: { 200: sellerInformationReplySchema, ...lookupErrors },
        },
      },
      async (request, reply) => {
        const { seller_url, page } = request.query;
        return serve(request, reply, `sellerInformation?${page}&${seller_url}`, () =>
          service.sellerInformationJson(seller_url, page),
        );
      },
    );

    // [API-12]
    api.get(
      `/${ns}/categories`,
      { schema: { response: { 200: categoriesReplySchema } } },
      async (request, reply) => serve(request, reply, 'categories', () => service.categories()),
    );

    // [API-13, LIST-01, LIST-02]
    api.get(
      `/${ns}/browseProducts`,
      { schema: { querystring: pageQuery, response: { 200: browseProductsReplySchema, ...queryErrors } } },
      async (request, reply) =>
        serve(request, reply, `browseProducts?${request.query.page}`, () =>
          service.browseJson(request.query.page),
        ),
    );

    // [API-14]
    api.get(
      `/${ns}/categoryProducts`,
      {
        schema: {
          querystring: categoryProductsQuery,
          response: { 200: categoryProductsReplySchema, ...lookupErrors },
        },
      },
      async (request, reply) => {
        const { category_id, page } = request.query;
        return serve(request, reply, `categoryProducts?${category_id}&${page}`, () =>
          service.categoryProductsJson(category_id, page),
        );
      },
    );

    // [API-16]
    api.get(
      `/${ns}/getgiftcardmmstemplates`,
      { schema: { querystring: productQuery, response: { 200: mmsTemplatesReplySchema, ...lookupErrors } } },
      async (request, reply) =>
        serve(request, reply, `mmsTemplates?${request.query.product_id}`, () =>
          service.mmsTemplates(request.query.product_id),
        ),
    );

    // [API-15] Magento's standard listing, outside {ns}.
    api.get(
      '/products-render-info',
      {
        schema: {
          querystring: productsRenderInfoQuery,
          response: { 200: productsRenderInfoReplySchema, ...queryErrors },
        },
      },
      async (request, reply) => {
        const { pageSize: size, currentPage: current, criteria } = request.query;
        // [I33] Plain paging reads the listing snapshot; filters or sort orders ask the database.
        if (!filtersOrSorts(criteria))
          return serve(request, reply, `products-render-info?${current}&${size}`, () =>
            service.productsRenderInfo(current, size),
          );
        return serve(request, reply, `products-render-info?${JSON.stringify(criteria)}`, () =>
          magentoSearch.productsRenderInfo(criteria),
        );
      },
    );
  };
}
