import { statusReplySchema } from '@quokka/contract/api/common';
import { errorReplies } from '@quokka/contract/api/errors';
import {
  addStaffBodySchema,
  staffListItemSchema,
  staffListReplySchema,
  staffParamsSchema,
} from '@quokka/contract/api/staff-admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import { currentStaff, requireStaff } from './staff-guards.ts';
import { createStaffMembers, type StaffSellers } from './staff-members.ts';
import type { StaffSessions } from './staff-sessions.ts';

// [I32] Staff from the back office: operators add and remove any staff; a seller's owner their seller's (docs/sellers.md).
// GET /admin/api/staff, POST /admin/api/staff {name, mobile, role?, seller_id?}, DELETE /admin/api/staff/:id,
// POST /admin/api/staff/:id/invite. Thin routes over staff-members.ts, which holds the rules.

export interface StaffAdminRoutesDeps {
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
  /** The catalogue's seller names (catalog/seller-profile.ts): Staff never reads the sellers table. */
  sellers: StaffSellers;
}

// 401 without a session; 403 without the CSRF token, for a session still needing its passkey, or a vendor
// who is not their seller's owner; 404 a member the caller may not see (another seller's: isolation).
const listErrors = errorReplies(401, 403);
const changeErrors = errorReplies(400, 401, 403, 404);

export function staffAdminRoutes(deps: StaffAdminRoutesDeps) {
  const members = createStaffMembers({
    db: deps.db,
    clock: deps.clock,
    outbox: deps.outbox,
    sellers: deps.sellers,
    invite: { storeName: deps.config.STORE_NAME, publicUrl: deps.publicUrl },
  });
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Back office: staff');
    const staff = requireStaff(deps.sessions);

    api.get(
      '/staff',
      { schema: { response: { 200: staffListReplySchema, ...listErrors } }, preHandler: staff },
      async (request) => ({ items: await members.list(currentStaff(request).staff) }),
    );

    api.post(
      '/staff',
      {
        schema: { body: addStaffBodySchema, response: { 200: staffListItemSchema, ...changeErrors } },
        preHandler: staff,
      },
      async (request) => members.add(currentStaff(request).staff, request.body),
    );

    api.delete(
      '/staff/:id',
      {
        schema: { params: staffParamsSchema, response: { 200: statusReplySchema, ...changeErrors } },
        preHandler: staff,
      },
      async (request) => {
        await members.remove(currentStaff(request).staff, request.params.id);
        return { status: true } as const;
      },
    );

    api.post(
      '/staff/:id/invite',
      {
        schema: { params: staffParamsSchema, response: { 200: staffListItemSchema, ...changeErrors } },
        preHandler: staff,
      },
      async (request) => members.reinvite(currentStaff(request).staff, request.params.id),
    );
  };
}
