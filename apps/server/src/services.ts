import { randomBytes } from 'node:crypto';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { NotFoundError } from './domain/errors.ts';
import { createSmsBudget } from './http/sms-budget.ts';
import { deriveAuthKeys } from './modules/auth/auth-secret.ts';
import { type AuthProduct, type AuthSeller, createAuthService } from './modules/auth/auth-service.ts';
import { createTokenService } from './modules/auth/token-service.ts';
import { attributeOrder } from './modules/campaigns/attribution.ts';
import { createCampaignService } from './modules/campaigns/campaign-service.ts';
import {
  confirmPending,
  recordCheckoutConsents,
  recordConsent,
  restoreAll,
  sellerNamed,
  stopAll,
} from './modules/campaigns/consent.ts';
import { createReplyOffers } from './modules/campaigns/reply-offers.ts';
import { createStockAlerts } from './modules/campaigns/stock-alerts.ts';
import { createCartService } from './modules/cart/cart-service.ts';
import { createCatalogService } from './modules/catalog/catalog-service.ts';
import { createProductEditing } from './modules/catalog/product-editing.ts';
import { createCheckoutService } from './modules/checkout/checkout-service.ts';
import { orderRecords, orderReviewRecords } from './modules/checkout/order-records.ts';
import { createCustomerService } from './modules/customer/customer-service.ts';
import { refuseSuspendedMember } from './modules/customer/member-suspension.ts';
import { giftCardBalances } from './modules/giftcards/gift-card-balance.ts';
import { giftCardLookup } from './modules/giftcards/gift-card-lookup.ts';
import { createGiftCardRedemption } from './modules/giftcards/gift-card-redemption.ts';
import { wakeApprovedOrderCards } from './modules/giftcards/gift-card-sending.ts';
import { createGiftCardConsole } from './modules/giftcards/giftcards-console.ts';
import { createGiftCardService } from './modules/giftcards/giftcards-service.ts';
import { createInboundTexts } from './modules/messages/inbound-texts.ts';
import { createOrderFulfilment } from './modules/orders/order-fulfilment.ts';
import { createOrderRefunds } from './modules/orders/order-refunds.ts';
import { createOrderReview } from './modules/orders/order-review.ts';
import { createVendorOrderTexts } from './modules/orders/vendor-order-texts.ts';
import { recordStaffAction } from './modules/staff/staff-audit.ts';
import { createStaffServices } from './modules/staff/staff-back-office.ts';
import type { Providers } from './providers/providers.ts';
import { outboxSenderFor } from './worker/start-worker.ts';

// The composition root: every service of the app, each built exactly once, in the order they depend on
// each other. A module never builds another module's service; it is handed the ones it calls here.
// buildApp (app.ts) registers each module's routes with the services they need.

export interface ServicesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  providers: Providers;
  /** AUTH_SECRET or the DATA_DIR secret (server.ts); without one, a throwaway secret for this app only. */
  authSecret?: string | undefined;
  /** Where sandbox sign-in codes are shown to the developer, and the SMS budget's alerts (the app's log). */
  log: { info(message: string): void; warn(message: string): void };
}

export type Services = ReturnType<typeof createServices>;

export function createServices({ config, db, clock, providers, authSecret, log }: ServicesDeps) {
  const keys = deriveAuthKeys(authSecret ?? config.AUTH_SECRET ?? randomBytes(32).toString('base64url'));

  // [I31] Back in stock: every stock rise (a refund, cancel or refusal that restocks, a product edit) picks
  // the shoppers waiting for the item, in its transaction. The catalogue is handed the watcher: it must not
  // import the campaigns module, which depends on it.
  const stockAlerts = createStockAlerts({ db, clock, log: reviewLog(log) });

  // Catalogue: products, sellers, categories and stock; one listing cache for the whole app.
  const catalog = createCatalogService(db, {
    stockWatch: stockAlerts.watch,
    publicUrl: config.PUBLIC_URL,
    onDocumentError: (error) =>
      log.warn(`catalogue documents not stored (rendered again on the next read): ${error}`),
  });

  // [I16-products] Vendors' and operators' changes to products (the back office's product screens).
  const productEditing = createProductEditing({
    db,
    clock,
    stockWatch: stockAlerts.watch,
    // [I32] Under manual review a vendor's change to an approved product's words or photos waits.
    productReview: config.PRODUCT_REVIEW,
  });

  // Sign-in: bearer tokens, one-time codes and sign-in links.
  const tokens = createTokenService({ db, clock });
  // Members: registration, the account (customers/me), the address book and the address rules. A new
  // email ends the member's other sessions.
  const customers = createCustomerService({
    db,
    clock,
    tokenKey: keys.tokenKey,
    revokeOtherSessions: tokens.revokeAll,
  });

  // [I12-1] One shop-wide SMS budget for every text a sign-in sends, shoppers' and staff's alike.
  const smsBudget = createSmsBudget({
    perHour: config.SMS_SENDS_PER_HOUR,
    perPrefixPerHour: config.SMS_SENDS_PER_PREFIX_PER_HOUR,
    clock,
    alert: (message) => log.warn(message),
  });
  const auth = createAuthService({
    db,
    clock,
    messaging: providers.messaging,
    tokens,
    keys,
    limits: {
      intervalSeconds: config.OTP_SEND_INTERVAL_S,
      perNumberPerHour: config.OTP_SENDS_PER_NUMBER_PER_HOUR,
      perAddressPerHour: config.OTP_SENDS_PER_ADDRESS_PER_HOUR,
      guessing: {
        failuresPerNumberPerDay: config.OTP_FAILED_CONFIRMS_PER_NUMBER_PER_DAY,
        cooldownSeconds: config.OTP_FAILED_CONFIRMS_COOLDOWN_S,
        failuresPerAddressPerHour: config.OTP_FAILED_CONFIRMS_PER_ADDRESS_PER_HOUR,
      },
    },
    // [I12-1] The shop-wide budget, after the per-number and per-address limits: it alerts in the log.
    smsBudget,
    storeName: config.STORE_NAME,
    ...(config.PUBLIC_URL ? { publicHost: new URL(config.PUBLIC_URL).host } : {}),
    findCustomerIdByMobile: customers.findIdByMobile,
    // [I32] A suspended member signs in nowhere (modules/customer/member-suspension.ts).
    refuseSuspendedMember: (customerId) => refuseSuspendedMember(db, customerId, config.identity),
    // [DATA-32] The auth reply's product: what a cart line needs to open or add it.
    findProduct: async (productId): Promise<AuthProduct | null> => {
      const product = await catalog.product(productId);
      if ('not_exists' in product) return null;
      return {
        id: product.id,
        name: product.name,
        sku: product.sku,
        qty: product.qty,
        image: product.image,
        price: product.price,
        type_id: product.type_id,
        is_giftcard: product.is_giftcard,
        product_option: { extension_attributes: { configurable_item_options: [] } },
      };
    },
    findSeller: async (sellerUrl): Promise<AuthSeller | null> => {
      try {
        const { seller, selling } = await catalog.sellerInformation(sellerUrl, 1);
        // [I32] A link naming a suspended seller opens the shop without it (no affiliate seller).
        if (selling === false) return null;
        return { id: seller.id, name: seller.name, seller_url: seller.seller_url, image: seller.image };
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
    // [DECISIONS "Sandbox mode"] The log shows each code to the developer; never in production, where
    // nothing logs a code or a token.
    ...(config.providers.messaging === 'sandbox' && config.NODE_ENV !== 'production'
      ? { showCode: (mobile: string, code: string) => log.info(`sandbox code for ${mobile}: ${code}`) }
      : {}),
  });

  // The server cart, checkout (shipping, payment, the order) and the member's orders.
  const cart = createCartService({ db, customers, clock });
  // [I15-review] Approving (capture) and refusing (release, restock, text) orders; ORDER_REVIEW=auto
  // approves each new order right after checkout commits (afterPlaced, below).
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  // The outbox's sender (modules/messages/outbox.ts): a request sends the messages its transaction queued
  // before it answers (sendNow); the worker sends everything else that is due, and retries.
  const outbox = outboxSenderFor({ config, db, clock, providers, publicUrl, log: reviewLog(log) });
  // [I15-refund] The one way money goes back to a shopper: the operator's refund and cancel, a refusal,
  // a gift card void and Stripe's refunds all give it back through this (modules/orders/order-refunds.ts).
  const refunds = createOrderRefunds({
    records: orderRecords,
    payments: providers.payments,
    inventory: catalog.inventory,
    giftCardBalances,
  });
  const orderReview = createOrderReview({
    db,
    clock,
    orders: orderReviewRecords,
    inventory: catalog.inventory,
    payments: providers.payments,
    outbox,
    refunds,
    storeName: config.STORE_NAME,
    log: reviewLog(log),
    // [I15-review] The order's gift cards go as soon as it is approved.
    giftCardMessages: { wakeApproved: wakeApprovedOrderCards },
    // [I16-vendor-sms] New approved order: an SMS to each of its sellers' vendor staff.
    vendorTexts: createVendorOrderTexts({ db, clock, outbox, publicUrl, log: reviewLog(log) }),
  });
  const checkout = createCheckoutService({
    db,
    clock,
    payments: providers.payments,
    storeName: config.STORE_NAME,
    cart,
    customers,
    catalog,
    ...(config.ORDER_REVIEW === 'auto' ? { afterPlaced: orderReview.approveAfterCheckout } : {}),
    // [I16-checkout-giftcard] Gift cards spent at checkout: balances and look-up from modules/giftcards.
    giftCards: { balances: giftCardBalances, lookup: giftCardLookup },
    sellerIdOf: catalog.sellerId,
    // [I29] The checkout box "Text me offers from <seller>": consents recorded in the order's transaction.
    textOffers: { recordAtCheckout: recordCheckoutConsents },
    // [I29] An order's campaign: the mobile's last click on a campaign link within 5 days.
    attributeOrder,
  });

  // [I15-ship, I15-refund, I15-cancel] What staff do to an approved order: ship, refund, cancel, notes.
  const fulfilment = createOrderFulfilment({
    db,
    clock,
    records: orderRecords,
    refunds,
    outbox,
    inventory: catalog.inventory,
    storeName: config.STORE_NAME,
    // [I34] The sellers' refund and cancellation texts link to the order's page.
    publicUrl,
  });

  // [I15] The back office's own services: staff code sign-in (the shoppers' code key and the same SMS
  // budget), sessions, passkeys and the passkey notices.
  const staff = createStaffServices({
    config,
    db,
    clock,
    messaging: providers.messaging,
    smsBudget,
    codeKey: keys.codeKey,
    log,
  });

  // [I15-giftcards] The gift card console (find, resend, reschedule, void: the void refunds through the
  // refund path) and [I16-redeem] in-store redemption, with the staff audit log handed in.
  const giftCardConsole = createGiftCardConsole({
    db,
    clock,
    sender: { publicUrl, storeName: config.STORE_NAME, identity: config.identity },
    outbox,
    refunds,
    audit: recordStaffAction,
    log: reviewLog(log),
  });
  const giftCardRedemption = createGiftCardRedemption({ db, clock, audit: recordStaffAction });

  // Gift cards by picture message: the details of a card in the cart, and its order.
  const giftCards = createGiftCardService({ db, clock, cart, catalog, checkout });

  // [I30] Reply to buy: BUY answered with the exact terms, YES placing the order through checkout with the
  // member's saved card off-session (modules/campaigns/reply-offers.ts).
  const replyOffers = createReplyOffers({
    storeName: config.STORE_NAME,
    publicUrl,
    maxCents: config.REPLY_TO_BUY_MAX_CENTS,
    payments: providers.payments,
    checkout,
  });

  // [I29] Texts shoppers send to the shop's number (keywords: STOP, START, HELP, JOIN, YES): the Twilio
  // webhook and the sandbox's reply box both hand them here.
  const inboundTexts = createInboundTexts({
    db,
    consents: { stopAll, restoreAll, recordConsent, confirmPending, sellerNamed },
    clock,
    outbox,
    storeName: config.STORE_NAME,
    identity: config.identity,
    marketingTextsPerWeek: config.MARKETING_TEXTS_PER_WEEK,
    replyOffers,
  });

  // [I29] Text campaigns in the back office (modules/campaigns/campaign-service.ts); their texts go
  // through the outbox's campaign sender (worker/start-worker.ts).
  const campaigns = createCampaignService({
    db,
    clock,
    publicUrl,
    priceCents: config.SMS_PRICE_CENTS,
    review: config.CAMPAIGN_REVIEW,
    replyToBuyMaxCents: config.REPLY_TO_BUY_MAX_CENTS,
    outbox,
  });

  // Every service above; app.ts registers each module's routes with the ones it needs.
  return {
    keys,
    smsBudget,
    tokens,
    auth,
    catalog,
    customers,
    cart,
    checkout,
    giftCards,
    outbox,
    orderReview,
    refunds,
    fulfilment,
    productEditing,
    staff,
    giftCardConsole,
    giftCardRedemption,
    inboundTexts,
    campaigns,
    stockAlerts,
  };
}

/** The review's structured log lines, on the app's log (which takes one message). */
function reviewLog(log: ServicesDeps['log']) {
  const line = (details: object, message: string) => `${message} ${JSON.stringify(details)}`;
  return {
    info: (details: object, message: string) => log.info(line(details, message)),
    warn: (details: object, message: string) => log.warn(line(details, message)),
    error: (details: object, message: string) => log.warn(line(details, message)),
  };
}
