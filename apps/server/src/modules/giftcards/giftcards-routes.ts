import { errorReplies } from '@quokka/contract/api/errors';
import {
  deleteByCartItemBody,
  deleteGiftCardsReplySchema,
  detailsByCartQuery,
  detailsByIdQuery,
  editDetailsBody,
  editGiftCardReplySchema,
  giftCardListReplySchema,
  giftCardReplySchema,
  orderBody,
  orderLinkReplySchema,
  reconcileBody,
  reconcileReplySchema,
  saveDetailsBody,
  scheduleBody,
  templateBody,
} from '@quokka/contract/api/giftcards';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { InputValidationError } from '../../domain/errors.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { acceptEmptyJsonBodies } from '../../http/json-body.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { requireHuman } from '../../providers/captcha/bot-check.ts';
import type { CaptchaProvider } from '../../providers/captcha/captcha-provider.ts';
import { currentCustomer, requireCustomer } from '../auth/customer-auth.ts';
import { GIFT_CARD_TEXT, type GiftCardService } from './giftcards-service.ts';

// SPEC.md §7 "Gift cards": every call needs the member's bearer token and sees only the member's own
// carts and cards (404 for anyone else's). Custom endpoints: replies are `{status, data, …}` objects;
// §5 rules answer 400 `{status:false, message, input_validation}` (DECISIONS.md "Wire").

export interface GiftCardRoutesDeps {
  config: Config;
  service: GiftCardService;
  captcha: CaptchaProvider;
}

export function giftCardRoutes({ config, service, captcha }: GiftCardRoutesDeps): ApiPlugin {
  const ns = config.API_NAMESPACE;
  // A §5 rule broken, no or an expired token, another member's (or no such) cart or card, a card
  // already ordered, too many requests.
  const errors = errorReplies(400, 401, 404, 409, 429);
  return (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Gift cards', { member: true });
    acceptEmptyJsonBodies(app);
    api.addHook('preHandler', requireCustomer);
    // Recipients' names and numbers: never kept by a shared cache.
    api.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    // [API-37, DATA-42]
    api.post(
      `/${ns}/savegiftcarddetails`,
      { schema: { body: saveDetailsBody, response: { 200: giftCardReplySchema, ...errors } } },
      async (request) => ({
        status: true as const,
        data: await service.save(currentCustomer(request).id, request.body.data),
      }),
    );

    // [API-38] The reply's status, input_validation and data are what the form uses.
    api.post(
      `/${ns}/editgiftcarddetails`,
      { schema: { body: editDetailsBody, response: { 200: editGiftCardReplySchema, ...errors } } },
      async (request) => ({
        status: true as const,
        input_validation: {},
        data: await service.edit(
          currentCustomer(request).id,
          request.body.gift_card_details_id,
          request.body.data,
        ),
      }),
    );

    // [API-39]
    api.post(
      `/${ns}/deletegiftcarddetailsbycartitemid`,
      { schema: { body: deleteByCartItemBody, response: { 200: deleteGiftCardsReplySchema, ...errors } } },
      async (request) => ({
        status: true as const,
        deleted: await service.deleteByCartItem(
          currentCustomer(request).id,
          request.body.cart_id,
          request.body.cart_item_id,
          request.body.gift_card_details_id,
        ),
      }),
    );

    // [API-40, GIFTF-03, GIFTF-05, VAL-52]
    api.post(
      `/${ns}/savegiftcardscheduleddate`,
      { schema: { body: scheduleBody, response: { 200: giftCardReplySchema, ...errors } } },
      async (request) => ({
        status: true as const,
        data: await service.schedule(
          currentCustomer(request).id,
          request.body.gift_card_details_id,
          request.body.scheduled_delivery,
          request.body.delivery_timezone,
        ),
      }),
    );

    // [API-41]
    api.get(
      `/${ns}/getgiftcarddetailsbyid`,
      { schema: { querystring: detailsByIdQuery, response: { 200: giftCardReplySchema, ...errors } } },
      async (request) => ({
        status: true as const,
        data: await service.byId(currentCustomer(request).id, request.query.gift_card_details_id),
      }),
    );

    // [API-42]
    api.get(
      `/${ns}/getgiftcarddetailsbycart`,
      { schema: { querystring: detailsByCartQuery, response: { 200: giftCardListReplySchema, ...errors } } },
      async (request) => ({
        status: true as const,
        data: await service.byCart(currentCustomer(request).id, request.query.cart_id),
      }),
    );

    // [API-43, DATA-43] The template id under mms_template_id, or the second field template_id.
    api.post(
      `/${ns}/savegiftcardmmstemplate`,
      { schema: { body: templateBody, response: { 200: giftCardReplySchema, ...errors } } },
      async (request) => {
        const { mms_template_id: first, template_id: second } = request.body;
        if (first !== undefined && second !== undefined && first !== second) {
          throw new InputValidationError({ template_id: [GIFT_CARD_TEXT.templateIdsDiffer] });
        }
        const templateId = first ?? second;
        if (templateId === undefined) {
          throw new InputValidationError({ mms_template_id: [GIFT_CARD_TEXT.templateNotOfProduct] });
        }
        return {
          status: true as const,
          data: await service.chooseTemplate(
            currentCustomer(request).id,
            request.body.gift_card_details_id,
            templateId,
          ),
        };
      },
    );

    // SPEC.md §4 Checkout: reconcile the cart's cards with its quantities.
    api.post(
      `/${ns}/reconcilegiftcardsbycart`,
      { schema: { body: reconcileBody, response: { 200: reconcileReplySchema, ...errors } } },
      async (request) =>
        service.reconcile(currentCustomer(request).id, request.body.cart_id, request.body.items),
    );

    // [API-44, ERR-10] After payment: the cards go to the paid order and into the delivery queue.
    api.post(
      `/${ns}/savegiftcardorderbycart`,
      { schema: { body: orderBody, response: { 200: orderLinkReplySchema, ...errors } } },
      async (request) => {
        await requireHuman(captcha, request.body.r_token, request.ip);
        return service.linkOrder(currentCustomer(request).id, request.body.cart_id, request.body.order_id);
      },
    );
  };
}
