import { errorReplies } from '@quokka/contract/api/errors';
import {
  giftCardLookupBodySchema,
  giftCardLookupReplySchema,
  redeemGiftCardBodySchema,
  redeemGiftCardReplySchema,
} from '@quokka/contract/api/gift-card-redemption';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UnauthorizedError } from '../../domain/errors.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { GiftCardRedemptionService, RedeemActor } from './gift-card-redemption.ts';

// [I16-redeem] In-store redemption under /admin/api (packages/contract api/gift-card-redemption.ts;
// docs/gift-card-redemption.md): POST /gift-cards/lookup and POST /gift-cards/redeem. Any member of
// staff with a full session (a vendor sees only their seller's cards); redeeming spends a card's value,
// so it also needs a passkey check within the last 5 minutes (403 STEP_UP_REQUIRED), as refunds do. The
// number is sent in the body, so it never lands in an access log's URL.

export interface GiftCardRedemptionRoutesDeps {
  /** In-store redemption (gift-card-redemption.ts, built in services.ts). */
  redemption: GiftCardRedemptionService;
  /** The back office's guards (modules/staff/staff-guards.ts): any full session, a fresh passkey. */
  guards: { staff: preHandlerAsyncHookHandler; freshPasskey: preHandlerAsyncHookHandler };
}

function actorOf(request: FastifyRequest): RedeemActor {
  const staff = request.staffSession?.staff;
  if (!staff) throw new UnauthorizedError('Please sign in to the back office.', 'SIGN_IN_REQUIRED');
  return { staffId: staff.id, role: staff.role, sellerId: staff.seller_id };
}

export function giftCardRedemptionRoutes(deps: GiftCardRedemptionRoutesDeps) {
  const errors = errorReplies(400, 401, 403, 404, 409, 429);
  const { redemption } = deps;

  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Back office: gift card redemption');
    api.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    api.post(
      '/gift-cards/lookup',
      {
        schema: { body: giftCardLookupBodySchema, response: { 200: giftCardLookupReplySchema, ...errors } },
        preHandler: deps.guards.staff,
      },
      async (request) => redemption.lookup(actorOf(request), request.body.gift_card_no),
    );

    api.post(
      '/gift-cards/redeem',
      {
        schema: { body: redeemGiftCardBodySchema, response: { 200: redeemGiftCardReplySchema, ...errors } },
        preHandler: [deps.guards.staff, deps.guards.freshPasskey],
      },
      async (request) =>
        redemption.redeem(actorOf(request), {
          number: request.body.gift_card_no,
          amountCents: request.body.amount_cents,
          key: request.body.idempotency_key,
        }),
    );
  };
}
