import { errorReplies } from '@quokka/contract/api/errors';
import { sellerApplicationReplySchema } from '@quokka/contract/api/seller-applications';
import { sellerApplicationBodySchema } from '@quokka/contract/api/seller-applications-requests';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import { createSellerApplicationService } from './application-service.ts';

// [I32] "Sell with us" (/sell): the storefront's application to sell (docs/sellers.md).
// POST {ns}/sellerApplications {business_name, abn, contact_name, mobile, email, sells, website,
// terms_accepted: true, jwt}: `jwt` is the verified-mobile token of the one-time code (POST
// {ns}/sendmobilecode, {ns}/confirmmobilecode) for the same mobile. Field errors answer 400 with each
// field's message (input_validation), the words of the contract's validateSellerApplication.
// (Registered in app.ts under every store code, as the other storefront routes.)

export interface SellerApplicationRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  outbox: Pick<OutboxSender, 'sendNow'>;
  publicUrl: string;
  /** Verifies the verified-mobile token (services.keys.tokenKey). */
  tokenKey: Uint8Array;
}

/** Applications sent per client address an hour (on top of the global limit), as other visitor writes. */
export const SELLER_APPLICATIONS_PER_HOUR = 10;

export function sellerApplicationRoutes(deps: SellerApplicationRoutesDeps): ApiPlugin {
  const ns = deps.config.API_NAMESPACE;
  const applications = createSellerApplicationService({
    db: deps.db,
    clock: deps.clock,
    tokenKey: deps.tokenKey,
    outbox: deps.outbox,
    storeName: deps.config.STORE_NAME,
    publicUrl: deps.publicUrl,
  });
  return (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Sellers');
    api.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    api.post(
      `/${ns}/sellerApplications`,
      {
        schema: {
          body: sellerApplicationBodySchema,
          response: { 200: sellerApplicationReplySchema, ...errorReplies(400, 429) },
        },
        config: {
          rateLimit: {
            max: SELLER_APPLICATIONS_PER_HOUR,
            timeWindow: '1 hour',
            keyGenerator: (request: FastifyRequest) => `sell:${clientAddressKey(request.ip)}`,
          },
        },
      },
      async (request) => applications.apply(request.body, request.ip),
    );
  };
}
