// The settings the server writes into a page's `<meta name="quokka-config">` at serve time, so one build
// runs in every environment: the storefront's (apps/server/src/web/web-app.ts writes it,
// apps/web/src/lib/runtime-config.ts reads it) and the back office's (apps/admin/src/lib/runtime-config.ts).
// Written once here so the server cannot send a field the page does not read, or forget one it does.

import type { BusinessIdentity } from './business-identity.ts';

export interface RuntimeConfig {
  storeName: string;
  apiNamespace: string;
  /** Where '/' sends visitors [ROUTE-02]. Without a server there is no marketing site, so the shop. */
  marketingUrl: string;
  /** [API-05] The card provider's public key for the page's origin; null in sandbox mode. */
  stripePublishableKey: string | null;
  recaptchaSiteKey: string | null;
  googlePlacesKey: string | null;
  sandbox: boolean;
  /**
   * Optional API origin when the API is not served from the page's origin [API-01]. The server serves
   * both from one origin and writes null; the page then falls back to its build's VITE_API_BASE.
   */
  apiBase: string | null;
  /** [I11-12] Who runs the shop and how to reach support: the footer, /success and the terms show it. */
  business: BusinessIdentity;
}

/** The back office's settings: it needs only the store's name and whether the providers are sandboxes. */
export interface AdminRuntimeConfig {
  storeName: string;
  sandbox: boolean;
}
