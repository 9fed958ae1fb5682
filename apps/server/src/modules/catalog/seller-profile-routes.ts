import { errorReplies } from '@quokka/contract/api/errors';
import {
  sellerProfileQuerySchema,
  sellerProfileSchema,
  updateSellerProfileBodySchema,
} from '@quokka/contract/api/staff-admin';
import { PHOTO_CONTENT_TYPES } from '@quokka/contract/api/vendor-products';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { InvalidDataError } from '../../domain/errors.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import { currentStaff, requireStaff } from '../staff/staff-guards.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import { PHOTO_BODY_NEEDED } from './product-admin-routes.ts';
import { createSellerProfiles, type ProfileEditor, type ProfilePicture } from './seller-profile.ts';

// [I32] A seller's profile: name shown, description, logo, banner, shipping info (docs/sellers.md).
// GET/PUT /admin/api/seller-profile (the words), PUT /admin/api/seller-profile/logo and /banner (the
// picture itself as the body, as a product photo's: its Content-Type, at most MEDIA_MAX_BYTES, checked
// and kept by the media store). A seller's staff edit their own seller's profile; an operator names the
// seller with ?seller_id= (a vendor naming another seller: 404). Each answers the profile as it now is.

export interface SellerProfileRoutesDeps {
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

// 401 without a session; 403 without the CSRF token or a session still needing its passkey; 404 another
// seller's profile for a vendor (or no such seller); a picture may also be too large (413) or of no
// picture type (415).
const readErrors = errorReplies(400, 401, 403, 404);
const pictureErrors = errorReplies(400, 401, 403, 404, 413, 415);

export function sellerProfileRoutes(deps: SellerProfileRoutesDeps) {
  const { config, db, clock, sessions } = deps;
  const profiles = createSellerProfiles({ db, clock });

  const editorOf = (request: FastifyRequest): ProfileEditor => {
    const { staff } = currentStaff(request);
    return { staffId: staff.id, role: staff.role, sellerId: staff.seller_id };
  };

  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Back office: seller profile');
    const staff = requireStaff(sessions);
    // Only in this plugin: any image/* body is read as bytes (the media store decides what it is).
    app.addContentTypeParser(
      /^image\/[a-z0-9.+-]+$/i,
      { parseAs: 'buffer', bodyLimit: config.MEDIA_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    api.get(
      '/seller-profile',
      {
        schema: {
          querystring: sellerProfileQuerySchema,
          response: { 200: sellerProfileSchema, ...readErrors },
        },
        preHandler: staff,
      },
      async (request) => profiles.get(editorOf(request), request.query.seller_id),
    );

    api.put(
      '/seller-profile',
      {
        schema: {
          querystring: sellerProfileQuerySchema,
          body: updateSellerProfileBodySchema,
          response: { 200: sellerProfileSchema, ...readErrors },
        },
        preHandler: staff,
      },
      async (request) => profiles.update(editorOf(request), request.query.seller_id, request.body),
    );

    for (const which of ['logo', 'banner'] as const satisfies readonly ProfilePicture[]) {
      api.put(
        `/seller-profile/${which}`,
        {
          schema: {
            querystring: sellerProfileQuerySchema,
            response: { 200: sellerProfileSchema, ...pictureErrors },
            description: `The ${which} itself as the body; Content-Type one of ${PHOTO_CONTENT_TYPES.join(', ')}.`,
          },
          preHandler: staff,
        },
        async (request) => {
          const editor = editorOf(request);
          // Nothing is stored for a seller the editor may not edit.
          const sellerId = await profiles.assertEditable(editor, request.query.seller_id);
          const body = request.body;
          if (!Buffer.isBuffer(body) || body.length === 0) throw new InvalidDataError(PHOTO_BODY_NEEDED);
          const url = await deps.storePicture(body);
          return profiles.setPicture(editor, sellerId, which, url);
        },
      );
    }
  };
}
