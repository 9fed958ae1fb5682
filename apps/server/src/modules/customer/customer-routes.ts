import { createAccountBodySchema } from '@quokka/contract/validate-registration';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { requireHuman } from '../../providers/captcha/bot-check.ts';
import { PLACES_QUERY_MAX } from '../../providers/places/places-provider.ts';
import type { Providers } from '../../providers/providers.ts';
import type { CustomerService } from './customer-service.ts';

// SPEC.md §7 Registration: createAccount and customers/isEmailAvailable; and the address search of the
// registration and address forms ({ns}/places). The account endpoints join them here later.

const isEmailAvailableBody = z.object({
  customerEmail: z.string().max(254),
  websiteId: z.union([z.number(), z.string()]).optional(),
});

const placesQuery = z.object({ query: z.string().max(PLACES_QUERY_MAX).optional().default('') });

export interface CustomerRoutesDeps {
  config: Config;
  providers: Providers;
  service: CustomerService;
}

export function customerRoutes({ config, providers, service }: CustomerRoutesDeps): ApiPlugin {
  const ns = config.API_NAMESPACE;
  return (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    // [API-17, API-18, REG-01, REG-02] One-time registration of a proven mobile.
    api.post(`/${ns}/createAccount`, { schema: { body: createAccountBodySchema } }, async (request) => {
      await requireHuman(providers.captcha, request.body.r_token, request.ip);
      await service.register(request.body);
      return { status: true };
    });

    // [API-19] Magento's shape: the body is `true` or `false`; false means taken.
    api.post(
      '/customers/isEmailAvailable',
      { schema: { body: isEmailAvailableBody } },
      async (request, reply) => {
        const available = await service.isEmailAvailable(request.body.customerEmail);
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(available));
      },
    );

    // Address search: the offline Australian list in sandbox mode, Google Places when keyed.
    api.get(`/${ns}/places`, { schema: { querystring: placesQuery } }, async (request) => ({
      data: await providers.places.search(request.query.query),
    }));
  };
}
