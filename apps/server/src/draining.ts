import type { ErrorReply } from '@quokka/contract/api/errors';
import type { FastifyInstance } from 'fastify';

// While the server stops (server.ts), requests already in flight finish; a new request on a connection
// that is still open is answered, never reset: 503 with `Connection: close` and a text that says to try
// again. A reset leaves the web app unsure whether an order was placed; a 503 says it was not. Fastify's
// own answer when closing (return503OnClosing) has no `code` and misses requests that arrive while the
// server waits for idle connections, so this replaces it.
//
// [I27-9] The answer goes out as ready-made JSON text, not through the route's reply schema: it is the
// same for every route, and a route that declares its 503 replies would otherwise check it against that
// schema first, where a code the contract did not list turned every turned-away request into a 500.

export const SHUTTING_DOWN = {
  code: 'SHUTTING_DOWN',
  message: 'The shop is restarting. Please try again in a moment.',
} as const satisfies ErrorReply;

const SHUTTING_DOWN_JSON = JSON.stringify(SHUTTING_DOWN);

const draining = new WeakSet<FastifyInstance>();

/** From now on `app` answers new requests 503 and closes each connection after its answer. */
export function startDraining(app: FastifyInstance) {
  draining.add(app);
}

/** The first hook of every request; registered before the rate limit so a stop is never a 429. */
export function registerDraining(app: FastifyInstance) {
  app.addHook('preClose', async () => startDraining(app));
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining.has(app)) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .type('application/json; charset=utf-8')
      .send(SHUTTING_DOWN_JSON);
  });
  // Answers finished while draining close their connection too, so clients do not reuse it.
  app.addHook('onSend', async (_request, reply) => {
    if (draining.has(app)) reply.header('connection', 'close');
  });
}
