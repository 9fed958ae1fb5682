import type { FastifyInstance, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import type { Config } from '../config.ts';
import { ForbiddenError, InvalidDataError, NotFoundError } from '../domain/errors.ts';

// Twilio's webhooks (message statuses, inbound texts) post forms signed with X-Twilio-Signature over the
// URL Twilio called and the form's fields. Both routes read and check them here, the same way:
// 404 unless Twilio is configured (TWILIO_AUTH_TOKEN), 403 without or with a wrong signature.

export type TwilioForm = Record<string, string>;

function isForm(body: unknown): body is TwilioForm {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.values(body).every((value) => typeof value === 'string')
  );
}

/** Form bodies parsed into their fields (one value each, as Twilio sends them), in this scope only. */
export function parseTwilioForms(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) =>
      done(
        null,
        Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
      ),
  );
}

/**
 * The request's form once its signature is checked. `path`: the route's own, which Twilio signed under
 * PUBLIC_URL (else this request's own URL: a server reached at its own address). `what` names the form
 * in the error a non-form body gets.
 */
export function signedTwilioForm(
  config: Config,
  request: FastifyRequest,
  path: string,
  what: string,
): TwilioForm {
  const authToken = config.TWILIO_AUTH_TOKEN;
  if (!authToken) throw new NotFoundError('Twilio is not configured on this server.');
  const signature = request.headers['x-twilio-signature'];
  if (typeof signature !== 'string' || signature === '') {
    throw new ForbiddenError('The request is not signed by Twilio (no X-Twilio-Signature).');
  }
  const form = request.body ?? {};
  if (!isForm(form)) throw new InvalidDataError(`${what} is a form (application/x-www-form-urlencoded).`);
  const url = config.PUBLIC_URL
    ? `${config.PUBLIC_URL.replace(/\/+$/, '')}${path}`
    : `${request.protocol}://${request.host}${request.url}`;
  if (!twilio.validateRequest(authToken, signature, url, form)) {
    throw new ForbiddenError('The X-Twilio-Signature does not match this request.');
  }
  return form;
}
