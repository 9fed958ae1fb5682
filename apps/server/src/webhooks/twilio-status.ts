import type { FastifyInstance, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { SentMessageStatus } from '../db/schema.ts';
import { ForbiddenError, InvalidDataError, NotFoundError } from '../domain/errors.ts';
import { applyProviderStatus, type StatusOutcome } from '../modules/messages/message-statuses.ts';
import { TWILIO_STATUS_PATH, twilioStatusCallbackUrl } from '../providers/messaging/twilio-messaging.ts';
import { claimWebhookEvent } from './webhook-events.ts';

// [I15-webhooks] POST /webhooks/twilio/status: Twilio's message status callbacks (the statusCallback each
// message names when PUBLIC_URL is set, providers/messaging/twilio-messaging.ts).
// 1. 404 unless Twilio is configured (TWILIO_AUTH_TOKEN);
// 2. the form body must carry Twilio's X-Twilio-Signature over PUBLIC_URL + the path and the form's
//    fields (twilio.validateRequest), else 403;
// 3. once per MessageSid + MessageStatus (webhook_events 'twilio'), the message's status moves on —
//    never backwards (modules/messages/message-statuses.ts);
// 4. a message we did not record (not a shopper message, or another shop on the same account) is
//    answered 204 and ignored. Twilio is answered 204 with no body, at once.

/** Twilio's MessageStatus → ours; the statuses not listed (receiving, received, canceled, …) are ignored. */
const STATUS_OF: Readonly<Record<string, SentMessageStatus>> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  failed: 'failed',
  undelivered: 'undelivered',
};

export interface TwilioStatusDeps {
  config: Config;
  db: Db;
  clock: Clock;
}

type Form = Record<string, string>;

/** A form body parsed into its fields (one value each, as Twilio sends them). */
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
  if (config.PUBLIC_URL) return twilioStatusCallbackUrl(config.PUBLIC_URL);
  return `${request.protocol}://${request.host}${request.url}`;
}

export type TwilioStatusResult =
  | { handled: 'replay' }
  | { handled: 'ignored'; reason: string }
  | (StatusOutcome & { handled: 'applied' });

/** Records one status callback of a message (in one transaction with its webhook_events row). */
export async function handleTwilioStatus(
  db: Db,
  callback: { sid: string; status: string; errorCode: string | null; at: Date },
): Promise<TwilioStatusResult> {
  const status = STATUS_OF[callback.status];
  if (!status) return { handled: 'ignored', reason: `status "${callback.status}" is not tracked` };
  return db.transaction().execute(async (trx) => {
    const known = await trx
      .selectFrom('sent_messages')
      .select('id')
      .where('provider', '=', 'twilio')
      .where('provider_message_id', '=', callback.sid)
      .executeTakeFirst();
    // Not recorded as an event: should the message be recorded a moment later, a retry still counts.
    if (!known) return { handled: 'ignored' as const, reason: 'unknown message' };
    const id = `${callback.sid}:${callback.status}`;
    if (!(await claimWebhookEvent(trx, { provider: 'twilio', id, type: 'message_status' }))) {
      return { handled: 'replay' as const };
    }
    const final = status === 'failed' || status === 'undelivered';
    const outcome = await applyProviderStatus(trx, {
      provider: 'twilio',
      providerMessageId: callback.sid,
      status,
      errorCode: final ? callback.errorCode : null,
      at: callback.at,
    });
    return { handled: 'applied' as const, ...outcome };
  });
}

export async function registerTwilioStatusWebhook(
  app: FastifyInstance,
  deps: TwilioStatusDeps,
): Promise<void> {
  const { config, db, clock } = deps;
  await app.register(async (scope) => {
    // Twilio posts forms; only this route reads them.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) =>
        done(null, parseForm(typeof body === 'string' ? body : body.toString('utf8'))),
    );
    // Signed by Twilio and sent from its few addresses: not counted against one address's request budget.
    scope.post(TWILIO_STATUS_PATH, { config: { rateLimit: false } }, async (request, reply) => {
      const authToken = config.TWILIO_AUTH_TOKEN;
      if (!authToken) throw new NotFoundError('Twilio is not configured on this server.');
      const signature = request.headers['x-twilio-signature'];
      if (typeof signature !== 'string' || signature === '') {
        throw new ForbiddenError('The request is not signed by Twilio (no X-Twilio-Signature).');
      }
      const form = request.body ?? {};
      if (!isForm(form)) {
        throw new InvalidDataError('A status callback is a form (application/x-www-form-urlencoded).');
      }
      if (!twilio.validateRequest(authToken, signature, signedUrl(config, request), form)) {
        throw new ForbiddenError('The X-Twilio-Signature does not match this request.');
      }
      const sid = form.MessageSid ?? form.SmsSid;
      const status = form.MessageStatus ?? form.SmsStatus;
      if (!sid || !status) throw new InvalidDataError('MessageSid and MessageStatus are needed.');
      const result = await handleTwilioStatus(db, {
        sid,
        status,
        errorCode: form.ErrorCode || null,
        at: clock.now(),
      });
      if (result.handled === 'ignored') {
        request.log.info({ message_sid: sid, status, reason: result.reason }, 'twilio status: ignored');
      } else {
        request.log.info({ message_sid: sid, status, result }, 'twilio status: recorded');
      }
      return reply.status(204).send();
    });
  });
}
