import type { FastifyInstance } from 'fastify';

// [API-28] The same routes answer under /rest/default/V1 and /rest/au/V1: the store code carries no
// meaning here (DECISIONS.md "Wire"), but the web client calls shipping-information under 'au'.
export const STORE_CODES = ['default', 'au'] as const;

export type ApiPlugin = (api: FastifyInstance) => Promise<void> | void;

export async function registerApi(app: FastifyInstance, plugin: ApiPlugin) {
  for (const store of STORE_CODES) {
    await app.register(async (api) => plugin(api), { prefix: `/rest/${store}/V1` });
  }
}
