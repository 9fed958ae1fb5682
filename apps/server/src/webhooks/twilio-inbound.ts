import type { FastifyInstance, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import type { Config } from '../config.ts';
import { ForbiddenError, InvalidDataError, NotFoundError } from '../domain/errors.ts';
import type { InboundTexts } from '../modules/messages/inbound-texts.ts';

// [I29] POST /webhooks/twilio/inbound: texts shoppers send to the shop's Twilio number ("A message comes
// in" on the number, docs/webhooks.md). Checked as the status callback is (twilio-status.ts):
// 1. 404 unless Twilio is configured (TWILIO_AUTH_TOKEN);
// 2. the form must carry Twilio's X-Twilio-Signature over PUBLIC_URL + the path and its fields, else 403;
// 3. the text goes to modules/messages/inbound-texts.ts (each MessageSid once; keywords; the reply goes
//    through the outbox, so Twilio is answered an empty TwiML <Response/> at once, never a TwiML reply).

export const TWILIO_INBOUND_PATH = '/webhooks/twilio/inbound';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

type Form = Record<string, string>;

function parseForm(text: string): Form {
  return Object.fromEntries(new URLSearchParams(text));
}

function isForm(body: unknown): body is Form {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.values(body).every((value) => typeof value === 'string')
  );
}

/** The URL Twilio signed: PUBLIC_URL's, else this request's own (a server reached at its own address). */
function signedUrl(config: Config, request: FastifyRequest): string {
  if (config.PUBLIC_URL) return `${config.PUBLIC_URL.replace(/\/+$/, '')}${TWILIO_INBOUND_PATH}`;
  return `${request.protocol}://${request.host}${request.url}`;
}

export async function registerTwilioInboundWebhook(
  app: FastifyInstance,
  deps: { config: Config; inbound: InboundTexts },
): Promise<void> {
  const { config, inbound } = deps;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) =>
        done(null, parseForm(typeof body === 'string' ? body : body.toString('utf8'))),
    );
    // Signed by Twilio and sent from its few addresses: not counted against one address's request budget.
    scope.post(TWILIO_INBOUND_PATH, { config: { rateLimit: false } }, async (request, reply) => {
      const authToken = config.TWILIO_AUTH_TOKEN;
      if (!authToken) throw new NotFoundError('Twilio is not configured on this server.');
      const signature = request.headers['x-twilio-signature'];
      if (typeof signature !== 'string' || signature === '') {
        throw new ForbiddenError('The request is not signed by Twilio (no X-Twilio-Signature).');
      }
      const form = request.body ?? {};
      if (!isForm(form)) {
        throw new InvalidDataError('An inbound message is a form (application/x-www-form-urlencoded).');
      }
      if (!twilio.validateRequest(authToken, signature, signedUrl(config, request), form)) {
        throw new ForbiddenError('The X-Twilio-Signature does not match this request.');
      }
      const sid = form.MessageSid ?? form.SmsMessageSid ?? form.SmsSid;
      const from = form.From;
      if (!sid || !from) throw new InvalidDataError('MessageSid and From are needed.');
      const result = await inbound.receive({ sid, from, to: form.To ?? '', body: form.Body ?? '' });
      request.log.info(
        { message_sid: sid, handled_as: result.handledAs, replay: result.replay },
        'twilio inbound',
      );
      return reply.status(200).type('text/xml').send(EMPTY_TWIML);
    });
  });
}
