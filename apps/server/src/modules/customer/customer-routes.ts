import { createHash } from 'node:crypto';
import { isEmailAvailableBody, isEmailAvailableReplySchema } from '@quokka/contract/api/auth';
import { createAccountBody } from '@quokka/contract/api/auth-requests';
import { statusReplySchema } from '@quokka/contract/api/common';
import { errorReplies } from '@quokka/contract/api/errors';
import { placesQuery, placesReplySchema } from '@quokka/contract/api/places';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { requireHuman } from '../../providers/captcha/bot-check.ts';
import type { Providers } from '../../providers/providers.ts';
import type { CustomerService } from './customer-service.ts';

// SPEC.md §7 Registration: createAccount and customers/isEmailAvailable; and the address search of the
// registration and address forms ({ns}/places). My Account's calls are in customer-account-routes.ts;
// both use the one customer service (customer-service.ts).

// Bodies and replies are the contract's (`@quokka/contract/api/auth`, `api/places`).

/** The budget an email check counts against: its token's, else (refused anyway) its address's. */
function emailCheckKey(body: unknown, ip: string): string {
  const jwt = (body as { jwt?: unknown } | undefined)?.jwt;
  return typeof jwt === 'string' && jwt !== ''
    ? `email-check:${createHash('sha256').update(jwt).digest('hex')}`
    : `email-check-ip:${clientAddressKey(ip)}`;
}

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
        // [I12-5] Registrations per address an hour, sized for a shared NAT; each also needs a proven mobile.
        config: {
          rateLimit: {
            max: config.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
            timeWindow: '1 hour',
            keyGenerator: (request) => clientAddressKey(request.ip),
          },
        },
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
          response: { 200: isEmailAvailableReplySchema, ...errorReplies(400, 401, 429) },
        },
        // [I12-13] Each verified token gets its own budget of checks: shoppers behind one shared address
        // do not spend each other's, and a token is one proven mobile. Checked once the body is read.
        config: {
          rateLimit: {
            hook: 'preHandler',
            max: config.EMAIL_CHECKS_PER_TOKEN_PER_HOUR,
            timeWindow: '1 hour',
            keyGenerator: (request) => emailCheckKey(request.body, request.ip),
          },
        },
      },
      async (request) => service.isEmailAvailable(request.body.customerEmail, request.body.jwt),
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
