import {
  checkGiftCardBody,
  checkGiftCardReplySchema,
  checkoutSuccessQuery,
  checkoutSuccessReplySchema,
  estimateBody,
  estimateByAddressIdBody,
  estimateReplySchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  paymentInformationBody,
  paymentInformationReplySchema,
  savedCardsReplySchema,
  shippingInformationBody,
  shippingInformationReplySchema,
  shippingMethodsQuery,
  shippingMethodsReplySchema,
} from '@quokka/contract/api/checkout';
import { errorReplies } from '@quokka/contract/api/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { InvalidDataError } from '../../domain/errors.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { acceptEmptyJsonBodies } from '../../http/json-body.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { currentCustomer, memberOrAddressKey, requireCustomer } from '../auth/customer-auth.ts';
import type { CheckoutService } from './checkout-service.ts';
import { CHECKOUT_TEXT } from './checkout-text.ts';

// SPEC.md §7 "Cart, shipping and payment", the checkout half: shipping estimates and methods, shipping
// information, payment information (placing the order), saved cards and the success lookup. Every call
// needs the member's bearer token.

/** [I16-checkout-giftcard] Gift card checks a member may make in 15 minutes (docs/gift-cards-at-checkout.md). */
export const GIFT_CARD_CHECKS_PER_MEMBER = 10;

export interface CheckoutRoutesDeps {
  config: Config;
  service: CheckoutService;
}

function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new InvalidDataError(CHECKOUT_TEXT.idempotencyKeyInvalid);
  }
  return key;
}

export function checkoutRoutes({ config, service }: CheckoutRoutesDeps): ApiPlugin {
  const ns = config.API_NAMESPACE;
  // Bad input or a declined card, no or an expired token, no such cart, address or order, a cart
  // changed under way, too many requests, the card provider down.
  const errors = errorReplies(400, 401, 404, 409, 429, 503);
  return (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Checkout', { member: true });
    acceptEmptyJsonBodies(app);
    api.addHook('preHandler', requireCustomer);
    api.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    // [API-24, SHIP-02] Custom endpoint: `{status, data}` with id-based methods.
    api.get(
      `/${ns}/shippingmethods`,
      {
        schema: {
          querystring: shippingMethodsQuery,
          response: { 200: shippingMethodsReplySchema, ...errors },
        },
      },
      async (request) => ({
        status: true as const,
        data: await service.idShippingMethods(currentCustomer(request).id, request.query.addressId),
      }),
    );

    // [API-25, DATA-39]
    api.post(
      '/carts/mine/estimate-shipping-methods-by-address-id',
      { schema: { body: estimateByAddressIdBody, response: { 200: estimateReplySchema, ...errors } } },
      async (request) => {
        const addressId = request.body.addressId ?? request.body.address_id;
        if (addressId === null || addressId === undefined)
          throw new InvalidDataError('addressId is required');
        return service.estimate(currentCustomer(request).id, { addressId });
      },
    );

    // [API-26, DATA-39]
    api.post(
      '/carts/mine/estimate-shipping-methods',
      { schema: { body: estimateBody, response: { 200: estimateReplySchema, ...errors } } },
      async (request) => service.estimate(currentCustomer(request).id, { address: request.body.address }),
    );

    // [API-27, API-28] Answers under /rest/au/V1 as under /rest/default/V1 (registerApi).
    api.post(
      '/carts/mine/shipping-information',
      {
        schema: {
          body: shippingInformationBody,
          response: { 200: shippingInformationReplySchema, ...errors },
        },
      },
      async (request) => service.saveShippingInformation(currentCustomer(request).id, request.body),
    );

    // [API-29, ROLE-06] Magento answers the order id as a JSON string of digits.
    api.post(
      '/carts/mine/payment-information',
      {
        schema: { body: paymentInformationBody, response: { 200: paymentInformationReplySchema, ...errors } },
        // [I12-5] Placement has its own budget, per member: a card tried over and over is stopped, and
        // neighbours behind the same address never cost a shopper their checkout.
        config: {
          rateLimit: {
            max: config.ORDER_PLACEMENTS_PER_MEMBER_PER_HOUR,
            timeWindow: '1 hour',
            keyGenerator: memberOrAddressKey,
          },
        },
      },
      async (request, reply) => {
        const orderId = await service.placeOrder(currentCustomer(request).id, {
          body: request.body,
          idempotencyKey: idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]),
          clientAddress: request.ip,
        });
        // Sent as JSON text: a bare string returned from a handler would go out as text/plain.
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(orderId));
      },
    );

    // [I16-checkout-giftcard] Added after SPEC.md: a gift card checked against the active cart. Guessing
    // numbers is limited per member (GIFT_CARD_CHECKS_PER_MEMBER per 15 minutes; a 16-digit number from a
    // cryptographic generator leaves 10^16 to guess from).
    api.post(
      `/${ns}/checkgiftcard`,
      {
        schema: { body: checkGiftCardBody, response: { 200: checkGiftCardReplySchema, ...errors } },
        config: {
          rateLimit: {
            max: GIFT_CARD_CHECKS_PER_MEMBER,
            timeWindow: '15 minutes',
            keyGenerator: memberOrAddressKey,
          },
        },
      },
      async (request) => ({
        status: true as const,
        data: await service.checkGiftCard(currentCustomer(request).id, request.body.gift_card_number),
      }),
    );

    // [API-30, DATA-40]
    api.get(
      `/${ns}/savedcards`,
      { schema: { response: { 200: savedCardsReplySchema, ...errors } } },
      async (request) => ({
        status: true as const,
        data: await service.savedCards(currentCustomer(request).id),
      }),
    );

    // [API-36, DATA-44] The latest order's number and the shop's name.
    api.get(
      `/${ns}/checkoutsuccess`,
      {
        schema: {
          querystring: checkoutSuccessQuery,
          response: { 200: checkoutSuccessReplySchema, ...errors },
        },
      },
      async (request) => ({
        status: true as const,
        data: await service.checkoutSuccess(currentCustomer(request).id, request.query.seller_id),
      }),
    );
  };
}
