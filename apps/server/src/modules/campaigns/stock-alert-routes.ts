import {
  STOCK_ALERT_TEXTS,
  stockAlertBodySchema,
  stockAlertParamsSchema,
  stockAlertQuerySchema,
  stockAlertReplySchema,
  stockAlertStatusSchema,
} from '@quokka/contract/api/automations';
import { statusReplySchema } from '@quokka/contract/api/common';
import { errorReplies } from '@quokka/contract/api/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { InvalidDataError, UnauthorizedError } from '../../domain/errors.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { documentRoutes } from '../../http/openapi.ts';
import {
  bearerTokenOf,
  currentCustomer,
  liveCustomerOf,
  memberOrAddressKey,
  requireCustomer,
  SIGN_IN_EXPIRED,
} from '../auth/customer-auth.ts';
import { verifyLinkToken } from '../auth/link-tokens.ts';
import { createStockAlerts, memberMobileOf, type StockAlertAsker } from './stock-alerts.ts';

// [I31] {ns}/stockAlerts (docs/automations.md "Back in stock"): "Text me when it's back".
// (Registered in app.ts under every store code, as the other storefront routes.)
// - GET ?product_id=: whether the product's seller offers it, the signed-in member's waiting items of the
//   product (its children for a configurable one), the words shown beside the button.
// - POST {product_id, jwt?}: a member (bearer token) or a visitor with the verified-mobile token of the
//   one-time code (POST {ns}/sendCode, {ns}/confirmCode) asks for one sold-out item's text.
// - DELETE /:product_id: a member stops waiting for that item.
// The asking is counted per member or per address (a shared NAT's shoppers each prove their own mobile).

export interface StockAlertRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  tokenKey: Uint8Array;
}

/** Asks per member, or per address for visitors, an hour (on top of the global limit). */
export const STOCK_ALERT_ASKS_PER_HOUR = 60;

export function stockAlertRoutes({ config, db, clock, tokenKey }: StockAlertRoutesDeps): ApiPlugin {
  const ns = config.API_NAMESPACE;
  const alerts = createStockAlerts({ db, clock });

  /** The member of a live bearer token, or the visitor's proven mobile; else 401. */
  async function askerOf(request: FastifyRequest, jwt: string | undefined): Promise<StockAlertAsker> {
    const live = await liveCustomerOf(request);
    if (live) {
      const mobile = await memberMobileOf(db, live.customerId);
      if (mobile) return { proof: 'member', customerId: live.customerId, mobile };
    }
    if (jwt !== undefined && jwt !== '') {
      const proof = await verifyLinkToken(tokenKey, jwt, clock.now());
      if (proof.status === 'valid') return { proof: 'code', mobile: proof.claims.mobile };
      // As registration answers a bad proof: 400 with what to do.
      if (proof.status === 'expired') throw new InvalidDataError(STOCK_ALERT_TEXTS.codeExpired);
      throw new InvalidDataError(STOCK_ALERT_TEXTS.codeInvalid);
    }
    if (bearerTokenOf(request)) throw new UnauthorizedError(SIGN_IN_EXPIRED, 'SESSION_EXPIRED');
    throw new UnauthorizedError(STOCK_ALERT_TEXTS.mobileRequired, 'SIGN_IN_REQUIRED');
  }

  return (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Catalogue');
    api.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    api.get(
      `/${ns}/stockAlerts`,
      {
        schema: {
          querystring: stockAlertQuerySchema,
          response: { 200: stockAlertStatusSchema, ...errorReplies(400, 404, 429) },
        },
      },
      async (request) => {
        const live = await liveCustomerOf(request);
        return alerts.status(request.query.product_id, live?.customerId);
      },
    );

    api.post(
      `/${ns}/stockAlerts`,
      {
        schema: {
          body: stockAlertBodySchema,
          response: { 200: stockAlertReplySchema, ...errorReplies(400, 401, 404, 409, 429) },
        },
        config: {
          rateLimit: {
            max: STOCK_ALERT_ASKS_PER_HOUR,
            timeWindow: '1 hour',
            keyGenerator: memberOrAddressKey,
          },
        },
      },
      async (request) => {
        const asker = await askerOf(request, request.body.jwt);
        return alerts.ask(request.body.product_id, asker, request.ip);
      },
    );

    api.delete(
      `/${ns}/stockAlerts/:product_id`,
      {
        preHandler: requireCustomer,
        schema: {
          params: stockAlertParamsSchema,
          response: { 200: statusReplySchema, ...errorReplies(401, 404, 429) },
        },
      },
      async (request) => {
        await alerts.cancel(request.params.product_id, currentCustomer(request).id);
        return { status: true } as const;
      },
    );
  };
}
