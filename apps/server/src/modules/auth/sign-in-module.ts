import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { registerApi } from '../../http/api-prefix.ts';
import type { Providers } from '../../providers/providers.ts';
import { createCatalogService } from '../catalog/catalog-service.ts';
import { customerRoutes } from '../customer/customer-routes.ts';
import { createCustomerService } from '../customer/customer-service.ts';
import { authRoutes } from './auth-routes.ts';
import { deriveAuthKeys } from './auth-secret.ts';
import { type AuthProduct, type AuthSeller, createAuthService } from './auth-service.ts';

// Issue 4 in one place for buildApp: sendmobilecode, confirmmobilecode, auth, signout, createAccount,
// customers/isEmailAvailable and the address search, wired to their services and providers.

export interface SignInDeps {
  config: Config;
  db: Db;
  clock: Clock;
  providers: Providers;
  /** AUTH_SECRET or the DATA_DIR secret (server.ts); without one, a throwaway secret for this app only. */
  authSecret?: string;
}

export async function registerSignIn(app: FastifyInstance, deps: SignInDeps): Promise<void> {
  const { config, db, clock, providers } = deps;
  const keys = deriveAuthKeys(deps.authSecret ?? config.AUTH_SECRET ?? randomBytes(32).toString('base64url'));
  const customers = createCustomerService({ db, clock, tokenKey: keys.tokenKey });
  const catalog = createCatalogService(db, { publicUrl: config.PUBLIC_URL });

  const auth = createAuthService({
    db,
    clock,
    messaging: providers.messaging,
    keys,
    limits: {
      intervalSeconds: config.OTP_SEND_INTERVAL_S,
      perNumberPerHour: config.OTP_SENDS_PER_NUMBER_PER_HOUR,
      perAddressPerHour: config.OTP_SENDS_PER_ADDRESS_PER_HOUR,
    },
    storeName: config.STORE_NAME,
    ...(config.PUBLIC_URL ? { publicHost: new URL(config.PUBLIC_URL).host } : {}),
    findCustomerIdByMobile: customers.findIdByMobile,
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
        const { seller } = await catalog.sellerInformation(sellerUrl, 1);
        return { id: seller.id, name: seller.name, seller_url: seller.seller_url, image: seller.image };
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
    // [DECISIONS "Sandbox mode"] The log shows each code to the developer; never in production, where
    // nothing logs a code or a token.
    ...(config.providers.messaging === 'sandbox' && config.NODE_ENV !== 'production'
      ? { showCode: (mobile: string, code: string) => app.log.info(`sandbox code for ${mobile}: ${code}`) }
      : {}),
  });

  await registerApi(app, authRoutes({ config, db, clock, providers, service: auth }));
  await registerApi(app, customerRoutes({ config, providers, service: customers }));
}
