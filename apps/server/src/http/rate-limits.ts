import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { liveCustomerOf } from '../modules/auth/customer-auth.ts';
import { clientAddressKey } from './client-address.ts';

// The global limit (RATE_LIMIT_PER_MINUTE): a coarse shield against floods, counted per address for
// visitors and per member for signed-in shoppers. The calls that cost or can be abused have their own
// budgets on top: code sends and confirms (auth-service.ts), registration and email checks
// (customer-routes.ts), order placement (checkout-routes.ts).
// [I12-5] Shoppers behind a carrier's NAT share one address, so what costs nothing and reveals nothing is
// not counted: the built web app's files (/assets/…, index.html, favicon) and the pictures under
// /media/. Client routes answered with index.html by the not-found handler were never counted. The
// exemption follows the route that matched, not the URL the client wrote.

const UNCOUNTED_ROUTE = /^\/(assets\/|media\/|[^/]+\.(html|js|css|svg|png|ico|webmanifest|txt|json)$)/;

/**
 * [I12-5] Whom a request counts against: a signed-in member counts against their own budget, wherever
 * they are (a carrier's NAT puts thousands of shoppers behind one address, and a neighbour's requests
 * must never cost a member their checkout); everyone else against their address (IPv6 by /64). A
 * bearer that is not live counts against the address, so made-up tokens buy nothing.
 */
export async function memberOrAddressKey(request: FastifyRequest): Promise<string> {
  const live = await liveCustomerOf(request);
  return live ? `member:${live.customerId}` : `address:${clientAddressKey(request.ip)}`;
}

/** True for the requests the global limit does not count: GET/HEAD of static files and pictures. */
export function isUncounted(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return UNCOUNTED_ROUTE.test(request.routeOptions.url ?? '');
}

export async function registerGlobalRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // [I12-1] request.ip believes X-Forwarded-For only as far as TRUST_PROXY says; IPv6 counts by /64.
    // [I12-5] A signed-in member counts against their own budget, not their address's.
    keyGenerator: memberOrAddressKey,
    allowList: (request) => isUncounted(request),
    // The 429 carries Retry-After (the plugin's default headers) and says the same in words.
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
}
