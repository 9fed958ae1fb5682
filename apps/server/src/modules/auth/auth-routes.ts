import { authBody, authReplySchema, confirmCodeReplySchema } from '@quokka/contract/api/auth';
import { confirmCodeBody, sendCodeBody } from '@quokka/contract/api/auth-requests';
import { statusReplySchema } from '@quokka/contract/api/common';
import { errorReplies } from '@quokka/contract/api/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { requireHuman } from '../../providers/captcha/bot-check.ts';
import type { Providers } from '../../providers/providers.ts';
import type { AuthService } from './auth-service.ts';
import { bearerTokenOf, currentCustomer, requireCustomer } from './customer-auth.ts';

// SPEC.md §7 Authentication: sendmobilecode, confirmmobilecode, auth; and signout (DECISIONS.md "Sign-in").
// Thin: validated input → bot check → service → reply.

// Bodies and replies are the contract's (`@quokka/contract/api/auth`).

export interface AuthRoutesDeps {
  config: Config;
  providers: Providers;
  service: AuthService;
}

export function authRoutes({ config, providers, service }: AuthRoutesDeps): ApiPlugin {
  const ns = config.API_NAMESPACE;
  return (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Sign-in');

    // [API-07]
    api.post(
      `/${ns}/sendmobilecode`,
      {
        schema: { body: sendCodeBody, response: { 200: statusReplySchema, ...errorReplies(400, 429, 503) } },
      },
      async (request) => {
        await requireHuman(providers.captcha, request.body.r_token, request.ip);
        await service.sendCode(request.body, clientAddressKey(request.ip));
        return { status: true } as const;
      },
    );

    // [API-08]
    api.post(
      `/${ns}/confirmmobilecode`,
      {
        schema: {
          body: confirmCodeBody,
          response: { 200: confirmCodeReplySchema, ...errorReplies(400, 429) },
        },
      },
      async (request) => {
        await requireHuman(providers.captcha, request.body.r_token, request.ip);
        return service.confirmCode(request.body, clientAddressKey(request.ip));
      },
    );

    // [API-06, DATA-32, ERR-11] `autologin` only says where the client came from; the token decides.
    api.post(
      `/${ns}/auth`,
      { schema: { body: authBody, response: { 200: authReplySchema, ...errorReplies(400, 429) } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.authenticate(request.body?.jwt);
      },
    );

    // [AUTH-04..07] The server side of sign-out: the bearer token stops working at once.
    api.post(
      `/${ns}/signout`,
      {
        preHandler: requireCustomer,
        schema: {
          security: [{ bearer: [] }],
          response: { 200: statusReplySchema, ...errorReplies(401, 429) },
        },
      },
      async (request) => {
        currentCustomer(request);
        const token = bearerTokenOf(request);
        if (token) await service.signOut(token);
        return { status: true } as const;
      },
    );

    // [I12-6] 'Sign out everywhere': every session of the member, on every device, ends now.
    api.post(
      `/${ns}/signouteverywhere`,
      {
        preHandler: requireCustomer,
        schema: {
          security: [{ bearer: [] }],
          response: { 200: statusReplySchema, ...errorReplies(401, 429) },
        },
      },
      async (request) => {
        await service.signOutEverywhere(currentCustomer(request).id);
        return { status: true } as const;
      },
    );
  };
}
