import {
  adminGiftCardReplySchema,
  idParamsSchema as cardParams,
  giftCardListQuerySchema,
  giftCardListReplySchema,
  giftCardNumberReplySchema,
  rescheduleGiftCardBodySchema,
  resendGiftCardBodySchema,
  voidGiftCardBodySchema,
} from '@quokka/contract/api/admin';
import { errorReplies } from '@quokka/contract/api/errors';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UnauthorizedError } from '../../domain/errors.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { GiftCardConsole } from './giftcards-console.ts';

// [I15-giftcards] The gift card console under /admin/api/gift-cards (packages/contract api/admin.ts;
// docs/gift-card-console.md). Operators only (vendors get 403); voiding refunds money, so it also needs a
// passkey check within the last 5 minutes (403 STEP_UP_REQUIRED), and so do [I27] showing a card's whole
// number (cards are listed masked) and resending it to a different mobile. Thin routes over
// giftcards-console.ts.

export interface GiftCardConsoleRoutesDeps {
  /** The console (giftcards-console.ts, built in services.ts). */
  giftCards: GiftCardConsole;
  /** The back office's guards (modules/staff/staff-guards.ts): a full operator session, a fresh passkey. */
  guards: { operator: preHandlerAsyncHookHandler; freshPasskey: preHandlerAsyncHookHandler };
}

/** The member of staff of a request the operator guard let through. */
function staffIdOf(request: FastifyRequest): number {
  const id = request.staffSession?.staff.id;
  if (id === undefined) throw new UnauthorizedError('Please sign in to the back office.', 'SIGN_IN_REQUIRED');
  return id;
}

export function giftCardConsoleRoutes(deps: GiftCardConsoleRoutesDeps) {
  const { operator, freshPasskey } = deps.guards;
  const errors = errorReplies(400, 401, 403, 404, 409);

  return async (app: FastifyInstance) => {
    const { giftCards } = deps;
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Back office: gift cards');
    // Recipients' names and numbers: never kept by a shared cache.
    api.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    api.get(
      '/gift-cards',
      {
        schema: {
          querystring: giftCardListQuerySchema,
          response: { 200: giftCardListReplySchema, ...errors },
        },
        preHandler: operator,
      },
      async (request) => giftCards.list(request.query),
    );

    api.get(
      '/gift-cards/:id',
      {
        schema: { params: cardParams, response: { 200: adminGiftCardReplySchema, ...errors } },
        preHandler: operator,
      },
      async (request) => giftCards.get(request.params.id),
    );

    api.post(
      '/gift-cards/:id/resend',
      {
        schema: {
          params: cardParams,
          body: resendGiftCardBodySchema,
          response: { 200: adminGiftCardReplySchema, ...errors },
        },
        preHandler: operator,
      },
      async (request, reply) =>
        giftCards.resend(staffIdOf(request), request.params.id, request.body, async () => {
          await freshPasskey.call(app, request, reply);
        }),
    );

    // [I27-mask] The whole number of one card, for an operator who must read it out (a fresh passkey check;
    // audited). POST: it writes the audit line, and a GET could be fetched from a link.
    api.post(
      '/gift-cards/:id/number',
      {
        schema: { params: cardParams, response: { 200: giftCardNumberReplySchema, ...errors } },
        preHandler: [operator, freshPasskey],
      },
      async (request) => giftCards.showNumber(staffIdOf(request), request.params.id),
    );

    api.post(
      '/gift-cards/:id/reschedule',
      {
        schema: {
          params: cardParams,
          body: rescheduleGiftCardBodySchema,
          response: { 200: adminGiftCardReplySchema, ...errors },
        },
        preHandler: operator,
      },
      async (request) => giftCards.reschedule(staffIdOf(request), request.params.id, request.body),
    );

    api.post(
      '/gift-cards/:id/void',
      {
        schema: {
          params: cardParams,
          body: voidGiftCardBodySchema,
          response: { 200: adminGiftCardReplySchema, ...errors },
        },
        preHandler: [operator, freshPasskey],
      },
      async (request) => giftCards.void(staffIdOf(request), request.params.id, request.body),
    );
  };
}
