import {
  automationBodySchema,
  automationListQuerySchema,
  automationListReplySchema,
  automationParamsSchema,
  automationPreviewBodySchema,
  automationPreviewReplySchema,
  automationSchema,
} from '@quokka/contract/api/automations';
import { errorReplies } from '@quokka/contract/api/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { currentStaff, requireStaff } from '../staff/staff-guards.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import { type AutomationViewer, createAutomationService } from './automation-service.ts';

// [I31] /admin/api/automations (docs/automations.md "The back office API"): thin routes over
// automation-service.ts. Every route needs a full staff session; a seller's staff act for their own seller
// (another seller's id answers 404); operators name the seller (400 without it).

export interface AutomationRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: StaffSessions;
  /** PUBLIC_URL as the app resolved it (the sample links' length); defaults to config.PUBLIC_URL. */
  publicUrl?: string;
}

function viewerOf(request: FastifyRequest): AutomationViewer {
  const { staff } = currentStaff(request);
  return { staffId: staff.id, role: staff.role, sellerId: staff.seller_id };
}

export function automationRoutes(deps: AutomationRoutesDeps) {
  const automations = createAutomationService({
    db: deps.db,
    clock: deps.clock,
    publicUrl: deps.publicUrl ?? deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`,
    cartReminderHours: deps.config.CART_REMINDER_HOURS,
    thankYouDays: deps.config.THANK_YOU_DAYS,
  });
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const staff = requireStaff(deps.sessions);
    documentRoutes(api, 'Back office: automated texts');

    api.get(
      '/automations',
      {
        schema: {
          querystring: automationListQuerySchema,
          response: { 200: automationListReplySchema, ...errorReplies(400, 401, 403, 404) },
        },
        preHandler: staff,
      },
      async (request) => automations.list(request.query, viewerOf(request)),
    );

    api.post(
      '/automations/preview',
      {
        schema: {
          body: automationPreviewBodySchema,
          response: { 200: automationPreviewReplySchema, ...errorReplies(400, 401, 403, 404) },
        },
        preHandler: staff,
      },
      async (request) => automations.preview(request.body, viewerOf(request)),
    );

    api.put(
      '/automations/:flow',
      {
        schema: {
          params: automationParamsSchema,
          body: automationBodySchema,
          response: { 200: automationSchema, ...errorReplies(400, 401, 403, 404) },
        },
        preHandler: staff,
      },
      async (request) => automations.save(request.params.flow, request.body, viewerOf(request)),
    );
  };
}
