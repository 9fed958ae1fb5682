import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { InvalidDataError } from '../domain/errors.ts';
import type { InboundTexts } from '../modules/messages/inbound-texts.ts';
import { parseTwilioForms, signedTwilioForm } from './twilio-forms.ts';

// [I29] POST /webhooks/twilio/inbound: texts shoppers send to the shop's Twilio number ("A message comes
// in" on the number, docs/webhooks.md). Checked as the status callback is (twilio-status.ts):
// 1. 404 unless Twilio is configured (TWILIO_AUTH_TOKEN);
// 2. the form must carry Twilio's X-Twilio-Signature over PUBLIC_URL + the path and its fields, else 403;
// 3. the text goes to modules/messages/inbound-texts.ts (each MessageSid once; keywords; the reply goes
//    through the outbox, so Twilio is answered an empty TwiML <Response/> at once, never a TwiML reply).

export const TWILIO_INBOUND_PATH = '/webhooks/twilio/inbound';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

export async function registerTwilioInboundWebhook(
  app: FastifyInstance,
  deps: { config: Config; inbound: InboundTexts },
): Promise<void> {
  const { config, inbound } = deps;
  await app.register(async (scope) => {
    parseTwilioForms(scope);
    // Signed by Twilio and sent from its few addresses: not counted against one address's request budget.
    scope.post(TWILIO_INBOUND_PATH, { config: { rateLimit: false } }, async (request, reply) => {
      const form = signedTwilioForm(config, request, TWILIO_INBOUND_PATH, 'An inbound message');
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
