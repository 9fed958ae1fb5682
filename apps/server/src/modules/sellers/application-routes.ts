import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { OutboxSender } from '../messages/outbox.ts';

// [I32] "Sell with us" (/sell): the storefront's application to sell (docs/sellers.md).

export interface SellerApplicationRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  outbox: Pick<OutboxSender, 'sendNow'>;
  publicUrl: string;
}

export function sellerApplicationRoutes(_deps: SellerApplicationRoutesDeps) {
  return async (_app: FastifyInstance) => {};
}
