import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_PREFIXES, DOCUMENTED_PREFIX } from './api-prefix.ts';
import { pruneComponents } from './openapi-components.ts';

// The OpenAPI reference of the calls (SPEC.md §7), generated from the routes' zod schemas, which are the
// contract's (`@quokka/contract/api/*`): `GET /openapi.json` is the document, `GET /docs/api` a page to
// read it. The page is Swagger UI from the registry package, served from our own origin (no CDN), so
// the app's CSP (`script-src 'self'`) holds: it has no inline script.

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs/api';

const DESCRIPTION = [
  'The storefront calls of Quokka: Magento 2 shapes where Magento has the call, `{status, data}` for the',
  'custom endpoints. Every call answers under `/rest/default/V1`, `/rest/au/V1` and `/rest/V1` alike;',
  `this document lists each once, under \`${DOCUMENTED_PREFIX}\`.`,
  '',
  'Every reply that is not a success is `{message, code}` (plus `input_validation` for form fields):',
  'clients switch on `code`, never on the wording of `message`.',
  '',
  'Member calls need `Authorization: Bearer <token>` (the token `auth` answers an existing member).',
].join('\n');

/**
 * Files the routes registered after it in this scope under a tag of the reference; `member` marks them
 * as needing the member's bearer token.
 */
export function documentRoutes(api: FastifyInstance, tag: string, options: { member?: boolean } = {}): void {
  api.addHook('onRoute', (route) => {
    route.schema = {
      ...route.schema,
      tags: [tag],
      ...(options.member ? { security: [{ bearer: [] }] } : {}),
    };
  });
}

/** The API calls under the documented prefix, the health check and the pictures. */
function isDocumented(url: string): boolean {
  return url.startsWith(`${DOCUMENTED_PREFIX}/`) || url === '/healthz' || url.startsWith('/media/');
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** Registers the document and the reference page; call before any route, so every route is seen. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Quokka storefront API', version: '1', description: DESCRIPTION },
      servers: [{ url: '/', description: `The calls also answer under ${API_PREFIXES.join(', ')}` }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    // The document is the API's: the web app's pages, the sandbox's dev pages and the back office (its own
    // document, openapi-back-office.ts) are left out. Filtered here rather than by marking the routes
    // hidden, so the back office's document still sees its routes.
    transform: (input: TransformInput) =>
      isDocumented(input.url) ? jsonSchemaTransform(input) : { schema: { hide: true }, url: input.url },
    // Schemas with a `.meta({ id })` become named components, referred to by every call that uses them;
    // those no call of this document uses are left out.
    transformObject: (input) => pruneComponents(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    // The page is the API's reference, not the framework's: no Fastify banner and URL box on top.
    theme: {
      title: 'Quokka API reference',
      css: [{ filename: 'quokka.css', content: '.swagger-ui .topbar { display: none; }' }],
    },
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}
