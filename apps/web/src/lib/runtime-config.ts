import { type BusinessIdentity, SANDBOX_IDENTITY } from '@quokka/contract/business-identity';
import type { RuntimeConfig } from '@quokka/contract/runtime-config';

// Settings the server writes into index.html at serve time (`<meta name="quokka-config">`), so one
// build runs in every environment; their shape is the contract's (@quokka/contract/runtime-config).
// The dev server leaves the tag as `{}`, so every field has a default.

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  storeName: 'Quokka',
  apiNamespace: 'storefront',
  marketingUrl: '/browse',
  stripePublishableKey: null,
  recaptchaSiteKey: null,
  googlePlacesKey: null,
  sandbox: true,
  apiBase: null,
  business: SANDBOX_IDENTITY,
};

const META_SELECTOR = 'meta[name="quokka-config"]';

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function businessOf(value: unknown): BusinessIdentity {
  if (typeof value !== 'object' || value === null) return DEFAULT_RUNTIME_CONFIG.business;
  const source: Record<string, unknown> = { ...value };
  const fallback = DEFAULT_RUNTIME_CONFIG.business;
  const email = optionalText(source.supportEmail);
  const phone = optionalText(source.supportPhone);
  const anyContact = email !== null || phone !== null;
  return {
    tradingName: text(source.tradingName, fallback.tradingName),
    abn: text(source.abn, fallback.abn),
    // The server sends at least one contact; a tag without either falls back to the default pair.
    supportEmail: anyContact ? email : fallback.supportEmail,
    supportPhone: anyContact ? phone : fallback.supportPhone,
  };
}

/** Reads the config from a meta tag's content; anything missing or malformed falls back to the default. */
export function parseRuntimeConfig(content: string | null | undefined): RuntimeConfig {
  let raw: unknown = {};
  try {
    raw = content ? JSON.parse(content) : {};
  } catch {
    raw = {};
  }
  const source: Record<string, unknown> = typeof raw === 'object' && raw !== null ? { ...raw } : {};
  return {
    storeName: text(source.storeName, DEFAULT_RUNTIME_CONFIG.storeName),
    apiNamespace: text(source.apiNamespace, DEFAULT_RUNTIME_CONFIG.apiNamespace),
    marketingUrl: text(source.marketingUrl, DEFAULT_RUNTIME_CONFIG.marketingUrl),
    stripePublishableKey: optionalText(source.stripePublishableKey),
    recaptchaSiteKey: optionalText(source.recaptchaSiteKey),
    googlePlacesKey: optionalText(source.googlePlacesKey),
    sandbox: typeof source.sandbox === 'boolean' ? source.sandbox : DEFAULT_RUNTIME_CONFIG.sandbox,
    apiBase: optionalText(source.apiBase),
    business: businessOf(source.business),
  };
}

let serverConfig: (() => RuntimeConfig | null) | null = null;

/**
 * Where there is no document (the server rendering a page): where to read the settings the server
 * writes into the page, for the page being rendered (apps/server/src/web/render-page.ts).
 */
export function setServerRuntimeConfig(source: () => RuntimeConfig | null): void {
  serverConfig = source;
}

let cached: { content: string | null; config: RuntimeConfig } | null = null;

/** The page's config. Parsed again only when the tag's content changed (tests swap it). */
export function getRuntimeConfig(): RuntimeConfig {
  const onServer = typeof document === 'undefined' ? serverConfig?.() : null;
  if (onServer) return onServer;
  const content =
    typeof document === 'undefined'
      ? null
      : (document.querySelector(META_SELECTOR)?.getAttribute('content') ?? null);
  if (cached === null || cached.content !== content) {
    cached = { content, config: parseRuntimeConfig(content) };
  }
  return cached.config;
}
