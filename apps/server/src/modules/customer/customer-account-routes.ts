import { statusReplySchema } from '@quokka/contract/api/common';
import {
  customerSchema,
  type Order,
  orderQuery,
  orderReplySchema,
  ordersReplySchema,
  putCustomerBody,
  setDefaultBody,
} from '@quokka/contract/api/customer';
import { errorReplies } from '@quokka/contract/api/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { acceptEmptyJsonBodies } from '../../http/json-body.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { bearerTokenOf, currentCustomer, requireCustomer } from '../auth/customer-auth.ts';
import type { CustomerService } from './customer-service.ts';

// SPEC.md §7 Account: customers/me, the two defaults, and the member's orders. Every call needs the
// member's bearer token and sees only the member's own data (another member's is a 404).

export interface CustomerAccountRoutesDeps {
  config: Config;
  service: CustomerService;
  /** Orders belong to the checkout module; the account only reads them. */
  orders: {
    orders(customerId: number): Promise<Order[]>;
    order(customerId: number, orderId: number): Promise<Order>;
  };
}

export function customerAccountRoutes({ config, service, orders }: CustomerAccountRoutesDeps): ApiPlugin {
  const ns = config.API_NAMESPACE;
  // Bad input, no or an expired token, another member's (or no such) address or order, too many requests.
  const errors = errorReplies(400, 401, 404, 429);
  return (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Account', { member: true });
    acceptEmptyJsonBodies(app);
    api.addHook('preHandler', requireCustomer);
    api.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    // [DATA-34] Magento's shape: the customer itself.
    api.get('/customers/me', { schema: { response: { 200: customerSchema, ...errors } } }, async (request) =>
      service.get(currentCustomer(request).id),
    );

    // [API-31] Magento's shape: the customer after the change.
    api.put(
      '/customers/me',
      { schema: { body: putCustomerBody, response: { 200: customerSchema, ...errors } } },
      async (request) => service.update(currentCustomer(request).id, request.body, bearerTokenOf(request)),
    );

    // [API-32]
    api.post(
      `/${ns}/setdefaultbilling`,
      { schema: { body: setDefaultBody, response: { 200: statusReplySchema, ...errors } } },
      async (request) => {
        await service.setDefault(currentCustomer(request).id, 'billing', request.body.address_id);
        return { status: true } as const;
      },
    );

    // [API-33]
    api.post(
      `/${ns}/setdefaultshipping`,
      { schema: { body: setDefaultBody, response: { 200: statusReplySchema, ...errors } } },
      async (request) => {
        await service.setDefault(currentCustomer(request).id, 'shipping', request.body.address_id);
        return { status: true } as const;
      },
    );

    // [API-34, DATA-41] Newest first.
    api.get(
      `/${ns}/orders`,
      { schema: { response: { 200: ordersReplySchema, ...errors } } },
      async (request) => ({
        status: true as const,
        data: await orders.orders(currentCustomer(request).id),
      }),
    );

    // [API-35, DATA-41]
    api.get(
      `/${ns}/order`,
      { schema: { querystring: orderQuery, response: { 200: orderReplySchema, ...errors } } },
      async (request) => ({
        status: true as const,
        data: await orders.order(currentCustomer(request).id, request.query.order_id),
      }),
    );
  };
}
