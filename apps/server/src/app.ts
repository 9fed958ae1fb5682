import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { registerApi } from './http/api-prefix.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerSignIn } from './modules/auth/sign-in-module.ts';
import { cartRoutes } from './modules/cart/cart-routes.ts';
import { createCartService } from './modules/cart/cart-service.ts';
import { catalogRoutes } from './modules/catalog/catalog-routes.ts';
import { createCatalogService } from './modules/catalog/catalog-service.ts';
import { checkoutRoutes } from './modules/checkout/checkout-routes.ts';
import { createCheckoutService } from './modules/checkout/checkout-service.ts';
import { customerAccountRoutes } from './modules/customer/customer-account-routes.ts';
import { createCustomerAccountService } from './modules/customer/customer-account-service.ts';
import { registerDevRoutes } from './modules/dev/dev-routes.ts';
import { giftCardRoutes } from './modules/giftcards/giftcards-routes.ts';
import { createGiftCardService } from './modules/giftcards/giftcards-service.ts';
import { registerMediaRoutes } from './modules/media/media-routes.ts';
import { createProviders, type Providers } from './providers/providers.ts';
import { registerWebApp } from './web/web-app.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  providers?: Providers;
  /**
   * The signing secret of sign-in tokens and code hashes: server.ts passes AUTH_SECRET or the one kept in
   * DATA_DIR. Without it (tests, tools) AUTH_SECRET or a throwaway secret for this app only is used.
   */
  authSecret?: string;
  /** The built web app; defaults to apps/web/dist. */
  webDistDir?: string;
  logger?: FastifyServerOptions['logger'];
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** What the logs must never carry: bearer tokens, cookies, codes and sign-in tokens. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.code',
  '*.jwt',
  '*.token',
  '*.expired_jwt',
];

// Content Security Policy: our own origin, plus what the card provider (Stripe.js and its frames), the
// bot check (reCAPTCHA) and Google Places need when they are configured.
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: [
    "'self'",
    'https://js.stripe.com',
    'https://www.google.com/recaptcha/',
    'https://www.gstatic.com/recaptcha/',
    'https://maps.googleapis.com',
  ],
  frameSrc: [
    "'self'",
    'https://js.stripe.com',
    'https://hooks.stripe.com',
    'https://www.google.com/recaptcha/',
  ],
  connectSrc: [
    "'self'",
    'https://api.stripe.com',
    'https://maps.googleapis.com',
    'https://places.googleapis.com',
  ],
  imgSrc: [
    "'self'",
    'data:',
    'blob:',
    'https://*.stripe.com',
    'https://maps.gstatic.com',
    'https://maps.googleapis.com',
  ],
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** Builds the whole app from its parts. It never listens: server.ts does, tests call `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;

  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  const providers =
    deps.providers ?? createProviders(config, db, { warn: (message) => app.log.warn(message) });
  // Before any route: preHandlers such as requireCustomer read the database and clock from here.
  app.decorate('deps', { config, db, clock, providers });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, { contentSecurityPolicy: { directives: CSP_DIRECTIVES } });
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });

  app.get('/healthz', async (_request, reply) => {
    await sql`select 1`.execute(db);
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  if (providers.outbox) registerDevRoutes(app, providers.outbox);

  // Catalogue (issue 3): product, seller, sellerInformation, categories, lists, MMS templates, products-render-info.
  await registerApi(app, catalogRoutes({ config, db }));

  // Sign-in, sign-in links and registration (issue 4): sendmobilecode, confirmmobilecode, auth, signout,
  // createAccount, customers/isEmailAvailable and the address search.
  await registerSignIn(app, { config, db, clock, providers, authSecret: deps.authSecret });

  // Cart, checkout and card payments (issue 5): carts/mine…, clearcart, shipping estimates and methods,
  // shipping-information, payment-information (placing the order), savedcards, checkoutsuccess.
  const cart = createCartService(db);
  await registerApi(app, cartRoutes({ config, service: cart }));
  const checkout = createCheckoutService({
    db,
    clock,
    payments: providers.payments,
    storeName: config.STORE_NAME,
  });
  await registerApi(app, checkoutRoutes({ config, service: checkout }));

  // My Account (issue 6): customers/me, setdefaultbilling/-shipping, orders and order; each member sees
  // only their own.
  const account = createCustomerAccountService({ db, clock });
  await registerApi(app, customerAccountRoutes({ config, service: account, orders: checkout }));

  // Gift cards by picture message (issue 7): the calls of SPEC.md §7 Gift cards; the delivery worker is
  // started by server.ts (or runs as its own process: npm run worker).
  const giftCards = createGiftCardService({
    db,
    clock,
    cart,
    catalog: createCatalogService(db, { publicUrl: config.PUBLIC_URL }),
    checkout,
  });
  await registerApi(app, giftCardRoutes({ config, service: giftCards, captcha: providers.captcha }));

  // Generated pictures at /media/… (the root, not /rest): SVG, and PNG/JPEG for picture messages.
  await registerMediaRoutes(app);

  await registerWebApp(app, config, deps.webDistDir ?? DEFAULT_WEB_DIST);

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: { config: Config; db: Db; clock: Clock; providers: Providers };
  }
}
