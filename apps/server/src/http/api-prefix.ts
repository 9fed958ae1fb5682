import type { FastifyInstance } from 'fastify';

// [API-28] The same routes answer under /rest/default/V1, /rest/au/V1 and the store-code-free /rest/V1:
// the store code carries no meaning here (DECISIONS.md "Wire"), the web client calls shipping-information
// under 'au', and /rest/V1 is what Magento clients call by default.

/** Where the calls are documented (http/openapi.ts): the prefix the web client uses. */
export const DOCUMENTED_PREFIX = '/rest/default/V1';

/** Every prefix the calls answer under; the others are the same calls, left out of the document. */
export const API_PREFIXES = [DOCUMENTED_PREFIX, '/rest/au/V1', '/rest/V1'] as const;

export type ApiPlugin = (api: FastifyInstance) => Promise<void> | void;

export async function registerApi(app: FastifyInstance, plugin: ApiPlugin) {
  for (const prefix of API_PREFIXES) {
    await app.register(
      async (api) => {
        if (prefix !== DOCUMENTED_PREFIX) {
          // Each call is documented once: the same route under another prefix is hidden.
          api.addHook('onRoute', (route) => {
            route.schema = { ...route.schema, hide: true };
          });
        }
        await plugin(api);
      },
      { prefix },
    );
  }
}
