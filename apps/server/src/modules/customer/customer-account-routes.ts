import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { acceptEmptyJsonBodies } from '../../http/json-body.ts';
import { currentCustomer, requireCustomer } from '../auth/customer-auth.ts';
import type { CheckoutService } from '../checkout/checkout-service.ts';
import { orderQuery } from '../checkout/checkout-wire.ts';
import type { CustomerAccountService } from './customer-account-service.ts';
import { putCustomerBody, setDefaultBody } from './customer-account-wire.ts';

// SPEC.md §7 Account: customers/me, the two defaults, and the member's orders. Every call needs the
// member's bearer token and sees only the member's own data (another member's is a 404).

export interface CustomerAccountRoutesDeps {
  config: Config;
  service: CustomerAccountService;
  /** Orders belong to the checkout module; the account only reads them. */
  orders: Pick<CheckoutService, 'orders' | 'order'>;
}

export function customerAccountRoutes({ config, service, orders }: CustomerAccountRoutesDeps): ApiPlugin {
  const ns = config.API_NAMESPACE;
  return (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    acceptEmptyJsonBodies(app);
    api.addHook('preHandler', requireCustomer);
    api.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    // [DATA-34] Magento's shape: the customer itself.
    api.get('/customers/me', async (request) => service.get(currentCustomer(request).id));

    // [API-31] Magento's shape: the customer after the change.
    api.put('/customers/me', { schema: { body: putCustomerBody } }, async (request) =>
      service.update(currentCustomer(request).id, request.body),
    );

    // [API-32]
    api.post(`/${ns}/setdefaultbilling`, { schema: { body: setDefaultBody } }, async (request) => {
      await service.setDefault(currentCustomer(request).id, 'billing', request.body.address_id);
      return { status: true };
    });

    // [API-33]
    api.post(`/${ns}/setdefaultshipping`, { schema: { body: setDefaultBody } }, async (request) => {
      await service.setDefault(currentCustomer(request).id, 'shipping', request.body.address_id);
      return { status: true };
    });

    // [API-34, DATA-41] Newest first.
    api.get(`/${ns}/orders`, async (request) => ({
      status: true,
      data: await orders.orders(currentCustomer(request).id),
    }));

    // [API-35, DATA-41]
    api.get(`/${ns}/order`, { schema: { querystring: orderQuery } }, async (request) => ({
      status: true,
      data: await orders.order(currentCustomer(request).id, request.query.order_id),
    }));
  };
}
