import { errorReplies } from '@quokka/contract/api/errors';
import { replyToBuyBodySchema, replyToBuyReplySchema } from '@quokka/contract/api/reply-to-buy';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { currentCustomer, requireCustomer } from '../auth/customer-auth.ts';
import type { ReplyToBuySettings } from './reply-to-buy-settings.ts';

// [I30] My Account › Text offers › Buy by reply (the web app's /account/textoffers): GET {ns}/replytobuy
// shows the setting (on or off, the card, the address it ships to, the cap, the words shown); PUT
// {ns}/replytobuy `{enabled, payment_method}` turns it on with one of the member's saved cards, or off
// (reply-to-buy-settings.ts). Bearer token, like text-offers-routes.ts; never cached.

export interface ReplyToBuySettingsRoutesDeps {
  config: Config;
  settings: ReplyToBuySettings;
}

export function replyToBuySettingsRoutes({ config, settings }: ReplyToBuySettingsRoutesDeps): ApiPlugin {
  const ns = config.API_NAMESPACE;
  const errors = errorReplies(400, 401, 429);
  return (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Account', { member: true });
    api.addHook('preHandler', requireCustomer);
    api.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    api.get(
      `/${ns}/replytobuy`,
      { schema: { response: { 200: replyToBuyReplySchema, ...errors } } },
      async (request) => settings.get(currentCustomer(request).id),
    );

    api.put(
      `/${ns}/replytobuy`,
      { schema: { body: replyToBuyBodySchema, response: { 200: replyToBuyReplySchema, ...errors } } },
      async (request) => settings.set(currentCustomer(request).id, request.body, request.ip),
    );
  };
}
