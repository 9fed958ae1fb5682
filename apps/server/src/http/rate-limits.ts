import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
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
 * `keyOf` says whom a request counts against: app.ts passes the member-or-address key of
 * modules/auth/customer-auth.ts; the default is the client address.
 */
export async function registerGlobalRateLimit(
  app: FastifyInstance,
  config: Config,
  keyOf: (request: FastifyRequest) => string | Promise<string> = (request) => clientAddressKey(request.ip),
): Promise<void> {
  // [I13-hotpath] An uncounted route gets no limiter hook at all (config.rateLimit false, which the plugin
  // honours), rather than a hook that asks allowList on every request. Runs before the plugin's onRoute.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const readOnly = methods.every((method) => method === 'GET' || method === 'HEAD');
    if (readOnly && route.config?.rateLimit === undefined && UNCOUNTED_ROUTE.test(route.url)) {
      route.config = { ...route.config, rateLimit: false };
    }
  });
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // [I12-1] request.ip believes X-Forwarded-For only as far as TRUST_PROXY says; IPv6 counts by /64.
    // [I12-5] A signed-in member counts against their own budget, not their address's.
    keyGenerator: keyOf,
    // [I13-hotpath] The X-RateLimit-* trio only on a 429 (with Retry-After), not on every reply.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    // The 429 carries Retry-After (the plugin's default headers) and says the same in words.
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
}
