import { LISTING_CURRENCY, LISTING_STORE_ID, PAGE_SIZE } from '@quokka/contract/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { CatalogueReplyCache } from './catalog-cache.ts';
import type { CatalogService } from './catalog-service.ts';

// The catalogue calls of SPEC.md §7 under /rest/{default|au}/V1/{ns}/…, and Magento's
// /rest/{store}/V1/products-render-info. Queries are validated with zod (a bad id, page or criterion is
// a 400 whose message names the parameter); replies come from the in-process reply cache with a strong
// ETag, so a repeat costs a Map lookup and a revalidation costs a 304.
//
// Replies (catalog-wire.ts shapes; lists 10 a page, page 1 by default, past the end → empty list):
//   product?product_id            Product, or 200 {status:false, not_exists:true} for an unknown,
//                                 disabled or child id (SPEC.md §8 handles that answer)
//   seller?product_id             {status:true, seller}; unknown product → 404 {message}
//   sellerInformation?seller_url&page  {status:true, seller, products}; unknown seller → 404 {message}
//                                 (a 404 says what happened; the client shows its error popup either way)
//   categories                    [{entity_id, value, children}] (a JSON array, as the side menu reads it)
//   browseProducts?page           {data}
//   categoryProducts?category_id&page  {data, products} (the same list); unknown category → 404 {message}
//   getgiftcardmmstemplates?product_id {data}; a product without templates → {data: []}; unknown → 404
//   products-render-info?searchCriteria[pageSize]&searchCriteria[currentPage]&storeId&currencyCode
//                                 {items: ProductRender[], total_count}

/** The deepest page anyone may ask for; deeper offsets only cost the database. */
export const MAX_PAGE = 100_000;
export const MAX_PAGE_SIZE = 100;
const MAX_ID = 2_147_483_647;

/** Clients revalidate every time (cheap: a 304), so a changed price or stock shows at once. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

const once = (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : 'must be given once';

/** A whole number from `min` to `max`, given as a query string. */
function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: once })
    .trim()
    .regex(/^\d{1,10}$/, { message })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { message });
}

const id = wholeNumber(1, MAX_ID);
const page = wholeNumber(1, MAX_PAGE).default(1);

export const productQuery = z.object({ product_id: id });
export const pageQuery = z.object({ page });
export const sellerInformationQuery = z.object({
  seller_url: z
    .string({ error: once })
    .trim()
    .min(1, { message: 'is required' })
    .max(200, { message: 'is too long' }),
  page,
});
export const categoryProductsQuery = z.object({ category_id: id, page });
export const productsRenderInfoQuery = z.object({
  'searchCriteria[pageSize]': wholeNumber(1, MAX_PAGE_SIZE).default(PAGE_SIZE),
  'searchCriteria[currentPage]': wholeNumber(1, MAX_PAGE).default(1),
  // [CONST-19, CONST-20] The alternate listing is store 1 in AUD; anything else is not served here.
  storeId: z
    .string({ error: once })
    .refine((value) => value === String(LISTING_STORE_ID), { message: `must be ${LISTING_STORE_ID}` })
    .optional(),
  currencyCode: z
    .string({ error: once })
    .refine((value) => value.toUpperCase() === LISTING_CURRENCY, { message: `must be ${LISTING_CURRENCY}` })
    .optional(),
});

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
}

/**
 * Builds the catalogue routes with one service and one reply cache shared by both store prefixes; pass
 * the result to registerApi.
 */
export function catalogRoutes({ config, service }: CatalogRoutesDeps): ApiPlugin {
  const cache = new CatalogueReplyCache();
  const ns = config.API_NAMESPACE;

  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    const cached = await cache.get(key, async () => {
      try {
        return { statusCode: 200, payload: await load() };
      } catch (error) {
        // "Not there" is an answer like any other: cache it too, so probing unknown ids stays cheap.
        if (error instanceof NotFoundError) return { statusCode: 404, payload: { message: error.message } };
        throw error;
      }
    });
    reply.header('etag', cached.etag).header('cache-control', CATALOGUE_CACHE_CONTROL);
    if (etagMatches(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
    return reply.code(cached.statusCode).type('application/json; charset=utf-8').send(cached.body);
  }

  return (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    // [API-09, ERR-04]
    api.get(`/${ns}/product`, { schema: { querystring: productQuery } }, (request, reply) =>
      serve(request, reply, `product?${request.query.product_id}`, () =>
        service.product(request.query.product_id),
      ),
    );

    // [API-10]
    api.get(`/${ns}/seller`, { schema: { querystring: productQuery } }, (request, reply) =>
      serve(request, reply, `seller?${request.query.product_id}`, () =>
        service.sellerOfProduct(request.query.product_id),
      ),
    );

    // [API-11]
    api.get(
      `/${ns}/sellerInformation`,
      { schema: { querystring: sellerInformationQuery } },
      (request, reply) => {
        const { seller_url, page } = request.query;
        return serve(request, reply, `sellerInformation?${page}&${seller_url}`, () =>
          service.sellerInformation(seller_url, page),
        );
      },
    );

    // [API-12]
    api.get(`/${ns}/categories`, (request, reply) =>
      serve(request, reply, 'categories', () => service.categories()),
    );

    // [API-13, LIST-01, LIST-02]
    api.get(`/${ns}/browseProducts`, { schema: { querystring: pageQuery } }, (request, reply) =>
      serve(request, reply, `browseProducts?${request.query.page}`, () => service.browse(request.query.page)),
    );

    // [API-14]
    api.get(
      `/${ns}/categoryProducts`,
      { schema: { querystring: categoryProductsQuery } },
      (request, reply) => {
        const { category_id, page } = request.query;
        return serve(request, reply, `categoryProducts?${category_id}&${page}`, () =>
          service.categoryProducts(category_id, page),
        );
      },
    );

    // [API-16]
    api.get(`/${ns}/getgiftcardmmstemplates`, { schema: { querystring: productQuery } }, (request, reply) =>
      serve(request, reply, `mmsTemplates?${request.query.product_id}`, () =>
        service.mmsTemplates(request.query.product_id),
      ),
    );

    // [API-15] Magento's standard listing, outside {ns}.
    api.get(
      '/products-render-info',
      { schema: { querystring: productsRenderInfoQuery } },
      (request, reply) => {
        const size = request.query['searchCriteria[pageSize]'];
        const current = request.query['searchCriteria[currentPage]'];
        return serve(request, reply, `products-render-info?${current}&${size}`, () =>
          service.productsRenderInfo(current, size),
        );
      },
    );
  };
}
