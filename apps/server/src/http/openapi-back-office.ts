import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pruneComponents } from './openapi-components.ts';

// The back office's OpenAPI reference, a document of its own beside the storefront's (openapi.ts):
// `GET /admin/api/openapi.json` is the document, `GET /admin/api/docs` the page to read it. Its own
// document because its calls have another client (apps/admin), another way in (the staff cookie and the
// CSRF header, never a shopper's bearer token) and are not Magento's: the storefront's document stays the
// shoppers' contract. Generated, like the storefront's, from the routes' zod schemas, which are the
// contract's (`@quokka/contract/api/admin` and its neighbours).

export const BACK_OFFICE_OPENAPI_PATH = '/admin/api/openapi.json';
export const BACK_OFFICE_DOCS_PATH = '/admin/api/docs';

/**
 * The 200 reply of a download (a CSV, a PDF, an ABA file): its media type in the document. The body is
 * sent as it is (a string or bytes are never serialised by a schema).
 */
export function downloadReply(mediaType: string, description: string) {
  // Typed as the string or bytes the route sends; the document reads it as a string of that media type.
  const body = z.string() as unknown as z.ZodType<string | Buffer>;
  return { description, content: { [mediaType]: { schema: body } } };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const DESCRIPTION = [
  'The back office calls of Quokka, under `/admin/api`: what the back office app (`/admin`) calls.',
  'Money is integer cents (`*_cents`), instants are ISO strings, lists are paged',
  '`{items, total, page, page_size}`.',
  '',
  'Signing in (`/sign-in/code`, `/sign-in/code/confirm`, `/sign-in/passkey`) sets the staff session',
  'cookie (`quokka_staff`, or `__Host-quokka_staff` over TLS); every other call needs it (401',
  '`SIGN_IN_REQUIRED` or `SESSION_EXPIRED` without it). Every POST, PUT, PATCH and DELETE also sends',
  "the session's `csrf_token` (given by sign-in and `GET /me`) in `X-CSRF-Token` (403 `FORBIDDEN`",
  'without it). Operator-only calls answer a vendor 403 `FORBIDDEN`; money actions and showing a gift',
  "card's number answer 403 `STEP_UP_REQUIRED` when the last passkey check (`POST /step-up`) is older",
  'than 5 minutes.',
  '',
  'Every reply that is not a success is `{message, code}` (plus `input_validation` for form fields):',
  'clients switch on `code`, never on the wording of `message`.',
].join('\n');

/**
 * Registers the back office's document and reference page in the back office's scope; call before its
 * routes, so every route is seen. Each route needs the session (and, when it changes state, the CSRF
 * header) unless its schema says `security: []` (the sign-in calls).
 */
export async function registerBackOfficeOpenApi(scope: FastifyInstance): Promise<void> {
  scope.addHook('onRoute', (route) => {
    if (route.schema?.security) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const changes = methods.some((method) => STATE_CHANGING.has(method));
    route.schema = {
      ...route.schema,
      security: [changes ? { staffSession: [], csrfToken: [] } : { staffSession: [] }],
    };
  });
  // Registered inside the back office's scope: this document sees only the back office's routes, and
  // `swagger` here (read by the reference page) is this document, the storefront's outside.
  await scope.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Quokka back office API', version: '1', description: DESCRIPTION },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          staffSession: { type: 'apiKey', in: 'cookie', name: 'quokka_staff' },
          csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => pruneComponents(jsonSchemaTransformObject(input)),
  });
  await scope.register(swaggerUi, {
    routePrefix: BACK_OFFICE_DOCS_PATH,
    theme: {
      title: 'Quokka back office API reference',
      css: [{ filename: 'quokka.css', content: '.swagger-ui .topbar { display: none; }' }],
    },
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  scope.get(BACK_OFFICE_OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(scope.swagger()),
  );
}
