import {
  adminOrderReplySchema,
  approveOrderBodySchema,
  idParamsSchema as orderParams,
  refuseOrderBodySchema,
} from '@quokka/contract/api/admin';
import { errorReplies } from '@quokka/contract/api/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { BackOfficeRoutes } from '../staff/staff-back-office.ts';
import { currentStaff, requireFreshPasskey, requireStaff } from '../staff/staff-guards.ts';
import { STEP_UP_MINUTES } from '../staff/staff-routes.ts';
import { loadAdminOrder } from './order-detail.ts';
import type { OrderReview } from './order-review.ts';

// [I15-review] POST /admin/api/orders/:id/approve and /refuse: operators only (a full session, its CSRF
// token, the operator role: staff-guards.ts). Each answers the order as it now is (order-detail.ts).
// [I27-step-up] A refusal releases the payment (and gives a gift card's part back), as a cancellation
// does, so it asks for a passkey check in the last 5 minutes like a cancellation (403 STEP_UP_REQUIRED).
// An approval captures the payment the shopper authorised for this order: money moves to the shop, not
// away from it, so it does not ask.

export interface OrderReviewRoutesDeps {
  db: Db;
  clock: Clock;
  review: OrderReview;
}

// 401 without a session; 403 without the CSRF token, for a vendor, or (a refusal) STEP_UP_REQUIRED; 404 no
// such order; 409 an order no longer waiting for review.
const errors = errorReplies(400, 401, 403, 404, 409);

export function orderReviewRoutes({ db, clock, review }: OrderReviewRoutesDeps): BackOfficeRoutes {
  return ({ sessions }) =>
    async (app: FastifyInstance) => {
      const api = app.withTypeProvider<ZodTypeProvider>();
      documentRoutes(api, 'Back office: orders');
      const operator = requireStaff(sessions, { role: 'operator' });
      const freshPasskey = requireFreshPasskey(() => clock.now(), STEP_UP_MINUTES);

      api.post(
        '/orders/:id/approve',
        {
          preHandler: operator,
          schema: {
            params: orderParams,
            body: approveOrderBodySchema.optional(),
            response: { 200: adminOrderReplySchema, ...errors },
          },
        },
        async (request) => {
          const { staff } = currentStaff(request);
          await review.approve(request.params.id, { staffId: staff.id }, request.body?.note);
          return loadAdminOrder(db, request.params.id, staff);
        },
      );

      api.post(
        '/orders/:id/refuse',
        {
          preHandler: [operator, freshPasskey],
          schema: {
            params: orderParams,
            body: refuseOrderBodySchema,
            response: { 200: adminOrderReplySchema, ...errors },
          },
        },
        async (request) => {
          const { staff } = currentStaff(request);
          await review.refuse(request.params.id, request.body.reason, { staffId: staff.id });
          return loadAdminOrder(db, request.params.id, staff);
        },
      );
    };
}
