import { isEmailAvailableBody, isEmailAvailableReplySchema } from '@quokka/contract/api/auth';
import { createAccountBody } from '@quokka/contract/api/auth-requests';
import { statusReplySchema } from '@quokka/contract/api/common';
import { errorReplies } from '@quokka/contract/api/errors';
import { placesQuery, placesReplySchema } from '@quokka/contract/api/places';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { requireHuman } from '../../providers/captcha/bot-check.ts';
import type { Providers } from '../../providers/providers.ts';
import type { CustomerService } from './customer-service.ts';

// SPEC.md §7 Registration: createAccount and customers/isEmailAvailable; and the address search of the
// registration and address forms ({ns}/places). My Account's calls are in customer-account-routes.ts;
// both use the one customer service (customer-service.ts).

// Bodies and replies are the contract's (`@quokka/contract/api/auth`, `api/places`).

export interface CustomerRoutesDeps {
  config: Config;
  providers: Providers;
  service: CustomerService;
}

export function customerRoutes({ config, providers, service }: CustomerRoutesDeps): ApiPlugin {
  const ns = config.API_NAMESPACE;
  return (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Registration');

    // [API-17, API-18, REG-01, REG-02] One-time registration of a proven mobile.
    api.post(
      `/${ns}/createAccount`,
      {
        schema: { body: createAccountBody, response: { 200: statusReplySchema, ...errorReplies(400, 429) } },
      },
      async (request) => {
        await requireHuman(providers.captcha, request.body.r_token, request.ip);
        await service.register(request.body);
        return { status: true } as const;
      },
    );

    // [API-19] Magento's shape: the body is `true` or `false`; false means taken.
    api.post(
      '/customers/isEmailAvailable',
      {
        schema: {
          body: isEmailAvailableBody,
          response: { 200: isEmailAvailableReplySchema, ...errorReplies(400, 429) },
        },
      },
      async (request) => service.isEmailAvailable(request.body.customerEmail),
    );

    // Address search: the offline Australian list in sandbox mode, Google Places when keyed.
    api.get(
      `/${ns}/places`,
      {
        schema: {
          querystring: placesQuery,
          response: { 200: placesReplySchema, ...errorReplies(400, 429, 503) },
        },
      },
      async (request) => ({
        data: await providers.places.search(request.query.query),
      }),
    );
  };
}
