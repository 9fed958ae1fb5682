import {
  confirmMobileCodeBodySchema,
  sendMobileCodeBodySchema,
} from '@quokka/contract/validate-mobile-popup';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { requireHuman } from '../../providers/captcha/bot-check.ts';
import type { Providers } from '../../providers/providers.ts';
import type { AuthService } from './auth-service.ts';
import { bearerTokenOf, currentCustomer, requireCustomer } from './customer-auth.ts';

// SPEC.md §7 Authentication: sendmobilecode, confirmmobilecode, auth; and signout (DECISIONS.md "Sign-in").
// Thin: validated input → bot check → service → reply.

// Every field may be missing: the service answers with the §5 messages rather than a schema error.
const sendBody = sendMobileCodeBodySchema.partial();
const confirmBody = confirmMobileCodeBodySchema.partial();
const authBody = z.object({ jwt: z.unknown(), autologin: z.unknown() }).partial().nullish();

export interface AuthRoutesDeps {
  config: Config;
  providers: Providers;
  service: AuthService;
}

export function authRoutes({ config, providers, service }: AuthRoutesDeps): ApiPlugin {
  const ns = config.API_NAMESPACE;
  return (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    // [API-07]
    api.post(`/${ns}/sendmobilecode`, { schema: { body: sendBody } }, async (request) => {
      await requireHuman(providers.captcha, request.body.r_token, request.ip);
      await service.sendCode(request.body, request.ip);
      return { status: true };
    });

    // [API-08]
    api.post(`/${ns}/confirmmobilecode`, { schema: { body: confirmBody } }, async (request) => {
      await requireHuman(providers.captcha, request.body.r_token, request.ip);
      return service.confirmCode(request.body);
    });

    // [API-06, DATA-32, ERR-11] `autologin` only says where the client came from; the token decides.
    api.post(`/${ns}/auth`, { schema: { body: authBody } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.authenticate(request.body?.jwt);
    });

    // [AUTH-04..07] The server side of sign-out: the bearer token stops working at once.
    api.post(`/${ns}/signout`, { preHandler: requireCustomer }, async (request) => {
      currentCustomer(request);
      const token = bearerTokenOf(request);
      if (token) await service.signOut(token);
      return { status: true };
    });
  };
}
