import {
  addItemBody,
  cartIdReplySchema,
  cartItemSchema,
  cartItemsReplySchema,
  itemParams,
  quoteSchema,
  updateItemBody,
} from '@quokka/contract/api/cart';
import { statusReplySchema, trueReplySchema } from '@quokka/contract/api/common';
import { errorReplies } from '@quokka/contract/api/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { acceptEmptyJsonBodies } from '../../http/json-body.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { currentCustomer, requireCustomer } from '../auth/customer-auth.ts';
import type { CartService } from './cart-service.ts';

// SPEC.md §7 "Cart, shipping and payment", the cart half: Magento's carts/mine calls and {ns}/clearcart.
// Every call needs the member's bearer token; `mine` is always the signed-in member's active cart.

export interface CartRoutesDeps {
  config: Config;
  service: CartService;
}

export function cartRoutes({ config, service }: CartRoutesDeps): ApiPlugin {
  const ns = config.API_NAMESPACE;
  // Bad input, no or an expired token, no such line or cart, a cart just ordered, too many requests.
  const errors = errorReplies(400, 401, 404, 409, 429);
  return (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Cart', { member: true });
    acceptEmptyJsonBodies(app);
    api.addHook('preHandler', requireCustomer);
    // A cart is one member's: never kept by a shared cache.
    api.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    // [API-21, CART-11] Magento replies with the bare cart id.
    api.post(
      '/carts/mine',
      { schema: { response: { 200: cartIdReplySchema, ...errors } } },
      async (request) => service.create(currentCustomer(request).id),
    );

    // [API-20, DATA-35]
    api.get('/carts/mine', { schema: { response: { 200: quoteSchema, ...errors } } }, async (request) =>
      service.get(currentCustomer(request).id),
    );

    api.get(
      '/carts/mine/items',
      { schema: { response: { 200: cartItemsReplySchema, ...errors } } },
      async (request) => service.items(currentCustomer(request).id),
    );

    // [API-22, ERR-05, ERR-06]
    api.post(
      '/carts/mine/items',
      { schema: { body: addItemBody, response: { 200: cartItemSchema, ...errors } } },
      async (request) => service.addItem(currentCustomer(request).id, request.body.cartItem),
    );

    // [CART-07] A line's quantity changes in place.
    api.put(
      '/carts/mine/items/:itemId',
      { schema: { params: itemParams, body: updateItemBody, response: { 200: cartItemSchema, ...errors } } },
      async (request) =>
        service.updateItem(currentCustomer(request).id, request.params.itemId, request.body.cartItem.qty),
    );

    // [CART-08] Magento replies `true`.
    api.delete(
      '/carts/mine/items/:itemId',
      { schema: { params: itemParams, response: { 200: trueReplySchema, ...errors } } },
      async (request) => {
        await service.removeItem(currentCustomer(request).id, request.params.itemId);
        return true as const;
      },
    );

    // [API-23, ERR-07, CART-05] 404 when there is no cart: the client carries on as if it were empty.
    api.post(
      `/${ns}/clearcart`,
      { schema: { response: { 200: statusReplySchema, ...errors } } },
      async (request) => {
        await service.clear(currentCustomer(request).id);
        return { status: true } as const;
      },
    );
  };
}
