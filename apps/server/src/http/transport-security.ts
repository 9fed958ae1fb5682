import type { FastifyInstance } from 'fastify';

// [I12-14] Strict-Transport-Security only when the request really came over TLS: the socket was TLS, or a
// trusted proxy (TRUST_PROXY) said so in X-Forwarded-Proto; or the shop's public address is https, so
// every page a browser should see is served over TLS anyway. Over plain HTTP the header is ignored by
// browsers and only hides a misconfiguration.

const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export function registerHsts(app: FastifyInstance, publicUrl: string | undefined): void {
  const alwaysTls = publicUrl?.startsWith('https:') ?? false;
  // [I13-hotpath] A callback hook, not an async one: no promise per reply.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (alwaysTls || request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    done(null, payload);
  });
}
