import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { ApiPlugin } from '../../http/api-prefix.ts';

// [I31] {ns}/stockAlerts (docs/automations.md "Back in stock"): "Text me when it's back".
// (Registered in app.ts under every store code, as the other storefront routes.)

export interface StockAlertRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  tokenKey: Uint8Array;
}

export function stockAlertRoutes(_deps: StockAlertRoutesDeps): ApiPlugin {
  return async (_app: FastifyInstance) => {};
}
