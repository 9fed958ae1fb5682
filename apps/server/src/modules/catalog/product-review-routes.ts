import { errorReplies } from '@quokka/contract/api/errors';
import {
  productChangeParamsSchema,
  productParamsSchema,
  productReviewQueueReplySchema,
  refuseProductBodySchema,
  vendorProductSchema,
} from '@quokka/contract/api/vendor-products';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import { currentStaff, requireStaff } from '../staff/staff-guards.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import { loadVendorProduct, type ProductEditor } from './product-editing.ts';
import { createProductReview } from './product-review.ts';

// [I32] Products › Waiting for approval: new products and held changes (PRODUCT_REVIEW=manual) (docs/sellers.md).
// GET /products/review, POST /products/:id/approve|refuse and POST /product-changes/:id/approve|refuse are
// operators' (403 for a vendor); POST /products/:id/submit sends a refused product for approval again
// (its seller's staff, or an operator; another seller's product is 404). Each decision texts the seller's
// owner, sent before the reply; each answers the product as it now is.

export interface ProductReviewRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: StaffSessions;
  /** The outbox's sender: the texts a change queued go before the reply. */
  outbox: Pick<OutboxSender, 'sendNow'>;
  /** PUBLIC_URL as the app resolved it. */
  publicUrl: string;
  /** Stores a photo in the media store; answers its /media URL (throws InvalidDataError for a bad one). */
  storePicture: (bytes: Buffer) => Promise<string>;
}

const decideErrors = errorReplies(400, 401, 403, 404, 409);

export function productReviewRoutes(deps: ProductReviewRoutesDeps) {
  const { config, db, clock, sessions, outbox, publicUrl } = deps;
  const review = createProductReview({
    db,
    clock,
    productReview: config.PRODUCT_REVIEW,
    storeName: config.STORE_NAME,
    publicUrl,
  });

  function editorOf(request: FastifyRequest): ProductEditor {
    const { staff } = currentStaff(request);
    return {
      staffId: staff.id,
      role: staff.role,
      sellerId: staff.seller_id,
      assertFreshPasskey: async () => {},
    };
  }

  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Back office: products');
    const staff = requireStaff(sessions);
    const operator = requireStaff(sessions, { role: 'operator' });

    const reply = (request: FastifyRequest, id: number) => loadVendorProduct(db, editorOf(request), id);
    const staffId = (request: FastifyRequest) => currentStaff(request).staff.id;
    const changeProduct = async (changeId: number) =>
      (
        await db
          .selectFrom('product_changes')
          .select('product_id')
          .where('id', '=', changeId)
          .executeTakeFirstOrThrow()
      ).product_id;

    api.get(
      '/products/review',
      {
        schema: { response: { 200: productReviewQueueReplySchema, ...errorReplies(401, 403) } },
        preHandler: operator,
      },
      async (request) => review.queue(staffId(request)),
    );

    api.post(
      '/products/:id/approve',
      {
        schema: { params: productParamsSchema, response: { 200: vendorProductSchema, ...decideErrors } },
        preHandler: operator,
      },
      async (request) => {
        await outbox.sendNow(await review.approve(staffId(request), request.params.id));
        return reply(request, request.params.id);
      },
    );

    api.post(
      '/products/:id/refuse',
      {
        schema: {
          params: productParamsSchema,
          body: refuseProductBodySchema,
          response: { 200: vendorProductSchema, ...decideErrors },
        },
        preHandler: operator,
      },
      async (request) => {
        await outbox.sendNow(await review.refuse(staffId(request), request.params.id, request.body.reason));
        return reply(request, request.params.id);
      },
    );

    api.post(
      '/products/:id/submit',
      {
        schema: { params: productParamsSchema, response: { 200: vendorProductSchema, ...decideErrors } },
        preHandler: staff,
      },
      async (request) => {
        await review.submit(editorOf(request), request.params.id);
        return reply(request, request.params.id);
      },
    );

    api.post(
      '/product-changes/:id/approve',
      {
        schema: {
          params: productChangeParamsSchema,
          response: { 200: vendorProductSchema, ...decideErrors },
        },
        preHandler: operator,
      },
      async (request) => {
        await outbox.sendNow(await review.approveChange(staffId(request), request.params.id));
        return reply(request, await changeProduct(request.params.id));
      },
    );

    api.post(
      '/product-changes/:id/refuse',
      {
        schema: {
          params: productChangeParamsSchema,
          body: refuseProductBodySchema,
          response: { 200: vendorProductSchema, ...decideErrors },
        },
        preHandler: operator,
      },
      async (request) => {
        const { id } = request.params;
        await outbox.sendNow(await review.refuseChange(staffId(request), id, request.body.reason));
        return reply(request, await changeProduct(id));
      },
    );
  };
}
