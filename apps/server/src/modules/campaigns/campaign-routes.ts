import {
  campaignBodySchema,
  campaignListQuerySchema,
  campaignListReplySchema,
  campaignPreviewReplySchema,
  campaignRefuseBodySchema,
  campaignSchema,
  campaignSendBodySchema,
  campaignTestReplySchema,
  campaignParamsSchema as params,
} from '@quokka/contract/api/campaigns';
import { errorReplies } from '@quokka/contract/api/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentRoutes } from '../../http/openapi.ts';
import { downloadReply } from '../../http/openapi-back-office.ts';
import { currentStaff, requireStaff } from '../staff/staff-guards.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import type { CampaignService, CampaignViewer } from './campaign-service.ts';

// [I29] /admin/api/campaigns (docs/campaigns.md "Campaigns"): thin routes over campaign-service.ts.
// Every route needs a full staff session; approve and refuse are operators' only. A vendor's staff asking
// for another seller's campaign get 404 on every route.

export interface CampaignRoutesDeps {
  sessions: StaffSessions;
  campaigns: CampaignService;
}

function viewerOf(request: FastifyRequest): CampaignViewer {
  const { staff } = currentStaff(request);
  return { staffId: staff.id, role: staff.role, sellerId: staff.seller_id };
}

const one = { 200: campaignSchema, ...errorReplies(400, 401, 403, 404, 409) };

export function campaignRoutes({ sessions, campaigns }: CampaignRoutesDeps) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const staff = requireStaff(sessions);
    const operator = requireStaff(sessions, { role: 'operator' });
    documentRoutes(api, 'Back office: text campaigns');

    api.get(
      '/campaigns',
      {
        schema: {
          querystring: campaignListQuerySchema,
          response: { 200: campaignListReplySchema, ...errorReplies(400, 401, 403) },
        },
        preHandler: staff,
      },
      async (request) => campaigns.list(request.query, viewerOf(request)),
    );

    api.post(
      '/campaigns/preview',
      {
        schema: {
          body: campaignBodySchema,
          response: { 200: campaignPreviewReplySchema, ...errorReplies(400, 401, 403) },
        },
        preHandler: staff,
      },
      async (request) => campaigns.preview(request.body, viewerOf(request)),
    );

    api.post(
      '/campaigns',
      { schema: { body: campaignBodySchema, response: one }, preHandler: staff },
      async (request) => campaigns.create(request.body, viewerOf(request)),
    );

    api.get('/campaigns/:id', { schema: { params, response: one }, preHandler: staff }, async (request) =>
      campaigns.get(request.params.id, viewerOf(request)),
    );

    api.put(
      '/campaigns/:id',
      { schema: { params, body: campaignBodySchema, response: one }, preHandler: staff },
      async (request) => campaigns.update(request.params.id, request.body, viewerOf(request)),
    );

    api.post(
      '/campaigns/:id/test',
      {
        schema: { params, response: { 200: campaignTestReplySchema, ...errorReplies(400, 401, 403, 404) } },
        preHandler: staff,
      },
      async (request) => campaigns.sendTest(request.params.id, viewerOf(request)),
    );

    api.post(
      '/campaigns/:id/send',
      { schema: { params, body: campaignSendBodySchema, response: one }, preHandler: staff },
      async (request) => campaigns.send(request.params.id, request.body, viewerOf(request)),
    );

    for (const action of ['pause', 'resume', 'cancel'] as const)
      api.post(
        `/campaigns/:id/${action}`,
        { schema: { params, response: one }, preHandler: staff },
        async (request) => campaigns[action](request.params.id, viewerOf(request)),
      );

    api.post(
      '/campaigns/:id/approve',
      { schema: { params, response: one }, preHandler: operator },
      async (request) => campaigns.approve(request.params.id, viewerOf(request)),
    );

    api.post(
      '/campaigns/:id/refuse',
      { schema: { params, body: campaignRefuseBodySchema, response: one }, preHandler: operator },
      async (request) => campaigns.refuse(request.params.id, request.body.reason, viewerOf(request)),
    );

    api.get(
      '/campaigns/:id/recipients.csv',
      {
        schema: {
          params,
          response: {
            200: downloadReply('text/csv', 'One line per recipient'),
            ...errorReplies(400, 401, 403, 404),
          },
        },
        preHandler: staff,
      },
      async (request, reply) => {
        const { name, csv } = await campaigns.recipientsCsv(request.params.id, viewerOf(request));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
