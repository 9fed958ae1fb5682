import { errorReplies } from '@quokka/contract/api/errors';
import {
  adminMemberReplySchema,
  adminMembersReplySchema,
  memberParamsSchema,
  memberSearchQuerySchema,
  suspendMemberBodySchema,
} from '@quokka/contract/api/members';
import {
  adminSellerReplySchema,
  adminSellersReplySchema,
  sellerParamsSchema,
  suspendBodySchema,
} from '@quokka/contract/api/sellers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { createTokenService } from '../auth/token-service.ts';
import {
  catalogueChangeCommitted,
  liftSellerSuspensionIn,
  listAdminSellers,
  suspendSellerIn,
} from '../catalog/seller-suspension.ts';
import { liftMemberSuspensionIn, searchMembers, suspendMemberIn } from '../customer/member-suspension.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import { recordStaffAction } from '../staff/staff-audit.ts';
import { currentStaff, requireStaff } from '../staff/staff-guards.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import { sellerSuspensionTexts } from './suspension-texts.ts';

// [I32] Suspending a seller or a member, and lifting it (docs/sellers.md). Operators only (a vendor gets
// 403). Thin routes over the owners' services: the catalogue writes the seller and its products
// (catalog/seller-suspension.ts), the customer module the member (customer/member-suspension.ts); each
// change is one transaction with its audit line, and a seller's texts to its live staff are queued in it
// and sent before the reply (outbox.sendNow).
//
//   GET  /sellers                   every seller with its suspension (also the other screens' pickers)
//   POST /sellers/:id/suspend       {reason}: its products leave the storefront at once, in every process
//   POST /sellers/:id/lift          its products are back (the seller's own on/off switches untouched)
//   GET  /members?q=                members whose mobile or email contains q (at least 3 characters)
//   POST /members/:id/suspend       {reason}: they cannot sign in, order or redeem; their sessions end now
//   POST /members/:id/lift          they may sign in again (their ended sessions stay ended)

export interface SuspensionRoutesDeps {
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

const readErrors = errorReplies(400, 401, 403);
const changeErrors = errorReplies(400, 401, 403, 404, 409);

export function suspensionRoutes({ config, db, clock, sessions, outbox }: SuspensionRoutesDeps) {
  const texts = sellerSuspensionTexts({ storeName: config.STORE_NAME, clock });

  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Back office: suspensions');
    const operator = requireStaff(sessions, { role: 'operator' });

    api.get(
      '/sellers',
      { schema: { response: { 200: adminSellersReplySchema, ...readErrors } }, preHandler: operator },
      async () => ({ items: await listAdminSellers(db) }),
    );

    api.post(
      '/sellers/:id/suspend',
      {
        schema: {
          params: sellerParamsSchema,
          body: suspendBodySchema,
          response: { 200: adminSellerReplySchema, ...changeErrors },
        },
        preHandler: operator,
      },
      async (request) => {
        const { staff } = currentStaff(request);
        const now = clock.now();
        const { change, ids } = await db.transaction().execute(async (trx) => {
          const done = await suspendSellerIn(trx, {
            sellerId: request.params.id,
            reason: request.body.reason,
            staffId: staff.id,
            now,
          });
          await recordStaffAction(trx, {
            actor: { staffId: staff.id },
            action: 'seller.suspended',
            subject: `seller:${done.after.id}`,
            before: { suspended_at: null },
            after: {
              suspended_at: done.after.suspended_at,
              reason: done.after.suspended_reason,
              products: done.products,
            },
            at: now,
          });
          return { change: done, ids: await texts.suspended(trx, done.after, request.body.reason) };
        });
        catalogueChangeCommitted();
        await outbox.sendNow(ids);
        return { seller: change.after };
      },
    );

    api.post(
      '/sellers/:id/lift',
      {
        schema: { params: sellerParamsSchema, response: { 200: adminSellerReplySchema, ...changeErrors } },
        preHandler: operator,
      },
      async (request) => {
        const { staff } = currentStaff(request);
        const now = clock.now();
        const { change, ids } = await db.transaction().execute(async (trx) => {
          const done = await liftSellerSuspensionIn(trx, { sellerId: request.params.id });
          await recordStaffAction(trx, {
            actor: { staffId: staff.id },
            action: 'seller.suspension_lifted',
            subject: `seller:${done.after.id}`,
            before: { suspended_at: done.before.suspended_at, reason: done.before.suspended_reason },
            after: { suspended_at: null, products: done.products },
            at: now,
          });
          return { change: done, ids: await texts.lifted(trx, done.after) };
        });
        catalogueChangeCommitted();
        await outbox.sendNow(ids);
        return { seller: change.after };
      },
    );

    api.get(
      '/members',
      {
        schema: {
          querystring: memberSearchQuerySchema,
          response: { 200: adminMembersReplySchema, ...readErrors },
        },
        preHandler: operator,
      },
      async (request) => ({ items: await searchMembers(db, request.query.q) }),
    );

    api.post(
      '/members/:id/suspend',
      {
        schema: {
          params: memberParamsSchema,
          body: suspendMemberBodySchema,
          response: { 200: adminMemberReplySchema, ...changeErrors },
        },
        preHandler: operator,
      },
      async (request) => {
        const { staff } = currentStaff(request);
        const now = clock.now();
        const member = await db.transaction().execute(async (trx) => {
          const done = await suspendMemberIn(trx, {
            customerId: request.params.id,
            reason: request.body.reason,
            now,
          });
          // Every session of the member ends now; lifting does not bring them back (they sign in again).
          const sessionsEnded = await createTokenService({ db: trx, clock }).revokeAll(done.after.id);
          await recordStaffAction(trx, {
            actor: { staffId: staff.id },
            action: 'member.suspended',
            subject: `customer:${done.after.id}`,
            before: { suspended_at: null },
            after: {
              suspended_at: done.after.suspended_at,
              reason: done.after.suspended_reason,
              sessions_ended: sessionsEnded,
            },
            at: now,
          });
          return done.after;
        });
        return { member };
      },
    );

    api.post(
      '/members/:id/lift',
      {
        schema: { params: memberParamsSchema, response: { 200: adminMemberReplySchema, ...changeErrors } },
        preHandler: operator,
      },
      async (request) => {
        const { staff } = currentStaff(request);
        const now = clock.now();
        const member = await db.transaction().execute(async (trx) => {
          const done = await liftMemberSuspensionIn(trx, { customerId: request.params.id });
          await recordStaffAction(trx, {
            actor: { staffId: staff.id },
            action: 'member.suspension_lifted',
            subject: `customer:${done.after.id}`,
            before: { suspended_at: done.before.suspended_at, reason: done.before.suspended_reason },
            after: { suspended_at: null },
            at: now,
          });
          return done.after;
        });
        return { member };
      },
    );
  };
}
