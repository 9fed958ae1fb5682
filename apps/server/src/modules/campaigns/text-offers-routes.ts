import { errorReplies } from '@quokka/contract/api/errors';
import {
  type TextOffersReply,
  textOfferBodySchema,
  textOfferParamsSchema,
  textOffersReplySchema,
  textOffersWords,
} from '@quokka/contract/api/text-offers';
import { formatMobileNational } from '@quokka/contract/mobile';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { currentCustomer, requireCustomer } from '../auth/customer-auth.ts';
import { isStoppedAll, recordConsent, unsubscribeSeller } from './consent.ts';

// [I29] My Account › Text offers (the web app's /account/textoffers): every seller with an on/off switch
// for the member's mobile. On records an 'account' consent with its evidence (the words shown beside the
// switch, the client address, the time); off unsubscribes that seller at once (campaign texts not yet
// handed to the provider are withdrawn). A STOP reply holds every seller whatever the switches say
// (stopped_all); only START lifts it.

export interface TextOffersRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
}

async function memberMobile(db: Db, customerId: number): Promise<string> {
  const row = await db
    .selectFrom('customers')
    .select('mobile')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return row.mobile;
}

export async function textOffersOf(db: Db, mobile: string): Promise<TextOffersReply> {
  const rows = await db
    .selectFrom('sellers as s')
    .leftJoin('text_consents as c', (join) =>
      join.onRef('c.seller_id', '=', 's.id').on('c.mobile', '=', mobile),
    )
    .select(['s.id', 's.name', 's.seller_url', 'c.state'])
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
  return {
    mobile: formatMobileNational(mobile),
    stopped_all: await isStoppedAll(db, mobile),
    sellers: rows.map((row) => ({
      seller_id: row.id,
      seller_name: row.name,
      seller_url: row.seller_url,
      subscribed: row.state === 'subscribed',
      pending: row.state === 'pending',
      words: textOffersWords(row.name),
    })),
  };
}

export function textOffersRoutes({ config, db, clock }: TextOffersRoutesDeps): ApiPlugin {
  const ns = config.API_NAMESPACE;
  const errors = errorReplies(400, 401, 404, 429);
  return (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Account', { member: true });
    api.addHook('preHandler', requireCustomer);
    api.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    api.get(
      `/${ns}/textoffers`,
      { schema: { response: { 200: textOffersReplySchema, ...errors } } },
      async (request) => textOffersOf(db, await memberMobile(db, currentCustomer(request).id)),
    );

    api.put(
      `/${ns}/textoffers/:seller_id`,
      {
        schema: {
          params: textOfferParamsSchema,
          body: textOfferBodySchema,
          response: { 200: textOffersReplySchema, ...errors },
        },
      },
      async (request) => {
        const customerId = currentCustomer(request).id;
        const mobile = await memberMobile(db, customerId);
        const sellerId = request.params.seller_id;
        const seller = await db
          .selectFrom('sellers')
          .select('name')
          .where('id', '=', sellerId)
          .executeTakeFirst();
        if (!seller) throw new NotFoundError('There is no such seller.');
        const now = clock.now();
        await db.transaction().execute(async (trx) => {
          if (request.body.subscribed) {
            await recordConsent(
              trx,
              {
                mobile,
                sellerId,
                customerId,
                source: 'account',
                words: textOffersWords(seller.name),
                clientAddress: request.ip,
              },
              now,
            );
          } else {
            await unsubscribeSeller(
              trx,
              { mobile, sellerId, via: 'account', clientAddress: request.ip },
              now,
            );
          }
        });
        return textOffersOf(db, mobile);
      },
    );
  };
}
