import type { FastifyInstance } from 'fastify';

/**
 * Calls with no payload (`POST carts/mine`, clearcart, the gift card and account calls without a body)
 * may still say `Content-Type: application/json`; an empty body then means "nothing", not malformed JSON.
 * Registered inside a route plugin, it holds for that plugin's routes only.
 */
export function acceptEmptyJsonBodies(api: FastifyInstance): void {
  api.removeContentTypeParser('application/json');
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new SyntaxError('The request body is not valid JSON.'), {
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      });
      done(error, undefined);
    }
  });
}
