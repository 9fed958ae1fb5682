import { errorReplies } from '@quokka/contract/api/errors';
import { sellerHomeReplySchema } from '@quokka/contract/api/seller-home';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { ForbiddenError } from '../../domain/errors.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import { currentStaff, requireStaff } from '../staff/staff-guards.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import { loadSellerHome } from './seller-home.ts';

// [I34] A seller's home screen: what to ship, what was refunded, this week's takings (seller-home.ts;
// docs/back-office.md "A seller's home").
//
//   GET /seller-home     the signed-in seller's staff member's own seller; an operator gets 403 (operators
//                        have the orders list and the dashboard strip: the home is a seller's)

export const SELLER_HOME_TEXT = {
  sellersOnly: 'The home screen is for a seller’s staff: operators start on Orders.',
} as const;

export interface SellerHomeRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: StaffSessions;
  outbox: OutboxSender;
}

export function sellerHomeRoutes({ db, clock, sessions }: SellerHomeRoutesDeps) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Back office: seller home');
    const staff = requireStaff(sessions);

    api.get(
      '/seller-home',
      {
        schema: { response: { 200: sellerHomeReplySchema, ...errorReplies(401, 403, 404) } },
        preHandler: staff,
      },
      async (request) => {
        const { staff: member } = currentStaff(request);
        if (member.role !== 'vendor' || member.seller_id === null)
          throw new ForbiddenError(SELLER_HOME_TEXT.sellersOnly);
        return loadSellerHome(db, member.seller_id, clock.now());
      },
    );
  };
}
