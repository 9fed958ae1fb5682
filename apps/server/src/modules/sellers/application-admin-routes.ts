import { errorReplies } from '@quokka/contract/api/errors';
import {
  adminSellerApplicationSchema,
  approveSellerApplicationReplySchema,
  refuseSellerApplicationBodySchema,
  sellerApplicationListQuerySchema,
  sellerApplicationListReplySchema,
  sellerApplicationParamsSchema,
} from '@quokka/contract/api/seller-applications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import { currentStaff, requireStaff } from '../staff/staff-guards.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import { createSellerApplicationService } from './application-service.ts';

// [I32] Sellers › Applications: operators approve or refuse (docs/sellers.md). Operators only (a seller's
// staff get 403). Thin routes over application-service.ts:
// - GET /seller-applications?status=waiting|approved|refused (waiting by default)
// - POST /seller-applications/:id/approve: the seller, its owner's account, the invite and approval texts
// - POST /seller-applications/:id/refuse {reason}: the reason is texted to the applicant
// Deciding an application that was decided already answers 400; an unknown id 404.

export interface SellerApplicationAdminRoutesDeps {
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

export function sellerApplicationAdminRoutes(deps: SellerApplicationAdminRoutesDeps) {
  const applications = createSellerApplicationService({
    db: deps.db,
    clock: deps.clock,
    outbox: deps.outbox,
    storeName: deps.config.STORE_NAME,
    publicUrl: deps.publicUrl,
  });
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const operator = requireStaff(deps.sessions, { role: 'operator' });
    documentRoutes(api, 'Back office: seller applications');

    api.get(
      '/seller-applications',
      {
        schema: {
          querystring: sellerApplicationListQuerySchema,
          response: { 200: sellerApplicationListReplySchema, ...errorReplies(400, 401, 403) },
        },
        preHandler: operator,
      },
      async (request) => ({ items: await applications.list(request.query.status) }),
    );

    api.post(
      '/seller-applications/:id/approve',
      {
        schema: {
          params: sellerApplicationParamsSchema,
          response: { 200: approveSellerApplicationReplySchema, ...errorReplies(400, 401, 403, 404) },
        },
        preHandler: operator,
      },
      async (request) => applications.approve(request.params.id, currentStaff(request).staff.id),
    );

    api.post(
      '/seller-applications/:id/refuse',
      {
        schema: {
          params: sellerApplicationParamsSchema,
          body: refuseSellerApplicationBodySchema,
          response: { 200: adminSellerApplicationSchema, ...errorReplies(400, 401, 403, 404) },
        },
        preHandler: operator,
      },
      async (request) =>
        applications.refuse(request.params.id, request.body.reason, currentStaff(request).staff.id),
    );
  };
}
