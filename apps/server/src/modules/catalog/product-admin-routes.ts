import { errorReplies } from '@quokka/contract/api/errors';
import {
  colourParamsSchema,
  createVendorProductBodySchema,
  PHOTO_CONTENT_TYPES,
  photoParamsSchema,
  productCategoriesReplySchema,
  productParamsSchema,
  reorderPhotosBodySchema,
  skuSuggestionQuerySchema,
  skuSuggestionReplySchema,
  updateVendorProductBodySchema,
  updateVendorVariantBodySchema,
  updateVendorVariantsBodySchema,
  uploadedPictureReplySchema,
  variantParamsSchema,
  vendorProductListQuerySchema,
  vendorProductListReplySchema,
  vendorProductSchema,
} from '@quokka/contract/api/vendor-products';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { InvalidDataError } from '../../domain/errors.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { currentStaff, requireFreshPasskey, requireStaff } from '../staff/staff-guards.ts';
import { STEP_UP_MINUTES } from '../staff/staff-routes.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import { createProductCreation } from './product-creation.ts';
import {
  listVendorProducts,
  loadVendorProduct,
  type ProductEditing,
  type ProductEditor,
} from './product-editing.ts';

// [I16-products] The back office's products under /admin/api/products (docs/vendor-products.md). Every
// route needs a full staff session (vendors and operators); a vendor reaches only their own seller's
// products (404 for any other). Each change answers with the product as it now is.
//
// Photos are sent as the request body itself with the picture's Content-Type (image/jpeg, image/png,
// image/webp, image/avif, image/gif; at most MEDIA_MAX_BYTES): no multipart. The media store checks them
// (picture-check.ts: the type from the bytes, decoded whole, size and pixel limits) and keeps a clean
// copy; the catalogue keeps its /media path, as an import does.
//
// [I32] Add product (product-creation.ts): POST /products/pictures stores a photo and answers its path,
// then POST /products creates the product with its photos named (1–4, and one picture per colour), so a
// product never exists without a photo. GET /products/sku-suggestion and /products/categories feed the form.
//
// [I34-variants] PATCH /products/:id/variants saves every variant changed on the page at once, all or
// nothing. [I34-photos] PUT /products/:id/photos/:position puts a new photo in the place of one.

/** Takes a picture's bytes into the media store and answers its /media/products/… path (app.ts). */
export type StoreProductPicture = (bytes: Buffer) => Promise<string>;

export interface ProductAdminRoutesDeps {
  db: Db;
  clock: Clock;
  sessions: StaffSessions;
  /** Vendors' and operators' product changes (product-editing.ts, built in services.ts). */
  editing: ProductEditing;
  storePicture: StoreProductPicture;
  /** The largest picture body accepted (MEDIA_MAX_BYTES). */
  maxPictureBytes: number;
}

// The error replies (the shared shape): 401 without a session; 403 without the CSRF token, another
// seller's product for a vendor's change, or STEP_UP_REQUIRED for a price change without a fresh passkey
// check; 404 no such product (or another seller's); 409 a change that crossed another; a photo's bytes
// may also be too large (413) or not a picture type (415).
const readErrors = errorReplies(400, 401, 403, 404);
const editErrors = errorReplies(400, 401, 403, 404, 409);
const photoErrors = errorReplies(400, 401, 403, 404, 409, 413, 415);

export const PHOTO_BODY_NEEDED =
  'Send the photo itself as the request body, with its type (image/jpeg, image/png, image/webp, image/avif or image/gif).';

function pictureBody(body: unknown): Buffer {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new InvalidDataError(PHOTO_BODY_NEEDED);
  return body;
}

export function productAdminRoutes(deps: ProductAdminRoutesDeps) {
  const { db, clock, sessions, editing } = deps;
  const creation = createProductCreation({ db, clock, productReview: editing.productReview });

  const freshPasskey = requireFreshPasskey(() => clock.now(), STEP_UP_MINUTES);

  /**
   * Who edits; [I27-price-step-up] a price change that needs the passkey runs the money actions' own
   * guard on this request (5 minutes, a pending passkey does not count) only when the change needs it.
   */
  function editorOf(request: FastifyRequest): ProductEditor {
    const { staff } = currentStaff(request);
    return {
      staffId: staff.id,
      role: staff.role,
      sellerId: staff.seller_id,
      assertFreshPasskey: () => freshPasskey(request),
    };
  }

  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Back office: products');
    const staff = requireStaff(sessions);
    // Only in this plugin: any image/* body is read as bytes (the media store decides what it is).
    app.addContentTypeParser(
      /^image\/[a-z0-9.+-]+$/i,
      { parseAs: 'buffer', bodyLimit: deps.maxPictureBytes },
      (_request, body, done) => done(null, body),
    );

    const productReply = (request: FastifyRequest, id: number) =>
      loadVendorProduct(db, editorOf(request), id);

    /** Checks the caller may see the product first, so nothing is stored for another seller's product. */
    const storeFor = async (request: FastifyRequest, id: number, body: unknown) => {
      await editing.assertVisible(editorOf(request), id);
      return deps.storePicture(pictureBody(body));
    };

    api.get(
      '/products',
      {
        schema: {
          querystring: vendorProductListQuerySchema,
          response: { 200: vendorProductListReplySchema, ...errorReplies(400, 401, 403) },
        },
        preHandler: staff,
      },
      async (request) => listVendorProducts(db, editorOf(request), request.query),
    );

    api.get(
      '/products/sku-suggestion',
      {
        schema: {
          querystring: skuSuggestionQuerySchema,
          response: { 200: skuSuggestionReplySchema, ...errorReplies(400, 401, 403) },
        },
        preHandler: staff,
      },
      async (request) => ({ sku: await creation.suggestSku(request.query.name) }),
    );

    api.get(
      '/products/categories',
      {
        schema: { response: { 200: productCategoriesReplySchema, ...errorReplies(401, 403) } },
        preHandler: staff,
      },
      async () => creation.categories(),
    );

    api.post(
      '/products/pictures',
      {
        schema: {
          response: { 200: uploadedPictureReplySchema, ...errorReplies(400, 401, 403, 413, 415) },
          description: `[I32] A new product's photo or colour picture, stored before the product is created: the bytes as the body; Content-Type one of ${PHOTO_CONTENT_TYPES.join(', ')}.`,
        },
        preHandler: staff,
      },
      async (request) => ({ url: await deps.storePicture(pictureBody(request.body)) }),
    );

    api.post(
      '/products',
      {
        schema: {
          body: createVendorProductBodySchema,
          response: { 200: vendorProductSchema, ...errorReplies(400, 401, 403, 404, 409) },
        },
        preHandler: staff,
      },
      async (request) => {
        const id = await creation.create(editorOf(request), request.body);
        return productReply(request, id);
      },
    );

    api.get(
      '/products/:id',
      {
        schema: { params: productParamsSchema, response: { 200: vendorProductSchema, ...readErrors } },
        preHandler: staff,
      },
      async (request) => productReply(request, request.params.id),
    );

    api.patch(
      '/products/:id',
      {
        schema: {
          params: productParamsSchema,
          body: updateVendorProductBodySchema,
          response: { 200: vendorProductSchema, ...editErrors },
        },
        preHandler: staff,
      },
      async (request) => {
        await editing.updateProduct(editorOf(request), request.params.id, request.body);
        return productReply(request, request.params.id);
      },
    );

    // [I34-variants] Every variant changed on the page in one save: all or nothing, each row checked.
    api.patch(
      '/products/:id/variants',
      {
        schema: {
          params: productParamsSchema,
          body: updateVendorVariantsBodySchema,
          response: { 200: vendorProductSchema, ...editErrors },
          description:
            '[I34-variants] Several variants in one transaction: a 400 names the row and field (variants.2.price_cents), 404 a row that is not this product’s variant, 409 each stock that moved; nothing is saved unless every row is. One audit line per variant changed.',
        },
        preHandler: staff,
      },
      async (request) => {
        await editing.updateVariants(editorOf(request), request.params.id, request.body.variants);
        return productReply(request, request.params.id);
      },
    );

    api.patch(
      '/products/:id/variants/:variantId',
      {
        schema: {
          params: variantParamsSchema,
          body: updateVendorVariantBodySchema,
          response: { 200: vendorProductSchema, ...editErrors },
        },
        preHandler: staff,
      },
      async (request) => {
        const { id, variantId } = request.params;
        await editing.updateVariant(editorOf(request), id, variantId, request.body);
        return productReply(request, id);
      },
    );

    api.post(
      '/products/:id/photos',
      {
        schema: {
          params: productParamsSchema,
          response: { 200: vendorProductSchema, ...photoErrors },
          description: `The photo's bytes as the body; Content-Type one of ${PHOTO_CONTENT_TYPES.join(', ')}.`,
        },
        preHandler: staff,
      },
      async (request) => {
        const { id } = request.params;
        const url = await storeFor(request, id, request.body);
        await editing.addPhoto(editorOf(request), id, url);
        return productReply(request, id);
      },
    );

    api.put(
      '/products/:id/photos/order',
      {
        schema: {
          params: productParamsSchema,
          body: reorderPhotosBodySchema,
          response: { 200: vendorProductSchema, ...editErrors },
        },
        preHandler: staff,
      },
      async (request) => {
        await editing.reorderPhotos(editorOf(request), request.params.id, request.body.photos);
        return productReply(request, request.params.id);
      },
    );

    // [I34-photos] A new photo in the place of one (a full set of 4 needs no Remove first).
    api.put(
      '/products/:id/photos/:position',
      {
        schema: {
          params: photoParamsSchema,
          response: { 200: vendorProductSchema, ...photoErrors },
          description: `[I34-photos] The new photo's bytes as the body, in the place of the photo at :position (0 = main); Content-Type one of ${PHOTO_CONTENT_TYPES.join(', ')}.`,
        },
        preHandler: staff,
      },
      async (request) => {
        const { id, position } = request.params;
        const url = await storeFor(request, id, request.body);
        await editing.replacePhoto(editorOf(request), id, position, url);
        return productReply(request, id);
      },
    );

    api.delete(
      '/products/:id/photos/:position',
      {
        schema: { params: photoParamsSchema, response: { 200: vendorProductSchema, ...editErrors } },
        preHandler: staff,
      },
      async (request) => {
        await editing.removePhoto(editorOf(request), request.params.id, request.params.position);
        return productReply(request, request.params.id);
      },
    );

    api.put(
      '/products/:id/colours/:colourId/photo',
      {
        schema: {
          params: colourParamsSchema,
          response: { 200: vendorProductSchema, ...photoErrors },
          description: `The colour's picture as the body; Content-Type one of ${PHOTO_CONTENT_TYPES.join(', ')}.`,
        },
        preHandler: staff,
      },
      async (request) => {
        const { id, colourId } = request.params;
        const url = await storeFor(request, id, request.body);
        await editing.setColourPhoto(editorOf(request), id, colourId, url);
        return productReply(request, id);
      },
    );

    api.delete(
      '/products/:id/colours/:colourId/photo',
      {
        schema: { params: colourParamsSchema, response: { 200: vendorProductSchema, ...editErrors } },
        preHandler: staff,
      },
      async (request) => {
        const { id, colourId } = request.params;
        await editing.setColourPhoto(editorOf(request), id, colourId, null);
        return productReply(request, id);
      },
    );
  };
}
