// The settings the server writes into index.html (`<meta name="quokka-config">`) when it serves the back
// office (apps/server/src/web/web-app.ts); their shape is the contract's (@quokka/contract/runtime-config).
// The dev server leaves the tag as `{}`: every field has a default.
import type { AdminRuntimeConfig } from '@quokka/contract/runtime-config';

export type { AdminRuntimeConfig };

export const DEFAULT_ADMIN_CONFIG: AdminRuntimeConfig = { storeName: 'Quokka', sandbox: true };

export function parseAdminConfig(content: string | null | undefined): AdminRuntimeConfig {
  try {
    const raw: unknown = JSON.parse(content ?? '{}');
    if (typeof raw !== 'object' || raw === null) return DEFAULT_ADMIN_CONFIG;
    const source: Record<string, unknown> = { ...raw };
    return {
      storeName:
        typeof source.storeName === 'string' && source.storeName.trim() !== ''
          ? source.storeName
          : DEFAULT_ADMIN_CONFIG.storeName,
      sandbox: typeof source.sandbox === 'boolean' ? source.sandbox : DEFAULT_ADMIN_CONFIG.sandbox,
    };
  } catch {
    return DEFAULT_ADMIN_CONFIG;
  }
}

export function readAdminConfig(): AdminRuntimeConfig {
  if (typeof document === 'undefined') return DEFAULT_ADMIN_CONFIG;
  return parseAdminConfig(document.querySelector('meta[name="quokka-config"]')?.getAttribute('content'));
}
