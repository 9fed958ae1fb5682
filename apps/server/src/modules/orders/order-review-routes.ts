import {
  adminOrderReplySchema,
  approveOrderBodySchema,
  refuseOrderBodySchema,
} from '@quokka/contract/api/admin';
import { idParam } from '@quokka/contract/api/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { BackOfficeRoutes } from '../staff/staff-back-office.ts';
import { currentStaff, requireStaff } from '../staff/staff-guards.ts';
import type { OrderReview } from './order-review.ts';
import { loadAdminOrder } from './orders-read.ts';

// [I15-review] POST /admin/api/orders/:id/approve and /refuse: operators only (a full session, its CSRF
// token, the operator role: staff-guards.ts). Each answers the order as it now is (orders-read.ts).

export interface OrderReviewRoutesDeps {
  db: Db;
  review: OrderReview;
}

const orderParams = z.object({ id: idParam });

export function orderReviewRoutes({ db, review }: OrderReviewRoutesDeps): BackOfficeRoutes {
  return ({ sessions }) =>
    async (app: FastifyInstance) => {
      const api = app.withTypeProvider<ZodTypeProvider>();
      const operator = requireStaff(sessions, { role: 'operator' });

      api.post(
        '/orders/:id/approve',
        {
          preHandler: operator,
          schema: {
            params: orderParams,
            body: approveOrderBodySchema.optional(),
            response: { 200: adminOrderReplySchema },
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
          preHandler: operator,
          schema: {
            params: orderParams,
            body: refuseOrderBodySchema,
            response: { 200: adminOrderReplySchema },
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
