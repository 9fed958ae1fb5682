import { fileURLToPath } from 'node:url';
import { errorReplySchema } from '@quokka/contract/api/errors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { InvalidDataError } from './domain/errors.ts';
import { registerDraining } from './draining.ts';
import { registerApi } from './http/api-prefix.ts';
import { trustProxyOption } from './http/client-address.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerGlobalRateLimit } from './http/rate-limits.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerHsts } from './http/transport-security.ts';
import { RequestLogController } from './logger.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { memberOrAddressKey, registerCustomerAuth } from './modules/auth/customer-auth.ts';
import { automationRoutes } from './modules/campaigns/automation-routes.ts';
import { campaignRoutes } from './modules/campaigns/campaign-routes.ts';
import { optOutRoutes } from './modules/campaigns/opt-out-routes.ts';
import { createReplyToBuySettings } from './modules/campaigns/reply-to-buy-settings.ts';
import { replyToBuySettingsRoutes } from './modules/campaigns/reply-to-buy-settings-routes.ts';
import { shortLinkRoutes } from './modules/campaigns/short-link-routes.ts';
import { stockAlertRoutes } from './modules/campaigns/stock-alert-routes.ts';
import { subscriberRoutes } from './modules/campaigns/subscribers-routes.ts';
import { textOffersRoutes } from './modules/campaigns/text-offers-routes.ts';
import { cartRoutes } from './modules/cart/cart-routes.ts';
import { catalogRoutes } from './modules/catalog/catalog-routes.ts';
import { catalogueImportAdminRoutes } from './modules/catalog/import-admin-routes.ts';
import { createMagentoSearch } from './modules/catalog/magento-search.ts';
import { magentoSearchRoutes } from './modules/catalog/magento-search-routes.ts';
import { productAdminRoutes } from './modules/catalog/product-admin-routes.ts';
import { productReviewRoutes } from './modules/catalog/product-review-routes.ts';
import { searchRoutes } from './modules/catalog/search-routes.ts';
import { sellerNamesOf } from './modules/catalog/seller-profile.ts';
import { sellerProfileRoutes } from './modules/catalog/seller-profile-routes.ts';
import { checkoutRoutes } from './modules/checkout/checkout-routes.ts';
import { customerAccountRoutes } from './modules/customer/customer-account-routes.ts';
import { customerAdminRoutes } from './modules/customer/customer-admin-routes.ts';
import { customerRoutes } from './modules/customer/customer-routes.ts';
import { registerDevRoutes } from './modules/dev/dev-routes.ts';
import { giftCardRedemptionRoutes } from './modules/giftcards/gift-card-redemption-routes.ts';
import { giftCardConsoleRoutes } from './modules/giftcards/giftcards-console-routes.ts';
import { giftCardRoutes } from './modules/giftcards/giftcards-routes.ts';
import { payoutRoutes } from './modules/ledger/payouts-routes.ts';
import { statementRoutes } from './modules/ledger/statements-routes.ts';
import { mediaLibraryFor, storeCataloguePictures } from './modules/media/catalogue-pictures.ts';
import type { MediaLibrary } from './modules/media/media-library.ts';
import { registerMediaRoutes } from './modules/media/media-routes.ts';
import { PictureError } from './modules/media/picture-check.ts';
import { mediaKeyOf } from './modules/media/picture-source.ts';
import { orderReviewRoutes } from './modules/orders/order-review-routes.ts';
import { ordersBulkRoutes } from './modules/orders/orders-bulk-routes.ts';
import { orderRoutes } from './modules/orders/orders-routes.ts';
import { sellerHomeRoutes } from './modules/orders/seller-home-routes.ts';
import { sellerApplicationAdminRoutes } from './modules/sellers/application-admin-routes.ts';
import { sellerApplicationRoutes } from './modules/sellers/application-routes.ts';
import { suspensionRoutes } from './modules/sellers/suspension-routes.ts';
import { staffAdminRoutes } from './modules/staff/staff-admin-routes.ts';
import { registerBackOffice } from './modules/staff/staff-back-office.ts';
import { requireFreshPasskey, requireStaff } from './modules/staff/staff-guards.ts';
import { STEP_UP_MINUTES } from './modules/staff/staff-routes.ts';
import type { StaffSessions } from './modules/staff/staff-sessions.ts';
import { createProviders, type Providers } from './providers/providers.ts';
import { createServices, type Services } from './services.ts';
import { registerWebApp } from './web/web-app.ts';
import { registerWebhooks } from './webhooks/webhook-routes.ts';
import type { JobPasses } from './worker/job-passes.ts';

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
  /** The shop's pictures (modules/media); by default on the media store the settings name. */
  media?: MediaLibrary;
  /** The built web app; defaults to apps/web/dist. */
  webDistDir?: string;
  /** [I15-admin] The built back office; defaults to apps/admin/dist when webDistDir is not given. */
  adminDistDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** [I26] The passes of this process's worker, shown by the sandbox's GET /dev/jobs.json (server.ts). */
  jobPasses?: JobPasses;
}

const healthReplySchema = z.object({ status: z.literal('ok') });

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const DEFAULT_ADMIN_DIST = fileURLToPath(new URL('../../admin/dist', import.meta.url));

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
  scriptSrcAttr: ["'none'"],
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
    // [I13-hotpath] Successful catalogue reads are logged by sample (LOG_CATALOGUE_READS, logger.ts).
    logController: new RequestLogController(config),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    return503OnClosing: false, // draining.ts answers while stopping
    forceCloseConnections: 'idle',
  });
  const providers =
    deps.providers ?? createProviders(config, db, { warn: (message) => app.log.warn(message) });
  const media = deps.media ?? mediaLibraryFor(db, config);
  // Tests and server.ts reach the providers (the sandbox card provider, the outbox) and the media
  // library (seeding, imports) through here.
  app.decorate('deps', { config, db, clock, providers, media });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerDraining(app);

  // [I13-hotpath] Security headers built once (http/security-headers.ts): HTML gets the CSP, other
  // replies a small fixed set. HSTS is ours too (http/transport-security.ts): only over TLS.
  registerSecurityHeaders(app, CSP_DIRECTIVES);
  registerHsts(app, config.PUBLIC_URL);
  // [I13-compress] brotli/gzip for dynamic replies (http/compression.ts); before any route.
  await registerCompression(app);
  // [I12-5] A signed-in member counts against their own budget, a visitor against their address.
  await registerGlobalRateLimit(app, config, memberOrAddressKey);

  // Before any route: the document is built from the routes registered after it (http/openapi.ts).
  await registerOpenApi(app);

  // Load balancers and the operator ask here whether the process and its database answer.
  app.get(
    '/healthz',
    { schema: { tags: ['Operations'], response: { 200: healthReplySchema, 500: errorReplySchema } } },
    async (_request, reply) => {
      await sql`select 1`.execute(db);
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    },
  );

  if (providers.outbox) registerDevRoutes(app, providers.outbox, deps.jobPasses);

  const services = createServices({
    config,
    db,
    clock,
    providers,
    authSecret: deps.authSecret,
    log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
  });
  app.decorate('services', services);
  // Before any route: requireCustomer finds bearer tokens through the token service.
  registerCustomerAuth(app, services.tokens);

  // The calls of SPEC.md §7, each module's routes under /rest/{default|au}/V1/… (http/api-prefix.ts).
  // Catalogue: product, seller, sellerInformation, categories, lists, MMS templates, products-render-info.
  // [I33] Magento clients' searchCriteria: products-render-info's filters and GET /V1/products.
  const magentoSearch = createMagentoSearch(db, { publicUrl: config.PUBLIC_URL });
  await registerApi(app, catalogRoutes({ config, service: services.catalog, magentoSearch }));
  await registerApi(app, magentoSearchRoutes({ search: magentoSearch }));
  // [I33] Search: search, searchSuggestions (docs/search.md).
  await registerApi(app, searchRoutes({ config, db }));
  // [I13-hotpath] Rendered catalogue documents still being stored are written before the database closes.
  app.addHook('onClose', () => services.catalog.flush());
  // [I16-vendor-sms] Sellers' texts for orders approved at checkout go out before the database closes.
  app.addHook('onClose', () => services.orderReview.settle());
  // Sign-in: sendmobilecode, confirmmobilecode, auth, signout.
  await registerApi(app, authRoutes({ config, providers, service: services.auth }));
  // Registration: createAccount, customers/isEmailAvailable and the address search.
  await registerApi(app, customerRoutes({ config, providers, service: services.customers }));
  // Cart: carts/mine…, clearcart.
  await registerApi(app, cartRoutes({ config, service: services.cart }));
  // Checkout: shipping estimates and methods, shipping-information, payment-information (placing the
  // order), savedcards, checkoutsuccess.
  await registerApi(app, checkoutRoutes({ config, service: services.checkout }));
  // My Account: customers/me, setdefaultbilling/-shipping, orders and order; each member sees only their
  // own.
  await registerApi(
    app,
    customerAccountRoutes({ config, service: services.customers, orders: services.checkout }),
  );
  // [I29] My Account › Text offers: a switch per seller for the member's mobile (docs/campaigns.md).
  await registerApi(app, textOffersRoutes({ config, db, clock }));
  // [I30] …and its "Buy by reply" setting: on with a saved card and the default address, or off.
  const replyToBuy = createReplyToBuySettings({
    db,
    clock,
    maxCents: config.REPLY_TO_BUY_MAX_CENTS,
    savedCards: (customerId) => services.checkout.savedCards(customerId),
  });
  await registerApi(app, replyToBuySettingsRoutes({ config, settings: replyToBuy }));
  // [I31] "Text me when it's back" on a sold-out product or variant (docs/automations.md).
  await registerApi(app, stockAlertRoutes({ config, db, clock, tokenKey: services.keys.tokenKey }));
  // [I32] "Sell with us": the application to sell, with a mobile proven by a one-time code (docs/sellers.md).
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  await registerApi(
    app,
    sellerApplicationRoutes({
      config,
      db,
      clock,
      outbox: services.outbox,
      publicUrl,
      tokenKey: services.keys.tokenKey,
    }),
  );
  // Gift cards by picture message (SPEC.md §7 Gift cards); the delivery worker is started by server.ts
  // (or runs as its own process: npm run worker).
  await registerApi(app, giftCardRoutes({ config, service: services.giftCards, captcha: providers.captcha }));

  // [I15] The back office's API under /admin/api (modules/staff): staff cookie sessions, never shopper tokens.
  // A photo from the back office (a product's, a seller's logo or banner) through the media store, checked
  // by picture-check.ts as an import's are.
  const storePicture = async (bytes: Buffer) => {
    try {
      const { picture } = await media.storePicture(bytes);
      return `/media/products/${picture.key}.${picture.format}`;
    } catch (error) {
      if (error instanceof PictureError) throw new InvalidDataError(`The photo ${error.message}.`);
      throw error;
    }
  };
  // [I32] What the sellers' back-office routes share (docs/sellers.md).
  const selfServe = (sessions: StaffSessions) => ({
    config,
    db,
    clock,
    sessions,
    outbox: services.outbox,
    publicUrl,
    storePicture,
  });
  await registerBackOffice(app, {
    config,
    db,
    clock,
    staff: services.staff,
    outbox: services.outbox,
    // [I15-review] POST /admin/api/orders/:id/approve and /refuse.
    routes: [
      orderReviewRoutes({ db, clock, review: services.orderReview }),
      // [I15-orders] Orders list, CSV, detail, ship, refund, cancel, notes, dashboard (docs/back-office-orders.md).
      ({ sessions }) =>
        orderRoutes({
          config,
          db,
          clock,
          sessions,
          fulfilment: services.fulfilment,
        }),
      // [I16-payouts, I16-invoices] Bank accounts, payout runs (ABA file), tax invoices (docs/payouts-and-invoices.md).
      ({ sessions }) => payoutRoutes({ config, db, clock, sessions }),
      // [I15-giftcards] The gift card console: staff guards, audit and the outbox's sender handed in.
      ({ sessions }) =>
        giftCardConsoleRoutes({
          giftCards: services.giftCardConsole,
          guards: {
            operator: requireStaff(sessions, { role: 'operator' }),
            freshPasskey: requireFreshPasskey(() => clock.now(), STEP_UP_MINUTES),
          },
        }),
      // [I16-statements] Sellers' weekly statements: list, detail, CSV, PDF (docs/ledger-and-statements.md).
      ({ sessions }) => statementRoutes({ db, clock, sessions, storeName: config.STORE_NAME }),
      // [I16-products] Products for vendors (their seller's) and operators (docs/vendor-products.md); photos
      // go through the media store (checked by picture-check.ts) as an import's do.
      ({ sessions }) =>
        productAdminRoutes({
          db,
          clock,
          sessions,
          editing: services.productEditing,
          maxPictureBytes: config.MEDIA_MAX_BYTES,
          storePicture,
        }),
      // [I29] Text campaigns (docs/campaigns.md).
      ({ sessions }) => campaignRoutes({ sessions, campaigns: services.campaigns }),
      // [I29] A seller's text subscribers: list, CSV with the consent evidence, import (docs/campaigns.md).
      ({ sessions }) => subscriberRoutes({ db, clock, sessions, storeName: config.STORE_NAME }),
      // [I31] Texts that go by themselves: each flow's switch, words, timing and results (docs/automations.md).
      ({ sessions }) => automationRoutes({ config, db, clock, sessions }),
      // [I32] Sellers run their own shop (docs/sellers.md): applications, staff, the seller's profile, the
      // review of new products, the import, suspensions.
      ({ sessions }) => sellerApplicationAdminRoutes(selfServe(sessions)),
      ({ sessions }) =>
        staffAdminRoutes({
          ...selfServe(sessions),
          sellers: { namesOf: (ids) => sellerNamesOf(db, ids) },
        }),
      ({ sessions }) => sellerProfileRoutes(selfServe(sessions)),
      ({ sessions }) => productReviewRoutes(selfServe(sessions)),
      ({ sessions }) =>
        catalogueImportAdminRoutes({
          ...selfServe(sessions),
          pictures: {
            isMediaPath: (reference) => mediaKeyOf(reference) !== undefined,
            takeIn: (parsed, onProgress, onStored) =>
              storeCataloguePictures(db, config, parsed, {
                baseDir: '/nonexistent-upload',
                library: media,
                onProgress,
                onStored,
              }),
          },
          stockWatch: services.stockAlerts.watch,
        }),
      ({ sessions }) => suspensionRoutes(selfServe(sessions)),
      // [I34] Bulk approve and ship; a seller's home screen; the customer page (docs/back-office-daily.md).
      ({ sessions }) =>
        ordersBulkRoutes({
          ...selfServe(sessions),
          review: services.orderReview,
          fulfilment: services.fulfilment,
        }),
      ({ sessions }) => sellerHomeRoutes(selfServe(sessions)),
      ({ sessions }) => customerAdminRoutes(selfServe(sessions)),
      // [I16-redeem] Gift cards redeemed in store: look-up and redeem (vendors: their seller's cards).
      ({ sessions }) =>
        giftCardRedemptionRoutes({
          redemption: services.giftCardRedemption,
          guards: {
            staff: requireStaff(sessions),
            freshPasskey: requireFreshPasskey(() => clock.now(), STEP_UP_MINUTES),
          },
        }),
    ],
  });

  // [I29] A campaign text's short link /t/<code>, into the sign-in link flow.
  await app.register(shortLinkRoutes({ db, clock, tokenKey: services.keys.tokenKey }));

  // [I29] The opt-out page of every marketing text, /u/<code>: no sign-in, no storefront bundle.
  await app.register(optOutRoutes({ db, clock, storeName: config.STORE_NAME }));

  // [I15-webhooks] Twilio message statuses and Stripe events (webhooks/): signature-checked, idempotent.
  await registerWebhooks(app, {
    config,
    db,
    clock,
    refunds: services.refunds,
    inbound: services.inboundTexts,
  });

  // The shop's pictures at /media/… (the root, not /rest), from the media store (docs/media.md): the
  // originals and their renditions for the storefront (AVIF/WebP/JPEG) and picture messages (PNG/JPEG).
  await registerMediaRoutes(app, { library: media });

  await registerWebApp(
    app,
    config,
    deps.webDistDir ?? DEFAULT_WEB_DIST,
    deps.adminDistDir ?? (deps.webDistDir ? undefined : DEFAULT_ADMIN_DIST),
  );

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: { config: Config; db: Db; clock: Clock; providers: Providers; media: MediaLibrary };
    /** Every service of the app (services.ts): tests reach the ones a route does not expose. */
    services: Services;
  }
}
